import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { runRollups } from '../analytics/helpers.js';
import { percentile } from '../helpers/percentile.js';
import { attributeOf, bodyOf, capturedLogs, daysBack, named, replay, runNamed, type JsonLog } from './captured.js';

// Claude Code 2.1.332's new fields as the real CLI exported them (test/fixtures/otlp/claude-code,
// http-json-identity-content), read back from outside and compared with what the mock model API
// served (the manifest) and what the capture itself says: the cache writes of each lifetime priced
// at their own price, the time to first token of each call, and the tool source, which 2.1.332
// sends on its tool decisions only.

/** Anthropic's published prices of claude-sonnet-4-5 (USD per million tokens): a 5-minute cache write 1.25x input, a 1-hour one 2x. */
const SONNET = { input: 3, output: 15, cacheRead: 0.3, cacheWrite5m: 3.75, cacheWrite1h: 6 };

/** The Anthropic usage of one call as the mock reported it on the wire. */
interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
}

const manifest = runNamed('claude-code', 'http-json-identity-content');
const logs = capturedLogs(manifest);
const served = (manifest as unknown as { expected: { calls: { reportedUsage: AnthropicUsage }[] } }).expected.calls.map((call) => call.reportedUsage);
const { day, days } = daysBack(manifest);

let server: TestServer;
let org: TestOrganization;
const get = async (path: string) => {
  const response = await server.app.inject({ url: `/api/v1/analytics/${path}`, headers: auth(org.owner.key) });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
};

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Claude Code 2.1.332');
  await replay(server, manifest, org.owner.key, days);
  await runRollups(server);
}, 120_000);
afterAll(async () => server?.close());

