import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { auth, accessToken, createOrganization, expectError, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents, runRollups, today } from './helpers.js';
import { claudeEvents } from './otlp-json.js';
import { percentile } from '../helpers/percentile.js';

// Claude Code 2.1.332's time to first token (`ttft_ms` on api_request events) and tool source
// (`tool_source` on tool_result and tool_decision events), exported over OTLP/HTTP and read back
// from outside: GET /api/v1/analytics/model-latency (median and 90th percentile per day and model)
// and GET /api/v1/analytics/tools?group_by=tool_source, each compared with a reference computed
// here from what was sent.

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;

const DAY = daysAgo(2);
const END = daysAgo(1);
const START = daysAgo(3);
const RANGE = `startDate=${START}&endDate=${END}`;
const at = (day: string, hour: number, minute = 0) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);

/** The calls sent: day, model and time to first token (undefined: the call did not report one). */
const CALLS: { day: string; model: string; ttft?: number }[] = [
  ...[310, 120, 980, 455, 200, 2600, 75].map((ttft) => ({ day: DAY, model: 'claude-sonnet-4-5', ttft })),
  ...[90, 140].map((ttft) => ({ day: DAY, model: 'claude-haiku-4-5', ttft })),
  { day: DAY, model: 'claude-haiku-4-5' },
  { day: END, model: 'claude-sonnet-4-5', ttft: 512 },
  // Today: outside the analytics' days.
  { day: today(), model: 'claude-sonnet-4-5', ttft: 9999 },
];

/** The tool results sent, with their source (undefined: none said). */
const TOOLS: { day: string; tool: string; source?: string }[] = [
  { day: DAY, tool: 'Read', source: 'builtin' },
  { day: DAY, tool: 'Bash', source: 'builtin' },
  { day: DAY, tool: 'Edit', source: 'builtin' },
  { day: DAY, tool: 'mcp__github__list_issues', source: 'mcp' },
  { day: DAY, tool: 'mcp__linear__get_issue', source: 'mcp' },
  { day: DAY, tool: 'review', source: 'plugin' },
  { day: DAY, tool: 'Grep' },
  { day: END, tool: 'Read', source: 'builtin' },
];

function exportOf(person: string) {
  const common = { 'user.id': `installation-${person}`, 'session.id': `session-${person}` };
  return claudeEvents([
    ...CALLS.map((call, i) => ({
      // Today's call a minute ago: a record more than five minutes ahead is refused.
      atMs: call.day === today() ? Date.now() - 60_000 : at(call.day, 10, i),
      name: 'api_request',
      attributes: { ...common, model: call.model, input_tokens: 100, output_tokens: 20, duration_ms: 1500, ...(call.ttft === undefined ? {} : { ttft_ms: call.ttft }) },
    })),
    ...TOOLS.map((tool, i) => ({
      atMs: at(tool.day, 11, i),
      name: 'tool_result',
      attributes: { ...common, tool_name: tool.tool, success: 'true', duration_ms: 40, ...(tool.source === undefined ? {} : { tool_source: tool.source }) },
    })),
    { atMs: at(DAY, 12), name: 'tool_decision', attributes: { ...common, tool_name: 'mcp__github__list_issues', decision: 'accept', source: 'config', tool_source: 'mcp' } },
  ]);
}

async function exportLogs(body: unknown, caller: Caller) {
  const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(caller.key), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({});
}

const get = (url: string, key = org.users.manager.key, headers: Record<string, string> = {}) => server.app.inject({ url, headers: { ...auth(key), ...headers } });

/** The reference: per day and model (byte order), the calls sent in the range with a time to first token, each sent by `senders` people. */
function expectedLatencyRows(senders: number) {
  const byKey = new Map<string, { date: string; model_id: string; values: number[] }>();
  for (const call of CALLS) {
    if (call.ttft === undefined || call.day < START || call.day > END) continue;
    const key = `${call.day} ${call.model}`;
    if (!byKey.has(key)) byKey.set(key, { date: call.day, model_id: call.model, values: [] });
    for (let i = 0; i < senders; i++) byKey.get(key)!.values.push(call.ttft);
  }
  return [...byKey.values()]
    .sort((a, b) => (a.date === b.date ? (a.model_id < b.model_id ? -1 : 1) : a.date < b.date ? -1 : 1))
    .map(({ date, model_id, values }) => ({ date, model_id, timed_calls: values.length, ttft_ms_p50: percentile(values, 0.5), ttft_ms_p90: percentile(values, 0.9) }));
}

