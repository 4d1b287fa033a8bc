import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimPendingDays, markDaysPending, releasePendingDay } from '../../src/analytics/pending-days.js';
import { runPendingRollups } from '../../src/analytics/rollup.js';
import { startJob } from '../../src/jobs/job.js';
import { rollupJob } from '../../src/jobs/rollup.js';
import { ActivityRow, ProductivityRow, TokenRow, ToolRow, UserRow } from '../../src/analytics/schemas.js';
import { parseDay } from '../../src/domain/dates.js';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents, runRollups, today } from './helpers.js';

// The analytics endpoints' rules beyond the metric definitions: dates, history start, limits,
// paging, reading only aggregated days; and the daily batch (pending days, claims, the timer).

const HISTORY_START = daysAgo(30);

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: HISTORY_START });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

const get = (url: string, key = org.owner.key) => server.app.inject({ method: 'GET', url: `/api/v1/analytics/${url}`, headers: auth(key) });
const ENDPOINTS = ['tokens', 'tools', 'activity', 'productivity', 'users'];
let sequence = 0;
const event = (day: string, extra: Record<string, unknown> = {}) => ({ id: `e-${++sequence}`, type: 'session_start', timestamp: `${day}T10:00:00Z`, sessionId: 's', client: 'web', ...extra });

describe('date rules', () => {
  const range = (start: string, end: string) => `startDate=${start}&endDate=${end}`;

  it('answers 400 to malformed and impossible dates on every endpoint', async () => {
    for (const endpoint of ENDPOINTS) {
      for (const [start, end, path] of [
        ['2026-1-5', daysAgo(1), 'querystring/startDate'],
        ['2026-02-30', daysAgo(1), 'querystring/startDate'],
        [daysAgo(3), '20260101', 'querystring/endDate'],
        [daysAgo(3), 'yesterday', 'querystring/endDate'],
      ] as const) {
        const body = expectError(await get(`${endpoint}?${range(start, end)}`), 400);
        expect(body.errors?.[0]?.path).toBe(path);
      }
      expectError(await get(`${endpoint}?endDate=${daysAgo(1)}`), 400);
      expectError(await get(`${endpoint}?startDate=${daysAgo(1)}`), 400);
    }
  });

  it('answers 400 when startDate is after endDate', async () => {
    expectError(await get(`tokens?${range(daysAgo(1), daysAgo(2))}`), 400);
  });

  it('answers 400 to today or later, naming the 24-hour data lag', async () => {
    for (const endpoint of ENDPOINTS) {
      const body = expectError(await get(`${endpoint}?${range(daysAgo(3), today())}`), 400);
      expect(body.detail).toContain('24-hour');
      expectError(await get(`${endpoint}?${range(today(), today())}`), 400);
      expectError(await get(`${endpoint}?${range(daysAgo(1), daysAgo(-5))}`), 400);
    }
  });

  it('answers one zero row per day, echoing the requested dates in meta', async () => {
    const response = await get(`productivity?${range(daysAgo(3), daysAgo(1))}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [3, 2, 1].map((n) => ({ date: daysAgo(n), files_created: 0, files_edited: 0, by_extension: [], by_language: [], git_commits: 0, git_prs_created: 0 })),
      meta: { org_id: org.id, start_date: daysAgo(3), end_date: daysAgo(1) },
    });
  });

  it('leaves out days before the history start; a range wholly before it is 200 with no rows', async () => {
    const before = await get(`activity?${range(daysAgo(60), daysAgo(31))}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ data: [], meta: { org_id: org.id, start_date: daysAgo(60), end_date: daysAgo(31) } });
    const across = (await get(`tools?${range(daysAgo(40), daysAgo(29))}`)).json();
    expect(across.data.map((row: { date: string }) => row.date)).toEqual([daysAgo(30), daysAgo(29)]);
    const users = (await get(`users?${range(daysAgo(60), daysAgo(31))}`)).json();
    expect(users).toEqual({ data: [], meta: { org_id: org.id, start_date: daysAgo(60), end_date: daysAgo(31), currency: 'USD', has_more: false, next_cursor: null } });
  });

  it('answers 400 to an unknown group_by (values are case-sensitive) and ignores unknown parameters', async () => {
    expectError(await get(`tokens?${range(daysAgo(2), daysAgo(1))}&group_by=tool_name`), 400);
    expectError(await get(`tools?${range(daysAgo(2), daysAgo(1))}&group_by=model`), 400);
    expectError(await get(`activity?${range(daysAgo(2), daysAgo(1))}&group_by=Client`), 400);
    // /productivity has a group_by since the agent dimension: other values are 400 there too.
    expectError(await get(`productivity?${range(daysAgo(2), daysAgo(1))}&group_by=model`), 400);
    expectError(await get(`tokens?${range(daysAgo(2), daysAgo(1))}&group_by=Agent`), 400);
    expect((await get(`productivity?${range(daysAgo(2), daysAgo(1))}&group_by=agent&colour=blue`)).statusCode).toBe(200);
    expect((await get(`tools?${range(daysAgo(2), daysAgo(1))}&colour=blue`)).statusCode).toBe(200);
  });
});

