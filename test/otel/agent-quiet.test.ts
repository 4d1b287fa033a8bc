import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { agentQuietPass } from '../../src/jobs/agent-quiet.js';
import { createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { insertConnection } from './fleet.js';

// agent.quiet (docs/webhooks.md): a connection that sent data on each of the 3 UTC days up to its
// last sighting and nothing since for AGENT_QUIET_AFTER_HOURS is announced once per quiet spell,
// by the one replica holding the job's lease.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server, 'Quiet fleet');
});
afterAll(async () => server?.close());

const HOUR = 3_600_000;
const QUIET_AFTER = 48 * HOUR;
const options = (holder: string) => ({ quietAfterMs: QUIET_AFTER, intervalMs: 60_000, holder });

async function quietEvents() {
  const rows = await server.store.db.selectFrom('webhook_events').select(['payload', 'created_at']).where('organization_id', '=', org.id).where('type', '=', 'agent.quiet').orderBy('created_at').execute();
  return rows.map((row) => row.payload as Record<string, unknown>);
}

/** A sender's data on the given days, each at noon UTC. */
async function exported(agent: string, sender: string, days: string[], extra: { userId?: string; version?: string } = {}) {
  for (const day of days) {
    await insertConnection(server.store.db, org.id, { day, agent, sender, userId: extra.userId, lastSeenAt: new Date(`${day}T12:00:00Z`), accepted: 5 });
  }
  if (extra.version) {
    await server.store.db.updateTable('telemetry_connections').set({ agent_version: extra.version }).where('organization_id', '=', org.id).where('agent', '=', agent).where('sender', '=', sender).execute();
  }
}

describe('agent.quiet', () => {
  const start = '2026-11-02';
  const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));
  const lastNoon = Date.parse(`${addDays(start, 2)}T12:00:00Z`);

  it('announces a daily connection silent for the configured time, once per spell, with its version', async () => {
    const member = org.users.member;
    await exported('claude-code', `user:${member.id}`, days(start, 3), { userId: member.id, version: '2.1.197' });
    // Two days of data is no daily habit; refusals only are no data; exports refused unread say no agent.
    await exported('codex', `user:${member.id}`, [addDays(start, 1), addDays(start, 2)], { userId: member.id });
    for (const day of days(start, 3)) {
      await insertConnection(server.store.db, org.id, { day, agent: 'qwen-code', sender: 'key:key_x', lastSeenAt: new Date(`${day}T12:00:00Z`), refused: 3, lastProblem: 'undecodable' });
      await insertConnection(server.store.db, org.id, { day, agent: '(unread)', sender: 'key:key_y', lastSeenAt: new Date(`${day}T12:00:00Z`), accepted: 1 });
    }

    // Not yet quiet long enough.
    expect(await agentQuietPass(server.store.db, options('replica-a'), new Date(lastNoon + QUIET_AFTER - HOUR))).toBe(0);
    expect(await agentQuietPass(server.store.db, options('replica-a'), new Date(lastNoon + QUIET_AFTER + HOUR))).toBe(1);
    expect(await quietEvents()).toEqual([
      { agent: 'claude-code', sender: `user:${member.id}`, userId: member.id, identityId: null, version: '2.1.197', lastSeenAt: new Date(lastNoon).toISOString(), quietForHours: 49 },
    ]);
    // Later passes, by this replica or another once the lease lapsed, do not announce it again.
    expect(await agentQuietPass(server.store.db, options('replica-a'), new Date(lastNoon + QUIET_AFTER + 2 * HOUR))).toBe(0);
    expect(await agentQuietPass(server.store.db, options('replica-b'), new Date(lastNoon + QUIET_AFTER + 5 * HOUR))).toBe(0);
    expect(await quietEvents()).toHaveLength(1);
  });

  it('runs on the lease holder only, until the lease lapses', async () => {
    const member = org.users.manager;
    const from = '2026-11-10';
    await exported('droid', `user:${member.id}`, days(from, 3), { userId: member.id });
    const quietAt = Date.parse(`${addDays(from, 2)}T12:00:00Z`) + QUIET_AFTER + HOUR;
    expect(await agentQuietPass(server.store.db, options('replica-a'), new Date(quietAt))).toBe(1);
    // replica-a holds the lease for 60 s from its pass: replica-b skips meanwhile, takes it after.
    await exported('opencode', `user:${member.id}`, days(from, 3), { userId: member.id });
    expect(await agentQuietPass(server.store.db, options('replica-b'), new Date(quietAt + 30_000))).toBe(0);
    expect(await agentQuietPass(server.store.db, options('replica-b'), new Date(quietAt + 61_000))).toBe(1);
  });

  it('announces a connection again when it came back and went quiet again', async () => {
    const member = org.users.member;
    const back = addDays(start, 10);
    await exported('claude-code', `user:${member.id}`, days(back, 3), { userId: member.id });
    const quietAt = Date.parse(`${addDays(back, 2)}T12:00:00Z`) + QUIET_AFTER + HOUR;
    expect(await agentQuietPass(server.store.db, options('replica-c'), new Date(quietAt + 200_000))).toBe(1);
    const events = await quietEvents();
    expect(events.filter((event) => event.agent === 'claude-code').map((event) => event.lastSeenAt)).toEqual([new Date(lastNoon).toISOString(), `${addDays(back, 2)}T12:00:00.000Z`]);
  });
});
