import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { runRollups } from '../analytics/helpers.js';
import { daysBack, replay, runNamed, type Manifest } from '../otlp/captured.js';

// Records an ingest key sends that name no member wait in a bucket per agent and installation
// (docs/otel.md, "Keys and identity"), never one bucket per key: linking a bucket moves only that
// bucket's records. Replayed from the real CLIs' captures that carry no e-mail.

let server: TestServer;
let org: TestOrganization;
let ingestKey: string;
let ingestKeyId: string;

// One capture per agent, none carrying user.email.
const anonymous = {
  claude: runNamed('claude-code', 'grpc'),
  codex: runNamed('codex', 'otlp-http-binary'),
  gemini: runNamed('gemini', 'http-slow'),
  qwen: runNamed('qwen', 'grpc'),
  copilot: runNamed('copilot', 'http-json'),
  droid: runNamed('droid', 'http-legacy'),
};
// (opencode's only capture without an e-mail, http-default, has no AI SDK spans: nothing of it counts.)

interface IdentityView {
  id: string;
  kind: string;
  value: string;
  agent: string;
  userId: string | null;
  pendingEvents: number;
}

async function identities(): Promise<IdentityView[]> {
  const response = await server.app.inject({ url: '/api/v0/organization/telemetry-identities?status=all&limit=100', headers: auth(org.owner.key) });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).identities;
}

async function connections(day?: string) {
  const response = await server.app.inject({ url: `/api/v0/organization/connected-agents${day ? `?day=${day}` : ''}`, headers: auth(org.owner.key) });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).connections as { agent: string; version: string | null; sender: { kind: string; identity?: { id: string; userId: string | null } }; accepted: number; duplicates: number; unattributed: number; lastProblem: unknown }[];
}

/** Billable tokens of a capture as its mock model served them (the reference): input, output and cache writes, a tenth of cache reads. */
const billableOf = (manifest: Manifest) =>
  Object.values(manifest.expected.tokensByModel).reduce((sum, model) => sum + model.input + model.output + model.cacheWrite + 0.1 * model.cacheRead, 0);

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Anonymous fleet');
  const created = await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(org.owner.key), payload: { name: 'fleet', kind: 'ingest' } });
  expect(created.statusCode, created.body).toBe(201);
  ({ key: ingestKey, id: ingestKeyId } = json(created));
  for (const manifest of Object.values(anonymous)) await replay(server, manifest, ingestKey, daysBack(manifest).days);
});
afterAll(async () => server?.close());

