import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { claimPendingDays } from '../../src/analytics/pending-days.js';
import { runPendingRollups } from '../../src/analytics/rollup.js';
import { auth, createOrganization, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, expectClose, postEvents, runRollups, today } from './helpers.js';
import { Reference, type RefEvent } from './reference.js';

// The WAU/MAU windows count settled days from their user rows and pending days from their
// sessions, kept as events are stored. They must stay exact when an earlier day of the window is
// still pending (claimed elsewhere, its user rows stale), when days are aggregated out of order,
// and when two rollups race; and a day computed again writes only the rows that changed.

const HISTORY_START = daysAgo(40);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: HISTORY_START });
});
afterAll(async () => server.close());

interface Scenario {
  org: TestOrganization;
  ref: Reference;
  send(events: [Caller, number][]): Promise<void>;
}

async function scenario(): Promise<Scenario> {
  const org = await createOrganization(server);
  const ref = new Reference({ historyStart: HISTORY_START, catalogue: {}, emails: Object.fromEntries(Object.values(org.users).map((u) => [u.id, u.email])) });
  let sequence = 0;
  return {
    org,
    ref,
    // One session start per [user, days ago].
    async send(events) {
      const made: RefEvent[] = events.map(([user, ago]) => ({ id: `w-${++sequence}`, type: 'session_start', timestamp: Date.parse(`${daysAgo(ago)}T10:00:00Z`), userId: user.id, sessionId: 's', client: 'web' }));
      const response = await postEvents(server, org.owner.key, made.map((e) => ({ ...e, timestamp: new Date(e.timestamp).toISOString() })));
      expect(response.statusCode, response.body).toBe(202);
      ref.add(made);
    },
  };
}

async function expectActivity({ org, ref }: Scenario, fromAgo: number, toAgo: number) {
  const [start, end] = [daysAgo(fromAgo), daysAgo(toAgo)];
  const response = await server.app.inject({ method: 'GET', url: `/api/v1/analytics/activity?startDate=${start}&endDate=${end}`, headers: auth(org.users.manager.key) });
  expect(response.statusCode).toBe(200);
  expectClose(response.json().data, ref.activity(start, end), `activity ${start}..${end}`);
}

it('counts an earlier day that is still pending from its events, and its user rows once settled', async () => {
  const s = await scenario();
  const { owner, member, guest } = s.org.users;
  // A later day first, then an earlier one: aggregated out of order.
  await s.send([[member, 5]]);
  await runRollups(server);
  await s.send([[member, 8], [owner, 12]]);
  await runRollups(server);
  await expectActivity(s, 14, 1);

  // A late event by another user on day 8 ago: that day's user rows are stale while it is pending.
  // Another rollup (replica) holds day 8 ago; this one aggregates the days after it meanwhile.
  await s.send([[guest, 8]]);
  const held = await claimPendingDays(server.store.db, today(), 1);
  expect(held).toEqual([expect.objectContaining({ organizationId: s.org.id, day: daysAgo(8) })]);
  expect(await runPendingRollups(server.store.db)).toBe(7);
  await expectActivity(s, 7, 1);

  // The holder gives day 8 ago up; once it is aggregated, every day reads settled rows again.
  await server.store.db.updateTable('analytics_pending_days').set({ claimed_until: null }).where('organization_id', '=', s.org.id).execute();
  await runRollups(server);
  await expectActivity(s, 14, 1);
  await s.send([[guest, 2]]);
  await runRollups(server);
  await expectActivity(s, 35, 1);
});

it('two rollups racing over a month of pending days count the same windows', async () => {
  await runRollups(server);
  const s = await scenario();
  const { owner, manager, member, guest } = s.org.users;
  const users = [owner, manager, member, guest];
  // Each user active on its own days across five weeks: more pending days than one claim batch.
  await s.send(Array.from({ length: 35 }, (_, i) => [users[(i * 3) % 4]!, 35 - i] as [Caller, number]).filter((_, i) => i % 2 === 0 || i % 5 === 0));
  const runs = await Promise.all([runPendingRollups(server.store.db), runPendingRollups(server.store.db)]);
  expect(runs[0]! + runs[1]!).toBe(35);
  expect((await runRollups(server)).pendingDays).toBe(0);
  await expectActivity(s, 35, 1);
});

it('writes again only the rows of a day computed again that changed', async () => {
  const s = await scenario();
  const { owner, member, guest } = s.org.users;
  const day = daysAgo(5);
  // Each row's version (xmin): an UPDATE of the row makes a new one.
  const versions = async () => {
    const { rows } = await sql<{ user_id: string | null; version: string }>`
      SELECT NULL AS user_id, xmin::text AS version FROM analytics_daily WHERE organization_id = ${s.org.id} AND day = ${day}::date
      UNION ALL SELECT user_id, xmin::text FROM analytics_user_daily WHERE organization_id = ${s.org.id} AND day = ${day}::date`.execute(server.store.db);
    return { documents: rows.find((row) => row.user_id === null)!.version, users: Object.fromEntries(rows.flatMap((row) => (row.user_id ? [[row.user_id, row.version]] : []))) };
  };
  await s.send([[owner, 5], [member, 5]]);
  await runRollups(server);
  const first = await versions();
  expect(Object.keys(first.users).sort()).toEqual([owner.id, member.id].sort());

  // A late event by another user two days before: the day's windows change, its user rows do not.
  await s.send([[guest, 7]]);
  await runRollups(server);
  const second = await versions();
  expect(second.documents).not.toBe(first.documents);
  expect(second.users).toEqual(first.users);
  await expectActivity(s, 10, 1);

  // A late event by a user already in the day's windows: the day is computed again, nothing changed.
  await s.send([[member, 6]]);
  await runRollups(server);
  expect(await versions()).toEqual(second);
  await expectActivity(s, 10, 1);

  // Another session of one user that day: that user's row and the day's documents change.
  await s.send([[owner, 5]]);
  await runRollups(server);
  const third = await versions();
  expect(third.documents).not.toBe(second.documents);
  expect(third.users[owner.id]).not.toBe(second.users[owner.id]);
  expect(third.users[member.id]).toBe(second.users[member.id]);
  await expectActivity(s, 10, 1);
});
