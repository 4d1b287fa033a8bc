import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents, runRollups } from './helpers.js';
import { asCsvCells, csvRecords, parseCsv } from '../cli/helpers.js';
import { DATASET_PRICES } from './reference.js';

// The repository as a dimension (docs/repositories.md): the spellings of one repository counted as
// one, group_by=repository on the per-day endpoints, and GET /api/v1/analytics/repositories, each
// checked against figures computed here from the events as sent.

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;

/** Each repository's id and spellings an agent may send for it; the last names none. */
const REPOSITORIES: { id: string | null; spellings: (string | undefined)[] }[] = [
  { id: 'github.com/acme/web', spellings: ['https://github.com/acme/web', 'https://GitHub.com/Acme/Web.git', 'git@github.com:acme/web.git', 'ssh://git@github.com/Acme/web', 'github.com/acme/web/'] },
  { id: 'gitlab.example.test/group/sub/api', spellings: ['https://gitlab.example.test/group/sub/api.git', 'git@GITLAB.example.test:group/sub/API'] },
  { id: 'github.com/acme/tools', spellings: ['ssh://git@github.com:22/acme/tools.git', 'https://github.com/acme/tools'] },
  { id: null, spellings: [undefined] },
];
const DAYS = [1, 2, 3];
/** Two models the price dataset prices (at its list prices: no discount is set here), one it does not. */
const MODELS = ['claude-sonnet-4-5', 'gpt-5', 'm'];

interface Sent {
  day: string;
  userId: string;
  repository: string | null;
  body: Record<string, unknown>;
}

/** A small deterministic generator: the same events on every run and store. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return { int: (n: number) => Math.floor(next() * n), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

function generate(users: Caller[]): Sent[] {
  const random = generator(42);
  const bodies = [
    () => ({ type: 'session_start' }),
    () => ({
      type: 'model_call',
      modelId: random.pick(MODELS),
      modelTier: 'standard',
      inputTokens: random.int(5000),
      outputTokens: random.int(900),
      cacheReadTokens: random.int(300),
      cacheWriteTokens: random.int(50),
      billableTokens: random.int(4000) / 8,
      // Some calls report their own cost, with more decimals than the micro-dollar kept.
      ...(random.int(3) === 0 ? { reportedCostUsd: random.int(1024) / 1024 } : {}),
    }),
    () => ({ type: 'lines_changed', linesAdded: random.int(400), linesRemoved: random.int(100) }),
    () => ({ type: 'git_commit' }),
    () => ({ type: 'pr_created' }),
    () => ({ type: 'tool_call', tool: 'Edit', autonomyLevel: 'auto_low' }),
  ];
  return Array.from({ length: 400 }, () => {
    const repository = random.pick(REPOSITORIES);
    const user = random.pick(users);
    // Some members work in one repository only: distinct members over the range are not daily sums.
    return { day: daysAgo(random.pick(DAYS)), userId: user.id, repository: repository.id, spelling: random.pick(repository.spellings), body: random.pick(bodies)() };
  }).map(({ spelling, ...sent }) => ({ ...sent, body: { ...sent.body, ...(spelling === undefined ? {} : { repository: spelling }) } }));
}

let sent: Sent[];

/**
 * The cost of model calls at the dataset's list prices (docs/prices.md): the token sums of each
 * day, member and model (the repository is fixed here) times the prices per million, which is
 * micro-dollars, rounded once per group; models without a price left out and named.
 */
function costOf(calls: Sent[]) {
  const groups = new Map<string, Sent[]>();
  for (const call of calls) {
    const key = JSON.stringify([call.day, call.userId, call.body.modelId]);
    groups.set(key, [...(groups.get(key) ?? []), call]);
  }
  let micros = 0;
  const unpriced = new Set<string>();
  for (const group of groups.values()) {
    const model = group[0]!.body.modelId as string;
    const price = DATASET_PRICES[model];
    if (!price) {
      unpriced.add(model);
      continue;
    }
    const sum = (field: string) => group.reduce((total, call) => total + (call.body[field] as number), 0);
    micros += Math.round(sum('inputTokens') * price.input + sum('outputTokens') * price.output + sum('cacheReadTokens') * price.cacheRead + sum('cacheWriteTokens') * price.cacheWrite);
  }
  return { cost: micros / 1e6, unpriced_models: [...unpriced].sort() };
}

