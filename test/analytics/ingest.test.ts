import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { EVENT_COLUMN_TYPES } from '../../src/db/tables/telemetry.js';
import { addDays } from '../../src/domain/dates.js';
import { ensureEventPartitions } from '../../src/telemetry/partitions.js';
import { creditsUsed } from '../../src/repositories/credit-usage.js';
import { recordEvents } from '../../src/telemetry/ingest.js';
import type { TelemetryEvent } from '../../src/telemetry/events.js';
import { addUser, auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents } from './helpers.js';

// POST /api/v1/telemetry/events: validation, all-or-nothing, idempotency, attribution, credits;
// and recordEvents, the same path for other parts of the server.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', MODEL_CATALOGUE: '{"big":2.5}' });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

let sequence = 0;
const nextId = () => `evt-${++sequence}`;
const yesterdayNoon = () => `${daysAgo(1)}T12:00:00Z`;
const base = (extra: Record<string, unknown> = {}) => ({ id: nextId(), type: 'session_start', timestamp: yesterdayNoon(), sessionId: 's1', client: 'terminal-ui', ...extra });
const modelCall = (extra: Record<string, unknown> = {}) =>
  base({ type: 'model_call', modelId: 'small', modelTier: 'standard', inputTokens: 100, outputTokens: 50, cacheReadTokens: 20, cacheWriteTokens: 10, ...extra });

const storedCount = async (organizationId = org.id) =>
  (await server.store.db.selectFrom('telemetry_events').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', organizationId).executeTakeFirstOrThrow()).n;
const storedEvent = (id: string) => server.store.db.selectFrom('telemetry_events').selectAll().where('organization_id', '=', org.id).where('id', '=', id).executeTakeFirst();

describe('accepting events', () => {
  it('stores every event type and answers 202 {accepted, duplicates}', async () => {
    const events = [
      base(),
      base({ type: 'user_message', autonomyMode: 'spec' }),
      base({ type: 'assistant_message' }),
      modelCall({ billableTokens: 3.5 }),
      base({ type: 'tool_call', tool: 'Read', mcpServer: 'GitHub', autonomyLevel: 'auto_high' }),
      base({ type: 'tool_call', tool: 'Edit', autonomyLevel: 'manual' }),
      base({ type: 'skill', name: 'review' }),
      base({ type: 'slash_command', name: 'compact' }),
      base({ type: 'hook', event: 'PreToolUse', matcher: '', command: 'npm run lint' }),
      base({ type: 'file_created', path: 'src/Main.TS', language: 'typescript' }),
      base({ type: 'file_edited', path: 'Makefile', language: 'make' }),
      base({ type: 'git_commit', client: 'web' }),
      base({ type: 'pr_created', client: 'non-interactive-cli', timestamp: Date.parse(yesterdayNoon()) }),
    ];
    const response = await postEvents(server, org.users.member.key, events);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: events.length, duplicates: 0 });
    expect(await storedEvent(events[9]!.id)).toMatchObject({ user_id: org.users.member.id, extension: 'ts', language: 'typescript', day: daysAgo(1) });
    expect(await storedEvent(events[10]!.id)).toMatchObject({ extension: '(none)' });
  });

  it('stores text as sent: backslashes, quotes, \\N, non-ASCII, an empty matcher; absent fields as NULL', async () => {
    const command = 'printf "%s\\n" C:\\tmp\\N \\\\ ✓';
    const path = 'docs\\Ünïcode "€".MD';
    const hook = base({ id: `${nextId()}\\N`, type: 'hook', event: 'Pre"Tool"Use', matcher: '', command });
    const file = base({ type: 'file_edited', path, language: 'markdown' });
    const tool = base({ type: 'tool_call', tool: '\\N', autonomyLevel: 'auto_low' });
    expect((await postEvents(server, org.users.member.key, [hook, file, tool])).json()).toEqual({ accepted: 3, duplicates: 0 });
    expect(await storedEvent(hook.id)).toMatchObject({ id: hook.id, hook_event: 'Pre"Tool"Use', hook_matcher: '', hook_command: command, path: null, model_id: null, credits: null });
    expect(await storedEvent(file.id)).toMatchObject({ path, extension: 'md', language: 'markdown', hook_matcher: null });
    expect(await storedEvent(tool.id)).toMatchObject({ tool: '\\N', mcp_server: null, autonomy_level: 'auto_low', session_id: 's1', client: 'terminal-ui' });
  });

  it('counts repeated ids as duplicates, within a batch and across retries', async () => {
    const first = base();
    const response = await postEvents(server, org.owner.key, [first, { ...first }, base()]);
    expect(response.json()).toEqual({ accepted: 2, duplicates: 1 });
    expect((await postEvents(server, org.owner.key, [first])).json()).toEqual({ accepted: 0, duplicates: 1 });
  });

  it('stores each event once under concurrent retries of the same batch', async () => {
    const batch = [modelCall(), modelCall(), base()];
    const before = (await creditsUsed(server.store.db, org.id, [org.owner.id], new Date(yesterdayNoon()))).get(org.owner.id)!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => postEvents(server, org.owner.key, batch)));
    const bodies = answers.map((a) => a.json() as { accepted: number; duplicates: number });
    expect(bodies.reduce((n, b) => n + b.accepted, 0)).toBe(3);
    expect(bodies.every((b) => b.accepted + b.duplicates === 3)).toBe(true);
    const after = (await creditsUsed(server.store.db, org.id, [org.owner.id], new Date(yesterdayNoon()))).get(org.owner.id)!;
    expect(after - before).toBeCloseTo(2 * (100 + 50 + 10 + 0.1 * 20), 9);
  });

  it('takes ISO 8601 with an offset and Unix ms; the UTC instant decides the day', async () => {
    const day = daysAgo(2);
    const late = base({ timestamp: `${daysAgo(1)}T01:30:00+02:00` }); // 23:30 UTC the day before
    const ms = base({ timestamp: Date.parse(`${day}T05:00:00Z`) });
    const soon = base({ timestamp: Date.now() + 4 * 60_000 });
    expect((await postEvents(server, org.owner.key, [late, ms, soon])).statusCode).toBe(202);
    expect((await storedEvent(late.id))!.day).toBe(day);
    expect((await storedEvent(ms.id))!.day).toBe(day);
  });
});

