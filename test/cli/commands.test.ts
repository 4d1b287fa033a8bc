import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, createOrganization, startTestServer, uniqueEmail, type TestOrganization, type TestServer } from '../helpers/server.js';
import { QuarterdeckClient } from '../../src/sdk/client.js';
import { asCsvCells, cli, cliJson, csvRecords, tempFile } from './helpers.js';

// Every API command of the CLI as a subprocess against a real server.

// Each command is a fresh Node process: seconds each on a busy machine.
vi.setConfig({ testTimeout: 300_000 });

let server: TestServer;
let org: TestOrganization;
let url: string;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  env = { QUARTERDECK_URL: url, QUARTERDECK_API_KEY: org.owner.key };
});
afterAll(async () => server.close());

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

describe('admin', () => {
  it('creates an organization with the admin token from the environment or --admin-token', async () => {
    const email = uniqueEmail('cli-owner');
    const created = await cliJson(['admin', 'organizations', 'create', '--name', 'Cli Org', '--owner-email', email], { QUARTERDECK_URL: url, QUARTERDECK_ADMIN_TOKEN: server.adminToken });
    expect(created).toMatchObject({ organization: { name: 'Cli Org' }, owner: { email, role: 'owner' }, apiKey: expect.stringMatching(/^qd_/) });
    const viaFlag = await cli(['admin', 'rollups', 'run', '--url', url, '--admin-token', server.adminToken]);
    expect(viaFlag.code).toBe(0);
  });

  it('says how to fix a wrong admin token (exit 3) and a missing one (exit 1)', async () => {
    const wrong = await cli(['admin', 'rollups', 'run'], { QUARTERDECK_URL: url, QUARTERDECK_ADMIN_TOKEN: 'not-the-admin-token-at-all' });
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain('401');
    expect(wrong.stderr).toContain('QUARTERDECK_ADMIN_TOKEN');
    const missing = await cli(['admin', 'organizations', 'create', '--name', 'x', '--owner-email', 'x@example.test'], { QUARTERDECK_URL: url });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no admin token');
  });
});

