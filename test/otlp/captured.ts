import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fromBinary, toBinary, type DescMessage, type Message } from '@bufbuild/protobuf';
import { expect } from 'vitest';
import { addDays, dayOf } from '../../src/domain/dates.js';
import { ExportLogsServiceRequestSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/logs/v1/logs_service_pb.js';
import { ExportMetricsServiceRequestSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/metrics/v1/metrics_service_pb.js';
import { ExportTraceServiceRequestSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/trace/v1/trace_service_pb.js';
import { auth, type TestServer } from '../helpers/server.js';

// The exports captured from the real agent CLIs (test/fixtures/otlp, by scripts/otlp-capture), and
// how tests send them again: as they were sent, moved whole days back (every *UnixNano field,
// nothing else) so that their day has ended and can be read from the analytics.

const FIXTURES = new URL('../fixtures/otlp/', import.meta.url).pathname;

export interface CapturedRequest {
  file: string;
  transport: 'http' | 'grpc';
  signal: 'metrics' | 'logs' | 'traces';
  contentType: string | null;
  contentEncoding: string | null;
}

export interface Manifest {
  /** The fixture's folder: test/fixtures/otlp/<dir>/<run>. */
  dir: string;
  agent: string;
  run: string;
  capturedAt: string;
  /** The CLI's version, as installed for the capture. */
  cli: { version: string };
  requests: CapturedRequest[];
  expected: {
    tokensByModel: Record<string, { calls: number; input: number; output: number; cacheRead: number; cacheWrite: number }>;
    toolCallsAsked: unknown[];
  };
}

export const runs: Manifest[] = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((agent) =>
    readdirSync(join(FIXTURES, agent.name)).map((run) => ({ ...(JSON.parse(readFileSync(join(FIXTURES, agent.name, run, 'manifest.json'), 'utf8')) as Manifest), dir: agent.name, run })),
  );

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
export function bodyOf(manifest: Manifest, request: CapturedRequest, days: number): { payload: Buffer; contentType: string } {
  const raw = readFileSync(join(FIXTURES, manifest.dir, manifest.run, request.file));
  const plain = request.contentEncoding === 'gzip' ? gunzipSync(raw) : raw;
  if (request.transport === 'http' && request.contentType?.startsWith('application/json')) {
    return { payload: Buffer.from(JSON.stringify(shift(JSON.parse(plain.toString('utf8')), days))), contentType: 'application/json' };
  }
  const schema = SCHEMAS[request.signal];
  const message = shift(fromBinary(schema, plain), days) as Message;
  return { payload: Buffer.from(toBinary(schema, message)), contentType: 'application/x-protobuf' };
}


/** How many days back a capture moves so that it falls two days before today. */
export function daysBack(manifest: Manifest): { days: number; day: string } {
  const day = addDays(dayOf(Date.now()), -2);
  return { day, days: (Date.parse(dayOf(Date.parse(manifest.capturedAt))) - Date.parse(day)) / 86_400_000 };
}

/** Sends a capture's requests in order, as OTLP/HTTP (gRPC captures as the protobuf they carried). */
export async function replay(server: TestServer, manifest: Manifest, key: string, days: number): Promise<void> {
  for (const request of manifest.requests) {
    const { payload, contentType } = bodyOf(manifest, request, days);
    const response = await server.app.inject({ method: 'POST', url: `/v1/${request.signal}`, headers: { ...auth(key), 'content-type': contentType }, payload });
    expect(response.statusCode, `${request.file}: ${response.body}`).toBe(200);
  }
}

export const runNamed = (dir: string, run: string) => runs.find((manifest) => manifest.dir === dir && manifest.run === run)!;

/** A log record of an OTLP/JSON export, as captured. */
export interface JsonLog {
  timeUnixNano: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** The log records of a capture's OTLP/JSON log exports, as sent. */
export function capturedLogs(manifest: Manifest): JsonLog[] {
  return manifest.requests
    .filter((request) => request.signal === 'logs')
    .flatMap((request) => {
      const body = JSON.parse(readFileSync(join(FIXTURES, manifest.dir, manifest.run, request.file), 'utf8'));
      return body.resourceLogs.flatMap((resource: { scopeLogs: { logRecords: JsonLog[] }[] }) => resource.scopeLogs.flatMap((scope) => scope.logRecords));
    });
}

/** A log record's attribute as a string, as sent (whatever its JSON type). */
export const attributeOf = (log: JsonLog, key: string) => {
  const value = log.attributes.find((attribute) => attribute.key === key)?.value;
  return value === undefined ? undefined : String(Object.values(value)[0]);
};

/** The records whose `event.name` attribute is `name`. */
export const named = (logs: JsonLog[], name: string) => logs.filter((log) => attributeOf(log, 'event.name') === name);

/** A sum data point of an OTLP/JSON metric export, as captured, with its metric's name. */
export interface JsonSumPoint {
  metric: string;
  attributes: JsonLog['attributes'];
  asDouble?: number;
  asInt?: string | number;
}

/** The sum data points of a capture's OTLP/JSON metric exports, as sent. */
export function capturedSumPoints(manifest: Manifest): JsonSumPoint[] {
  return manifest.requests
    .filter((request) => request.signal === 'metrics')
    .flatMap((request) => {
      const body = JSON.parse(readFileSync(join(FIXTURES, manifest.dir, manifest.run, request.file), 'utf8'));
      return body.resourceMetrics.flatMap((resource: { scopeMetrics: { metrics: { name: string; sum?: { dataPoints: JsonSumPoint[] } }[] }[] }) =>
        resource.scopeMetrics.flatMap((scope) => scope.metrics.flatMap((metric) => (metric.sum?.dataPoints ?? []).map((point) => ({ ...point, metric: metric.name })))),
      );
    });
}