describe('a batch across users, days and months', () => {
  it('stores each new event once and adds exactly its credits and pending days', async () => {
    const spread = await createOrganization(server, 'Spread');
    const [alice, bob] = [spread.users.member, spread.users.guest];
    const call = (id: string, user: string, timestamp: string, credits: number) => modelCall({ id, userId: user, timestamp, billableTokens: credits });
    const first = [
      call('b', bob.id, '2026-01-31T23:59:59Z', 0.1),
      call('a', alice.id, '2026-02-01T00:00:00Z', 0.2),
      call('c', alice.id, '2026-01-15T12:00:00Z', 0.3),
      call('a', bob.id, '2026-03-01T00:00:00Z', 99), // the same id again in the batch: the first one counts
      call('d', bob.id, '2026-01-31T00:00:00Z', 0.7),
    ];
    expect((await postEvents(server, spread.owner.key, first)).json()).toEqual({ accepted: 4, duplicates: 1 });
    const pendingDays = async () => new Map((await server.store.db.selectFrom('analytics_pending_days').select(['day', 'version']).where('organization_id', '=', spread.id).execute()).map((row) => [row.day, Number(row.version)]));
    const afterFirst = await pendingDays();
    const second = [
      call('c', bob.id, '2026-02-20T12:00:00Z', 50), // stored by the first batch: not counted again
      call('e', alice.id, '2026-02-10T08:00:00Z', 0.4),
    ];
    expect((await postEvents(server, spread.owner.key, second)).json()).toEqual({ accepted: 1, duplicates: 1 });
    expect((await postEvents(server, spread.owner.key, second)).json()).toEqual({ accepted: 0, duplicates: 2 });

    const credits = async (month: string) => Object.fromEntries(await creditsUsed(server.store.db, spread.id, [alice.id, bob.id], new Date(`${month}-01T00:00:00Z`)));
    expect(await credits('2026-01')).toEqual({ [alice.id]: 0.3, [bob.id]: 0.8 });
    expect(await credits('2026-02')).toEqual({ [alice.id]: 0.6, [bob.id]: 0 });
    expect(await credits('2026-03')).toEqual({ [alice.id]: 0, [bob.id]: 0 });
    const stored = await server.store.db.selectFrom('telemetry_events').select(['id', 'user_id', 'day']).where('organization_id', '=', spread.id).orderBy('id').execute();
    expect(stored).toEqual([
      { id: 'a', user_id: alice.id, day: '2026-02-01' },
      { id: 'b', user_id: bob.id, day: '2026-01-31' },
      { id: 'c', user_id: alice.id, day: '2026-01-15' },
      { id: 'd', user_id: bob.id, day: '2026-01-31' },
      { id: 'e', user_id: alice.id, day: '2026-02-10' },
    ]);

    // Each batch marks the 30 days whose active-user windows hold one of its new events' days, once,
    // and every marking gives the day a version it never had before.
    const windowOf = (days: string[]) => new Set(days.flatMap((d) => Array.from({ length: 30 }, (_, i) => addDays(d, i))));
    const firstWindow = windowOf(['2026-01-15', '2026-01-31', '2026-02-01']);
    const secondWindow = windowOf(['2026-02-10']);
    expect([...afterFirst.keys()].sort()).toEqual([...firstWindow].sort());
    const afterSecond = await pendingDays();
    expect([...afterSecond.keys()].sort()).toEqual([...new Set([...firstWindow, ...secondWindow])].sort());
    for (const [day, version] of afterSecond) {
      if (secondWindow.has(day)) expect(version).not.toBe(afterFirst.get(day));
      else expect(version).toBe(afterFirst.get(day));
    }
  });
});

