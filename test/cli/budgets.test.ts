import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { cli, cliJson } from './helpers.js';

// `quarterdeck budgets ...` as subprocesses against a real server (docs/budgets.md).

vi.setConfig({ testTimeout: 300_000 });

let server: TestServer;
let org: TestOrganization;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  env = { QUARTERDECK_URL: await server.app.listen({ port: 0, host: '127.0.0.1' }), QUARTERDECK_API_KEY: org.owner.key };
});
afterAll(async () => server.close());

describe('budgets', () => {
  it("creates the organization's and a team's budgets, changes, lists, reads and deletes them", async () => {
    const team = await cliJson(['teams', 'create', 'Budgeted'], env);
    const own = await cliJson(['budgets', 'create', '--organization', '--unit', 'money', '--amount', '1500.25'], env);
    expect(own).toMatchObject({ scope: 'organization', unit: 'money', currency: 'USD', amount: 1500.25, thresholds: [50, 80, 100], spent: 0 });
    const teams = await cliJson(['budgets', 'create', '--team', team.id, '--unit', 'credits', '--amount', '200', '--thresholds', '90,75'], env);
    expect(teams).toMatchObject({ scope: 'team', teamId: team.id, unit: 'credits', thresholds: [75, 90] });
    expect(await cliJson(['budgets', 'update', teams.id, '--amount', '300'], env)).toMatchObject({ id: teams.id, amount: 300 });
    expect((await cliJson(['budgets', 'list'], env)).map((budget: { id: string }) => budget.id)).toEqual([own.id, teams.id]);
    expect(await cliJson(['budgets', 'get', own.id], env)).toMatchObject({ id: own.id, crossings: [] });
    expect((await cli(['budgets', 'delete', own.id], env)).code).toBe(0);
    const gone = await cli(['budgets', 'get', own.id], env);
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain('404');
  });

  it('lists members with a limit', async () => {
    expect((await cli(['limits', 'set', org.users.member.email, '50'], env)).code).toBe(0);
    expect(await cliJson(['budgets', 'members', '--sort', 'used'], env)).toEqual([expect.objectContaining({ userId: org.users.member.id, limit: 50, used: 0, percent: 0, forecast: 0 })]);
  });

  it('refuses bad usage before calling, and a member (403)', async () => {
    for (const args of [['--unit', 'money', '--amount', '1'], ['--organization', '--team', 't', '--unit', 'money', '--amount', '1'], ['--organization', '--unit', 'money', '--amount', 'lots'], ['--organization', '--unit', 'money']]) {
      const refused = await cli(['budgets', 'create', ...args], env);
      expect(refused.code, args.join(' ')).toBe(1);
    }
    const refused = await cli(['budgets', 'list'], { ...env, QUARTERDECK_API_KEY: org.users.member.key });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('403');
  });
});