describe('Claude Code 2.1.332 (claude-code/http-json-identity-content)', () => {
  it("passes the API's cache-write split on, and each tier is priced at its own price in /tokens", async () => {
    // The CLI's api_request events carry the split the mock's API usage reported, call by call.
    const requests = named(logs, 'api_request');
    expect(requests.map((log) => [attributeOf(log, 'cache_creation_tokens'), attributeOf(log, 'cache_creation_5m_tokens'), attributeOf(log, 'cache_creation_1h_tokens')])).toEqual(
      served.map((usage) => [usage.cache_creation_input_tokens, usage.cache_creation.ephemeral_5m_input_tokens, usage.cache_creation.ephemeral_1h_input_tokens].map(String)),
    );
    expect(served.every((usage) => usage.cache_creation.ephemeral_1h_input_tokens > 0 && usage.cache_creation.ephemeral_5m_input_tokens > 0)).toBe(true);

    const micros = served.reduce(
      (sum, usage) =>
        sum +
        usage.input_tokens * SONNET.input +
        usage.output_tokens * SONNET.output +
        usage.cache_read_input_tokens * SONNET.cacheRead +
        usage.cache_creation.ephemeral_5m_input_tokens * SONNET.cacheWrite5m +
        usage.cache_creation.ephemeral_1h_input_tokens * SONNET.cacheWrite1h,
      0,
    );
    const [row] = await get(`tokens?startDate=${day}&endDate=${day}`);
    expect(row).toMatchObject({ cache_write_tokens: served.reduce((sum, usage) => sum + usage.cache_creation_input_tokens, 0), unpriced_models: [] });
    expect(row.cost).toBeCloseTo(Math.round(micros) / 1e6, 6);
    // Not all cache writes at the 5-minute price (what a reader of cache_creation_tokens alone gives).
    const oneHour = served.reduce((sum, usage) => sum + usage.cache_creation.ephemeral_1h_input_tokens, 0);
    expect(row.cost).not.toBeCloseTo(Math.round(micros - oneHour * (SONNET.cacheWrite1h - SONNET.cacheWrite5m)) / 1e6, 6);
  });

  it("stores each call's ttft_ms as its time to first token", async () => {
    const ttfts = named(logs, 'api_request').map((log) => Number(attributeOf(log, 'ttft_ms')));
    expect(ttfts).toHaveLength(served.length);
    expect(ttfts.every((ttft) => Number.isFinite(ttft) && ttft > 0)).toBe(true);
    expect(await get(`model-latency?startDate=${day}&endDate=${day}`)).toEqual([
      { date: day, model_id: 'claude-sonnet-4-5-20250929', timed_calls: served.length, ttft_ms_p50: percentile(ttfts, 0.5), ttft_ms_p90: percentile(ttfts, 0.9) },
    ]);
  });

  it("gives its tool calls the source of their decisions (the same tool_use_id): /tools?group_by=tool_source has them under builtin", async () => {
    const decisions = named(logs, 'tool_decision');
    const results = named(logs, 'tool_result');
    // 2.1.332 names the source on the decision only, and both name the tool use.
    expect(decisions.map((log) => attributeOf(log, 'tool_source'))).toEqual(['builtin']);
    expect(results.map((log) => attributeOf(log, 'tool_source'))).toEqual([undefined]);
    expect(results.map((log) => attributeOf(log, 'tool_use_id'))).toEqual(decisions.map((log) => attributeOf(log, 'tool_use_id')));
    const { rows } = await sql<{ type: string; tool_source: string | null }>`
      SELECT type, tool_source FROM telemetry_events WHERE organization_id = ${org.id} AND type IN ('tool_call', 'tool_decision') ORDER BY type`.execute(server.store.db);
    expect(rows).toEqual([
      { type: 'tool_call', tool_source: 'builtin' },
      { type: 'tool_decision', tool_source: 'builtin' },
    ]);
    // Joined as the export was read (the decision and the result came in one): nothing kept for a later export.
    const { rows: kept } = await sql<{ uses: number }>`SELECT count(*)::int AS uses FROM tool_use_sources WHERE organization_id = ${org.id}`.execute(server.store.db);
    expect(kept).toEqual([{ uses: 0 }]);
    const toolCalls = manifest.expected.toolCallsAsked.length;
    expect(await get(`tools?startDate=${day}&endDate=${day}&group_by=tool_source`)).toEqual([{ date: day, group_key: 'builtin', tool_calls: toolCalls }]);
    expect((await get(`tools?startDate=${day}&endDate=${day}`))[0]).toMatchObject({ tool_calls: toolCalls });
  });

  it('changes nothing when the whole capture is sent again', async () => {
    const before = await Promise.all([get(`tools?startDate=${day}&endDate=${day}&group_by=tool_source`), get(`tools?startDate=${day}&endDate=${day}`), get(`tokens?startDate=${day}&endDate=${day}`)]);
    await replay(server, manifest, org.owner.key, days);
    await runRollups(server);
    expect(await Promise.all([get(`tools?startDate=${day}&endDate=${day}&group_by=tool_source`), get(`tools?startDate=${day}&endDate=${day}`), get(`tokens?startDate=${day}&endDate=${day}`)])).toEqual(before);
  });
});