function expectedToolSourceRows(senders: number) {
  const counts = new Map<string, number>();
  for (const tool of TOOLS) {
    if (tool.source === undefined) continue;
    const key = `${tool.day}\u0000${tool.source}`;
    counts.set(key, (counts.get(key) ?? 0) + senders);
  }
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, tool_calls]) => {
    const [date, group_key] = key.split('\u0000');
    return { date, group_key, tool_calls };
  });
}

/**
 * Cache writes in two tiers, priced by the dataset's list prices (the organization sets none):
 * one call with the tiers only, one with their total too. START holds nothing else.
 */
const TIERED_CALLS = [
  { input_tokens: 1000, output_tokens: 200, cache_read_tokens: 5000, cache_creation_5m_tokens: 2000, cache_creation_1h_tokens: 3000 },
  { input_tokens: 10, output_tokens: 0, cache_read_tokens: 0, cache_creation_tokens: 700, cache_creation_5m_tokens: 300, cache_creation_1h_tokens: 400 },
];
/** Anthropic's published prices of claude-sonnet-4-5 (USD per million tokens): a 5-minute cache write 1.25x input, a 1-hour one 2x. */
const SONNET = { input: 3, output: 15, cacheRead: 0.3, cacheWrite5m: 3.75, cacheWrite1h: 6 };
function tieredCost(calls: typeof TIERED_CALLS): number {
  let micros = 0;
  for (const call of calls) {
    micros += call.input_tokens * SONNET.input + call.output_tokens * SONNET.output + call.cache_read_tokens * SONNET.cacheRead;
    micros += call.cache_creation_5m_tokens * SONNET.cacheWrite5m + call.cache_creation_1h_tokens * SONNET.cacheWrite1h;
  }
  return Math.round(micros) / 1e6;
}
const tieredExport = (atMs: (i: number) => number) =>
  claudeEvents(TIERED_CALLS.map((usage, i) => ({ atMs: atMs(i), name: 'api_request', attributes: { 'user.id': 'installation-tiers', model: 'claude-sonnet-4-5', ...(usage as Record<string, number>) } })));

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: daysAgo(30) });
  org = await createOrganization(server, 'Latency');
  other = await createOrganization(server, 'Other latency');
  await exportLogs(exportOf('member'), org.users.member);
  await exportLogs(exportOf('manager'), org.users.manager);
  // An exporter's retry: counted once.
  await exportLogs(exportOf('member'), org.users.member);
  // The other organization's calls, with other times: never in this organization's answers.
  await exportLogs(claudeEvents([{ atMs: at(DAY, 9), name: 'api_request', attributes: { model: 'claude-sonnet-4-5', input_tokens: 1, output_tokens: 1, ttft_ms: 60_000 } }]), other.users.member);
  await exportLogs(tieredExport((i) => at(START, 8, i)), org.users.owner);
  await runRollups(server);
}, 120_000);
afterAll(async () => server?.close());

