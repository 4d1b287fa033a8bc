import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, eventArb, expectClose, exportedEventArb, materialize, postEvents, runRollups, sendEvents, type GeneratedEvent } from './helpers.js';
import { grouped, Reference } from './reference.js';

// Property tests: for random event sets and random ranges, every endpoint and group_by equals the
// plain reference of decisions.md §4; replays change nothing; late events show after the rollup
// (and not before); another organization's events never show. Events come from Quarterdeck's own
// clients and from exporters' translations (several agent products, client and autonomy sometimes
// left out).

// Events fall on the last 10 days, so most days in a range have several of each kind; the history
// start cuts through them (earlier events still count in WAU/MAU windows).
const HISTORY_START = daysAgo(7);
const CATALOGUE = { 'm-a': 2, 'M-c': 0.5, 'm-b': 1.1 };

let server: TestServer;
let other: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: HISTORY_START, MODEL_CATALOGUE: JSON.stringify(CATALOGUE) });
  // Another organization, busy on every day the properties look at.
  other = await createOrganization(server, 'Noise');
  const noise = fc.sample(eventArb(12, 100_000), { numRuns: 600, seed: 7 }).map((g) => materialize(g, Object.values(other.users), 'noise-').wire);
  expect((await postEvents(server, other.owner.key, noise)).statusCode).toBe(202);
}, 60_000);
afterAll(async () => server.close());

async function get(key: string, path: string) {
  const response = await server.app.inject({ method: 'GET', url: `/api/v1/analytics/${path}`, headers: auth(key) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function expectMatchesReference(org: TestOrganization, ref: Reference, start: string, end: string, pageLimit: number) {
  const key = org.users.manager.key;
  const dates = `startDate=${start}&endDate=${end}`;
  const meta = { org_id: org.id, start_date: start, end_date: end };
  const cases: [string, unknown][] = [
    ['tokens', ref.tokens(start, end)],
    ['tools', ref.tools(start, end)],
    ['activity', ref.activity(start, end)],
    ['productivity', ref.productivity(start, end)],
    ['tokens&group_by=model', grouped(ref.tokens(start, end), (r) => r.by_model.map((m) => ({ group_key: m.model_id, billable_tokens: m.billable_tokens, input_tokens: m.input_tokens, output_tokens: m.output_tokens, cost: m.cost, reported_cost_usd: m.reported_cost_usd })))],
    ['tools&group_by=tool_name', grouped(ref.tools(start, end), (r) => r.by_tool.map((t) => ({ group_key: t.tool, tool_calls: t.invocations })))],
    ['activity&group_by=client', grouped(ref.activity(start, end), (r) => Object.entries(r.daily_active_users_by_client).filter(([, n]) => n > 0).map(([c, n]) => ({ group_key: c, daily_active_users: n })))],
    ['tokens&group_by=agent', ref.byAgent('tokens', start, end)],
    ['tools&group_by=agent', ref.byAgent('tools', start, end)],
    ['activity&group_by=agent', ref.byAgent('activity', start, end)],
    ['productivity&group_by=agent', ref.byAgent('productivity', start, end)],
  ];
  for (const [path, expected] of cases) {
    const [endpoint, extra] = path.split('&');
    const body = await get(key, `${endpoint}?${dates}${extra ? `&${extra}` : ''}`);
    // Rows with costs name their currency.
    expect(body.meta).toEqual(endpoint === 'tokens' ? { ...meta, currency: 'USD' } : meta);
    expectClose(body.data, expected, path);
  }
  // /users: follow the cursor to the end; each page holds at most `pageLimit` users.
  const rows: unknown[] = [];
  let cursor: string | null = null;
  do {
    const body = await get(key, `users?${dates}&limit=${pageLimit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(new Set(body.data.map((r: { user_id: string }) => r.user_id)).size).toBeLessThanOrEqual(pageLimit);
    expect(body.meta.has_more).toBe(body.meta.next_cursor !== null);
    rows.push(...body.data);
    cursor = body.meta.next_cursor;
  } while (cursor);
  expectClose(rows, ref.users(start, end), 'users');
}

const anyEvent = (maxDaysAgo: number, idPool: number) => fc.oneof(eventArb(maxDaysAgo, idPool), exportedEventArb(maxDaysAgo, idPool));

const scenario = fc.record({
  batches: fc.array(fc.array(anyEvent(10, 300), { minLength: 1, maxLength: 150, size: 'max' }), { minLength: 1, maxLength: 3 }),
  late: fc.array(anyEvent(10, 1000), { minLength: 1, maxLength: 10 }),
  range: fc.integer({ min: 1, max: 11 }).chain((startAgo) => fc.tuple(fc.constant(startAgo), fc.integer({ min: 1, max: startAgo }))),
  pageLimit: fc.integer({ min: 1, max: 3 }),
});

it('every endpoint equals the reference, through replays and late events', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ batches, late, range, pageLimit }) => {
      const org = await createOrganization(server);
      const users = [org.users.owner, org.users.manager, org.users.member, org.users.guest];
      const ref = new Reference({ historyStart: HISTORY_START, catalogue: CATALOGUE, emails: Object.fromEntries(users.map((u) => [u.id, u.email])) });
      const [start, end] = [daysAgo(range[0]), daysAgo(range[1])];
      const send = async (events: GeneratedEvent[], prefix: string) => {
        const made = events.map((g) => materialize(g, users, prefix));
        return { body: await sendEvents(server, org, made), refEvents: made.map((m) => m.ref) };
      };

      for (const batch of batches) {
        const { body, refEvents } = await send(batch, 'ev-');
        const [accepted, duplicates] = ref.add(refEvents);
        expect(body).toEqual({ accepted, duplicates });
      }
      await runRollups(server);
      await expectMatchesReference(org, ref, start, end, pageLimit);

      // Replays store nothing and change nothing.
      for (const batch of batches) expect((await send(batch, 'ev-')).body).toEqual({ accepted: 0, duplicates: batch.length });
      await runRollups(server);
      await expectMatchesReference(org, ref, start, end, pageLimit);

      // Late events: invisible until the rollup has run, then counted.
      const { refEvents: lateRef } = await send(late, 'late-');
      await expectMatchesReference(org, ref, start, end, pageLimit);
      ref.add(lateRef);
      await runRollups(server);
      await expectMatchesReference(org, ref, start, end, pageLimit);
    }),
    { numRuns: 12, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 1_000_000), endOnFailure: true },
  );
}, 240_000);