/** The figures of the events of one repository on the given days, computed from the events as sent. */
function reference(repository: string, days: string[]) {
  const own = sent.filter((event) => event.repository === repository && days.includes(event.day));
  const total = (type: string, field: string) => own.filter((event) => event.body.type === type).reduce((sum, event) => sum + ((event.body[field] as number | undefined) ?? 0), 0);
  const count = (type: string) => own.filter((event) => event.body.type === type).length;
  const calls = own.filter((event) => event.body.type === 'model_call');
  const reported = calls.filter((call) => call.body.reportedCostUsd !== undefined);
  return {
    repository,
    // Eighths of a credit: exact in binary, so the plain sum is the exact sum.
    billable_tokens: total('model_call', 'billableTokens'),
    input_tokens: total('model_call', 'inputTokens'),
    output_tokens: total('model_call', 'outputTokens'),
    cache_read_tokens: total('model_call', 'cacheReadTokens'),
    cache_write_tokens: total('model_call', 'cacheWriteTokens'),
    ...costOf(calls),
    // Each reported cost is kept to the micro-dollar (docs/analytics.md), then summed.
    reported_cost_usd: reported.length === 0 ? null : reported.reduce((sum, call) => sum + Math.round((call.body.reportedCostUsd as number) * 1e6), 0) / 1e6,
    active_members: new Set(own.map((event) => event.userId)).size,
    sessions: count('session_start'),
    lines_added: total('lines_changed', 'linesAdded'),
    lines_removed: total('lines_changed', 'linesRemoved'),
    git_commits: count('git_commit'),
    git_prs_created: count('pr_created'),
  };
}

const criterion = (numerator: number | null, denominator = 2) => ({ numerator, denominator, rationale: 'checked' });
let latestReportId: string;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: daysAgo(20) });
  org = await createOrganization(server);
  other = await createOrganization(server, 'Other Org');
  const { owner, manager, member, guest } = org.users;
  sent = generate([owner, manager, member, guest]);
  const wire = sent.map((event, i) => ({ id: `r-${i}`, timestamp: `${event.day}T${String(i % 24).padStart(2, '0')}:00:00Z`, sessionId: `s-${i % 7}`, client: 'terminal-ui', userId: event.userId, ...event.body }));
  for (let i = 0; i < wire.length; i += 100) expect((await postEvents(server, owner.key, wire.slice(i, i + 100))).statusCode).toBe(202);
  // The other organization's events in the same repository never count here.
  const theirs = { id: 'o-1', timestamp: `${daysAgo(1)}T10:00:00Z`, sessionId: 'o', client: 'terminal-ui', type: 'git_commit', repository: 'https://github.com/acme/web' };
  expect((await postEvents(server, other.users.owner.key, [theirs])).statusCode).toBe(202);
  // Two reports of acme/web (the later one counts), none of the others.
  const report = (key: string, repoUrl: string, criteria: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: '/api/organization/maturity-level-reports', headers: auth(key), payload: { repoUrl, apps: {}, report: criteria } });
  expect((await report(member.key, 'https://github.com/acme/web', { a: criterion(0), b: criterion(0) })).statusCode).toBe(201);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const latest = await report(member.key, 'git@github.com:Acme/Web.git', { a: criterion(2), b: criterion(1), c: criterion(null), d: criterion(3, 3) });
  expect(latest.statusCode).toBe(201);
  latestReportId = latest.json().reportId;
  expect((await report(other.users.owner.key, 'https://github.com/acme/tools', { a: criterion(2) })).statusCode).toBe(201);
  await runRollups(server);
}, 120_000);
afterAll(async () => server?.close());

const RANGE = `startDate=${daysAgo(3)}&endDate=${daysAgo(1)}`;
const get = (url: string, key = org.users.manager.key, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers: { ...auth(key), ...headers } });

