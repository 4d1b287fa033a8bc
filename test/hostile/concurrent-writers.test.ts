import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { addUser, auth, createOrganization, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';

// Concurrent bulk writers naming the same rows in different orders: none may deadlock (which
// PostgreSQL answers by rolling one back, a 503 here). On the embedded store writes queue on one
// connection, so this bites on PostgreSQL; it runs on both.

let server: TestServer;
let org: TestOrganization;
let users: Caller[];
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', DATABASE_POOL_SIZE: '20' });
  org = await createOrganization(server);
  users = [];
  for (let i = 0; i < 40; i += 1) users.push(await addUser(server, org.owner.key, 'member'));
}, 120_000);
afterAll(async () => server.close());

function putLimits(order: Caller[], limit: number | null) {
  return server.app.inject({
    method: 'PUT',
    url: '/api/v0/organization/usage/limits/users',
    headers: auth(org.owner.key),
    payload: { users: order.map((user) => ({ email: user.email, limit })) },
  });
}

describe('concurrent bulk credit-limit PUTs', () => {
  it('never deadlock when they name the same users in opposite orders', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 9; round += 1) {
      // Half the rounds create the overrides (inserts), half change or remove them.
      const limit = round % 3 === 1 ? null : round;
      const answers = await Promise.all([
        putLimits(users, limit),
        putLimits([...users].reverse(), limit),
        putLimits([...users.slice(20), ...users.slice(0, 20)], limit),
        putLimits([...users].sort((a, b) => (a.email < b.email ? 1 : -1)), limit),
      ]);
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const listed = await server.app.inject({ method: 'GET', url: '/api/v0/organization/usage/limits/users', headers: auth(org.owner.key) });
    expect(listed.json().userLimits).toHaveLength(40);
  });
});

describe('concurrent telemetry batches', () => {
  const post = (events: object[]) => server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(org.owner.key), payload: { events } });
  type Event = ReturnType<typeof call>;
  const call = (id: string, userId: string, day: string) => ({
    id, type: 'model_call', timestamp: `${day}T12:00:00Z`, sessionId: 's', client: 'web', userId,
    modelId: 'm', modelTier: 'standard', inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, billableTokens: 0.5,
  });

  it('store each event once and count its credits once, none rolled back, when they share ids, users and days in different orders', async () => {
    // 8 users x 10 days in two months. In each round 8 batches at once carry the round's shared
    // events and each its own event per user-day, in one of four orders: every new id, credit
    // counter and pending day is contended while the batches' transactions overlap. (In one
    // process the batches' JSON work staggers them, so this rarely catches a lock-order mistake;
    // it checks the counts under concurrency.)
    const days = Array.from({ length: 10 }, (_, i) => addDays('2026-01-25', i));
    const userDays = users.slice(0, 8).flatMap((user, u) => days.map((day) => ({ user, u, day })));
    const rounds = 6;
    const batches = 8;
    let accepted = 0;
    for (let round = 0; round < rounds; round += 1) {
      const events = (batch: number) =>
        userDays.flatMap(({ user, u, day }) => [call(`race-${round}-${u}-${day}`, user.id, day), call(`race-${round}-${u}-${day}-${batch}`, user.id, day)]);
      const orders = [(e: Event[]) => e, (e: Event[]) => e.reverse(), (e: Event[]) => [...e.slice(80), ...e.slice(0, 80)], (e: Event[]) => e.sort((a, b) => (a.userId < b.userId ? 1 : -1))];
      const answers = await Promise.all(Array.from({ length: batches }, (_, batch) => post(orders[batch % orders.length]!(events(batch)))));
      expect(answers.filter((answer) => answer.statusCode !== 202).map((answer) => answer.body)).toEqual([]);
      accepted += answers.reduce((n, answer) => n + answer.json().accepted, 0);
    }
    expect(accepted).toBe(rounds * userDays.length * (1 + batches));
    const counters = await server.store.db.selectFrom('monthly_credit_usage').select(['month', (eb) => eb.fn.sum<number>('credits').as('credits')]).where('organization_id', '=', org.id).groupBy('month').orderBy('month').execute();
    // 7 days in January, 3 in February, for 8 users.
    const perDay = rounds * 8 * (1 + batches) * 0.5;
    expect(counters).toEqual([{ month: '2026-01-01', credits: 7 * perDay }, { month: '2026-02-01', credits: 3 * perDay }]);
  });
});
