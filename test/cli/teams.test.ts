import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { postEvents, runRollups } from '../analytics/helpers.js';
import { cli, cliJson, csvRecords } from './helpers.js';

// `quarterdeck teams ...` and `analytics tokens --group-by team` as subprocesses against a real server.

vi.setConfig({ testTimeout: 300_000 });

let server: TestServer;
let org: TestOrganization;
let env: Record<string, string>;
const DAY = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  env = { QUARTERDECK_URL: await server.app.listen({ port: 0, host: '127.0.0.1' }), QUARTERDECK_API_KEY: org.owner.key };
  const call = (id: string, userId: string, billableTokens: number) => ({
    id, type: 'model_call', timestamp: `${DAY}T10:00:00Z`, sessionId: 's', client: 'terminal-ui', userId,
    modelId: 'm', modelTier: 'standard', inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0, billableTokens,
  });
  expect((await postEvents(server, org.owner.key, [call('a', org.users.member.id, 2.5), call('b', org.users.manager.id, 4)])).statusCode).toBe(202);
  await runRollups(server);
});
afterAll(async () => server.close());

describe('teams', () => {
  it('creates, renames, fills, lists and deletes teams, and reads their analytics', async () => {
    const team = await cliJson(['teams', 'create', 'Payments', '--external-id', 'grp-9'], env);
    expect(team).toMatchObject({ name: 'Payments', externalId: 'grp-9', memberCount: 0 });
    expect(await cliJson(['teams', 'rename', team.id, 'Payments Core'], env)).toMatchObject({ id: team.id, name: 'Payments Core' });
    expect(await cliJson(['teams', 'add-member', team.id, org.users.member.id], env)).toMatchObject({ userId: org.users.member.id });
    expect(await cliJson(['teams', 'add-member', team.id, org.users.manager.id], env)).toMatchObject({ userId: org.users.manager.id });
    const members = await cliJson(['teams', 'members', team.id, '--all'], env);
    expect(members.map((member: { userId: string }) => member.userId)).toEqual([org.users.member.id, org.users.manager.id].sort());
    expect(await cliJson(['teams', 'list'], env)).toEqual([expect.objectContaining({ id: team.id, memberCount: 2 })]);

    const csv = await cli(['analytics', 'tokens', '--start', DAY, '--end', DAY, '--group-by', 'team', '--team', team.id, '--format', 'csv'], env);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csvRecords(csv.stdout)).toEqual([
      { date: DAY, group_key: team.id, team_name: 'Payments Core', billable_tokens: '6.5', input_tokens: '20', output_tokens: '10', cache_read_tokens: '0', cache_write_tokens: '0', cost: '0', unpriced_models: '["m"]', reported_cost_usd: '' },
    ]);

    const removed = await cli(['teams', 'remove-member', team.id, org.users.member.id], env);
    expect(removed.code).toBe(0);
    expect(await cliJson(['teams', 'get', team.id], env)).toMatchObject({ memberCount: 1 });
    expect((await cli(['teams', 'delete', team.id], env)).code).toBe(0);
    const gone = await cli(['teams', 'get', team.id], env);
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain('404');
  });

  it('refuses a member\'s change (403)', async () => {
    const refused = await cli(['teams', 'create', 'Nope'], { ...env, QUARTERDECK_API_KEY: org.users.member.key });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('403');
  });
});
