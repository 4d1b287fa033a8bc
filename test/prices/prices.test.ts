import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, eventArb, expectClose, exportedEventArb, materialize, runRollups, sendEvents } from '../analytics/helpers.js';
import { DATASET_PRICES, grouped, Reference, type RefEvent, type RefPrice } from '../analytics/reference.js';

// Prices (docs/prices.md): the cost of every model call at the organization's prices, against the
// reference's own computation (test/analytics/reference.ts) — the dataset's list prices by default,
// the organization's own prices, its discount and currency — and the price table's endpoints.

let server: TestServer;
const HISTORY_START = daysAgo(20);
const [START, END] = [daysAgo(11), daysAgo(1)];
const RANGE = `startDate=${START}&endDate=${END}`;

/** Every event type, every model of the pool (priced by the dataset, by nobody), with and without agent products and reported costs. */
const EVENTS = fc.sample(fc.oneof(eventArb(10, 100_000), exportedEventArb(10, 100_000)), { numRuns: 400, seed: 19 });

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: HISTORY_START });
}, 60_000);
afterAll(async () => server.close());

/** A new organization with the events, aggregated; its events as the reference sees them. */
async function organizationWithEvents(): Promise<{ org: TestOrganization; events: RefEvent[] }> {
  const org = await createOrganization(server);
  const users = [org.users.owner, org.users.manager, org.users.member, org.users.guest];
  const made = EVENTS.map((generated) => materialize(generated, users, 'p-'));
  await sendEvents(server, org, made);
  await runRollups(server);
  return { org, events: made.map((event) => event.ref) };
}

function referenceOf(org: TestOrganization, events: RefEvent[], prices?: { discount: number; models: Record<string, RefPrice> }) {
  const ref = new Reference({ historyStart: HISTORY_START, catalogue: {}, emails: Object.fromEntries(Object.values(org.users).map((user) => [user.id, user.email])), prices });
  ref.add(events);
  return ref;
}

