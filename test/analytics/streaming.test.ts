import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, auth, createOrganization, expectError, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { asCsvCells, csvRecords } from '../cli/helpers.js';
import { daysAgo, eventArb, expectClose, materialize, postEvents, runRollups } from './helpers.js';
import { Reference, type RefEvent } from './reference.js';

// Long answers are read in chunks (a month of days, a few users per query) and streamed
// (docs/analytics.md): over ranges of many chunks they still equal the reference, as the text
// JSON.stringify would write; /users finds its pages through the list of users with activity,
// users with gaps in their activity included; and JSON and CSV answers over 1 KB are compressed
// when the client asks.

const HISTORY_START = daysAgo(200);
const CATALOGUE = { 'm-a': 2, 'M-c': 0.5, 'm-b': 1.1 };
const YEAR = `startDate=${daysAgo(365)}&endDate=${daysAgo(1)}`;

let server: TestServer;
let org: TestOrganization;
let ref: Reference;
/** Busy users, then users with a few days of activity far apart. */
let busy: Caller[];
let sparse: Caller[];
let yearOfReference: Record<'tokens' | 'tools' | 'activity' | 'productivity', unknown[]> | undefined;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: HISTORY_START, MODEL_CATALOGUE: JSON.stringify(CATALOGUE) });
  org = await createOrganization(server, 'Long ranges');
  // 20 users: more than one query's worth of users over 200 days (src/analytics/read.ts).
  const extra = await Promise.all(Array.from({ length: 16 }, () => addUser(server, org.owner.key, 'member')));
  busy = [org.users.owner, org.users.manager, org.users.member, ...extra.slice(0, 14)];
  sparse = [org.users.guest, ...extra.slice(14)];
  ref = new Reference({ historyStart: HISTORY_START, catalogue: CATALOGUE, emails: Object.fromEntries([...busy, ...sparse].map((u) => [u.id, u.email])) });

  const random = fc.sample(eventArb(200, 10_000_000), { numRuns: 2000, seed: 11 }).map((g, i) => materialize({ ...g, user: i }, busy, 'busy-'));
  // Each sparse user is active on two or three days far apart: before, inside and after the gap ranges below.
  const sparseDays = [[190, 20], [150, 90, 3], [60, 2]];
  const sessions = sparse.flatMap((user, u) =>
    sparseDays[u]!.map((ago) => materialize({ id: u * 1000 + ago, daysAgo: ago, msOfDay: 3_600_000, offset: null, user: u, byEmail: false, session: 's1', client: 'web', body: { type: 'session_start' } }, sparse, 'sparse-')),
  );
  const all = [...random, ...sessions];
  for (let i = 0; i < all.length; i += 1000) {
    expect((await postEvents(server, org.owner.key, all.slice(i, i + 1000).map((m) => m.wire))).statusCode).toBe(202);
  }
  ref.add(all.map((m) => m.ref as RefEvent));
  await runRollups(server);
  // The reference's year of every endpoint, computed once here: seconds on a busy machine, which
  // the test of the answers below should not spend.
  const [start, end] = [daysAgo(365), daysAgo(1)];
  yearOfReference = { tokens: ref.tokens(start, end), tools: ref.tools(start, end), activity: ref.activity(start, end), productivity: ref.productivity(start, end) };
}, 180_000);
afterAll(async () => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url: `/api/v1/analytics/${url}`, headers: { ...auth(org.users.manager.key), ...headers } });

