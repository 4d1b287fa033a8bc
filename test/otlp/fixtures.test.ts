import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fromBinary, toBinary, type DescMessage, type Message } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../src/domain/dates.js';
import { ExportLogsServiceRequestSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/logs/v1/logs_service_pb.js';
import { ExportMetricsServiceRequestSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/metrics/v1/metrics_service_pb.js';
import { ExportTraceServiceRequestSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/trace/v1/trace_service_pb.js';
import { auth, createOrganization, json, startTestServer, type TestServer } from '../helpers/server.js';

// What the real agent CLIs exported (test/fixtures/otlp, captured by scripts/otlp-capture against
// a mock of their model API), sent to the server as they were sent, and the analytics that come
// out compared with what the mock served: tokens by model, tool calls. Sent a second time, they
// change nothing. The captures are of one day; they are moved whole days back (every *UnixNano
// field, nothing else) so that their day has ended and can be read from the analytics.

const FIXTURES = new URL('../fixtures/otlp/', import.meta.url).pathname;

interface CapturedRequest {
  file: string;
  transport: 'http' | 'grpc';
  signal: 'metrics' | 'logs' | 'traces';
  contentType: string | null;
  contentEncoding: string | null;
}

interface Manifest {
  /** The fixture's folder: test/fixtures/otlp/<dir>/<run>. */
  dir: string;
  agent: string;
  run: string;
  capturedAt: string;
  requests: CapturedRequest[];
  expected: {
    tokensByModel: Record<string, { calls: number; input: number; output: number; cacheRead: number; cacheWrite: number }>;
    toolCallsAsked: unknown[];
  };
}

const runs: Manifest[] = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((agent) =>
    readdirSync(join(FIXTURES, agent.name)).map((run) => ({ ...(JSON.parse(readFileSync(join(FIXTURES, agent.name, run, 'manifest.json'), 'utf8')) as Manifest), dir: agent.name, run })),
  );

/** What each agent's exports say, by design of the agent (test/fixtures/otlp/README.md); a run's own line wins. */
const REPORTS: Record<string, { tokens: boolean; toolCalls: boolean }> = {
  // opencode sends its model and tool calls only with its AI SDK spans turned on.
  'opencode/http-default': { tokens: false, toolCalls: false },
  'claude-code': { tokens: true, toolCalls: true },
  codex: { tokens: true, toolCalls: true },
  gemini: { tokens: true, toolCalls: true },
  qwen: { tokens: true, toolCalls: true },
  copilot: { tokens: true, toolCalls: true },
  opencode: { tokens: true, toolCalls: true },
  // Droid sends no token counts (its token metrics are behind a vendor flag).
  droid: { tokens: false, toolCalls: true },
};

const SCHEMAS: Record<CapturedRequest['signal'], DescMessage> = {
  metrics: ExportMetricsServiceRequestSchema,
  logs: ExportLogsServiceRequestSchema,
  traces: ExportTraceServiceRequestSchema,
};

const NANOS_PER_DAY = 86_400_000_000_000n;
const isTimeField = (key: string) => key.endsWith('UnixNano') || key.endsWith('_unix_nano');

/** Every *UnixNano field of a decoded message or an OTLP/JSON object, moved `days` back (0 stays 0). */
function shift(value: unknown, days: number): unknown {
  if (Array.isArray(value)) return value.map((item) => shift(item, days));
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  const shifted: Record<string, unknown> = Array.isArray(value) ? [] : Object.create(Object.getPrototypeOf(value));
  for (const [key, field] of Object.entries(value)) {
    if (isTimeField(key) && (typeof field === 'bigint' || typeof field === 'string' || typeof field === 'number')) {
      const nanos = BigInt(field);
      const moved = nanos === 0n ? 0n : nanos - BigInt(days) * NANOS_PER_DAY;
      shifted[key] = typeof field === 'bigint' ? moved : typeof field === 'number' ? Number(moved) : String(moved);
    } else {
      shifted[key] = shift(field, days);
    }
  }
  return shifted;
}

/** A captured body, moved `days` back, in the encoding it was sent in (gzip undone: sent plain). */
function bodyOf(manifest: Manifest, request: CapturedRequest, days: number): { payload: Buffer; contentType: string } {
  const raw = readFileSync(join(FIXTURES, manifest.dir, manifest.run, request.file));
  const plain = request.contentEncoding === 'gzip' ? gunzipSync(raw) : raw;
  if (request.transport === 'http' && request.contentType?.startsWith('application/json')) {
    return { payload: Buffer.from(JSON.stringify(shift(JSON.parse(plain.toString('utf8')), days))), contentType: 'application/json' };
  }
  const schema = SCHEMAS[request.signal];
  const message = shift(fromBinary(schema, plain), days) as Message;
  return { payload: Buffer.from(toBinary(schema, message)), contentType: 'application/x-protobuf' };
}

let server: TestServer;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  admin = auth(server.adminToken);
});
afterAll(async () => server?.close());

async function replay(manifest: Manifest, key: string, days: number): Promise<void> {
  for (const request of manifest.requests) {
    const { payload, contentType } = bodyOf(manifest, request, days);
    const response = await server.app.inject({ method: 'POST', url: `/v1/${request.signal}`, headers: { ...auth(key), 'content-type': contentType }, payload });
    expect(response.statusCode, `${request.file}: ${response.body}`).toBe(200);
  }
}

async function rollUp(): Promise<void> {
  const response = await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: admin });
  expect(response.statusCode).toBe(200);
}

