import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { runRollups } from '../analytics/helpers.js';
import { percentile } from '../helpers/percentile.js';
import { attributeOf, capturedLogs, daysBack, named, replay, runNamed } from './captured.js';

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

  it('keeps the tool source its decisions send; its tool results send none, so no tool call has one', async () => {
    const decisions = named(logs, 'tool_decision');
    const results = named(logs, 'tool_result');
    expect(decisions.map((log) => attributeOf(log, 'tool_source'))).toEqual(['builtin']);
    expect(results.map((log) => attributeOf(log, 'tool_source'))).toEqual([undefined]);
    const { rows } = await sql<{ type: string; tool_source: string | null }>`
      SELECT type, tool_source FROM telemetry_events WHERE organization_id = ${org.id} AND type IN ('tool_call', 'tool_decision') ORDER BY type`.execute(server.store.db);
    expect(rows).toEqual([
      { type: 'tool_call', tool_source: null },
      { type: 'tool_decision', tool_source: 'builtin' },
    ]);
    expect(await get(`tools?startDate=${day}&endDate=${day}&group_by=tool_source`)).toEqual([]);
    expect((await get(`tools?startDate=${day}&endDate=${day}`))[0]).toMatchObject({ tool_calls: manifest.expected.toolCallsAsked.length });
  });
});