describe('GET /api/v1/analytics/repositories', () => {
  it('sums each repository over the range, its spellings as one, most cost first', async () => {
    const response = await get(`/api/v1/analytics/repositories?${RANGE}`);
    expect(response.statusCode).toBe(200);
    const days = DAYS.map(daysAgo);
    const expected = REPOSITORIES.flatMap(({ id }) => (id === null ? [] : [reference(id, days)])).sort((a, b) => b.cost - a.cost || b.billable_tokens - a.billable_tokens || (a.repository < b.repository ? -1 : 1));
    const rows = response.json().data as Record<string, unknown>[];
    expect(rows.map(({ readiness_report_id: _a, readiness_created_at: _b, readiness_criteria_passed: _c, readiness_criteria_applicable: _d, readiness_score: _e, ...figures }) => figures)).toEqual(expected);
    // The data has each kind of figure: priced and unpriced models, reported costs.
    expect(expected.every((row) => row.cost > 0 && row.unpriced_models.length === 1 && row.reported_cost_usd !== null)).toBe(true);
    expect(response.json().meta).toEqual({ org_id: org.id, start_date: daysAgo(3), end_date: daysAgo(1), currency: 'USD' });
  });

  it("orders by cost before Standard Credits, and prices at the organization's prices", async () => {
    // Credits are the events' own (billableTokens), so a discount changes the costs only.
    const owner = org.users.owner.key;
    const settings = await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/prices', headers: auth(owner), payload: { discount: 0.5 } });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      await runRollups(server);
      const rows = (await get(`/api/v1/analytics/repositories?${RANGE}`)).json().data as { repository: string; cost: number }[];
      const days = DAYS.map(daysAgo);
      for (const row of rows) expect(row.cost, row.repository).toBeCloseTo(reference(row.repository, days).cost / 2, 5);
      const byCredits = [...rows].sort((a, b) => (b as never as { billable_tokens: number }).billable_tokens - (a as never as { billable_tokens: number }).billable_tokens);
      expect(rows.map((row) => row.repository)).toEqual([...rows].sort((a, b) => b.cost - a.cost).map((row) => row.repository));
      // The cost order is not the credit order in this data: the test tells them apart.
      expect(rows.map((row) => row.repository)).not.toEqual(byCredits.map((row) => row.repository));
    } finally {
      expect((await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/prices', headers: auth(owner), payload: { discount: 1 } })).statusCode).toBe(200);
      await runRollups(server);
    }
  });

  it('counts distinct members over the range, not the sum of each day', async () => {
    const response = await get(`/api/v1/analytics/repositories?startDate=${daysAgo(2)}&endDate=${daysAgo(1)}`);
    const rows = response.json().data as { repository: string; active_members: number; sessions: number }[];
    for (const row of rows) {
      const expected = reference(row.repository, [daysAgo(2), daysAgo(1)]);
      expect(row, row.repository).toMatchObject({ active_members: expected.active_members, sessions: expected.sessions });
    }
    expect(rows.map((row) => row.repository).sort()).toEqual(['github.com/acme/tools', 'github.com/acme/web', 'gitlab.example.test/group/sub/api']);
  });

  it("gives each repository its latest readiness result, null without one (another organization's report is not seen)", async () => {
    const rows = (await get(`/api/v1/analytics/repositories?${RANGE}`)).json().data as Record<string, unknown>[];
    const web = rows.find((row) => row.repository === 'github.com/acme/web')!;
    // a: 2/2 pass, b: 1/2 fail, c: not applicable, d: 3/3 pass.
    expect(web).toMatchObject({ readiness_report_id: latestReportId, readiness_criteria_passed: 2, readiness_criteria_applicable: 3, readiness_score: 0.666667 });
    expect(Date.parse(web.readiness_created_at as string)).toBeGreaterThan(Date.now() - 600_000);
    const tools = rows.find((row) => row.repository === 'github.com/acme/tools')!;
    expect(tools).toMatchObject({ readiness_report_id: null, readiness_created_at: null, readiness_criteria_passed: null, readiness_criteria_applicable: null, readiness_score: null });
  });

  it('answers the same rows as CSV', async () => {
    const json = (await get(`/api/v1/analytics/repositories?${RANGE}`)).json().data as Record<string, unknown>[];
    const csv = await get(`/api/v1/analytics/repositories?${RANGE}`, org.users.manager.key, { accept: 'text/csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['x-currency']).toBe('USD');
    expect(parseCsv(csv.body)[0]).toEqual(Object.keys(json[0]!));
    expect(csvRecords(csv.body)).toEqual(json.map(asCsvCells));
  });

  it("shows another organization only its own repositories", async () => {
    const rows = (await get(`/api/v1/analytics/repositories?${RANGE}`, other.users.owner.key)).json().data as Record<string, unknown>[];
    expect(rows).toEqual([expect.objectContaining({ repository: 'github.com/acme/web', git_commits: 1, active_members: 1, billable_tokens: 0, cost: 0, readiness_report_id: null })]);
  });

  it('is for owners and managers only, and checks the range', async () => {
    expectError(await get(`/api/v1/analytics/repositories?${RANGE}`, org.users.member.key), 403);
    expectError(await get(`/api/v1/analytics/repositories?${RANGE}`, org.users.guest.key), 403);
    expectError(await server.app.inject({ method: 'GET', url: `/api/v1/analytics/repositories?${RANGE}` }), 401);
    expectError(await get(`/api/v1/analytics/repositories?startDate=${daysAgo(1)}&endDate=${daysAgo(3)}`), 400);
    expectError(await get('/api/v1/analytics/repositories'), 400);
  });
});

describe('group_by=repository', () => {
  it('gives each day one row per repository present, (none) for events that name none', async () => {
    const tokens = (await get(`/api/v1/analytics/tokens?${RANGE}&group_by=repository`)).json().data as Record<string, unknown>[];
    const productivity = (await get(`/api/v1/analytics/productivity?${RANGE}&group_by=repository`)).json().data as Record<string, unknown>[];
    const activity = (await get(`/api/v1/analytics/activity?${RANGE}&group_by=repository`)).json().data as Record<string, unknown>[];
    const keys = ['(none)', ...REPOSITORIES.flatMap(({ id }) => (id === null ? [] : [id]))].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const expectedRows = [...DAYS].reverse().map(daysAgo).flatMap((day) => keys.filter((key) => sent.some((event) => event.day === day && (event.repository ?? '(none)') === key)).map((key) => ({ day, key })));
    expect(tokens.map((row) => [row.date, row.group_key])).toEqual(expectedRows.map(({ day, key }) => [day, key]));
    for (const { day, key } of expectedRows) {
      const repository = key === '(none)' ? null : key;
      const own = sent.filter((event) => event.day === day && event.repository === repository);
      const find = (rows: Record<string, unknown>[]) => rows.find((row) => row.date === day && row.group_key === key)!;
      if (repository !== null) {
        const expected = reference(repository, [day]);
        expect(find(tokens)).toMatchObject({ billable_tokens: expected.billable_tokens, input_tokens: expected.input_tokens, cache_write_tokens: expected.cache_write_tokens });
        expect(find(productivity)).toMatchObject({ lines_added: expected.lines_added, git_commits: expected.git_commits, git_prs_created: expected.git_prs_created });
      }
      expect(find(activity)).toMatchObject({ daily_active_users: new Set(own.map((event) => event.userId)).size, sessions: own.filter((event) => event.body.type === 'session_start').length });
    }
  });

  it('is offered on the four per-day endpoints, beside their other groupings', async () => {
    for (const kind of ['tokens', 'tools', 'activity', 'productivity']) expect((await get(`/api/v1/analytics/${kind}?${RANGE}&group_by=repository`)).statusCode, kind).toBe(200);
    expectError(await get(`/api/v1/analytics/tokens?${RANGE}&group_by=repositories`), 400);
  });
});

describe('the repository of an event', () => {
  it('refuses a value that names no repository, storing nothing of the batch', async () => {
    const event = (id: string, repository: string) => ({ id, timestamp: new Date().toISOString(), sessionId: 'x', client: 'terminal-ui', type: 'git_commit', repository });
    const body = expectError(await postEvents(server, org.users.member.key, [event('ok-1', 'https://github.com/acme/web'), event('bad-1', 'https://github.com/acme')]), 400);
    expect(body.errors).toEqual([{ path: 'body/events/1/repository', message: expect.stringContaining('names no repository') }]);
    const stored = await server.store.db.selectFrom('telemetry_events').select('id').where('organization_id', '=', org.id).where('id', 'in', ['ok-1', 'bad-1']).execute();
    expect(stored).toEqual([]);
  });

  it("is read from OpenTelemetry's vcs.repository.url.full, normalised; a value naming none is left out", async () => {
    const logs = (id: string, url: string) => ({
      resourceLogs: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'claude-code' } }, { key: 'vcs.repository.url.full', value: { stringValue: url } }] },
          scopeLogs: [{ logRecords: [{ timeUnixNano: String(BigInt(Date.now() - 60_000) * 1_000_000n), attributes: [{ key: 'event.name', value: { stringValue: 'user_prompt' } }, { key: 'session.id', value: { stringValue: id } }] }] }],
        },
      ],
    });
    const post = (payload: object) => server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.users.member.key), 'content-type': 'application/json' }, payload });
    expect((await post(logs('otlp-repo', 'git@GitHub.com:Acme/Web.git'))).statusCode).toBe(200);
    expect((await post(logs('otlp-norepo', 'not a repository'))).statusCode).toBe(200);
    const stored = await server.store.db.selectFrom('telemetry_events').select(['session_id', 'repository']).where('organization_id', '=', org.id).where('session_id', 'in', ['otlp-repo', 'otlp-norepo']).orderBy('session_id').execute();
    expect(stored).toEqual([
      { session_id: 'otlp-norepo', repository: null },
      { session_id: 'otlp-repo', repository: 'github.com/acme/web' },
    ]);
  });
});