/** The field names of a value, recursively, in order: what a schema of nested objects and arrays promises. */
function shapeOf(schema: { type?: string; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] }, value: unknown): unknown {
  if (schema.type === 'object' && schema.properties && value && typeof value === 'object') {
    return Object.entries(value).map(([name, inner]) => [name, schema.properties![name] ? shapeOf(schema.properties![name] as never, inner) : 'NOT IN THE SCHEMA']);
  }
  if (schema.type === 'array' && Array.isArray(value)) return value.map((item) => shapeOf(schema.items as never, item));
  return typeof value;
}
function schemaShape(schema: { type?: string; properties?: Record<string, unknown>; items?: unknown }, value: unknown): unknown {
  if (schema.type === 'object' && schema.properties) {
    return Object.entries(schema.properties).map(([name, inner]) => [name, schemaShape(inner as never, (value as Record<string, unknown>)?.[name])]);
  }
  if (schema.type === 'array') return Array.isArray(value) ? value.map((item) => schemaShape(schema.items as never, item)) : [];
  return typeof value;
}

describe('answer shape', () => {
  it('answers JSON rows with exactly the documented fields, in the documented order, days with and without events', async () => {
    const shaped = await createOrganization(server, 'Shapes');
    const day = daysAgo(2);
    const events = [
      event(day, { type: 'user_message', autonomyMode: 'spec' }),
      event(day, { type: 'model_call', modelId: 'm', modelTier: 'standard', inputTokens: 5, outputTokens: 3, cacheReadTokens: 10, cacheWriteTokens: 1 }),
      event(day, { type: 'tool_call', tool: 'Read', mcpServer: 'GitHub', autonomyLevel: 'manual' }),
      event(day, { type: 'skill', name: 'review' }),
      event(day, { type: 'slash_command', name: 'compact' }),
      event(day, { type: 'hook', event: 'Stop', matcher: '', command: 'make' }),
      event(day, { type: 'file_edited', path: 'a.ts', language: 'typescript' }),
      event(day, { type: 'git_commit' }),
    ];
    expect((await postEvents(server, shaped.owner.key, events)).statusCode).toBe(202);
    await runRollups(server);
    const schemas = { tokens: TokenRow, tools: ToolRow, activity: ActivityRow, productivity: ProductivityRow, users: UserRow };
    for (const [endpoint, schema] of Object.entries(schemas)) {
      const response = await get(`${endpoint}?startDate=${daysAgo(3)}&endDate=${day}`, shaped.owner.key);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const { data, meta } = response.json() as { data: unknown[]; meta: Record<string, unknown> };
      expect(data.length, endpoint).toBe(endpoint === 'users' ? 1 : 2);
      expect(Object.keys(meta).slice(0, 3)).toEqual(['org_id', 'start_date', 'end_date']);
      for (const row of data) expect(shapeOf(schema as never, row), endpoint).toEqual(schemaShape(schema as never, row));
    }
  });
});