describe('users and keys', () => {
  it('adds, lists page by page or --all, updates and removes users', async () => {
    const email = uniqueEmail('cli-user');
    const added = await cliJson(['users', 'add', email, '--role', 'member', '--name', 'Cli User', '--with-key'], env);
    expect(added.user).toMatchObject({ email, role: 'member', name: 'Cli User' });
    expect(added.apiKey).toMatch(/^qd_/);
    expect(added.inviteUrl).toMatch(/\/invite\/qdi_/);

    const invited = await cli(['users', 'invite', added.user.id], env);
    expect(invited.code).toBe(0);
    expect(invited.stderr).toContain('one-time link');
    const invitation = JSON.parse(invited.stdout);
    expect(invitation.inviteUrl).toMatch(new RegExp(`^${server.config.publicAppUrl}/invite/qdi_`));
    expect(invitation.inviteUrl).not.toBe(added.inviteUrl);

    const firstPage = await cli(['users', 'list', '--limit', '2'], env);
    expect(firstPage.code).toBe(0);
    expect(JSON.parse(firstPage.stdout)).toHaveLength(2);
    expect(firstPage.stderr).toMatch(/more items: add --all, or --cursor \S+/);
    const cursor = /--cursor (\S+)/.exec(firstPage.stderr)![1]!;
    const secondPage = await cliJson(['users', 'list', '--limit', '2', '--cursor', cursor], env);
    expect(secondPage).toHaveLength(2);

    const all = await cli(['users', 'list', '--all', '--limit', '2', '--format', 'ndjson'], env);
    const lines = all.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const direct = (await server.app.inject({ url: '/api/v0/organization/users?limit=100', headers: auth(org.owner.key) })).json();
    expect(lines.map((user) => user.id)).toEqual(direct.users.map((user: { id: string }) => user.id));
    expect(lines.length).toBe(5);
    expect(all.stderr).toBe('');

    const updated = await cliJson(['users', 'update', added.user.id, '--role', 'manager'], env);
    expect(updated.user.role).toBe('manager');
    const removed = await cli(['users', 'remove', added.user.id], env);
    expect(removed).toMatchObject({ code: 0, stdout: '' });
    const gone = await cli(['keys', 'list'], { ...env, QUARTERDECK_API_KEY: added.apiKey });
    expect(gone.code).toBe(3);
  });

  it('creates, lists and revokes keys', async () => {
    const created = await cliJson(['keys', 'create', 'ci', '--expires-at', new Date(Date.now() + DAY_MS).toISOString()], env);
    expect(created).toMatchObject({ name: 'ci', key: expect.stringMatching(/^qd_/), expiresAt: expect.any(Number) });
    const table = await cli(['keys', 'list', '--all', '--format', 'table'], env);
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+kind\s+name\s+prefix/);
    expect(table.stdout).toContain(created.id);
    expect((await cli(['keys', 'revoke', created.id], env)).code).toBe(0);
    const revoked = await cli(['keys', 'list'], { ...env, QUARTERDECK_API_KEY: created.key });
    expect(revoked.code).toBe(3);
    const bad = await cli(['keys', 'create', 'x', '--expires-at', 'soon'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--expires-at');
  });
});

describe('computers, sessions and messages', () => {
  it('creates, lists, reads, updates a computer and retries its install step', async () => {
    const created = await cliJson(['computers', 'create', '--name', 'box', '--remote-user', 'dev', '--hostname', 'box.local', '--repos', 'https://git.example/a/b, https://git.example/c/d'], env);
    expect(created).toMatchObject({ name: 'box', providerType: 'byom', hostname: 'box.local', status: 'provisioning', computerToken: expect.any(String) });
    expect(created.repos).toEqual([{ url: 'https://git.example/a/b' }, { url: 'https://git.example/c/d' }]);
    expect(await cliJson(['computers', 'get-by-name', 'box'], env)).toMatchObject({ id: created.id });
    expect(await cliJson(['computers', 'refresh', created.id], env)).toEqual({ configured: 2 });
    expect(await cliJson(['computers', 'metrics', created.id], env)).toEqual([]);
    const listed = await cliJson(['computers', 'list', '--all'], env);
    expect(listed.map((computer: { id: string }) => computer.id)).toContain(created.id);
    expect(await cliJson(['computers', 'get', created.id], env)).toMatchObject({ id: created.id, name: 'box' });
    expect(await cliJson(['computers', 'update', created.id, '--name', 'renamed', '--remote-user', 'dev'], env)).toMatchObject({ name: 'renamed', remoteUser: 'dev' });

    const busy = await cli(['computers', 'install-deps', created.id], env);
    expect(busy.code).toBe(2);
    expect(busy.stderr).toContain('409');
    const step = await server.app.inject({ method: 'PATCH', url: '/api/v0/agent/provisioning-steps/install-deps', headers: auth(created.computerToken), payload: { status: 'failed', error: 'apt' } });
    expect(step.statusCode).toBe(200);
    const retried = await cliJson(['computers', 'install-deps', created.id], env);
    expect(retried.provisioningSteps.find((item: { id: string }) => item.id === 'install-deps').status).toBe('running');
    expect(await cliJson(['computers', 'restart', created.id], env)).toMatchObject({ status: 'provisioning' });
  });

  it('creates, lists, reads and updates sessions; sends, lists and reads messages', async () => {
    const settings = await tempFile('settings.json', JSON.stringify({ model: 'model-x', tags: [{ name: 'cli', metadata: {} }] }));
    const computer = (await server.app.inject({ method: 'POST', url: '/api/v0/computers', headers: auth(org.owner.key), payload: { name: 'runner', providerType: 'byom' } })).json();
    const session = await cliJson(['sessions', 'create', '--title', 'From the CLI', '--computer-id', computer.id, '--settings', settings], env);
    expect(session).toMatchObject({ title: 'From the CLI', status: 'idle', computerId: computer.id, sessionSettings: { model: 'model-x' } });
    expect((await cliJson(['sessions', 'list', '--all'], env)).map((item: { sessionId: string }) => item.sessionId)).toContain(session.sessionId);
    expect(await cliJson(['sessions', 'get', session.sessionId], env)).toMatchObject({ sessionId: session.sessionId });
    const update = await tempFile('update.json', JSON.stringify({ model: 'model-y' }));
    expect(await cliJson(['sessions', 'update', session.sessionId, '--settings', update], env)).toMatchObject({ sessionSettings: { model: 'model-y' } });
    expect(await cliJson(['sessions', 'rename', session.sessionId, 'Renamed from the CLI'], env)).toMatchObject({ sessionId: session.sessionId, title: 'Renamed from the CLI', ownerId: org.owner.id });
    expect((await cli(['sessions', 'rename', session.sessionId, '  '], env)).code).toBe(2);
    expect((await cliJson(['sessions', 'list', '--owner', org.owner.id, '--all'], env)).map((item: { sessionId: string }) => item.sessionId)).toContain(session.sessionId);
    expect(await cliJson(['sessions', 'list', '--owner', org.users.member.id], env)).toEqual([]);

    const sent = await cliJson(['messages', 'send', session.sessionId, 'hello, agent'], env);
    expect(sent).toEqual({ messageId: expect.any(String), status: 'pending' });
    await cliJson(['messages', 'send', session.sessionId, 'second', '--computer-id', computer.id], env);
    // Newest first by default; --order asc reads from the start.
    const messages = await cliJson(['messages', 'list', session.sessionId, '--all', '--limit', '1'], env);
    expect(messages.map((message: { id: string }) => message.id)[1]).toBe(sent.messageId);
    expect(messages).toHaveLength(2);
    const fromStart = await cliJson(['messages', 'list', session.sessionId, '--all', '--order', 'asc'], env);
    expect(fromStart.map((message: { id: string }) => message.id)[0]).toBe(sent.messageId);
    expect(await cli(['messages', 'list', session.sessionId, '--order', 'oldest'], env)).toMatchObject({ code: 1, stderr: expect.stringContaining('--order') });
    const child = await cliJson(['sessions', 'create', '--parent-session-id', session.sessionId, '--cwd', 'app'], env);
    expect(child).toMatchObject({ parentSessionId: session.sessionId, cwd: 'app' });
    expect((await cliJson(['sessions', 'children', session.sessionId], env)).map((item: { sessionId: string }) => item.sessionId)).toEqual([child.sessionId]);
    const one = await cliJson(['messages', 'get', session.sessionId, sent.messageId], env);
    expect(one).toMatchObject({ id: sent.messageId, role: 'user', content: [{ text: 'hello, agent' }] });
  });

  it('interrupts and deletes a session, and deletes a computer', async () => {
    const computer = await cliJson(['computers', 'create', '--name', 'gone', '--provider-type', 'byom'], env);
    const session = await cliJson(['sessions', 'create', '--computer-id', computer.id], env);
    await cliJson(['messages', 'send', session.sessionId, 'work'], env);
    expect(await cliJson(['sessions', 'interrupt', session.sessionId], env)).toMatchObject({ sessionId: session.sessionId, status: 'idle' });
    // An idle session stays as it is.
    expect(await cliJson(['sessions', 'interrupt', session.sessionId], env)).toMatchObject({ sessionId: session.sessionId, status: 'idle' });
    expect(await cli(['sessions', 'delete', session.sessionId], env)).toMatchObject({ code: 0, stdout: '' });
    expect((await cli(['sessions', 'get', session.sessionId], env)).code).toBe(2);
    expect(await cli(['computers', 'delete', computer.id], env)).toMatchObject({ code: 0, stdout: '' });
    expect((await cli(['computers', 'get', computer.id], env)).code).toBe(2);
  });

  it('shows the field paths of a 400 (exit 2) and a 404 (exit 2)', async () => {
    const computer = await cliJson(['computers', 'create', '--name', 'c2', '--provider-type', 'byom'], env);
    const invalid = await cli(['computers', 'update', computer.id, '--host-id', 'not-a-uuid'], env);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('400');
    expect(invalid.stderr).toMatch(/hostId.*: /);
    const missing = await cli(['sessions', 'get', 'ses_nothing'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('404');
  });
});

describe('limits and controls', () => {
  it('sets and reads the global and per-user limits', async () => {
    expect(await cliJson(['limits', 'global', '500'], env)).toEqual({ limit: 500 });
    expect(await cliJson(['limits', 'global'], env)).toEqual({ limit: 500 });
    expect(await cliJson(['limits', 'set', org.users.member.email, '50'], env)).toEqual({ email: org.users.member.email, limit: 50 });
    const limits = await cliJson(['limits', 'get'], env);
    expect(limits).toEqual({ globalLimit: 500, userLimits: [{ email: org.users.member.email, limit: 50, used: 0 }] });
    expect(await cliJson(['limits', 'set', org.users.member.email, 'none'], env)).toEqual({ email: org.users.member.email, limit: null });
    expect(await cliJson(['limits', 'global', 'none'], env)).toEqual({ limit: null });

    const stranger = await cli(['limits', 'set', 'nobody@example.test', '5'], env);
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toContain('nobody@example.test');
    const notANumber = await cli(['limits', 'global', 'lots'], env);
    expect(notANumber.code).toBe(1);
  });

  it("sets and reads the organization's prices", async () => {
    expect(await cliJson(['prices', 'settings', '--discount', '0.8'], env)).toMatchObject({ currency: 'USD', discount: 0.8 });
    const priced = await cliJson(['prices', 'set', 'our-model', '2', '8', '0.2', '2.5'], env);
    expect(priced.models).toEqual([{ modelId: 'our-model', source: 'organization', prices: { input: 2, output: 8, cacheRead: 0.2, cacheWrite: 2.5 }, lastUsed: null }]);
    expect((await cliJson(['prices', 'get'], env)).models).toEqual(priced.models);
    expect((await cliJson(['prices', 'set', 'our-model', 'none'], env)).models).toEqual([]);
    const dataset = await cliJson(['prices', 'dataset'], env);
    expect(dataset.some((model: { modelId: string }) => model.modelId === 'claude-sonnet-4-5')).toBe(true);
    expect((await cli(['prices', 'set', 'our-model', 'cheap', '1', '1', '1'], env)).code).toBe(1);
    expect((await cli(['prices', 'settings'], env)).code).toBe(1);
    const refused = await cli(['prices', 'settings', '--currency', 'dollars'], env);
    expect(refused.code).toBe(2);
    expect(await cliJson(['prices', 'settings', '--discount', '1'], env)).toMatchObject({ discount: 1 });
  });

  it('patches, reads, lists and diffs enterprise controls', async () => {
    const patch = await tempFile('patch.json', JSON.stringify({ commandDenylist: ['rm -rf'], sessionRetentionDays: 30 }));
    const changed = await cliJson(['controls', 'patch', patch, '--if-revision', '0'], env);
    expect(changed).toMatchObject({ revision: 1, settings: { commandDenylist: ['rm -rf'], sessionRetentionDays: 30 } });
    const stale = await cli(['controls', 'patch', patch, '--if-revision', '0'], env);
    expect(stale.code).toBe(2);
    expect(stale.stderr).toContain('412');
    expect(await cliJson(['controls', 'get'], env)).toMatchObject({ revision: 1 });
    const history = await cli(['controls', 'history', '--all', '--format', 'csv'], env);
    expect(history.stdout.split('\r\n')[0]).toBe('revision,settings.commandDenylist,settings.sessionRetentionDays,user.id,user.email,user.name,updatedAt');
    expect(history.stdout.split('\r\n')[1]).toMatch(/^1,"\[""rm -rf""\]",30,/);
    const diff = await cliJson(['controls', 'diff', '1'], env);
    expect(diff).toEqual(expect.arrayContaining([{ path: '/sessionRetentionDays', old: null, new: 30 }]));
    const notJson = await tempFile('broken.json', '{');
    const broken = await cli(['controls', 'patch', notJson], env);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('is not JSON');
  });
});

describe('readiness', () => {
  it('uploads reports and lists them across pages with --all', async () => {
    const report = await tempFile('report.json', JSON.stringify({ repoUrl: 'https://github.com/acme/cli', apps: {}, report: { lint: { numerator: 1, denominator: 1, rationale: 'ok' } } }));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await cliJson(['readiness', 'upload', report], env)).reportId);
    const all = await cliJson(['readiness', 'list', '--all', '--limit', '2', '--repo', 'https://github.com/acme/cli'], env);
    expect(all.map((item: { reportId: string }) => item.reportId).sort()).toEqual([...ids].sort());
    const page = await cli(['readiness', 'list', '--limit', '2'], env);
    expect(JSON.parse(page.stdout)).toHaveLength(2);
    expect(page.stderr).toContain('--cursor');
  });
});

describe('telemetry and analytics', () => {
  const day = daysAgo(2);
  it('sends telemetry in batches, counting duplicates on a resend', async () => {
    const events = Array.from({ length: 1203 }, (_, i) => ({
      id: `cli-${i}`,
      type: i % 3 === 0 ? 'tool_call' : 'model_call',
      timestamp: `${day}T${String(8 + (i % 10)).padStart(2, '0')}:00:00Z`,
      sessionId: `s-${i % 4}`,
      client: i % 2 ? 'web' : 'terminal-ui',
      ...(i % 3 === 0
        ? { tool: i % 2 ? 'Read' : 'Edit, "quoted"', autonomyLevel: 'manual' }
        : { modelId: i % 2 ? 'model-a' : 'model-b', modelTier: 'standard', inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 }),
    }));
    const file = await tempFile('events.ndjson', `${events.map((event) => JSON.stringify(event)).join('\n')}\n`);
    expect(await cliJson(['telemetry', 'send', file], env)).toEqual({ events: 1203, accepted: 1203, duplicates: 0 });
    expect(await cliJson(['telemetry', 'send', file], env)).toEqual({ events: 1203, accepted: 0, duplicates: 1203 });
    expect((await cli(['admin', 'rollups', 'run'], { QUARTERDECK_URL: url, QUARTERDECK_ADMIN_TOKEN: server.adminToken })).code).toBe(0);
  });

  it('reads every analytics endpoint in each format', async () => {
    const range = ['--start', day, '--end', day];
    const tokens = await cliJson(['analytics', 'tokens', ...range], env);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ date: day, input_tokens: 802 * 10 });
    const byModel = await cli(['analytics', 'tokens', ...range, '--group-by', 'model', '--format', 'csv'], env);
    // The test's models have no price: their cost is empty, never 0.
    expect(byModel.stdout).toBe(
      `date,group_key,billable_tokens,input_tokens,output_tokens,cost,reported_cost_usd\r\n${day},model-a,${401 * 15},${401 * 10},${401 * 5},,\r\n${day},model-b,${401 * 15},${401 * 10},${401 * 5},,\r\n`,
    );
    const tools = await cli(['analytics', 'tools', ...range, '--format', 'table'], env);
    expect(tools.stdout.split('\n')[0]).toMatch(/^date\s+tool_calls\s+by_tool/);
    expect(tools.stdout).toContain('tool_autonomy_level_ratio.manual');
    const activity = await cli(['analytics', 'activity', ...range, '--group-by', 'client', '--format', 'ndjson'], env);
    expect(activity.stdout.trim().split('\n').map((line) => JSON.parse(line))).toEqual([
      { date: day, group_key: 'terminal-ui', daily_active_users: 1 },
      { date: day, group_key: 'web', daily_active_users: 1 },
    ]);
    expect(await cliJson(['analytics', 'productivity', ...range], env)).toEqual([expect.objectContaining({ date: day, files_created: 0 })]);
    // Quarterdeck's own client names no agent product: one group, `(none)`.
    expect(await cliJson(['analytics', 'tools', ...range, '--group-by', 'agent'], env)).toEqual([
      { date: day, group_key: '(none)', tool_calls: 401, mcp_calls: 0, skills_invocations: 0, slash_commands_invocations: 0, hooks_invocations: 0, decisions_accepted: 0, decisions_rejected: 0 },
    ]);
    const users = await cliJson(['analytics', 'users', ...range], env);
    expect(users).toEqual([expect.objectContaining({ user_id: org.owner.id, date: day })]);
  });

  it('reads the extensions: attributed costs, time to first token and today', async () => {
    const earlier = daysAgo(3);
    const call = { type: 'model_call', sessionId: 'ext', client: 'terminal-ui', modelId: 'model-c', modelTier: 'standard', inputTokens: 40, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 };
    const events = [
      { id: 'ext-share', type: 'skill_usage', timestamp: `${earlier}T09:00:00Z`, sessionId: 'ext', client: 'terminal-ui', name: 'pdf', modelId: 'model-c', inputTokens: 30, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
      ...[200, 100, 400].map((ttftMs, i) => ({ ...call, id: `ext-timed-${i}`, timestamp: `${earlier}T10:0${i}:00Z`, ttftMs })),
      { ...call, id: 'ext-premium', timestamp: `${earlier}T11:00:00Z`, premiumRequests: 2.5 },
      { ...call, id: 'ext-today', timestamp: new Date(Date.now() - 60_000).toISOString() },
    ];
    const file = await tempFile('extensions.ndjson', `${events.map((event) => JSON.stringify(event)).join('\n')}\n`);
    expect(await cliJson(['telemetry', 'send', file], env)).toEqual({ events: events.length, accepted: events.length, duplicates: 0 });
    expect((await cli(['admin', 'rollups', 'run'], { QUARTERDECK_URL: url, QUARTERDECK_ADMIN_TOKEN: server.adminToken })).code).toBe(0);
    const range = ['--start', earlier, '--end', earlier];

    expect(await cliJson(['analytics', 'attributed-costs', ...range, '--group-by', 'skill'], env)).toEqual([
      { date: earlier, kind: 'skill', group_key: 'pdf', input_tokens: 30, output_tokens: 1, cache_read_tokens: 0, cache_write_tokens: 0, cost: 0, unpriced_models: ['model-c'], reported_cost_usd: null },
    ]);
    const latency = await cli(['analytics', 'model-latency', ...range, '--format', 'csv'], env);
    expect(latency.stdout).toBe(`date,model_id,timed_calls,ttft_ms_p50,ttft_ms_p90\r\n${earlier},model-c,3,200,360\r\n`);
    expect(await cliJson(['analytics', 'premium-requests', ...range], env)).toEqual([
      { date: earlier, user_id: org.owner.id, user_email: org.owner.email, agent: '(none)', model_id: 'model-c', model_calls: 1, premium_requests: 2.5 },
    ]);
    const today = await cliJson(['analytics', 'today', '--group-by', 'model'], env);
    expect(today).toEqual([expect.objectContaining({ group_key: 'model-c', model_calls: 1, input_tokens: 40 })]);

    const wrong = await cli(['analytics', 'today', '--group-by', 'team'], env);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('group_by');
  });

  it('pages analytics users with --all', async () => {
    const day3 = daysAgo(3);
    for (const caller of Object.values(org.users)) {
      const response = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(org.owner.key), payload: { events: [{ id: `u-${caller.id}`, type: 'session_start', timestamp: `${day3}T01:00:00Z`, sessionId: 'x', client: 'web', userId: caller.id }] } });
      expect(response.statusCode).toBe(202);
    }
    await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: auth(server.adminToken) });
    const range = ['--start', day3, '--end', day3];
    const all = await cliJson(['analytics', 'users', ...range, '--all', '--limit', '1'], env);
    expect(all.map((row: { user_id: string }) => row.user_id)).toEqual(Object.values(org.users).map((caller) => caller.id).sort());
    const csv = await cli(['analytics', 'users', ...range, '--all', '--limit', '1', '--format', 'csv'], env);
    const records = csvRecords(csv.stdout);
    const sdkRows = [];
    for await (const row of new QuarterdeckClient({ baseUrl: url, apiKey: org.owner.key }).paginateAnalyticsUsers({ query: { startDate: day3, endDate: day3, limit: 1 } })) sdkRows.push(row);
    expect(sdkRows).toHaveLength(Object.keys(org.users).length);
    expect(records).toEqual(sdkRows.map(asCsvCells));
    const first = await cli(['analytics', 'users', ...range, '--limit', '1'], env);
    expect(JSON.parse(first.stdout)).toHaveLength(1);
    expect(first.stderr).toContain('--cursor');
  });

  it('rejects bad dates locally and today on the server', async () => {
    const local = await cli(['analytics', 'tokens', '--start', '2026/01/01'], env);
    expect(local.code).toBe(1);
    expect(local.stderr).toContain('--start must be a date');
    const today = new Date().toISOString().slice(0, 10);
    const lag = await cli(['analytics', 'tokens', '--start', today, '--end', today], env);
    expect(lag.code).toBe(2);
    expect(lag.stderr).toContain('400');
    const member = await cli(['analytics', 'tokens'], { ...env, QUARTERDECK_API_KEY: org.users.member.key });
    expect(member.code).toBe(3);
    expect(member.stderr).toContain('403');
  });
});

