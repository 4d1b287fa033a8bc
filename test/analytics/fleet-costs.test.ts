import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { auth, accessToken, createOrganization, expectError, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents, runRollups, today } from './helpers.js';
import { attributes, claudeEvents, claudeResource, claudeScope, nanos } from './otlp-json.js';
import { attributedReference } from './attributed-reference.js';

// Issue 49's new fields and the two extensions built on them, from outside (HTTP), each answer
// compared with a reference computed here from what was sent:
// - Claude Code 2.1.332's usage counters with attribution labels (skill, sub-agent, plugin, MCP
//   server) → GET /api/v1/analytics/attributed-costs; its api_request events with cache writes
//   split into 5-minute and 1-hour tiers → /tokens;
// - Copilot CLI's `github.copilot.cost` → premium requests, never a reported USD cost;
// - GET /api/v1/analytics/today: the day in progress, live, per person, model and agent product.

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;

// The dates are taken once: a run that crosses midnight UTC keeps asking for the same days.
const TODAY = today();
const DAY = daysAgo(2);
const START = daysAgo(3);
const END = daysAgo(1);
const RANGE = `startDate=${START}&endDate=${END}`;
/** The organization's own prices (USD per million tokens), so the reference needs no dataset. */
const PRICES: Record<string, { input: number; output: number; cacheRead: number; cacheWrite: number }> = {
  'claude-sonnet-4-5': { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  'gpt-4.1': { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2 },
};

// ---- Exports in the agents' shapes (test/fixtures/otlp/README.md; the new labels from Claude
// Code's monitoring reference): OTLP/JSON as the CLIs send it.

/** What every Claude Code record carries: its installation and session, one per person here. */
const common = (person = 'one') => ({ 'user.id': `b7c1d9e2f3a4-${person}`, 'session.id': `f1e2d3c4-0000-4000-8000-${person}`, 'terminal.type': 'xterm-256color' });

/** One usage point of Claude Code's token or cost counter (delta temporality, its default). */
interface UsagePoint {
  metric: 'claude_code.token.usage' | 'claude_code.cost.usage';
  value: number;
  labels: Record<string, string>;
  type?: 'input' | 'output' | 'cacheRead' | 'cacheCreation';
}

function claudeMetrics(atMs: number, points: UsagePoint[], person: string) {
  const metric = (name: UsagePoint['metric'], unit: string) => ({
    name,
    unit,
    sum: {
      aggregationTemporality: 1,
      isMonotonic: true,
      dataPoints: points
        .filter((point) => point.metric === name)
        .map((point) => ({
          attributes: attributes({ ...common(person), model: 'claude-sonnet-4-5-20250929', query_source: point.labels['agent.name'] ? 'subagent' : 'main', ...(point.type ? { type: point.type } : {}), ...point.labels }),
          startTimeUnixNano: nanos(atMs - 60_000),
          timeUnixNano: nanos(atMs),
          asDouble: point.value,
        })),
    },
  });
  return { resourceMetrics: [{ resource: claudeResource, scopeMetrics: [{ scope: claudeScope, metrics: [metric('claude_code.cost.usage', 'USD'), metric('claude_code.token.usage', 'tokens')] }] }] };
}

function claudeApiRequest(atMs: number, usage: Record<string, number>) {
  return claudeEvents([
    {
      atMs,
      name: 'api_request',
      attributes: { ...common(), model: 'claude-sonnet-4-5-20250929', duration_ms: 900, ttft_ms: 310, speed: 'normal', query_source: 'main', ...usage },
    },
  ]);
}

function copilotChat(atMs: number, premiumRequests: number) {
  return {
    resourceSpans: [
      {
        resource: { attributes: attributes({ 'service.name': 'github-copilot', 'service.version': '1.0.102' }) },
        scopeSpans: [
          {
            scope: { name: 'github.copilot' },
            spans: [
              {
                traceId: '5b8efff798038103d269b633813fc60c',
                spanId: 'eee19b7ec3c1b174',
                name: 'chat gpt-4.1',
                kind: 3,
                startTimeUnixNano: nanos(atMs - 2_000),
                endTimeUnixNano: nanos(atMs),
                attributes: attributes({
                  'gen_ai.operation.name': 'chat',
                  'gen_ai.request.model': 'gpt-4.1',
                  'gen_ai.response.model': 'gpt-4.1',
                  'gen_ai.conversation.id': 'c0ffee00-0000-4000-8000-000000000002',
                  'gen_ai.usage.input_tokens': '2100',
                  'gen_ai.usage.output_tokens': '350',
                  'gen_ai.usage.cache_read.input_tokens': '500',
                  'github.copilot.cost': premiumRequests,
                }),
                status: {},
              },
            ],
          },
        ],
      },
    ],
  };
}

async function exportOtlp(signal: 'metrics' | 'logs' | 'traces', body: unknown, caller: Caller) {
  const response = await server.app.inject({ method: 'POST', url: `/v1/${signal}`, headers: { ...auth(caller.key), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({});
}

const get = (url: string, key = org.users.manager.key, headers: Record<string, string> = {}) => server.app.inject({ url, headers: { ...auth(key), ...headers } });

// ---- The usage shares sent, and the reference the endpoint is compared with.

const at = (day: string, hour: number) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const SHARES: { caller: () => Caller; day: string; points: UsagePoint[] }[] = [
  {
    caller: () => org.users.member,
    day: DAY,
    points: [
      { metric: 'claude_code.token.usage', type: 'input', value: 1200, labels: { 'skill.name': 'pdf' } },
      { metric: 'claude_code.token.usage', type: 'output', value: 300, labels: { 'skill.name': 'pdf' } },
      { metric: 'claude_code.cost.usage', value: 0.0081, labels: { 'skill.name': 'pdf' } },
      // A plugin's MCP server: the server's usage and the plugin's, each in its own breakdown.
      { metric: 'claude_code.token.usage', type: 'cacheRead', value: 4000, labels: { 'plugin.name': 'linear', 'marketplace.name': 'acme', 'mcp_server.name': 'linear', 'mcp_tool.name': 'list_issues' } },
      { metric: 'claude_code.token.usage', type: 'cacheCreation', value: 800, labels: { 'plugin.name': 'linear', 'marketplace.name': 'acme', 'mcp_server.name': 'linear', 'mcp_tool.name': 'list_issues' } },
      { metric: 'claude_code.cost.usage', value: 0.0042, labels: { 'plugin.name': 'linear', 'marketplace.name': 'acme', 'mcp_server.name': 'linear', 'mcp_tool.name': 'list_issues' } },
      { metric: 'claude_code.token.usage', type: 'input', value: 5000, labels: { 'agent.name': 'code-reviewer' } },
      { metric: 'claude_code.token.usage', type: 'output', value: 900, labels: { 'agent.name': 'code-reviewer' } },
    ],
  },
  {
    caller: () => org.users.manager,
    day: DAY,
    points: [
      { metric: 'claude_code.token.usage', type: 'input', value: 700, labels: { 'skill.name': 'pdf' } },
      { metric: 'claude_code.cost.usage', value: 0.0021, labels: { 'skill.name': 'pdf' } },
      { metric: 'claude_code.token.usage', type: 'input', value: 300, labels: { 'agent.name': 'Explore', 'skill.name': 'xlsx' } },
    ],
  },
  {
    caller: () => org.users.member,
    day: END,
    points: [{ metric: 'claude_code.token.usage', type: 'output', value: 64, labels: { 'mcp_server.name': 'github' } }],
  },
  // Today: not in the analytics range (the day rule), whatever the extension.
  { caller: () => org.users.member, day: TODAY, points: [{ metric: 'claude_code.token.usage', type: 'input', value: 999, labels: { 'skill.name': 'pdf' } }] },
];

/** The reference: every labelled point sent in the range, summed per day, kind and name; cost from the tokens at PRICES. */
function expectedAttributedRows(kind?: string) {
  const increments = SHARES.filter((share) => share.day >= START && share.day <= END).flatMap((share) => share.points.map((point) => ({ day: share.day, ...point })));
  return attributedReference(increments, PRICES['claude-sonnet-4-5']!, kind);
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: daysAgo(30) });
  org = await createOrganization(server, 'Fleet');
  other = await createOrganization(server, 'Other fleet');
  for (const organization of [org, other]) {
    const models = Object.entries(PRICES).map(([modelId, prices]) => ({ modelId, prices }));
    const response = await server.app.inject({ method: 'PUT', url: '/api/v0/organization/prices/models', headers: auth(organization.owner.key), payload: { models } });
    expect(response.statusCode, response.body).toBe(200);
  }
  for (const share of SHARES) {
    const caller = share.caller();
    await exportOtlp('metrics', claudeMetrics(at(share.day, share.day === TODAY ? 0 : 10), share.points, caller.id), caller);
  }
  // Sent again (an exporter's retry): counted once.
  await exportOtlp('metrics', claudeMetrics(at(DAY, 10), SHARES[0]!.points, org.users.member.id), org.users.member);
  // The other organization's usage of the same names: never in this organization's answers.
  await exportOtlp('metrics', claudeMetrics(at(DAY, 10), SHARES[0]!.points, other.users.member.id), other.users.member);
  await exportOtlp('logs', claudeApiRequest(at(DAY, 11), { input_tokens: 1000, output_tokens: 200, cache_read_tokens: 50, cache_creation_5m_tokens: 120, cache_creation_1h_tokens: 80, cost_usd: 0.0071 }), org.users.owner);
  await exportOtlp('traces', copilotChat(at(DAY, 12), 1), org.users.owner);
  await runRollups(server);
  // Twenty-odd requests and a rollup: seconds on a quiet machine, a minute when it is shared.
}, 120_000);
afterAll(async () => server?.close());

describe('GET /api/v1/analytics/attributed-costs', () => {
  it('sums each kind apart per day and name, against the reference; a plugin MCP server counts for both; retries and other organizations not at all', async () => {
    const response = await get(`/api/v1/analytics/attributed-costs?${RANGE}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ org_id: org.id, start_date: START, end_date: END, currency: 'USD' });
    expect(body.data).toEqual(expectedAttributedRows());
    // Sanity of the reference itself: the member's and the manager's pdf skill in one row.
    expect(body.data.find((row: { kind: string; group_key: string }) => row.kind === 'skill' && row.group_key === 'pdf')).toMatchObject({ input_tokens: 1900, output_tokens: 300, reported_cost_usd: 0.0102 });
  });

  it('group_by keeps one kind', async () => {
    for (const kind of ['skill', 'subagent', 'plugin', 'mcp_server']) {
      const response = await get(`/api/v1/analytics/attributed-costs?${RANGE}&group_by=${kind}`);
      expect(response.json().data).toEqual(expectedAttributedRows(kind));
    }
  });

  it('answers CSV with the same rows', async () => {
    const response = await get(`/api/v1/analytics/attributed-costs?${RANGE}&group_by=skill`, org.users.manager.key, { accept: 'text/csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('date,kind,group_key,input_tokens,output_tokens,cache_read_tokens,cache_write_tokens,cost,unpriced_models,reported_cost_usd');
    expect(lines).toHaveLength(1 + expectedAttributedRows('skill').length);
  });

  it('keeps the analytics day rule and refuses bad parameters with the one error body', async () => {
    expect(expectError(await get(`/api/v1/analytics/attributed-costs?startDate=${daysAgo(1)}&endDate=${today()}`), 400).detail).toContain('24-hour lag');
    expectError(await get(`/api/v1/analytics/attributed-costs?startDate=${daysAgo(1)}&endDate=${daysAgo(2)}`), 400);
    expectError(await get(`/api/v1/analytics/attributed-costs?startDate=2026-02-30&endDate=${daysAgo(2)}`), 400);
    expect(expectError(await get(`/api/v1/analytics/attributed-costs?${RANGE}&group_by=tool`), 400).errors?.[0]?.path).toContain('group_by');
  });

  it('is for owners and managers with an API key or the console; each organization sees its own', async () => {
    expectError(await get(`/api/v1/analytics/attributed-costs?${RANGE}`, org.users.member.key), 403);
    expectError(await get(`/api/v1/analytics/attributed-costs?${RANGE}`, org.users.guest.key), 403);
    expectError(await get(`/api/v1/analytics/attributed-costs?${RANGE}`, 'qd_not-a-key'), 401);
    expectError(await get(`/api/v1/analytics/attributed-costs?${RANGE}`, await accessToken(server, org.users.owner.key)), 401);
    const theirs = (await get(`/api/v1/analytics/attributed-costs?${RANGE}`, other.users.owner.key)).json();
    expect(theirs.data.map((row: { group_key: string }) => row.group_key).sort()).toEqual(['code-reviewer', 'linear', 'linear', 'pdf']);
  });

  it('leaves the calls the shares repeat as they were: /tokens counts the api_request only', async () => {
    const rows = (await get(`/api/v1/analytics/tokens?${RANGE}&group_by=agent`)).json().data as Record<string, unknown>[];
    // The cache-write tiers of the one api_request add up to its cache writes (120 + 80).
    expect(rows.find((row) => row.date === DAY && row.group_key === 'claude-code')).toMatchObject({ input_tokens: 1000, output_tokens: 200, cache_read_tokens: 50, cache_write_tokens: 200, reported_cost_usd: 0.0071 });
  });
});

describe("Copilot's github.copilot.cost", () => {
  it('is stored as premium requests, never as a reported USD cost', async () => {
    const rows = (await get(`/api/v1/analytics/tokens?${RANGE}&group_by=agent`)).json().data as Record<string, unknown>[];
    expect(rows.find((row) => row.date === DAY && row.group_key === 'copilot-cli')).toMatchObject({ input_tokens: 1600, output_tokens: 350, cache_read_tokens: 500, reported_cost_usd: null });
    const { rows: stored } = await sql<{ premium_requests: string; reported_cost_usd: number | null }>`
      SELECT premium_requests, reported_cost_usd FROM telemetry_events WHERE organization_id = ${org.id} AND agent = 'copilot-cli' AND type = 'model_call'`.execute(server.store.db);
    expect(stored.map((row) => [Number(row.premium_requests), row.reported_cost_usd])).toEqual([[1, null]]);
  });
});

// ---- Today, live.

const MODEL_CALLS: { caller: () => Caller; agent?: string; modelId: string; input: number; output: number; cacheRead: number; cacheWrite: number; billable?: number; reported?: number }[] = [
  { caller: () => org.users.member, agent: 'claude-code', modelId: 'claude-sonnet-4-5', input: 1000, output: 400, cacheRead: 2000, cacheWrite: 300, reported: 0.0123 },
  { caller: () => org.users.member, agent: 'claude-code', modelId: 'claude-sonnet-4-5', input: 10, output: 20, cacheRead: 0, cacheWrite: 0 },
  { caller: () => org.users.member, agent: 'copilot-cli', modelId: 'gpt-4.1', input: 500, output: 100, cacheRead: 100, cacheWrite: 0 },
  { caller: () => org.users.manager, modelId: 'gpt-4.1', input: 3000, output: 700, cacheRead: 0, cacheWrite: 0, billable: 12.5 },
  { caller: () => org.users.manager, agent: 'codex', modelId: 'unpriced-model', input: 40, output: 4, cacheRead: 0, cacheWrite: 0 },
];

/** The reference of today's rows: credits by decisions.md §4 (catalogue multiplier 1), cost per model at PRICES. */
function expectedToday() {
  const rows = new Map<string, { dimension: string; group_key: string; user_email: string | null; calls: number; creditMicros: number; input: number; output: number; cacheRead: number; cacheWrite: number; costMicros: number; unpriced: Set<string>; reportedMicros: number | null }>();
  const add = (dimension: string, key: string, email: string | null, call: (typeof MODEL_CALLS)[number]) => {
    const row = rows.get(`${dimension}|${key}`) ?? rows.set(`${dimension}|${key}`, { dimension, group_key: key, user_email: email, calls: 0, creditMicros: 0, input: 0, output: 0, cacheRead: 0, cacheWrite: 0, costMicros: 0, unpriced: new Set(), reportedMicros: null }).get(`${dimension}|${key}`)!;
    row.calls += 1;
    row.creditMicros += Math.round((call.billable ?? call.input + call.output + call.cacheWrite + 0.1 * call.cacheRead) * 1e6);
    row.input += call.input;
    row.output += call.output;
    row.cacheRead += call.cacheRead;
    row.cacheWrite += call.cacheWrite;
    const price = PRICES[call.modelId];
    if (price) row.costMicros += call.input * price.input + call.output * price.output + call.cacheRead * price.cacheRead + call.cacheWrite * price.cacheWrite;
    else row.unpriced.add(call.modelId);
    if (call.reported !== undefined) row.reportedMicros = (row.reportedMicros ?? 0) + Math.round(call.reported * 1e6);
  };
  for (const call of MODEL_CALLS) {
    add('total', '', null, call);
    add('user', call.caller().id, call.caller().email, call);
    add('model', call.modelId, null, call);
    add('agent', call.agent ?? '(none)', null, call);
  }
  const order = ['total', 'user', 'model', 'agent'];
  return [...rows.values()]
    .map((row) => ({
      dimension: row.dimension,
      group_key: row.group_key,
      user_email: row.user_email,
      model_calls: row.calls,
      billable_tokens: row.creditMicros / 1e6,
      input_tokens: row.input,
      output_tokens: row.output,
      cache_read_tokens: row.cacheRead,
      cache_write_tokens: row.cacheWrite,
      cost: Math.round(row.costMicros) / 1e6,
      unpriced_models: [...row.unpriced].sort(),
      reported_cost_usd: row.reportedMicros === null ? null : row.reportedMicros / 1e6,
    }))
    .sort((a, b) => order.indexOf(a.dimension) - order.indexOf(b.dimension) || b.cost - a.cost || b.billable_tokens - a.billable_tokens || (a.group_key < b.group_key ? -1 : 1));
}

describe('GET /api/v1/analytics/today', () => {
  let before: { data: unknown[] };
  let sentAt: number;

  beforeAll(async () => {
    before = (await get('/api/v1/analytics/today')).json();
    sentAt = Date.now();
    let n = 0;
    const events = MODEL_CALLS.map((call) => ({
      id: `today-${++n}`,
      type: 'model_call',
      timestamp: sentAt - n * 1000,
      sessionId: `s-${n}`,
      client: 'terminal-ui',
      userId: call.caller().id,
      ...(call.agent ? { agent: call.agent } : {}),
      modelId: call.modelId,
      modelTier: 'standard',
      inputTokens: call.input,
      outputTokens: call.output,
      cacheReadTokens: call.cacheRead,
      cacheWriteTokens: call.cacheWrite,
      ...(call.billable === undefined ? {} : { billableTokens: call.billable }),
      ...(call.reported === undefined ? {} : { reportedCostUsd: call.reported }),
    }));
    expect((await postEvents(server, org.owner.key, events)).statusCode).toBe(202);
    // Yesterday's and the other organization's calls are not today's.
    expect((await postEvents(server, org.owner.key, [{ ...events[0], id: 'yesterday', timestamp: `${daysAgo(1)}T23:59:59Z` }])).statusCode).toBe(202);
    expect((await postEvents(server, other.owner.key, [events[0]].map((event) => ({ ...event, userId: other.users.member.id })))).statusCode).toBe(202);
  });

  it('counts what was stored a moment ago, per person, model and agent, against the reference, with no rollup', async () => {
    expect(before.data).toEqual([expect.objectContaining({ dimension: 'total', model_calls: 0, cost: 0 })]);
    const response = await get('/api/v1/analytics/today');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.meta).toMatchObject({ org_id: org.id, date: today(), live: true, partial: true, currency: 'USD' });
    expect(Date.parse(body.meta.as_of)).toBeGreaterThanOrEqual(sentAt);
    expect(Date.parse(body.meta.as_of) - Date.now()).toBeLessThanOrEqual(0);
    expect(body.data).toEqual(expectedToday());
  });

  it('group_by keeps one breakdown; CSV has the same rows', async () => {
    const models = (await get('/api/v1/analytics/today?group_by=model')).json().data;
    expect(models).toEqual(expectedToday().filter((row) => row.dimension === 'model'));
    const csv = await get('/api/v1/analytics/today?group_by=user', org.users.manager.key, { accept: 'text/csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split(/\r?\n/)).toHaveLength(1 + 2);
  });

  it('refuses a bad group_by with the one error body', async () => {
    expect(expectError(await get('/api/v1/analytics/today?group_by=team'), 400).errors?.[0]?.path).toContain('group_by');
  });

  it('is for owners and managers; another organization sees only its own day', async () => {
    expectError(await get('/api/v1/analytics/today', org.users.member.key), 403);
    expectError(await get('/api/v1/analytics/today', org.users.guest.key), 403);
    expectError(await get('/api/v1/analytics/today', 'qd_not-a-key'), 401);
    expectError(await get('/api/v1/analytics/today', await accessToken(server, org.users.owner.key)), 401);
    const theirs = (await get('/api/v1/analytics/today', other.users.manager.key)).json().data as { dimension: string; model_calls: number; group_key: string }[];
    expect(theirs.find((row) => row.dimension === 'total')?.model_calls).toBe(1);
    expect(theirs.filter((row) => row.dimension === 'user').map((row) => row.group_key)).toEqual([other.users.member.id]);
  });
});

describe('GET /api/v1/analytics/premium-requests', () => {
  let fleet: TestOrganization;
  /** Copilot calls sent, each with the premium requests it reported. */
  const calls = () => [
    { caller: fleet.users.member, day: DAY, hour: 9, premium: 1 },
    { caller: fleet.users.member, day: DAY, hour: 10, premium: 0 },
    { caller: fleet.users.member, day: DAY, hour: 11, premium: 1.25 },
    { caller: fleet.users.manager, day: DAY, hour: 9, premium: 2.5 },
    { caller: fleet.users.member, day: END, hour: 9, premium: 1 },
  ];

  beforeAll(async () => {
    fleet = await createOrganization(server, 'Copilot fleet');
    for (const call of calls()) await exportOtlp('traces', copilotChat(at(call.day, call.hour), call.premium), call.caller);
    // A retry, another organization's call and today's: none of them in the answer.
    await exportOtlp('traces', copilotChat(at(DAY, 9), 1), fleet.users.member);
    await exportOtlp('traces', copilotChat(at(DAY, 9), 7), other.users.member);
    await exportOtlp('traces', copilotChat(Date.now() - 60_000, 3), fleet.users.member);
  }, 60_000);

  /** The reference: the calls summed per day, person and model, ordered as the endpoint says. */
  function expectedPremiumRows() {
    const rows = new Map<string, { date: string; user_id: string; user_email: string; agent: string; model_id: string; model_calls: number; premium_requests: number }>();
    for (const call of calls()) {
      const key = `${call.day} ${call.caller.id}`;
      const row = rows.get(key) ?? { date: call.day, user_id: call.caller.id, user_email: call.caller.email, agent: 'copilot-cli', model_id: 'gpt-4.1', model_calls: 0, premium_requests: 0 };
      row.model_calls += 1;
      row.premium_requests += call.premium;
      rows.set(key, row);
    }
    return [...rows.values()].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.user_id < b.user_id ? -1 : 1));
  }

  it('sums the premium requests per day, person and model, against the reference; never as money', async () => {
    const response = await get(`/api/v1/analytics/premium-requests?${RANGE}`, fleet.users.manager.key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: expectedPremiumRows(), meta: { org_id: fleet.id, start_date: START, end_date: END } });
    const tokens = (await get(`/api/v1/analytics/tokens?${RANGE}&group_by=agent`, fleet.users.manager.key)).json().data as { group_key: string; reported_cost_usd: number | null }[];
    expect(tokens.every((row) => row.reported_cost_usd === null)).toBe(true);
  });

  it('answers CSV with the same rows', async () => {
    const response = await get(`/api/v1/analytics/premium-requests?${RANGE}`, fleet.users.manager.key, { accept: 'text/csv' });
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('date,user_id,user_email,agent,model_id,model_calls,premium_requests');
    expect(lines.slice(1)).toEqual(expectedPremiumRows().map((row) => Object.values(row).join(',')));
  });

  it('keeps the analytics day rule, refuses bad dates, and is for owners and managers of its own organization', async () => {
    expect(expectError(await get(`/api/v1/analytics/premium-requests?startDate=${daysAgo(1)}&endDate=${today()}`, fleet.owner.key), 400).detail).toContain('24-hour lag');
    expectError(await get(`/api/v1/analytics/premium-requests?startDate=${END}&endDate=${START}`, fleet.owner.key), 400);
    expectError(await get(`/api/v1/analytics/premium-requests?${RANGE}`, fleet.users.member.key), 403);
    expectError(await get(`/api/v1/analytics/premium-requests?${RANGE}`, fleet.users.guest.key), 403);
    expectError(await get(`/api/v1/analytics/premium-requests?${RANGE}`, await accessToken(server, fleet.owner.key)), 401);
    const theirs = (await get(`/api/v1/analytics/premium-requests?${RANGE}`, other.users.owner.key)).json().data;
    expect(theirs).toEqual([expect.objectContaining({ date: DAY, user_id: other.users.member.id, premium_requests: 7, model_calls: 1 })]);
  });
});
