import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { insertConnection, insertIdentity, insertWaitingEvents } from '../otel/fleet.js';
import { cli, cliJson, csvRecords } from './helpers.js';

// `quarterdeck agents connected|identities|link` as a subprocess against a real server.

vi.setConfig({ testTimeout: 300_000 });

let server: TestServer;
let org: TestOrganization;
let env: Record<string, string>;
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  env = { QUARTERDECK_URL: await server.app.listen({ port: 0, host: '127.0.0.1' }), QUARTERDECK_API_KEY: org.owner.key };
});
afterAll(async () => server.close());

describe('quarterdeck agents', () => {
  it('lists the connected agents of today or of --day, as JSON or CSV', async () => {
    await insertConnection(server.store.db, org.id, { day: today(), agent: 'codex', sender: `user:${org.users.member.id}`, userId: org.users.member.id, lastSeenAt: new Date(), accepted: 12, tokens: 3400, toolCalls: 5 });
    await insertConnection(server.store.db, org.id, { day: yesterday(), agent: 'claude-code', sender: `user:${org.owner.id}`, userId: org.owner.id, lastSeenAt: new Date(Date.now() - 86_400_000), accepted: 1 });
    const connections = await cliJson(['agents', 'connected'], env);
    expect(connections).toEqual([expect.objectContaining({ agent: 'codex', accepted: 12, tokens: 3400, toolCalls: 5, sender: { kind: 'user', user: expect.objectContaining({ email: org.users.member.email }) } })]);
    const csv = await cli(['agents', 'connected', '--day', yesterday(), '--format', 'csv'], env);
    expect(csv.code).toBe(0);
    expect(csvRecords(csv.stdout)).toEqual([expect.objectContaining({ agent: 'claude-code', accepted: '1', 'sender.user.email': org.owner.email })]);
    const bad = await cli(['agents', 'connected', '--day', 'yesterday'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('day');
  });

  it('lists identities by status and links one to a member', async () => {
    const identityId = await insertIdentity(server.store.db, org.id, { value: 'cli-person@example.test' });
    await insertWaitingEvents(server.store.db, org.id, identityId, [{ id: 'cli-ev-1', type: 'session_start', timestamp: `${yesterday()}T08:00:00.000Z`, sessionId: 's' }]);
    expect(await cliJson(['agents', 'identities'], env)).toEqual([expect.objectContaining({ id: identityId, value: 'cli-person@example.test', pendingEvents: 1, userId: null })]);
    const linked = await cliJson(['agents', 'link', identityId, '--user', org.users.member.id], env);
    expect(linked).toMatchObject({ id: identityId, userId: org.users.member.id, pendingEvents: 0 });
    expect(await cliJson(['agents', 'identities'], env)).toEqual([]);
    expect(await cliJson(['agents', 'identities', '--status', 'linked'], env)).toEqual([expect.objectContaining({ id: identityId })]);
    const missing = await cli(['agents', 'link', identityId], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--user');
    const conflict = await cli(['agents', 'link', identityId, '--user', org.users.manager.id], env);
    expect(conflict.code).toBe(2);
    expect(conflict.stderr).toContain('409');
  });

  it('is refused to a member (403, exit 3)', async () => {
    const refused = await cli(['agents', 'connected'], { ...env, QUARTERDECK_API_KEY: org.users.member.key });
    expect(refused.stderr).toContain('403');
    expect(refused.code).toBe(3);
  });
});