describe('/users paging', () => {
  it('pages by user: limit users per page, next_cursor the last user id, rows by user then date', async () => {
    const team = await createOrganization(server, 'Team');
    const ids = Object.values(team.users).map((u) => u.id).sort();
    const events = Object.values(team.users).flatMap((u) => [event(daysAgo(2), { userId: u.id }), event(daysAgo(1), { userId: u.id })]);
    expect((await postEvents(server, team.owner.key, events)).statusCode).toBe(202);
    await runRollups(server);
    const dates = `startDate=${daysAgo(2)}&endDate=${daysAgo(1)}`;

    const first = (await get(`users?${dates}&limit=3`, team.owner.key)).json();
    expect(first.data.map((r: { user_id: string; date: string }) => [r.user_id, r.date])).toEqual(ids.slice(0, 3).flatMap((id) => [[id, daysAgo(2)], [id, daysAgo(1)]]));
    expect(first.meta).toMatchObject({ has_more: true, next_cursor: ids[2] });
    const second = (await get(`users?${dates}&limit=3&cursor=${first.meta.next_cursor}`, team.owner.key)).json();
    expect(second.data.map((r: { user_id: string }) => r.user_id)).toEqual([ids[3], ids[3]]);
    expect(second.meta).toMatchObject({ has_more: false, next_cursor: null });

    const all = (await get(`users?${dates}`, team.owner.key)).json();
    expect(all.data).toHaveLength(8);
    expect(all.meta.has_more).toBe(false);
    // A cursor is a user id: users whose id sorts after it.
    expect((await get(`users?${dates}&cursor=zzz`, team.owner.key)).json().data).toEqual([]);
  });

  it('answers 400 to a limit outside 1-100', async () => {
    const dates = `startDate=${daysAgo(2)}&endDate=${daysAgo(1)}`;
    for (const limit of ['0', '101', '-1', 'many', '2.5']) expectError(await get(`users?${dates}&limit=${limit}`), 400);
    expect((await get(`users?${dates}&limit=100`)).statusCode).toBe(200);
    const cursor = expectError(await get(`users?${dates}&cursor=%00`), 400);
    expect(cursor.errors?.[0]?.path).toBe('querystring/cursor');
  });
});

