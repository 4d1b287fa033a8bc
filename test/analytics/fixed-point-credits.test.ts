import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents, runRollups } from './helpers.js';

// Credits are fixed point from ingestion to answer: sums that floating point gets wrong
// (ten times 0.1) come out exact in the credit limits' `used`, analytics JSON and CSV.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', MODEL_CATALOGUE: JSON.stringify({ pricey: 1.1 }) });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

const call = (id: string, day: string, fields: Record<string, unknown>) => ({
  id, type: 'model_call', timestamp: `${day}T10:00:00Z`, sessionId: 's', client: 'web', modelId: 'm', modelTier: 'standard',
  inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, ...fields,
});

describe('credits in fixed point', () => {
  it('sums exactly in used, analytics JSON and CSV, whatever the order', async () => {
    const day = daysAgo(1);
    // 10 x 0.1 + 3 cache reads (0.3) + 3 tokens at x1.1 (3.3): 4.6 exactly.
    const events = [
      ...Array.from({ length: 10 }, (_, i) => call(`tenth-${i}`, day, { billableTokens: 0.1 })),
      call('cache', day, { cacheReadTokens: 3 }),
      call('pricey', day, { modelId: 'pricey', inputTokens: 3 }),
    ];
    const now = new Date(Date.now() - 60_000).toISOString();
    const thisMonth = events.map((event) => ({ ...event, id: `now-${event.id}`, timestamp: now }));
    for (const batch of [events.slice(0, 5).reverse(), events.slice(5), thisMonth.reverse()]) expect((await postEvents(server, org.owner.key, batch)).statusCode).toBe(202);
    await server.app.inject({ method: 'PUT', url: '/api/v0/organization/usage/limits/users', headers: auth(org.owner.key), payload: { users: [{ email: org.owner.email, limit: 100 }] } });
    const limits = json(await server.app.inject({ method: 'GET', url: '/api/v0/organization/usage/limits/users', headers: auth(org.owner.key) }));
    // `day` (yesterday) is in this month too unless today is the 1st.
    expect(limits.userLimits[0].used).toBe(day.slice(0, 7) === now.slice(0, 7) ? 9.2 : 4.6);

    await runRollups(server);
    const url = `/api/v1/analytics/tokens?startDate=${day}&endDate=${day}`;
    const tokens = json(await server.app.inject({ method: 'GET', url, headers: auth(org.owner.key) })).data[0];
    expect(tokens.billable_tokens).toBe(4.6);
    expect(tokens.by_model.map((model: { model_id: string; billable_tokens: number }) => [model.model_id, model.billable_tokens])).toEqual([['pricey', 3.3], ['m', 1.3]]);
    const csv = await server.app.inject({ method: 'GET', url, headers: { ...auth(org.owner.key), accept: 'text/csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',4.6,');
    expect(csv.body).not.toMatch(/\d\.\d{7,}/);
  });
});