describe('unattributed records, per agent and installation', () => {
  it('buckets each agent by the installation it sends, else by agent and key: no bucket holds two agents', async () => {
    const listed = await identities();
    const byAgent = new Map<string, IdentityView[]>();
    for (const identity of listed) byAgent.set(identity.agent, [...(byAgent.get(identity.agent) ?? []), identity]);
    const summary = Object.fromEntries([...byAgent].map(([agent, own]) => [agent, own.map(({ kind, value }) => `${kind}:${value}`).sort()]));
    expect(summary).toEqual({
      // Claude Code's own installation id (user.id on every record).
      'claude-code': [expect.stringMatching(/^installation:[0-9a-f]{40,}$/)],
      // Codex: the host its logs' resource names (its metrics name none, and count nothing Codex's logs do not).
      codex: ['installation:vm'],
      // Gemini CLI's installation.id.
      'gemini-cli': [expect.stringMatching(/^installation:[0-9a-f-]{36}$/)],
      // Qwen Code and Droid (not signed in) send nothing of the person or the machine.
      'qwen-code': [`key:${ingestKeyId}`],
      droid: [`key:${ingestKeyId}`],
      // Copilot CLI: the resource's service.instance.id (one per process).
      'copilot-cli': ['installation:copilot-otel-13035-0'],
    });
    // The same value under two agents is two buckets.
    expect(new Set(listed.map((identity) => identity.id)).size).toBe(listed.length);
    expect(listed.filter((identity) => identity.kind === 'key').map((identity) => identity.id).sort()).toEqual([`key:droid:${ingestKeyId}`, `key:qwen-code:${ingestKeyId}`]);
    expect(listed.every((identity) => identity.userId === null && identity.pendingEvents > 0)).toBe(true);
  });

  it("shows each connection's agent version, and the versions in use across the fleet", async () => {
    const rows = await connections(daysBackDay());
    const versionOf = Object.fromEntries(rows.map((row) => [row.agent, row.version]));
    // As each CLI's service.version said (Droid's binary is 0.225.2); Gemini CLI sends Node's version there, which is not its own,
    // and its own version nowhere else in its exports (test/fixtures/otlp/README.md).
    expect(versionOf).toEqual({ 'claude-code': '2.1.332', codex: '0.171.0', 'gemini-cli': null, 'qwen-code': '0.24.4', 'copilot-cli': '1.0.102', droid: '0.225.2' });
    const response = await server.app.inject({ url: '/api/v0/organization/connected-agents', headers: auth(org.owner.key) });
    expect(json(response).versions.map(({ agent, version, senders }: { agent: string; version: string | null; senders: number }) => [agent, version, senders])).toEqual([
      ['claude-code', '2.1.332', 1],
      ['codex', '0.171.0', 1],
      ['copilot-cli', '1.0.102', 1],
      ['droid', '0.225.2', 1],
      ['gemini-cli', null, 1],
      ['qwen-code', '0.24.4', 1],
    ]);
  });

  it('tallies re-sent unattributed exports as duplicates, not as unattributed again', async () => {
    const before = await connections(daysBackDay());
    for (const manifest of Object.values(anonymous)) await replay(server, manifest, ingestKey, daysBack(manifest).days);
    const after = await connections(daysBackDay());
    const unattributedBefore = before.reduce((sum, row) => sum + row.unattributed, 0);
    expect(unattributedBefore).toBeGreaterThan(0);
    expect(after.reduce((sum, row) => sum + row.unattributed, 0)).toBe(unattributedBefore);
    // Every event sent again is a duplicate (a cumulative metric point sent again adds nothing, so makes no event at all).
    const resent = after.reduce((sum, row) => sum + row.duplicates, 0) - before.reduce((sum, row) => sum + row.duplicates, 0);
    expect(resent).toBeGreaterThan(unattributedBefore * 0.9);
    expect(resent).toBeLessThanOrEqual(unattributedBefore);
    expect((await identities()).reduce((sum, identity) => sum + identity.pendingEvents, 0)).toBe(unattributedBefore);
    expect(after.reduce((sum, row) => sum + row.accepted, 0)).toBe(0);
  });

  it("linking one bucket moves only that bucket's records, which count once for the member", async () => {
    const member = org.users.member;
    const before = await identities();
    const copilot = before.find((identity) => identity.agent === 'copilot-cli')!;
    const linked = await server.app.inject({ method: 'POST', url: `/api/v0/organization/telemetry-identities/${encodeURIComponent(copilot.id)}/link`, headers: auth(org.owner.key), payload: { userId: member.id } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(json(linked)).toMatchObject({ userId: member.id, pendingEvents: 0 });
    const after = await identities();
    for (const identity of before.filter((one) => one.id !== copilot.id)) expect(after.find((one) => one.id === identity.id)).toMatchObject({ userId: null, pendingEvents: identity.pendingEvents });

    await runRollups(server);
    const { day } = daysBack(anonymous.copilot);
    const users = await server.app.inject({ url: `/api/v1/analytics/users?startDate=${day}&endDate=${day}&limit=100`, headers: auth(org.owner.key) });
    expect(users.statusCode, users.body).toBe(200);
    expect(json(users).data.map((row: { user_id: string; billable_tokens: number }) => [row.user_id, row.billable_tokens])).toEqual([[member.id, billableOf(anonymous.copilot)]]);
  });

  it("clears a linked identity's unknown-identity problem on Connected agents", async () => {
    const rows = await connections(daysBackDay());
    const copilot = rows.find((row) => row.agent === 'copilot-cli')!;
    expect(copilot.lastProblem).toBeNull();
    expect(copilot.sender.identity).toMatchObject({ userId: org.users.member.id });
    expect(rows.filter((row) => row.agent !== 'copilot-cli').every((row) => row.lastProblem !== null)).toBe(true);
  });
});

/** Connections are tallied on the day the exports arrived: today. */
function daysBackDay(): string {
  return new Date().toISOString().slice(0, 10);
}
