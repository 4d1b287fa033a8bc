import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createOrganization, startTestServer, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents, runRollups } from './helpers.js';

// A day with more active users than the rollup writes in one statement (5,000: rollup.ts): its
// user rows go in parts within one transaction, and every row must land beside its own figures,
// once, with the day's other rows; computed again after a late event, only the changed row is
// written again (its row version, xmin, is the only new one).

const USERS = 5_300;
const DAY = daysAgo(2);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: daysAgo(40) });
});
afterAll(async () => server.close());

it('writes a day of more users than one statement takes, each row with its figures, and again only what changed', async () => {
  const org = await createOrganization(server);
  const { db } = server.app.services;
  // The members are made in the database (5,300 invitations through the API would be most of the
  // test's time); their events go through the events endpoint like any others.
  const userIds = Array.from({ length: USERS }, (_, i) => `usr_large_day_${String(i).padStart(5, '0')}`);
  await db
    .insertInto('users')
    .values(userIds.map((id) => ({ id, organization_id: org.id, email: `${id}@large.example`, role: 'member' })))
    .execute();
  // User i starts (i % 3) + 1 sessions that day: its row's `sessions` says which user it is.
  const sessionsOf = (i: number) => (i % 3) + 1;
  const events = userIds.flatMap((userId, i) =>
    Array.from({ length: sessionsOf(i) }, (_, n) => ({ id: `large-${i}-${n}`, type: 'session_start', timestamp: `${DAY}T10:00:00.000Z`, userId, sessionId: `s-${i}-${n}`, client: 'web' })),
  );
  for (let start = 0; start < events.length; start += 1000) {
    const response = await postEvents(server, org.owner.key, events.slice(start, start + 1000));
    expect(response.statusCode, response.body).toBe(202);
  }
  await runRollups(server);

  const rowsOfTheDay = async () =>
    (
      await sql<{ user_id: string; row_user: string; row_sessions: number; sessions: number; version: string }>`
        SELECT user_id, row->>'user_id' AS row_user, (row->>'sessions')::int AS row_sessions, sessions, xmin::text AS version
        FROM analytics_user_daily WHERE organization_id = ${org.id} AND day = ${DAY}::date ORDER BY user_id`.execute(db)
    ).rows;
  const first = await rowsOfTheDay();
  expect(first).toHaveLength(USERS);
  first.forEach((row, i) => {
    expect(row.user_id).toBe(userIds[i]);
    expect(row.row_user).toBe(userIds[i]);
    expect([row.row_sessions, row.sessions]).toEqual([sessionsOf(i), sessionsOf(i)]);
  });
  const activity = await server.app.inject({ method: 'GET', url: `/api/v1/analytics/activity?startDate=${DAY}&endDate=${DAY}`, headers: auth(org.users.manager.key) });
  expect(activity.statusCode).toBe(200);
  // The organization's own users (createOrganization's) sent nothing that day.
  expect(activity.json().data[0]).toMatchObject({ daily_active_users: USERS, sessions: events.length });

  // A late session for the last user: the day is computed again, and only that row changes.
  const late = USERS - 1;
  const response = await postEvents(server, org.owner.key, [{ id: 'large-late', type: 'session_start', timestamp: `${DAY}T23:00:00.000Z`, userId: userIds[late], sessionId: 's-late', client: 'web' }]);
  expect(response.statusCode, response.body).toBe(202);
  await runRollups(server);
  const again = await rowsOfTheDay();
  expect(again).toHaveLength(USERS);
  again.forEach((row, i) => {
    if (i === late) {
      expect([row.row_sessions, row.sessions]).toEqual([sessionsOf(i) + 1, sessionsOf(i) + 1]);
      expect(row.version).not.toBe(first[i]!.version);
    } else {
      // Not written again: the row version (xmin) is the first rollup's.
      expect(row.version).toBe(first[i]!.version);
    }
  });
});
