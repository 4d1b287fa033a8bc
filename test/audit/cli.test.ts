import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptInvitation, createOrganization, startTestServer, uniqueEmail, type TestOrganization, type TestServer } from '../helpers/server.js';
import { cli, cliJson } from '../cli/helpers.js';

// The CLI's members' lifecycle and audit log, as a subprocess against a real server.

vi.setConfig({ testTimeout: 300_000 });

let server: TestServer;
let org: TestOrganization;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server, 'Cli lifecycle');
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  env = { QUARTERDECK_URL: url, QUARTERDECK_API_KEY: org.owner.key };
});
afterAll(async () => server.close());

describe('quarterdeck users and audit', () => {
  it('invites without a key, shows status, filters by it, reactivates; the audit log lists it all', async () => {
    const email = uniqueEmail('cli-life');
    const added = await cliJson(['users', 'add', email, '--role', 'member'], env);
    expect(added.apiKey).toBeNull();
    expect(added.user).toMatchObject({ email, status: 'invited' });

    await acceptInvitation(server, org.users.manager);
    const active = await cliJson(['users', 'list', '--status', 'active'], env);
    expect(active.map((user: { id: string }) => user.id)).toEqual([org.users.manager.id]);
    expect((await cli(['users', 'remove', added.user.id], env)).code).toBe(0);
    const table = await cli(['users', 'list', '--status', 'deactivated', '--format', 'table'], env);
    expect(table.stdout).toContain(added.user.id);
    expect(table.stdout).toContain('deactivated');
    const back = await cliJson(['users', 'reactivate', added.user.id], env);
    expect(back.user).toMatchObject({ id: added.user.id, status: 'invited', active: true });
    const bad = await cli(['users', 'list', '--status', 'gone'], env);
    expect(bad.code).toBe(1);

    const entries = await cliJson(['audit', 'list', '--action', 'member.deactivated,member.reactivated', '--target', added.user.id], env);
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['member.reactivated', 'member.deactivated']);
    const csv = await cli(['audit', 'list', '--all', '--format', 'csv', '--actor', org.owner.id], env);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toContain('member.created');
    const refused = await cli(['audit', 'list'], { ...env, QUARTERDECK_API_KEY: org.users.manager.key });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('403');
  });

  it('lists the keys near expiry', async () => {
    const soon = await cliJson(['keys', 'create', 'soon', '--expires-at', new Date(Date.now() + 86_400_000).toISOString()], env);
    const expiring = await cliJson(['keys', 'list', '--expiring-within', '7'], env);
    expect(expiring.map((key: { id: string }) => key.id)).toEqual([soon.id]);
  });
});
