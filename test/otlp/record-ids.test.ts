import { create, toBinary, toJsonString } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportLogsServiceRequestSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/logs/v1/logs_service_pb.js';
import { ExportTraceServiceRequestSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/trace/v1/trace_service_pb.js';
import type { AnyValue, KeyValue } from '../../src/otlp/generated/opentelemetry/proto/common/v1/common_pb.js';
import { auth, createOrganization, startTestServer, type TestServer } from '../helpers/server.js';

// The ids of the events an OTLP export becomes are made from a digest of each record (docs/otel.md,
// "Counted exactly once"): an export retried after an upgrade must find the ids its first attempt
// stored. The ids below were made by the receiver before it read attributes in place (47f71fb),
// which built a map of each record's attributes and named the record by its JSON; any change to
// how a record is named must give the same ids, in both encodings, for records of every shape:
// repeated keys, keys that are array indices, __proto__, nested maps and arrays, bytes, empty
// values, NaN, integers beyond 2^53, text to escape, and more attributes than usual.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(async () => server?.close());

type Plain = string | number | bigint | boolean | null | Uint8Array | Plain[] | { [key: string]: Plain } | [string, Plain][];

function anyValue(value: Plain): AnyValue {
  const of = (inner: AnyValue['value']) => ({ value: inner }) as AnyValue;
  if (value === null) return of({ case: undefined });
  if (typeof value === 'string') return of({ case: 'stringValue', value });
  if (typeof value === 'boolean') return of({ case: 'boolValue', value });
  if (typeof value === 'bigint') return of({ case: 'intValue', value });
  if (typeof value === 'number') return of(Number.isInteger(value) ? { case: 'intValue', value: BigInt(value) } : { case: 'doubleValue', value });
  if (value instanceof Uint8Array) return of({ case: 'bytesValue', value });
  if (Array.isArray(value)) return of({ case: 'arrayValue', value: { values: value.map((item) => anyValue(item as Plain)) } as never });
  return of({ case: 'kvlistValue', value: { values: keyValues(Object.entries(value)) } as never });
}

/** Key-value pairs in the order given, repeated keys included; a null value leaves the value unset. */
function keyValues(pairs: readonly [string, Plain][]): KeyValue[] {
  return pairs.map(([key, value]) => ({ key, ...(value === null ? {} : { value: anyValue(value) }) }) as KeyValue);
}

const at = Date.parse('2026-01-15T10:00:00.000Z');
const nanos = (ms: number) => BigInt(ms) * 1_000_000n;
const common: [string, Plain][] = [
  ['session.id', 'session-7'],
  ['user.email', 'dev@example.test'],
];

const LOG_RECORDS: { time: number; observed: number; attributes: [string, Plain][]; body?: Plain }[] = [
  {
    time: at,
    observed: at,
    attributes: [['event.name', 'api_request'], ['model', 'claude-sonnet-4-5'], ['input_tokens', 1200], ['output_tokens', 310], ['cache_read_tokens', 4000], ['cache_creation_tokens', 0], ['cost_usd', 0.0123], ['duration_ms', 2100], ['event.timestamp', '2026-01-15T10:00:00.000Z'], ...common],
    body: 'claude_code.api_request',
  },
  {
    // Time only in the observed time; repeated keys (the map keeps the first place, the last value).
    time: 0,
    observed: at + 1000,
    attributes: [['event.name', 'tool_result'], ['tool_name', 'Read'], ['success', true], ['tool_name', 'Edit'], ['duration_ms', 35], ...common],
  },
  {
    // Keys a map orders first (array indices) or drops (__proto__), in the middle of the list.
    time: 0,
    observed: 0,
    attributes: [['event.name', 'tool_result'], ['tool_name', 'Bash'], ['10', 'ten'], ['2', 2], ['__proto__', 'not a key'], ['1e3', 'not an index'], ['007', 'not an index either'], ['event.timestamp', '2026-01-15T10:00:02.000Z'], ...common],
  },
  {
    // Values of every kind: nested maps and arrays, bytes, empty, NaN, infinities, big integers, text to escape.
    time: at + 3000,
    observed: at + 3000,
    attributes: [
      ['event.name', 'api_request'],
      ['model', 'gpt-5'],
      ['input_tokens', '42'],
      ['output_tokens', 7],
      ['text', 'a "quoted"\n\\ line\u0001 \u00e9\u{1F600}\u2028'],
      ['big', 9_007_199_254_740_993n],
      ['nested', { inner: [1, 'two', { deeper: true }], empty: null, bytes: new Uint8Array([1, 2, 3]) }],
      ['list', [1.5, -0, null, [true]]],
      ['not_a_number', Number.NaN],
      ['infinite', Number.POSITIVE_INFINITY],
      ['negative', -17],
      ['bytes', new Uint8Array([0, 255])],
      ['empty', null],
      ['', 'an empty key'],
      ...common,
    ],
    body: { text: 'a map body', parts: ['a', 'b'] },
  },
  {
    // More attributes than an exporter usually sends.
    time: at + 4000,
    observed: at + 4000,
    attributes: [['event.name', 'tool_result'], ['tool_name', 'Grep'], ...Array.from({ length: 70 }, (_, i): [string, Plain] => [`extra.${i}`, i % 2 === 0 ? `value ${i}` : i]), ...common],
  },
];

function logsExport() {
  return create(ExportLogsServiceRequestSchema, {
    resourceLogs: [
      {
        resource: { attributes: keyValues([['service.name', 'claude-code'], ['service.version', '2.1.0'], ['host.arch', 'amd64']]) },
        scopeLogs: [
          {
            scope: { name: 'com.anthropic.claude_code.events', version: '2.1.0' },
            logRecords: LOG_RECORDS.map(({ time, observed, attributes, body }) => ({ timeUnixNano: nanos(time), observedTimeUnixNano: nanos(observed), attributes: keyValues(attributes), ...(body === undefined ? {} : { body: anyValue(body) }) })),
          },
        ],
      },
    ],
  } as never);
}

function tracesExport() {
  const span = (n: number, attributes: [string, Plain][]) => ({
    traceId: new Uint8Array(16).fill(n),
    spanId: new Uint8Array(8).fill(n),
    name: 'chat claude-sonnet-4-5',
    startTimeUnixNano: nanos(at + n * 1000),
    endTimeUnixNano: nanos(at + n * 1000 + 500),
    attributes: keyValues(attributes),
  });
  return create(ExportTraceServiceRequestSchema, {
    resourceSpans: [
      {
        resource: { attributes: keyValues([['service.name', 'my-agent']]) },
        scopeSpans: [
          {
            scope: { name: 'my-agent' },
            spans: [
              span(1, [['gen_ai.operation.name', 'chat'], ['gen_ai.request.model', 'claude-sonnet-4-5'], ['gen_ai.usage.input_tokens', 100], ['gen_ai.usage.output_tokens', 20], ['session.id', 'session-8']]),
              span(2, [['gen_ai.operation.name', 'execute_tool'], ['gen_ai.tool.name', 'search'], ['gen_ai.tool.name', 'fetch'], ['3', [1, 2]], ['session.id', 'session-8']]),
            ],
          },
        ],
      },
    ],
  } as never);
}

/** OTLP/JSON ids are hex where proto3 JSON has base64. */
function otlpJson(json: string): string {
  return JSON.stringify(JSON.parse(json), (key, value) => (key === 'traceId' || key === 'spanId' ? Buffer.from(value as string, 'base64').toString('hex') : value));
}

async function storedIds(signal: 'logs' | 'traces', body: Uint8Array | string, contentType: string): Promise<string[]> {
  const org = await createOrganization(server);
  const response = await server.app.inject({ method: 'POST', url: `/v1/${signal}`, headers: { ...auth(org.owner.key), 'content-type': contentType }, payload: Buffer.from(body) });
  expect(response.statusCode, response.body).toBe(200);
  const rows = await server.store.db.selectFrom('telemetry_events').select('id').where('organization_id', '=', org.id).orderBy('id').execute();
  return rows.map((row) => row.id);
}

const LOG_IDS = [
  'otlp:LGENGyrM_NSlM_xVDiLkKuNJcs_LLfy2:0:0',
  'otlp:Udci1clgvOqyN5xlJyf8qXe8xY_REJ9Q:0:0',
  'otlp:eDO5X2Wzy9GnipM5WuPCOf5AEskLaZFw:0:0',
  'otlp:elrI1Cck6XvlU5fc9Oj7WU5d9O7Z2gYA:0:0',
  'otlp:h-UIIerOsALbftv_uS64EOPk-MEbHfWS:0:0',
];
const SPAN_IDS = ['otlp:5JqymKAvuI7sspvb_zf9z_lxmEkK8WxL:0:0', 'otlp:FmhMadkKBSY_XmU3VtNctKusTmB-ZHgI:0:0'];

describe('the ids of the events of OTLP records', () => {
  it('are those of 47f71fb for log records of every shape, in both encodings', async () => {
    const request = logsExport();
    const binary = await storedIds('logs', toBinary(ExportLogsServiceRequestSchema, request), 'application/x-protobuf');
    expect(binary).toEqual(LOG_IDS);
    expect(await storedIds('logs', toJsonString(ExportLogsServiceRequestSchema, request), 'application/json')).toEqual(LOG_IDS);
  });

  it('are those of 47f71fb for spans, in both encodings', async () => {
    const request = tracesExport();
    const binary = await storedIds('traces', toBinary(ExportTraceServiceRequestSchema, request), 'application/x-protobuf');
    expect(binary).toEqual(SPAN_IDS);
    expect(await storedIds('traces', otlpJson(toJsonString(ExportTraceServiceRequestSchema, request)), 'application/json')).toEqual(SPAN_IDS);
  });
});