describe('the event columns', () => {
  it('are the columns of the migrated telemetry_events, with their types', async () => {
    const columns = await sql<{ name: string; type: string }>`SELECT column_name AS name, udt_name AS type FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'telemetry_events' AND column_name <> 'received_at'
      ORDER BY ordinal_position`.execute(server.store.db);
    expect(columns.rows).toEqual(Object.entries(EVENT_COLUMN_TYPES).map(([name, type]) => ({ name, type })));
  });
});

describe('storage by month', () => {
  const partitionOf = async (id: string) =>
    (
      await sql<{ partition: string }>`SELECT tableoid::regclass::text AS partition FROM telemetry_events
        WHERE organization_id = ${org.id} AND id = ${id}`.execute(server.store.db)
    ).rows.map((row) => row.partition);

  it('stores each event once, in the partition of its month; events before 2026 share one', async () => {
    const recent = base();
    const old = base({ timestamp: '2025-03-04T05:06:07Z' });
    expect((await postEvents(server, org.owner.key, [recent, old])).json()).toEqual({ accepted: 2, duplicates: 0 });
    expect(await partitionOf(recent.id)).toEqual([`telemetry_events_${daysAgo(1).slice(0, 7).replace('-', '_')}`]);
    expect(await partitionOf(old.id)).toEqual(['telemetry_events_before_2026']);
  });

  it('keeps an id unique across months: the same id on another day is a duplicate', async () => {
    const event = base({ timestamp: '2026-01-20T00:00:00Z' });
    expect((await postEvents(server, org.owner.key, [event])).json()).toEqual({ accepted: 1, duplicates: 0 });
    expect((await postEvents(server, org.owner.key, [{ ...event, timestamp: yesterdayNoon() }])).json()).toEqual({ accepted: 0, duplicates: 1 });
    expect(await partitionOf(event.id)).toEqual(['telemetry_events_2026_01']);
  });
});

