import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// Exports refused whole (undecodable, too large, over the rate limit) show in Connected agents for
// the key's sender, under the agent `(unread)`, with the reason (docs/otel.md, "Connected agents").

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '30', OTLP_MAX_BODY_BYTES: '2048' });
  org = await createOrganization(server, 'Refusals');
  other = await createOrganization(server, 'Other refusals');
});
afterAll(async () => server?.close());

const post = (key: string, body: string | Buffer, contentType: string) => server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(key), 'content-type': contentType }, payload: body });

interface Connection {
  agent: string;
  sender: { kind: string; user?: { id: string } };
  refused: number;
  accepted: number;
  lastProblem: { reason: string; at: number } | null;
}
const connections = async (key = org.owner.key): Promise<Connection[]> => (await server.app.inject({ method: 'GET', url: '/api/v0/organization/connected-agents', headers: auth(key) })).json().connections;
const unreadOf = async (userId: string) => (await connections()).find((row) => row.agent === '(unread)' && row.sender.user?.id === userId);

describe('exports refused whole, in Connected agents', () => {
  it('tallies undecodable, unsupported and too large exports for the sender, with the last reason', async () => {
    const { member } = org.users;
    expect((await post(member.key, Buffer.from([0x0a, 0xff, 0xff, 0xff]), 'application/x-protobuf')).statusCode).toBe(400);
    expect((await post(member.key, '{"resourceLogs": [', 'application/json')).statusCode).toBe(400);
    expect((await post(member.key, JSON.stringify({ resourceLogs: [], padding: 'x'.repeat(4096) }), 'application/json')).statusCode).toBe(413);
    const row = await unreadOf(member.id);
    expect(row).toMatchObject({ agent: '(unread)', refused: 3, accepted: 0 });
    expect(row!.lastProblem!.reason).toMatch(/^over limits: /);
    expect((await post(member.key, '{}', 'text/plain')).statusCode).toBe(415);
    expect((await unreadOf(member.id))!.lastProblem!.reason).toMatch(/^undecodable: /);
    // Another organization sees none of it.
    expect((await connections(other.owner.key)).filter((connection) => connection.agent === '(unread)')).toEqual([]);
  });

  it('tallies refusals over the rate limit at most once a minute per key, and accepted exports as before', async () => {
    const { manager } = org.users;
    const statuses: number[] = [];
    for (let i = 0; i < 33; i += 1) statuses.push((await post(manager.key, '{}', 'application/json')).statusCode);
    expect(statuses.filter((status) => status === 200).length).toBe(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429]);
    // The first refusal is written at once; the next ones wait for the minute to pass.
    const row = await unreadOf(manager.id);
    expect(row).toMatchObject({ refused: 1 });
    expect(row!.lastProblem!.reason).toMatch(/^over limits: /);
  });

  it('counts exports refused while their body is read (413) towards the rate limit, so their tallies are bounded too', async () => {
    const { guest } = org.users;
    const admin = (await server.app.inject({ method: 'POST', url: '/api/v0/organization/users', headers: auth(org.owner.key), payload: { email: 'bulky@refusals.test', name: 'Bulky', role: 'member' } })).json();
    const statuses: number[] = [];
    const big = JSON.stringify({ resourceLogs: [], padding: 'x'.repeat(4096) });
    for (let i = 0; i < 32; i += 1) statuses.push((await post(admin.apiKey, big, 'application/json')).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(413));
    expect(statuses.slice(30)).toEqual([429, 429]);
    // 30 refusals written one by one, the first 429 at once, the next within the minute held.
    expect(await unreadOf(admin.user.id)).toMatchObject({ refused: 31 });
    // A guest's key is refused (403) before anything is tallied.
    expect((await post(guest.key, '{}', 'application/json')).statusCode).toBe(403);
    expect((await connections()).some((row) => row.sender.user?.id === guest.id)).toBe(false);
  });

  it('does not tally a request without a valid key', async () => {
    const before = (await connections()).length;
    expect((await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { authorization: 'Bearer qd_nope', 'content-type': 'application/json' }, payload: '[' })).statusCode).toBe(401);
    expect((await connections()).length).toBe(before);
  });
});