// The same capture with the export that carries the decision and the result split in two, so that
// they arrive in separate exports: the call takes its decision's source in either order, also when
// its day was aggregated before the decision came, and sending everything again changes nothing.
describe('Claude Code 2.1.332 with a tool decision and its result in separate exports', () => {
  const TOOL_EXPORT = '005-logs.json';
  const isDecision = (log: JsonLog) => attributeOf(log, 'event.name') === 'tool_decision';

  /** The captured export that carries the tool's records, moved back, with only the records `keep` keeps. */
  function partOfToolExport(keep: (log: JsonLog) => boolean, edit: (log: JsonLog) => JsonLog = (log) => log): Buffer {
    const request = manifest.requests.find((one) => one.file === TOOL_EXPORT)!;
    const body = JSON.parse(bodyOf(manifest, request, days).payload.toString('utf8')) as { resourceLogs: { scopeLogs: { logRecords: JsonLog[] }[] }[] };
    for (const resource of body.resourceLogs) for (const scope of resource.scopeLogs) scope.logRecords = scope.logRecords.filter(keep).map(edit);
    return Buffer.from(JSON.stringify(body));
  }

  async function send(key: string, payload: Buffer) {
    const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(key), 'content-type': 'application/json' }, payload });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({});
  }

  /** Every export of the capture, the tool's export as `parts` in that order. */
  async function replaySplit(key: string, parts: Buffer[]) {
    for (const request of manifest.requests) {
      if (request.file === TOOL_EXPORT) {
        for (const part of parts) {
          await send(key, part);
          // The day aggregated between the two halves: the late half must have it computed again.
          await runRollups(server);
        }
        continue;
      }
      const { payload, contentType } = bodyOf(manifest, request, days);
      const response = await server.app.inject({ method: 'POST', url: `/v1/${request.signal}`, headers: { ...auth(key), 'content-type': contentType }, payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    await runRollups(server);
  }

  const toolsOf = async (own: TestOrganization) => {
    const read = async (path: string) => {
      const response = await server.app.inject({ url: `/api/v1/analytics/${path}`, headers: auth(own.owner.key) });
      expect(response.statusCode, response.body).toBe(200);
      return json(response).data;
    };
    return { bySource: await read(`tools?startDate=${day}&endDate=${day}&group_by=tool_source`), days: await read(`tools?startDate=${day}&endDate=${day}`) };
  };
  const toolCalls = manifest.expected.toolCallsAsked.length;
  const expected = () => ({ bySource: [{ date: day, group_key: 'builtin', tool_calls: toolCalls }], days: [expect.objectContaining({ date: day, tool_calls: toolCalls })] });

  for (const [order, decisionFirst] of [['the decision first', true], ['the result first', false]] as const) {
    it(`gives the call its decision's source with ${order}, and a second replay changes nothing`, async () => {
      const own = await createOrganization(server, `Split, ${order}`);
      const decision = partOfToolExport(isDecision);
      const rest = partOfToolExport((log) => !isDecision(log));
      const parts = decisionFirst ? [decision, rest] : [rest, decision];
      await replaySplit(own.owner.key, parts);
      expect(await toolsOf(own)).toEqual(expected());
      await replaySplit(own.owner.key, parts);
      // And the export whole, as the agent sent it.
      await replay(server, manifest, own.owner.key, days);
      await runRollups(server);
      expect(await toolsOf(own)).toEqual(expected());
      const { rows } = await sql<{ events: number }>`
        SELECT count(*)::int AS events FROM telemetry_events WHERE organization_id = ${own.id} AND type IN ('tool_call', 'tool_decision')`.execute(server.store.db);
      expect(rows).toEqual([{ events: 2 * toolCalls }]);
    });
  }

  it("computes the call's day again when its decision comes last, stamped on the next day", async () => {
    // The decision's own event marks only its own day pending: the call's day must be marked for the late source.
    const own = await createOrganization(server, 'Split, decision after midnight');
    const nextDay = (log: JsonLog) => ({ ...log, timeUnixNano: String(BigInt(log.timeUnixNano) + 86_400_000_000_000n) });
    await replaySplit(own.owner.key, [partOfToolExport((log) => !isDecision(log))]);
    expect((await toolsOf(own)).bySource).toEqual([]);
    await send(own.owner.key, partOfToolExport(isDecision, nextDay));
    await runRollups(server);
    expect(await toolsOf(own)).toEqual(expected());
    await send(own.owner.key, partOfToolExport(isDecision, nextDay));
    await runRollups(server);
    expect(await toolsOf(own)).toEqual(expected());
  });

  it("gives no call the source of another session's decision with the same tool_use_id", async () => {
    const own = await createOrganization(server, 'Split, other session');
    const otherSession = (log: JsonLog) => ({
      ...log,
      attributes: log.attributes.map((attribute) => (attribute.key === 'session.id' ? { key: 'session.id', value: { stringValue: 'another-session' } } : attribute)),
    });
    await replaySplit(own.owner.key, [partOfToolExport(isDecision, otherSession), partOfToolExport((log) => !isDecision(log))]);
    expect(await toolsOf(own)).toEqual({ bySource: [], days: [expect.objectContaining({ date: day, tool_calls: toolCalls })] });
  });
});