describe('failures', () => {
  it('explains a 401: how to get a key (exit 3)', async () => {
    const result = await cli(['computers', 'list'], { QUARTERDECK_URL: url, QUARTERDECK_API_KEY: 'qd_wrong' });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('401');
    expect(result.stderr).toContain('quarterdeck admin organizations create');
    expect(result.stderr).toContain('quarterdeck keys create');
    const none = await cli(['computers', 'list'], { QUARTERDECK_URL: url });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('QUARTERDECK_API_KEY');
  });

  it('names the URL it could not reach (exit 5)', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const result = await cli(['users', 'list', '--url', `http://127.0.0.1:${port}`, '--api-key', 'qd_x']);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(`could not reach the server at http://127.0.0.1:${port}: ECONNREFUSED`);
  });

  it('lists every command in --help', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    for (const name of ['serve', 'demo', 'admin organizations create', 'admin rollups run', 'analytics users', 'readiness upload', 'controls diff', 'computers install-deps', 'sessions update', 'sessions rename', 'messages send', 'limits global', 'users remove', 'keys revoke', 'telemetry send']) {
      expect(result.stdout).toContain(`quarterdeck ${name}`);
    }
  });

  it('refuses an unknown format (exit 1)', async () => {
    const result = await cli(['users', 'list', '--format', 'xml'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--format must be one of json, ndjson, csv, table');
  });
});