describe('per-day endpoints over many chunks of days', () => {
  it('answer every day of the range, as the reference, in the text JSON.stringify writes', async () => {
    const [start, end] = [daysAgo(365), daysAgo(1)];
    const expected = yearOfReference!;
    for (const [endpoint, rows] of Object.entries(expected)) {
      const response = await get(`${endpoint}?${YEAR}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json();
      expect(response.body, endpoint).toBe(JSON.stringify(body));
      expect(body.meta).toEqual({ org_id: org.id, start_date: start, end_date: end, ...(endpoint === 'tokens' ? { currency: 'USD' } : {}) });
      expect(body.data).toHaveLength(200);
      expectClose(body.data, rows, endpoint);
    }
  });

  it('streams a long answer, and sends a short one whole', async () => {
    const long = await get(`tokens?${YEAR}`);
    expect(long.body.length).toBeGreaterThan(64 * 1024);
    expect(long.headers['content-length']).toBeUndefined();
    const short = await get(`productivity?startDate=${daysAgo(3)}&endDate=${daysAgo(1)}`);
    expect(short.headers['content-length']).toBe(String(Buffer.byteLength(short.body)));
  });

  it('keeps group_by answers and CSV as they were', async () => {
    const grouped = (await get(`tokens?${YEAR}&group_by=model`)).json();
    const rows = (await get(`tokens?${YEAR}`)).json().data as { date: string; by_model: { model_id: string }[] }[];
    expect(grouped.data).toHaveLength(rows.reduce((sum, row) => sum + row.by_model.length, 0));
    const csv = await get(`productivity?${YEAR}`, { accept: 'text/csv' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvRecords(csv.body)).toHaveLength(200);
  });
});

describe('/users through the list of users with activity', () => {
  async function allPages(dates: string, limit: number, cursor?: string) {
    const rows: { user_id: string }[] = [];
    let next: string | null | undefined = cursor;
    do {
      const body: { data: { user_id: string }[]; meta: { has_more: boolean; next_cursor: string | null } } = (await get(`users?${dates}&limit=${limit}${next ? `&cursor=${encodeURIComponent(next)}` : ''}`)).json();
      const users = [...new Set(body.data.map((row: { user_id: string }) => row.user_id))];
      expect(body.meta.has_more).toBe(body.meta.next_cursor !== null);
      // A page is full, and ends at its cursor, unless it is the last.
      if (body.meta.has_more) expect([users.length, users.at(-1)]).toEqual([limit, body.meta.next_cursor]);
      else expect(users.length).toBeLessThanOrEqual(limit);
      rows.push(...body.data);
      next = body.meta.next_cursor;
    } while (next);
    return rows;
  }

  it('pages through every range as the reference: users with gaps only where they have rows', async () => {
    // The whole history; a range inside the sparse users' gaps; one cut through them.
    for (const [from, to] of [[365, 1], [140, 100], [95, 15], [2, 2]] as const) {
      const dates = `startDate=${daysAgo(from)}&endDate=${daysAgo(to)}`;
      const expected = ref.users(daysAgo(from), daysAgo(to));
      for (const limit of [1, 3, 100]) expectClose(await allPages(dates, limit), expected, `${dates} limit ${limit}`);
    }
    const inGap = new Set((await allPages(`startDate=${daysAgo(140)}&endDate=${daysAgo(100)}`, 100)).map((row) => row.user_id));
    expect(sparse.filter((user) => inGap.has(user.id))).toEqual([]);
  });

  it('takes any string as a cursor: the users whose id sorts after it in byte order', async () => {
    const expected = ref.users(daysAgo(365), daysAgo(1));
    const ids = [...new Set(expected.map((row) => row.user_id))];
    for (const cursor of [`${ids[2]}`, `${ids[2]}-`, ids[5]!.slice(0, 3), '', '\u00e9']) {
      const after = expected.filter((row) => Buffer.compare(Buffer.from(row.user_id), Buffer.from(cursor)) > 0);
      expectClose(await allPages(YEAR, 4, cursor || undefined), after, `cursor ${cursor}`);
    }
  });

  it('streams a page of JSON and of CSV with the same rows', async () => {
    const dates = `${YEAR}&limit=100`;
    const json = await get(`users?${dates}`);
    expect(json.body.length).toBeGreaterThan(64 * 1024);
    expect(json.headers['content-length']).toBeUndefined();
    expect(json.body).toBe(JSON.stringify(json.json()));
    const csv = await get(`users?${dates}`, { accept: 'text/csv' });
    expect(csv.headers['content-length']).toBeUndefined();
    expect(csvRecords(csv.body)).toEqual(json.json().data.map(asCsvCells));
  });
});

describe('compression', () => {
  const decoders = { gzip: gunzipSync, br: brotliDecompressSync };

  it('compresses JSON and CSV answers over 1 KB for gzip and br, streamed or not, to the same text', async () => {
    for (const url of [`tokens?${YEAR}`, `users?${YEAR}&limit=100`, `tools?startDate=${daysAgo(30)}&endDate=${daysAgo(1)}`]) {
      for (const accept of ['application/json', 'text/csv']) {
        const plain = await get(url, { accept });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body.length).toBeGreaterThan(1024);
        for (const [encoding, decode] of Object.entries(decoders)) {
          const compressed = await get(url, { accept, 'accept-encoding': encoding });
          expect(compressed.statusCode).toBe(200);
          expect(compressed.headers['content-encoding'], `${url} ${accept} ${encoding}`).toBe(encoding);
          expect(compressed.headers['content-type']).toBe(plain.headers['content-type']);
          expect(compressed.headers.vary).toContain('accept-encoding');
          expect(compressed.rawPayload.length).toBeLessThan(plain.body.length);
          expect(decode(compressed.rawPayload).toString('utf8')).toBe(plain.body);
        }
      }
    }
  });

  it('prefers br when both are accepted, and sends identity when neither is', async () => {
    expect((await get(`tokens?${YEAR}`, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    const identity = await get(`tokens?${YEAR}`, { 'accept-encoding': 'deflate, identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().data).toHaveLength(200);
  });

  it('sends a small answer and an error body as they are', async () => {
    const small = await get(`productivity?startDate=${daysAgo(1)}&endDate=${daysAgo(1)}`, { 'accept-encoding': 'gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data).toHaveLength(1);
    const error = await server.app.inject({ method: 'GET', url: `/api/v1/analytics/tokens?${YEAR}`, headers: { 'accept-encoding': 'gzip' } });
    expect(error.headers['content-encoding']).toBeUndefined();
    expectError(error, 401);
  });

  it('compresses other JSON answers too (the OpenAPI document)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8')).openapi).toBe('3.1.0');
  });
});