async function get(key: string, url: string) {
  const response = await server.app.inject({ url, headers: auth(key) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** Every answer with costs equals the reference's, in `currency`. */
async function expectCostsOf(org: TestOrganization, ref: Reference, currency: string) {
  const key = org.users.manager.key;
  const cases: [string, unknown][] = [
    ['tokens', ref.tokens(START, END)],
    ['tokens&group_by=model', grouped(ref.tokens(START, END), (r) => r.by_model.map((m) => ({ group_key: m.model_id, billable_tokens: m.billable_tokens, input_tokens: m.input_tokens, output_tokens: m.output_tokens, cost: m.cost, reported_cost_usd: m.reported_cost_usd })))],
    ['tokens&group_by=agent', ref.byAgent('tokens', START, END)],
  ];
  for (const [path, expected] of cases) {
    const [endpoint, extra] = path.split('&');
    const response = await get(key, `/api/v1/analytics/${endpoint}?${RANGE}${extra ? `&${extra}` : ''}`);
    expect(response.json().meta.currency, path).toBe(currency);
    expect(response.headers['x-currency']).toBe(currency);
    expectClose(response.json().data, expected, path);
  }
  const users = (await get(key, `/api/v1/analytics/users?${RANGE}&limit=100`)).json();
  expect(users.meta.currency).toBe(currency);
  expectClose(users.data, ref.users(START, END), 'users');
}

const priceTable = async (key: string) => (await get(key, '/api/v0/organization/prices')).json();
const patch = (key: string, payload: object) => server.app.inject({ method: 'PATCH', url: '/api/v0/organization/prices', headers: auth(key), payload });
const putModels = (key: string, models: object[]) => server.app.inject({ method: 'PUT', url: '/api/v0/organization/prices/models', headers: auth(key), payload: { models } });

const OWN: RefPrice = { input: 2, output: 8.5, cacheRead: 0.25, cacheWrite: 2.125 };
const SONNET_DEAL: RefPrice = { input: 2.5, output: 12, cacheRead: 0.2, cacheWrite: 3 };

describe('cost of model calls', () => {
  it("prices every call at the dataset's list prices by default; a model without a price is null, never zero, and named", async () => {
    const { org, events } = await organizationWithEvents();
    const ref = referenceOf(org, events);
    await expectCostsOf(org, ref, 'USD');

    const tokens = (await get(org.users.manager.key, `/api/v1/analytics/tokens?${RANGE}`)).json();
    const models = tokens.data.flatMap((row: { by_model: { model_id: string; cost: number | null }[] }) => row.by_model);
    expect(models.filter((m: { model_id: string }) => m.model_id === 'm-a').every((m: { cost: unknown }) => m.cost === null)).toBe(true);
    expect(models.some((m: { model_id: string; cost: number | null }) => m.model_id === 'claude-sonnet-4-5' && m.cost! > 0)).toBe(true);
    expect(tokens.data.some((row: { unpriced_models: string[] }) => row.unpriced_models.includes('m-a'))).toBe(true);

    const table = await priceTable(org.users.member.key);
    expect(table).toMatchObject({ currency: 'USD', discount: 1, dataset: { package: '@pydantic/genai-prices' }, unpricedModels: ['M-c', 'm-a', 'm-b'] });
    expect(table.models.map((m: { modelId: string; source: string | null }) => [m.modelId, m.source])).toEqual([
      ['M-c', null],
      ['claude-sonnet-4-5', 'dataset'],
      ['gpt-5', 'dataset'],
      ['m-a', null],
      ['m-b', null],
    ]);
    expect(table.models.find((m: { modelId: string }) => m.modelId === 'gpt-5').prices).toEqual(DATASET_PRICES['gpt-5']);
    expect(table.models.every((m: { lastUsed: string }) => m.lastUsed >= START && m.lastUsed <= END)).toBe(true);
  });

  it("keeps the cost the agents reported beside the one at the organization's prices", async () => {
    const { org, events } = await organizationWithEvents();
    const expected = referenceOf(org, events).tokens(START, END);
    const rows = (await get(org.users.manager.key, `/api/v1/analytics/tokens?${RANGE}`)).json().data as { reported_cost_usd: number | null; cost: number }[];
    expect(rows.map((row) => [row.cost, row.reported_cost_usd])).toEqual(expected.map((row) => [row.cost, row.reported_cost_usd]));
    // Two figures: what the agents said, and what the calls cost at the organization's prices.
    expect(rows.some((row) => row.reported_cost_usd !== null && row.reported_cost_usd !== row.cost)).toBe(true);
  });

  it('recomputes every day at the next rollup when the discount or a price changes, and only for that organization', async () => {
    const { org, events } = await organizationWithEvents();
    const { org: other, events: otherEvents } = await organizationWithEvents();
    const afterDiscount = await patch(org.users.manager.key, { discount: 0.8 });
    expect(afterDiscount.statusCode, afterDiscount.body).toBe(200);
    expect(afterDiscount.json()).toMatchObject({ currency: 'USD', discount: 0.8 });
    const afterPrices = await putModels(org.owner.key, [
      { modelId: 'm-b', prices: OWN },
      { modelId: 'claude-sonnet-4-5', prices: SONNET_DEAL },
      // Model ids are matched as the events name them: this prices no `M-c` call.
      { modelId: 'm-c', prices: OWN },
    ]);
    expect(afterPrices.statusCode, afterPrices.body).toBe(200);
    expect(afterPrices.json().models.map((m: { modelId: string; source: string | null }) => [m.modelId, m.source])).toEqual([
      ['M-c', null],
      ['claude-sonnet-4-5', 'organization'],
      ['gpt-5', 'dataset'],
      ['m-a', null],
      ['m-b', 'organization'],
      ['m-c', 'organization'],
    ]);
    expect(afterPrices.json().unpricedModels).toEqual(['M-c', 'm-a']);

    await runRollups(server);
    const models = { ...DATASET_PRICES, 'm-b': OWN, 'claude-sonnet-4-5': SONNET_DEAL, 'm-c': OWN };
    await expectCostsOf(org, referenceOf(org, events, { discount: 0.8, models }), 'USD');
    await expectCostsOf(other, referenceOf(other, otherEvents), 'USD');
    expect((await priceTable(other.owner.key)).models.some((m: { source: string }) => m.source === 'organization')).toBe(false);

    // null: back to the dataset's price.
    expect((await putModels(org.owner.key, [{ modelId: 'claude-sonnet-4-5', prices: null }])).statusCode).toBe(200);
    await runRollups(server);
    await expectCostsOf(org, referenceOf(org, events, { discount: 0.8, models: { ...models, 'claude-sonnet-4-5': DATASET_PRICES['claude-sonnet-4-5']! } }), 'USD');
  });

  it("prices in another currency with the organization's own prices only, and says which", async () => {
    const { org, events } = await organizationWithEvents();
    expect((await patch(org.owner.key, { currency: 'EUR' })).statusCode).toBe(200);
    expect((await putModels(org.owner.key, [{ modelId: 'gpt-5', prices: OWN }])).statusCode).toBe(200);
    await runRollups(server);
    await expectCostsOf(org, referenceOf(org, events, { discount: 1, models: { 'gpt-5': OWN } }), 'EUR');
    expect((await priceTable(org.owner.key)).unpricedModels).toEqual(['M-c', 'claude-sonnet-4-5', 'm-a', 'm-b']);

    const csv = await server.app.inject({ url: `/api/v1/analytics/tokens?${RANGE}`, headers: { ...auth(org.owner.key), accept: 'text/csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-currency']).toBe('EUR');
    const [header, ...lines] = csv.body.trim().split('\r\n');
    const columns = header!.split(',');
    expect(columns).toContain('cost');
    const costs = lines.map((line) => Number(line.split(',')[columns.indexOf('cost')]));
    expect(costs).toEqual(referenceOf(org, events, { discount: 1, models: { 'gpt-5': OWN } }).tokens(START, END).map((row) => row.cost));

    const users = await server.app.inject({ url: `/api/v1/analytics/users?${RANGE}&limit=100`, headers: { ...auth(org.owner.key), accept: 'text/csv' } });
    expect(users.headers['x-currency']).toBe('EUR');
    expect(users.body.split('\r\n')[0]!.split(',')).toEqual(expect.arrayContaining(['cost', 'unpriced_models', 'reported_cost_usd']));
  });
});

describe('the price table', () => {
  let org: TestOrganization;
  beforeAll(async () => {
    org = await createOrganization(server);
  });

  it('lists the dataset: current models of the major vendors, with the list prices the reference uses', async () => {
    const body = (await get(org.users.member.key, '/api/v0/organization/prices/dataset')).json();
    expect(body.currency).toBe('USD');
    expect(body.dataset.package).toBe('@pydantic/genai-prices');
    const byId = new Map(body.models.map((m: { modelId: string; price: RefPrice }) => [m.modelId, m.price]));
    for (const [modelId, price] of Object.entries(DATASET_PRICES)) expect(byId.get(modelId), modelId).toEqual(price);
    expect(new Set(body.models.map((m: { vendor: string }) => m.vendor))).toEqual(new Set(['anthropic', 'openai', 'google', 'mistral', 'x-ai', 'deepseek']));
  });

  it('is read by members and up, and changed by owners and managers only', async () => {
    expect((await get(org.users.member.key, '/api/v0/organization/prices')).json()).toMatchObject({ currency: 'USD', discount: 1, models: [], unpricedModels: [] });
    expectError(await server.app.inject({ url: '/api/v0/organization/prices', headers: auth(org.users.guest.key) }), 403);
    expectError(await server.app.inject({ url: '/api/v0/organization/prices/dataset', headers: auth(org.users.guest.key) }), 403);
    expectError(await patch(org.users.member.key, { discount: 0.5 }), 403);
    expectError(await putModels(org.users.member.key, [{ modelId: 'x', prices: OWN }]), 403);
    expectError(await server.app.inject({ url: '/api/v0/organization/prices' }), 401);
    const manager = await addUser(server, org.owner.key, 'manager');
    expect((await patch(manager.key, { discount: 0.5 })).json().discount).toBe(0.5);
    expect((await priceTable(org.owner.key)).discount).toBe(0.5);
  });

  it('answers 400 to bad values and writes nothing', async () => {
    const before = await priceTable(org.owner.key);
    for (const payload of [{}, { currency: 'eur' }, { currency: 'EURO' }, { discount: -0.1 }, { discount: 11 }, { discount: '1' }, { discount: 1, extra: true }]) {
      expectError(await patch(org.owner.key, payload), 400);
    }
    const valid = { modelId: 'ok-model', prices: OWN };
    for (const models of [
      [],
      [valid, { modelId: 'ok-model', prices: null }],
      [valid, { modelId: 'x', prices: { ...OWN, input: 0.0000001 } }],
      [valid, { modelId: 'x', prices: { ...OWN, output: -1 } }],
      [valid, { modelId: 'x', prices: { input: 1, output: 1, cacheRead: 1 } }],
      [valid, { modelId: '', prices: OWN }],
      [valid, { modelId: 'x\u0001', prices: OWN }],
      [valid, { modelId: 'x', prices: OWN, note: 'no' }],
    ]) {
      expectError(await putModels(org.owner.key, models), 400);
    }
    const duplicate = expectError(await putModels(org.owner.key, [valid, { modelId: 'ok-model', prices: null }]), 400);
    expect(duplicate.errors).toEqual([{ path: '/models/1/modelId', message: 'appears twice' }]);
    expect(await priceTable(org.owner.key)).toEqual(before);
  });

  it("never shows or changes another organization's prices", async () => {
    const other = await createOrganization(server);
    expect((await putModels(other.owner.key, [{ modelId: 'secret-model', prices: OWN }])).statusCode).toBe(200);
    expect((await patch(other.owner.key, { currency: 'GBP' })).statusCode).toBe(200);
    const mine = await priceTable(org.owner.key);
    expect(mine.currency).toBe('USD');
    expect(mine.models.some((m: { modelId: string }) => m.modelId === 'secret-model')).toBe(false);
  });
});
