import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/db/store.js';
import { checkBudgets } from '../../src/jobs/budget-check.js';
import { deliverWebhooks, webhookDeliveryOptions } from '../../src/jobs/webhook-delivery.js';
import { postEvents } from '../analytics/helpers.js';
import { auth, createOrganization, type Caller, type TestOrganization, type TestServer, startTestServer } from '../helpers/server.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

// Threshold events (docs/budgets.md "Events"): budget.threshold_crossed once per budget, month and
// threshold, member.limit_reached once per member and month, however many checks race with
// ingestion — two checks in this process and (PostgreSQL) a second replica's pool — and the
// events reach a real receiver, signed.

let server: TestServer;
let replica: Store | undefined;
beforeAll(async () => {
  // The server's own check runs too (every 200 ms): a third racer.
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', BUDGET_CHECK_INTERVAL_MS: '200', WEBHOOK_ALLOW_PRIVATE: 'true' });
  if (server.store.kind === 'postgres') replica = await openStore(server.config, { migrate: false });
}, 60_000);
afterAll(async () => {
  await replica?.close();
  await server.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
async function ok(method: Method, url: string, key: string, payload?: object, status = 200) {
  const response = await server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
const eventsOf = (organizationId: string, type: string) =>
  server.store.db.selectFrom('webhook_events').select(['id', 'payload']).where('organization_id', '=', organizationId).where('type', '=', type).orderBy('id').execute();

let sequence = 0;
const usage = (user: Caller, credits: number, at = new Date(Date.now() - 1000)) => ({
  id: `threshold-${(sequence += 1)}-${Date.now()}`,
  type: 'model_call',
  timestamp: at.toISOString(),
  sessionId: 's',
  client: 'terminal-ui',
  userId: user.id,
  modelId: 'threshold-model',
  modelTier: 'standard',
  inputTokens: 10,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  billableTokens: credits,
});
const send = async (org: TestOrganization, events: object[]) => expect((await postEvents(server, org.owner.key, events)).statusCode).toBe(202);

/** Checks in a loop on each store until `done` settles. */
async function checkWhile(done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => (finished = true));
  const loop = async (db: Store['db']) => {
    while (!finished) await checkBudgets(db);
  };
  await Promise.all([loop(server.store.db), loop(server.store.db), ...(replica ? [loop(replica.db)] : [])]);
}

describe('threshold events', () => {
  it('announces each threshold and each limit reached once, under concurrent ingestion and checks', async () => {
    const org = await createOrganization(server);
    const { member, manager } = org.users;
    const team = (await ok('POST', '/api/v0/teams', org.owner.key, { name: 'Racers' }, 201)).team;
    await ok('POST', `/api/v0/teams/${team.id}/members`, org.owner.key, { userId: member.id }, 201);
    const orgBudget = (await ok('POST', '/api/v0/budgets', org.owner.key, { scope: 'organization', unit: 'credits', amount: 100 }, 201)).budget;
    const teamBudget = (await ok('POST', '/api/v0/budgets', org.owner.key, { scope: 'team', teamId: team.id, unit: 'credits', amount: 40, thresholds: [25, 100, 150] }, 201)).budget;
    await ok('PUT', '/api/v0/organization/usage/limits/users', org.owner.key, { users: [{ email: member.email, limit: 30 }] });

    // 20 batches at once, 6 credits each (120 in all: the member 60, the manager 60), while checks race.
    const ingestion = Promise.all(Array.from({ length: 20 }, (_, i) => send(org, [usage(i % 2 === 0 ? member : manager, 6)])));
    await checkWhile(ingestion);
    await Promise.all([checkBudgets(server.store.db), checkBudgets(server.store.db), ...(replica ? [checkBudgets(replica.db)] : [])]);

    const month = new Date().toISOString().slice(0, 7);
    const crossed = (await eventsOf(org.id, 'budget.threshold_crossed')).map((event) => event.payload);
    const of = (budgetId: string) => crossed.filter((payload) => payload.budgetId === budgetId).map((payload) => payload.threshold).sort((a, b) => Number(a) - Number(b));
    expect(of(orgBudget.id)).toEqual([50, 80, 100]);
    expect(of(teamBudget.id)).toEqual([25, 100, 150]);
    for (const payload of crossed) {
      expect(payload).toMatchObject({ unit: 'credits', month });
      expect(Number(payload.spent)).toBeGreaterThanOrEqual((Number(payload.amount) * Number(payload.threshold)) / 100);
    }
    expect(crossed.find((payload) => payload.budgetId === orgBudget.id)).toEqual(expect.objectContaining({ scope: 'organization', amount: 100 }));
    expect(crossed.find((payload) => payload.budgetId === orgBudget.id)).not.toHaveProperty('teamId');
    expect(crossed.find((payload) => payload.budgetId === teamBudget.id)).toEqual(expect.objectContaining({ scope: 'team', teamId: team.id, amount: 40 }));

    const reached = (await eventsOf(org.id, 'member.limit_reached')).map((event) => event.payload);
    expect(reached).toHaveLength(1);
    expect(reached[0]).toMatchObject({ userId: member.id, month, limit: 30 });
    expect(Number(reached[0]!.used)).toBeGreaterThanOrEqual(30);

    const read = (await ok('GET', `/api/v0/budgets/${orgBudget.id}`, org.users.manager.key)).budget;
    expect(read).toMatchObject({ spent: 120, percent: 120, thresholdsReached: [50, 80, 100] });
    expect(read.crossings.map((crossing: { threshold: number }) => crossing.threshold)).toEqual([50, 80, 100]);
  });

  it("warns a member at 75 and 90 % of their limit, once each, then announces the limit reached", async () => {
    const org = await createOrganization(server);
    const { member } = org.users;
    await ok('PUT', '/api/v0/organization/usage/limits/users', org.owner.key, { users: [{ email: member.email, limit: 1000 }] });
    const checks = () => Promise.all([checkBudgets(server.store.db), checkBudgets(server.store.db), ...(replica ? [checkBudgets(replica.db)] : [])]);
    const warnings = async () => (await eventsOf(org.id, 'member.limit_warning')).map((event) => event.payload);
    const month = new Date().toISOString().slice(0, 7);

    await send(org, [usage(member, 700)]);
    await checks();
    expect(await warnings()).toEqual([]);
    await send(org, [usage(member, 100)]);
    await checks();
    await checks();
    expect(await warnings()).toEqual([{ userId: member.id, month, limit: 1000, used: 800, threshold: 75 }]);
    await send(org, [usage(member, 150)]);
    await checks();
    expect((await warnings()).map((payload) => [payload.threshold, payload.used])).toEqual([
      [75, 800],
      [90, 950],
    ]);
    await send(org, [usage(member, 100)]);
    await checks();
    expect(await warnings()).toHaveLength(2);
    expect((await eventsOf(org.id, 'member.limit_reached')).map((event) => event.payload)).toEqual([{ userId: member.id, month, limit: 1000, used: 1050 }]);
  });

  it('keeps crossings when the amount changes: a raised amount announces nothing again, a lowered one what it newly reaches', async () => {
    const org = await createOrganization(server);
    const budget = (await ok('POST', '/api/v0/budgets', org.owner.key, { scope: 'organization', unit: 'credits', amount: 100 }, 201)).budget;
    await send(org, [usage(org.users.member, 60)]);
    await checkBudgets(server.store.db);
    const thresholds = async () => (await eventsOf(org.id, 'budget.threshold_crossed')).map((event) => event.payload.threshold);
    expect(await thresholds()).toEqual([50]);
    await ok('PATCH', `/api/v0/budgets/${budget.id}`, org.owner.key, { amount: 1000 });
    await send(org, [usage(org.users.member, 440)]);
    await checkBudgets(server.store.db);
    expect(await thresholds()).toEqual([50]);
    await ok('PATCH', `/api/v0/budgets/${budget.id}`, org.owner.key, { amount: 600 });
    await checkBudgets(server.store.db);
    expect(await thresholds()).toEqual([50, 80]);
    await ok('PATCH', `/api/v0/budgets/${budget.id}`, org.owner.key, { thresholds: [50, 70, 80] });
    await checkBudgets(server.store.db);
    expect(await thresholds()).toEqual([50, 80, 70]);
  });

  it("checks the month before on a month's first day, so its last minutes' usage is announced", async () => {
    const org = await createOrganization(server);
    await ok('POST', '/api/v0/budgets', org.owner.key, { scope: 'organization', unit: 'credits', amount: 10, thresholds: [100] }, 201);
    // Last month's first day (the server's own check, at the real time, never looks that far back).
    const thisMonth = new Date();
    const firstOfMonth = Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 1, 1);
    const previousMonth = new Date(firstOfMonth - 1).toISOString().slice(0, 7);
    await send(org, [usage(org.users.member, 12, new Date(firstOfMonth - 60_000))]);
    // A pass on a later day of the month looks at its own month only.
    await checkBudgets(server.store.db, new Date(firstOfMonth + 86_400_000 + 3_600_000));
    expect(await eventsOf(org.id, 'budget.threshold_crossed')).toEqual([]);
    await checkBudgets(server.store.db, new Date(firstOfMonth + 3_600_000));
    const crossed = await eventsOf(org.id, 'budget.threshold_crossed');
    expect(crossed.map((event) => event.payload)).toEqual([expect.objectContaining({ month: previousMonth, threshold: 100, spent: 12 })]);
  });

  it('delivers budget.threshold_crossed to a subscribed endpoint, signed', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const org = await createOrganization(server);
      const { secret } = await ok('POST', '/api/v0/webhooks', org.owner.key, { url: `${receiver.url}/hook`, eventTypes: ['budget.threshold_crossed', 'member.limit_reached'] }, 201);
      const budget = (await ok('POST', '/api/v0/budgets', org.owner.key, { scope: 'organization', unit: 'credits', amount: 10, thresholds: [100] }, 201)).budget;
      await send(org, [usage(org.users.member, 12)]);
      await checkBudgets(server.store.db);
      await deliverWebhooks(webhookDeliveryOptions(server.app.services));
      const mine = receiver.received.map((got) => new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ type: 'budget.threshold_crossed', data: { organizationId: org.id, budgetId: budget.id, threshold: 100, spent: 12, amount: 10, unit: 'credits', scope: 'organization' } });
    } finally {
      await receiver.close();
    }
  });
});