describe.each(runs.map((manifest) => [`${manifest.agent} ${manifest.run}`, manifest] as const))('%s', (_name, manifest) => {
  const reports = REPORTS[`${manifest.dir}/${manifest.run}`] ?? REPORTS[manifest.dir]!;

  it('counts what the mock served, once, however often the export is sent', async () => {
    const org = await createOrganization(server, `${manifest.agent} ${manifest.run}`);
    const capturedDay = dayOf(Date.parse(manifest.capturedAt));
    const day = addDays(dayOf(Date.now()), -2);
    const days = (Date.parse(capturedDay) - Date.parse(day)) / 86_400_000;
    await replay(manifest, org.owner.key, days);
    await rollUp();
    const range = `startDate=${addDays(day, -1)}&endDate=${addDays(day, 1)}`;
    const read = async () => {
      const tokens = json(await server.app.inject({ url: `/api/v1/analytics/tokens?${range}`, headers: auth(org.owner.key) })).data;
      const tools = json(await server.app.inject({ url: `/api/v1/analytics/tools?${range}`, headers: auth(org.owner.key) })).data;
      return { tokens, tools };
    };
    const first = await read();
    const expected = Object.values(manifest.expected.tokensByModel);
    const sum = (field: 'input' | 'output' | 'cacheRead' | 'cacheWrite') => (reports.tokens ? expected.reduce((total, model) => total + model[field], 0) : 0);
    const total = (field: string) => first.tokens.reduce((t: number, row: Record<string, number>) => t + row[field]!, 0);
    expect({ input: total('input_tokens'), output: total('output_tokens'), cacheRead: total('cache_read_tokens'), cacheWrite: total('cache_write_tokens') }).toEqual({
      input: sum('input'),
      output: sum('output'),
      cacheRead: sum('cacheRead'),
      cacheWrite: sum('cacheWrite'),
    });
    if (reports.tokens) {
      const byModel = first.tokens.flatMap((row: { by_model: { model_id: string; input_tokens: number }[] }) => row.by_model.map((model) => model.model_id));
      expect(new Set(byModel)).toEqual(new Set(Object.keys(manifest.expected.tokensByModel).map((model) => model.toLowerCase())));
    }
    const toolCalls = first.tools.reduce((t: number, row: { tool_calls: number }) => t + row.tool_calls, 0);
    expect(toolCalls).toBe(reports.toolCalls ? manifest.expected.toolCallsAsked.length : 0);

    await replay(manifest, org.owner.key, days);
    await rollUp();
    expect(await read()).toEqual(first);
  });
});