describe('monthly partitions across replicas', () => {
  it('creates a new month once when several replicas race for it, and stores its events', async () => {
    // Each Kysely instance is a replica with its own memory of known months, on the same database.
    const replicas = Array.from({ length: 4 }, () => new Kysely<Database>({ dialect: new PostgresDialect({ pool: server.store.pool }) }));
    await Promise.all(replicas.flatMap((replica) => [ensureEventPartitions(replica, ['2026-03-15']), ensureEventPartitions(replica, ['2026-03-01', '2026-03-31'])]));
    const partitions = await sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'telemetry_events'::regclass AND c.relname = 'telemetry_events_2026_03'`.execute(server.store.db);
    expect(partitions.rows).toHaveLength(1);
    expect((await postEvents(server, org.owner.key, [base({ timestamp: '2026-03-31T23:59:59Z' })])).json()).toEqual({ accepted: 1, duplicates: 0 });
  });
});

describe('Standard Credits', () => {
  const creditsOf = async (event: Record<string, unknown>) => {
    expect((await postEvents(server, org.owner.key, [event])).statusCode).toBe(202);
    return (await storedEvent(event.id as string))!.credits;
  };

  it('computes (input + output + cacheWrite + 0.1 x cacheRead) x the catalogue multiplier, unrounded', async () => {
    expect(await creditsOf(modelCall())).toBeCloseTo(162, 9);
    expect(await creditsOf(modelCall({ modelId: 'big', inputTokens: 1, outputTokens: 0, cacheReadTokens: 3, cacheWriteTokens: 0 }))).toBeCloseTo(3.25, 9);
  });

  it('takes billableTokens as given', async () => {
    expect(await creditsOf(modelCall({ modelId: 'big', billableTokens: 0.125 }))).toBe(0.125);
  });

  it("adds a new model call's credits to the user's month, never a duplicate's", async () => {
    const fresh = await addUser(server, org.owner.key, 'member');
    const call = modelCall({ billableTokens: 40 });
    await postEvents(server, fresh.key, [call, call, base({ type: 'git_commit' })]);
    await postEvents(server, fresh.key, [call]);
    expect((await creditsUsed(server.store.db, org.id, [fresh.id], new Date(yesterdayNoon()))).get(fresh.id)).toBe(40);
  });

  it('counts them once while a replica of the previous release adds them again after its events', async () => {
    const fresh = await addUser(server, org.owner.key, 'member');
    await postEvents(server, fresh.key, [modelCall({ billableTokens: 40 })]);
    // The statement the release before migration 0038 sends after storing its events.
    await sql`INSERT INTO monthly_credit_usage (organization_id, user_id, month, credits)
      SELECT organization_id, user_id, day - extract(day FROM day)::integer + 1, credits FROM telemetry_events WHERE organization_id = ${org.id} AND user_id = ${fresh.id}
      ON CONFLICT (organization_id, user_id, month) DO UPDATE SET credits = monthly_credit_usage.credits + excluded.credits`.execute(server.store.db);
    await postEvents(server, fresh.key, [modelCall({ billableTokens: 2 })]);
    expect((await creditsUsed(server.store.db, org.id, [fresh.id], new Date(yesterdayNoon()))).get(fresh.id)).toBe(42);
  });
});

describe('rejecting events', () => {
  const rejects = async (events: unknown, path: string | undefined, key = org.owner.key) => {
    const before = await storedCount();
    const response = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(key), payload: { events } as object });
    const body = expectError(response, 400);
    if (path) expect(body.errors?.map((e) => e.path)).toContain(path);
    expect(await storedCount()).toBe(before);
    return body;
  };

  it('names the event index and field, and stores nothing of the batch', async () => {
    const body = await rejects([base(), base(), base(), modelCall({ modelId: undefined })], 'body/events/3/modelId');
    expect(body.detail).toContain('body/events/3/modelId');
    await rejects([base(), modelCall({ inputTokens: '5' })], 'body/events/1/inputTokens');
    await rejects([modelCall({ outputTokens: -1 })], 'body/events/0/outputTokens');
    await rejects([modelCall({ outputTokens: 1.5 })], 'body/events/0/outputTokens');
    await rejects([modelCall({ modelTier: 'Standard' })], 'body/events/0/modelTier');
    await rejects([base({ type: 'user_message' })], 'body/events/0/autonomyMode');
    await rejects([base({ type: 'hook', event: 'Stop', command: 'x' })], 'body/events/0/matcher');
    await rejects([base({ type: 'file_edited', path: 'a.ts' })], 'body/events/0/language');
  });

  it('refuses unknown types, clients and fields', async () => {
    await rejects([base({ type: 'telepathy' })], 'body/events/0/type');
    await rejects([base({ client: 'desktop' })], 'body/events/0/client');
    await rejects([base({ extra: 1 })], 'body/events/0/extra');
    await rejects([base({ tool: 'Read' })], 'body/events/0/tool');
    await rejects(['not an event'], 'body/events/0');
    await rejects([base({ id: '' })], 'body/events/0/id');
    await rejects([base({ id: 'x'.repeat(129) })], 'body/events/0/id');
    await rejects([base({ sessionId: undefined })], 'body/events/0/sessionId');
    await rejects([base({ id: 'a\u0000b' })], 'body/events/0/id');
    await rejects([base({ sessionId: 'line\nbreak' })], 'body/events/0/sessionId');
    await rejects([base({ timestamp: 1.5 })], 'body/events/0/timestamp');
  });

  it('refuses bad timestamps: no offset, impossible dates, more than 5 minutes ahead', async () => {
    await rejects([base({ timestamp: '2026-03-01T12:00:00' })], 'body/events/0/timestamp');
    await rejects([base({ timestamp: '2026-02-30T12:00:00Z' })], 'body/events/0/timestamp');
    await rejects([base({ timestamp: '2026-03-01' })], 'body/events/0/timestamp');
    await rejects([base({ timestamp: 'yesterday' })], 'body/events/0/timestamp');
    await rejects([base({ timestamp: -5 })], 'body/events/0/timestamp');
    await rejects([base({ timestamp: '1969-12-31T23:59:59Z' })], 'body/events/0/timestamp');
    await rejects([base({ timestamp: Date.now() + 6 * 60_000 })], 'body/events/0/timestamp');
    const body = await rejects([base({ timestamp: new Date(Date.now() + 3_600_000).toISOString() })], 'body/events/0/timestamp');
    expect(body.detail).toContain('future');
  });

  it('refuses control characters and over-long names in tools, MCP servers and other names', async () => {
    await rejects([base({ type: 'tool_call', tool: 'Read\u0000', autonomyLevel: 'manual' })], 'body/events/0/tool');
    await rejects([base({ type: 'tool_call', tool: 'Read', mcpServer: 'git\nhub', autonomyLevel: 'manual' })], 'body/events/0/mcpServer');
    await rejects([base({ type: 'tool_call', tool: 'R'.repeat(201), autonomyLevel: 'manual' })], 'body/events/0/tool');
    await rejects([base({ type: 'tool_call', tool: '', autonomyLevel: 'manual' })], 'body/events/0/tool');
    await rejects([base({ type: 'skill', name: 'a\u007fb' })], 'body/events/0/name');
  });

  it('takes 1 to 1000 events and nothing else in the body', async () => {
    await rejects([], 'body/events');
    await rejects(Array.from({ length: 1001 }, () => base()), 'body/events');
    expectError(await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(org.owner.key), payload: { events: [base()], more: 1 } }), 400);
    expectError(await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(org.owner.key), payload: {} }), 400);
  });

  it('accepts exactly 1000 events', async () => {
    const response = await postEvents(server, org.owner.key, Array.from({ length: 1000 }, () => base()));
    expect(response.json()).toEqual({ accepted: 1000, duplicates: 0 });
  });
});

describe('attribution', () => {
  it('lets an owner or manager attribute events by userId or case-insensitive userEmail', async () => {
    const byId = base({ userId: org.users.guest.id });
    const byEmail = base({ userEmail: org.users.member.email.toUpperCase() });
    expect((await postEvents(server, org.users.manager.key, [byId, byEmail])).statusCode).toBe(202);
    expect((await storedEvent(byId.id))!.user_id).toBe(org.users.guest.id);
    expect((await storedEvent(byEmail.id))!.user_id).toBe(org.users.member.id);
  });

  it('stores concurrent batches that name the same users in opposite orders, none lost', async () => {
    const [first, second] = [org.users.guest, org.users.manager];
    const pair = (i: number) => {
      // Ids sort so that one batch reaches `first` before `second`, the other the reverse.
      const one = [modelCall({ id: `mix-${i}-a`, userId: first.id }), modelCall({ id: `mix-${i}-b`, userId: second.id })];
      const two = [modelCall({ id: `mix-${i}-c`, userId: second.id }), modelCall({ id: `mix-${i}-d`, userId: first.id })];
      return [one, two];
    };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => pair(i)).flat().map((events) => postEvents(server, org.owner.key, events)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 202));
    expect(answers.reduce((n, answer) => n + answer.json().accepted, 0)).toBe(40);
  });

  it('answers 403 to a member naming a user, even itself', async () => {
    expectError(await postEvents(server, org.users.member.key, [base({ userId: org.users.member.id })]), 403);
    expectError(await postEvents(server, org.users.member.key, [base({ userEmail: org.users.owner.email })]), 403);
  });

  it('answers 400 for an unknown, foreign, deactivated or contradictory user', async () => {
    const other = await createOrganization(server, 'Elsewhere');
    const gone = await addUser(server, org.owner.key, 'member');
    await server.app.inject({ method: 'DELETE', url: `/api/v0/organization/users/${gone.id}`, headers: auth(org.owner.key) });
    const before = await storedCount();
    for (const [event, path] of [
      [base({ userId: 'usr_nobody' }), 'body/events/1/userId'],
      [base({ userId: other.owner.id }), 'body/events/1/userId'],
      [base({ userEmail: 'nobody@example.test' }), 'body/events/1/userEmail'],
      [base({ userId: gone.id }), 'body/events/1/userId'],
      [base({ userEmail: gone.email }), 'body/events/1/userEmail'],
      [base({ userId: org.users.guest.id, userEmail: org.users.member.email }), 'body/events/1/userEmail'],
    ] as const) {
      const body = expectError(await postEvents(server, org.owner.key, [base(), event]), 400);
      expect(body.errors?.map((e) => e.path)).toEqual([path]);
    }
    expect(await storedCount()).toBe(before);
  });
});

describe('recordEvents (for other parts of the server)', () => {
  const call = (): TelemetryEvent => ({
    id: nextId(),
    type: 'model_call',
    timestamp: Date.now(),
    sessionId: 'ses_1',
    client: 'web',
    modelId: 'big',
    modelTier: 'thinking',
    inputTokens: 10,
    outputTokens: 10,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
  });

  it('stores events of a user with the same rules and counts credits once', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    const event = call();
    const catalogue = server.config.modelCatalogue;
    expect(await recordEvents(server.store.db, catalogue, org.id, user.id, [event, event])).toEqual({ accepted: 1, duplicates: 1 });
    expect(await recordEvents(server.store.db, catalogue, org.id, user.id, [event])).toEqual({ accepted: 0, duplicates: 1 });
    expect((await creditsUsed(server.store.db, org.id, [user.id])).get(user.id)).toBe(50);
  });

  it('refuses invalid events and users that are not active in the organization', async () => {
    const catalogue = server.config.modelCatalogue;
    const invalid = { ...call(), inputTokens: -1 };
    await expect(recordEvents(server.store.db, catalogue, org.id, org.owner.id, [invalid])).rejects.toMatchObject({ code: 'invalid_input', errors: [{ path: 'events/0/inputTokens' }] });
    const other = await createOrganization(server, 'Else');
    await expect(recordEvents(server.store.db, catalogue, org.id, other.owner.id, [call()])).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