describe('the daily batch', () => {
  it('shows only aggregated days: new events appear after the rollup has run', async () => {
    const fresh = await createOrganization(server, 'Fresh');
    const dates = `startDate=${daysAgo(1)}&endDate=${daysAgo(1)}`;
    await postEvents(server, fresh.owner.key, [event(daysAgo(1), { type: 'git_commit' })]);
    expect((await get(`productivity?${dates}`, fresh.owner.key)).json().data[0].git_commits).toBe(0);
    const run = await runRollups(server);
    expect(run.aggregatedDays).toBeGreaterThan(0);
    expect(run.pendingDays).toBe(0);
    expect((await get(`productivity?${dates}`, fresh.owner.key)).json().data[0].git_commits).toBe(1);
  });

  it("keeps today's events pending until the day has ended", async () => {
    const fresh = await createOrganization(server, 'Today');
    await postEvents(server, fresh.owner.key, [{ ...event(today()), timestamp: Date.now() }]);
    await runRollups(server);
    const pending = await server.store.db.selectFrom('analytics_pending_days').select('day').where('organization_id', '=', fresh.id).orderBy('day').execute();
    expect(pending[0]?.day).toBe(today());
    // Later days of its WAU/MAU windows wait too, up to 29 days ahead.
    expect(pending).toHaveLength(30);
  });

  it('a late event refreshes the WAU and MAU of the following 29 days', async () => {
    const fresh = await createOrganization(server, 'Windows');
    const dates = `startDate=${daysAgo(25)}&endDate=${daysAgo(1)}`;
    await postEvents(server, fresh.owner.key, [event(daysAgo(1), { userId: fresh.users.member.id })]);
    await runRollups(server);
    await postEvents(server, fresh.owner.key, [event(daysAgo(25), { userId: fresh.users.guest.id })]);
    await runRollups(server);
    const rows = (await get(`activity?${dates}`, fresh.owner.key)).json().data as { date: string; weekly_active_users: number; monthly_active_users: number }[];
    const at = (n: number) => rows.find((r) => r.date === daysAgo(n))!;
    expect(at(25)).toMatchObject({ weekly_active_users: 1, monthly_active_users: 1 });
    expect(at(19)).toMatchObject({ weekly_active_users: 1, monthly_active_users: 1 });
    expect(at(18)).toMatchObject({ weekly_active_users: 0, monthly_active_users: 1 });
    expect(at(1)).toMatchObject({ weekly_active_users: 1, monthly_active_users: 2 });
  });

  it('a day that changes while it is being aggregated stays pending', async () => {
    const fresh = await createOrganization(server, 'Race');
    const { db } = server.store;
    await markDaysPending(db, fresh.id, [daysAgo(3)]);
    const claimed = (await claimPendingDays(db, today(), 1000)).filter((c) => c.organizationId === fresh.id);
    expect(claimed).toHaveLength(1);
    // Claimed days are not handed out twice.
    expect((await claimPendingDays(db, today(), 1000)).filter((c) => c.organizationId === fresh.id)).toEqual([]);
    await markDaysPending(db, fresh.id, [daysAgo(3)]);
    await releasePendingDay(db, claimed[0]!);
    const again = (await claimPendingDays(db, today(), 1000)).filter((c) => c.organizationId === fresh.id);
    expect(again).toEqual([{ organizationId: fresh.id, day: daysAgo(3), version: expect.any(Number) }]);
    expect(again[0]!.version).toBeGreaterThan(claimed[0]!.version);
    await releasePendingDay(db, again[0]!);
    expect(await db.selectFrom('analytics_pending_days').selectAll().where('organization_id', '=', fresh.id).execute()).toEqual([]);
  });

  it('a lapsed claim cannot release the day once another replica settled it and it was marked again', async () => {
    const fresh = await createOrganization(server, 'Lapsed');
    const { db } = server.store;
    const pending = () => db.selectFrom('analytics_pending_days').select('day').where('organization_id', '=', fresh.id).execute();
    await markDaysPending(db, fresh.id, [daysAgo(3)]);
    const lapsed = (await claimPendingDays(db, today(), 1000)).filter((c) => c.organizationId === fresh.id);
    // Its claimer stalls past the lease; another replica takes the day over and settles it.
    await db.updateTable('analytics_pending_days').set({ claimed_until: new Date(Date.now() - 1000) }).where('organization_id', '=', fresh.id).execute();
    const taken = (await claimPendingDays(db, today(), 1000)).filter((c) => c.organizationId === fresh.id);
    expect(taken).toHaveLength(1);
    await releasePendingDay(db, taken[0]!);
    expect(await pending()).toEqual([]);
    // A late event marks it again; the stalled claimer's release must leave that marking alone.
    await markDaysPending(db, fresh.id, [daysAgo(3)]);
    await releasePendingDay(db, lapsed[0]!);
    expect(await pending()).toEqual([{ day: daysAgo(3) }]);
  });

  it('aggregates each pending day once when several runners (replicas) race', async () => {
    await runRollups(server);
    const fresh = await createOrganization(server, 'Replicas');
    await postEvents(server, fresh.owner.key, [event(daysAgo(3), { type: 'git_commit' }), event(daysAgo(2), { type: 'git_commit' })]);
    // Days 3 and 2 ago, their successors up to yesterday: 3 ended days are pending.
    const runs = await Promise.all([runPendingRollups(server.store.db), runPendingRollups(server.store.db), runPendingRollups(server.store.db)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(3);
    const rows = (await get(`productivity?startDate=${daysAgo(3)}&endDate=${daysAgo(1)}`, fresh.owner.key)).json().data;
    expect(rows.map((r: { git_commits: number }) => r.git_commits)).toEqual([1, 1, 0]);
  });

  it('the background timer aggregates pending days and stops cleanly', async () => {
    const fresh = await createOrganization(server, 'Timer');
    await postEvents(server, fresh.owner.key, [event(daysAgo(2), { type: 'pr_created' })]);
    const timer = startJob(rollupJob(server.store.db, 50), server.app.log);
    try {
      const dates = `startDate=${daysAgo(2)}&endDate=${daysAgo(2)}`;
      for (let i = 0; i < 100; i++) {
        if ((await get(`productivity?${dates}`, fresh.owner.key)).json().data[0].git_prs_created === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await get(`productivity?${dates}`, fresh.owner.key)).json().data[0].git_prs_created).toBe(1);
    } finally {
      await timer.stop();
    }
  });
});

describe('parseDay', () => {
  it('accepts every real calendar day, years 0-99 included, and nothing else', () => {
    expect(['0001-01-01', '0099-12-31', '2024-02-29', '2026-12-31'].map(parseDay)).toEqual(['0001-01-01', '0099-12-31', '2024-02-29', '2026-12-31']);
    expect(['2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-1-01', ' 2026-01-01'].map(parseDay)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