describe('GET /api/v1/analytics/model-latency', () => {
  it('gives the median and 90th percentile per day and model, against the reference; untimed calls, retries, today and other organizations left out', async () => {
    const response = await get(`/api/v1/analytics/model-latency?${RANGE}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ org_id: org.id, start_date: START, end_date: END });
    expect(body.data).toEqual(expectedLatencyRows(2));
    // The reference itself: 14 sonnet calls on DAY (seven values, twice), median 310.
    expect(body.data[1]).toMatchObject({ date: DAY, model_id: 'claude-sonnet-4-5', timed_calls: 14, ttft_ms_p50: 310 });
  });

  it('answers CSV with the same rows', async () => {
    const response = await get(`/api/v1/analytics/model-latency?${RANGE}`, org.users.manager.key, { accept: 'text/csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('date,model_id,timed_calls,ttft_ms_p50,ttft_ms_p90');
    expect(lines).toHaveLength(1 + expectedLatencyRows(2).length);
  });

  it('keeps the analytics day rule and refuses bad dates with the one error body', async () => {
    expect(expectError(await get(`/api/v1/analytics/model-latency?startDate=${daysAgo(1)}&endDate=${today()}`), 400).detail).toContain('24-hour lag');
    expectError(await get(`/api/v1/analytics/model-latency?startDate=${END}&endDate=${START}`), 400);
    expectError(await get(`/api/v1/analytics/model-latency?startDate=2026-02-30&endDate=${END}`), 400);
    expectError(await get(`/api/v1/analytics/model-latency?startDate=${START}`), 400);
  });

  it('is for owners and managers with an API key; each organization sees its own', async () => {
    expectError(await get(`/api/v1/analytics/model-latency?${RANGE}`, org.users.member.key), 403);
    expectError(await get(`/api/v1/analytics/model-latency?${RANGE}`, org.users.guest.key), 403);
    expectError(await get(`/api/v1/analytics/model-latency?${RANGE}`, 'qd_not-a-key'), 401);
    expectError(await get(`/api/v1/analytics/model-latency?${RANGE}`, await accessToken(server, org.users.owner.key)), 401);
    const theirs = (await get(`/api/v1/analytics/model-latency?${RANGE}`, other.users.owner.key)).json();
    expect(theirs.data).toEqual([{ date: DAY, model_id: 'claude-sonnet-4-5', timed_calls: 1, ttft_ms_p50: 60_000, ttft_ms_p90: 60_000 }]);
  });
});

describe('GET /api/v1/analytics/tools?group_by=tool_source', () => {
  it('counts tool calls per source as the agent names it, against the reference; calls without one have no row', async () => {
    const response = await get(`/api/v1/analytics/tools?${RANGE}&group_by=tool_source`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual(expectedToolSourceRows(2));
    // Every tool call still counts in the seed's row, sources or not.
    const days = (await get(`/api/v1/analytics/tools?${RANGE}`)).json().data as { date: string; tool_calls: number }[];
    expect(days.find((row) => row.date === DAY)?.tool_calls).toBe(2 * TOOLS.filter((tool) => tool.day === DAY).length);
  });

  it('answers CSV, and the other organization sees no source of this one', async () => {
    const csv = await get(`/api/v1/analytics/tools?${RANGE}&group_by=tool_source`, org.users.manager.key, { accept: 'text/csv' });
    expect(csv.body.trim().split(/\r?\n/)).toEqual(['date,group_key,tool_calls', ...expectedToolSourceRows(2).map((row) => `${row.date},${row.group_key},${row.tool_calls}`)]);
    expect((await get(`/api/v1/analytics/tools?${RANGE}&group_by=tool_source`, other.users.owner.key)).json().data).toEqual([]);
  });

  it('keeps the source of tool decisions too', async () => {
    const { rows } = await sql<{ tool_source: string | null }>`
      SELECT tool_source FROM telemetry_events WHERE organization_id = ${org.id} AND type = 'tool_decision'`.execute(server.store.db);
    expect(rows).toEqual([{ tool_source: 'mcp' }, { tool_source: 'mcp' }]);
  });
});

describe('cache writes in two tiers', () => {
  it("price each tier at the dataset's own price in /tokens, against the vendor's published prices", async () => {
    const [row] = (await get(`/api/v1/analytics/tokens?startDate=${START}&endDate=${START}`)).json().data;
    expect(row).toMatchObject({ cache_write_tokens: 2000 + 3000 + 700, unpriced_models: [] });
    expect(row.cost).toBeCloseTo(tieredCost(TIERED_CALLS), 6);
    // Not the one cache-write price for both (what summing the tiers gave).
    expect(row.cost).not.toBeCloseTo(tieredCost(TIERED_CALLS.map((call) => ({ ...call, cache_creation_5m_tokens: call.cache_creation_5m_tokens + call.cache_creation_1h_tokens, cache_creation_1h_tokens: 0 }))), 6);
  });

  it("and so does today's live figure, from the same cells", async () => {
    const other = await createOrganization(server, 'Tiers today');
    await exportLogs(tieredExport(() => Date.now() - 60_000), other.users.owner);
    const total = (await get('/api/v1/analytics/today', other.owner.key)).json().data[0];
    expect(total.cost).toBeCloseTo(tieredCost(TIERED_CALLS), 6);
  });

  it('refuses more 1-hour writes than cache writes on the events endpoint, with the one error body, storing nothing', async () => {
    const call = { id: 'tiers-1', type: 'model_call', timestamp: `${END}T10:00:00Z`, sessionId: 's', client: 'terminal-ui', modelId: 'claude-sonnet-4-5', modelTier: 'standard', inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 10 };
    const refused = await postEvents(server, org.owner.key, [{ ...call, cacheWrite1hTokens: 11 }]);
    expect(expectError(refused, 400).errors?.[0]?.path).toContain('cacheWrite1hTokens');
    const accepted = await postEvents(server, org.owner.key, [{ ...call, cacheWrite1hTokens: 10 }]);
    expect(accepted.statusCode, accepted.body).toBe(202);
    const { rows } = await sql<{ cache_write_1h_tokens: string }>`
      SELECT cache_write_1h_tokens FROM telemetry_events WHERE organization_id = ${org.id} AND id = 'tiers-1'`.execute(server.store.db);
    expect(rows.map((row) => Number(row.cache_write_1h_tokens))).toEqual([10]);
  });
});
