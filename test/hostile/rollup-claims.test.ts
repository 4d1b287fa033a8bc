import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { claimPendingDays, clearClaims, markDaysPending } from '../../src/analytics/pending-days.js';
import { auth, createOrganization, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents, today } from '../analytics/helpers.js';

// A rollup that dies mid-way (kill -9) leaves claims behind. Its days are taken over once its
// short lease lapses, the admin run says whether work is still pending, and the embedded store
// (one process) forgets all claims at start.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

async function sendCall(id: string, day: string, billableTokens: number) {
  const response = await postEvents(server, org.owner.key, [
    { id, type: 'model_call', timestamp: `${day}T12:00:00Z`, sessionId: 's', client: 'web', modelId: 'm', modelTier: 'standard', inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, billableTokens },
  ]);
  expect(response.statusCode).toBe(202);
}

function run(query = '') {
  return server.app.inject({ method: 'POST', url: `/admin/v1/rollups/run${query}`, headers: auth(server.adminToken) });
}

async function creditsOn(day: string): Promise<number> {
  const response = await server.app.inject({ method: 'GET', url: `/api/v1/analytics/tokens?startDate=${day}&endDate=${day}`, headers: auth(org.owner.key) });
  return json(response).data[0].billable_tokens;
}

describe('rollup claims', () => {
  // Many agents of one organization export at once: their transactions must not queue behind one
  // another on the days they mark. Only a day a rollup may be working on takes its row lock (its
  // new version tells the rollup its result is stale). Two connections: PostgreSQL only.
  it.skipIf(!process.env.TEST_DATABASE_URL)('marks days no rollup can claim yet without waiting for another ingestion, and still locks an ended day', async () => {
    const { db } = server.store;
    const later = daysAgo(-2);
    const ended = daysAgo(2);
    // Marked once before: only a day's first marking inserts its row (others wait for that one).
    await markDaysPending(db, org.id, [later, ended], 27);
    const markFromAnotherConnection = (day: string) =>
      db.connection().execute(async (other) => {
        await sql`SET lock_timeout = '1s'`.execute(other);
        try {
          await markDaysPending(other, org.id, [day], 27);
        } finally {
          await sql`RESET lock_timeout`.execute(other);
        }
      });
    await db.transaction().execute(async (trx) => {
      await markDaysPending(trx, org.id, [later, ended], 27);
      await expect(markFromAnotherConnection(later)).resolves.toBeUndefined();
      await expect(markFromAnotherConnection(ended)).rejects.toThrow(/lock timeout/);
    });
  });

  it('takes over the days of a claimer that died, and answers done', async () => {
    const day = daysAgo(2);
    await sendCall('dead-claimer-1', day, 7);
    // A rollup claims the ended days and then dies without releasing or renewing them.
    expect((await claimPendingDays(server.store.db, today(), 1000)).length).toBeGreaterThan(0);
    const answer = await run();
    expect(answer.statusCode).toBe(200);
    expect(json(answer)).toMatchObject({ status: 'done', pendingDays: 0 });
    expect(await creditsOn(day)).toBe(7);
  });

  it('answers 202 pending while a live claimer still holds days', async () => {
    const day = daysAgo(3);
    await sendCall('live-claimer-1', day, 5);
    await claimPendingDays(server.store.db, today(), 1000);
    // Another replica keeps renewing its lease.
    await server.store.db.updateTable('analytics_pending_days').set({ claimed_until: new Date(Date.now() + 3_600_000) }).execute();
    const answer = await run('?waitMs=0');
    expect(answer.statusCode).toBe(202);
    expect(json(answer).status).toBe('pending');
    expect(json(answer).pendingDays).toBeGreaterThan(0);

    // The embedded store's start clears claims (their holder was a predecessor process).
    await clearClaims(server.store.db);
    const done = await run('?waitMs=0');
    expect(done.statusCode).toBe(200);
    expect(json(done)).toMatchObject({ status: 'done', pendingDays: 0 });
    expect(await creditsOn(day)).toBe(5);
  });
});
