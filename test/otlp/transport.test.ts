import { gzipSync } from 'node:zlib';
import { create, fromBinary, toBinary, toJsonString, type DescMessage } from '@bufbuild/protobuf';
import { Metadata } from '@grpc/grpc-js';
import { SpanKind } from '@opentelemetry/api';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPLogExporter as LogsGrpc } from '@opentelemetry/exporter-logs-otlp-grpc';
import { OTLPLogExporter as LogsJson } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as LogsProto } from '@opentelemetry/exporter-logs-otlp-proto';
import { OTLPMetricExporter as MetricsGrpc } from '@opentelemetry/exporter-metrics-otlp-grpc';
import { OTLPMetricExporter as MetricsJson } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as MetricsProto } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPTraceExporter as TracesGrpc } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as TracesJson } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as TracesProto } from '@opentelemetry/exporter-trace-otlp-proto';
import { CompressionAlgorithm } from '@opentelemetry/otlp-exporter-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor } from '@opentelemetry/sdk-logs';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { ExportLogsServiceRequestSchema, ExportLogsServiceResponseSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/logs/v1/logs_service_pb.js';
import { ExportMetricsServiceRequestSchema, ExportMetricsServiceResponseSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/metrics/v1/metrics_service_pb.js';
import { ExportTraceServiceRequestSchema, ExportTraceServiceResponseSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/trace/v1/trace_service_pb.js';
import { StatusSchema } from '../../src/otlp/generated/google/rpc/status_pb.js';
import type { OtlpExportArgs } from '../../src/otlp/decode.js';
import { createOrganization, expectError, startTestServer, type TestOrganization } from '../helpers/server.js';
import { startOtlpServer, type OtlpTestServer } from './receiver.js';

// The OTLP receiver as exporters meet it: the OpenTelemetry JS exporters (OTLP/HTTP JSON,
// OTLP/HTTP protobuf, OTLP/gRPC; gzip) send to the real app on loopback, and what reaches the
// consumer is what they sent; answers are OTLP's in each encoding.

let server: OtlpTestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startOtlpServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server?.close());
beforeEach(() => {
  server.received.length = 0;
  server.answer = async () => ({ rejected: 0 });
});

type Transport = 'json' | 'protobuf' | 'grpc';
const TRANSPORTS: Transport[] = ['json', 'protobuf', 'grpc'];

const resource = () => resourceFromAttributes({ 'service.name': 'claude-code', 'service.version': '2.1.0' });

function exporterOptions(transport: Transport, signal: string, key: string) {
  if (transport === 'grpc') {
    const metadata = new Metadata();
    metadata.set('authorization', `Bearer ${key}`);
    return { url: `http://127.0.0.1:${server.grpcPort}`, metadata, compression: CompressionAlgorithm.GZIP };
  }
  return { url: `${server.baseUrl}/v1/${signal}`, headers: { Authorization: `Bearer ${key}` }, compression: CompressionAlgorithm.GZIP };
}

function send<T>(exporter: { export(items: T, done: (result: ExportResult) => void): void; shutdown(): Promise<void> }, items: T): Promise<ExportResult> {
  return new Promise<ExportResult>((resolve) => exporter.export(items, resolve)).finally(() => exporter.shutdown());
}

class CollectingReader extends MetricReader {
  protected override async onForceFlush() {}
  protected override async onShutdown() {}
}

async function exportMetrics(transport: Transport, key: string): Promise<ExportResult> {
  const reader = new CollectingReader();
  const provider = new MeterProvider({ resource: resource(), readers: [reader] });
  const meter = provider.getMeter('com.anthropic.claude_code', '2.1.0');
  meter.createCounter('claude_code.token.usage', { unit: 'tokens' }).add(1200, { type: 'input', model: 'claude-sonnet-4-5', 'user.email': 'dev@example.test' });
  meter.createHistogram('claude_code.api_latency', { unit: 'ms' }).record(250.5, { model: 'claude-sonnet-4-5' });
  const { resourceMetrics } = await reader.collect();
  await provider.shutdown();
  const options = exporterOptions(transport, 'metrics', key);
  const exporter = transport === 'grpc' ? new MetricsGrpc(options) : transport === 'json' ? new MetricsJson(options) : new MetricsProto(options);
  return send(exporter, resourceMetrics);
}

async function exportLogs(transport: Transport, key: string): Promise<ExportResult> {
  const memory = new InMemoryLogRecordExporter();
  const provider = new LoggerProvider({ resource: resource(), processors: [new SimpleLogRecordProcessor({ exporter: memory })] });
  provider.getLogger('com.anthropic.claude_code.events').emit({
    severityNumber: SeverityNumber.INFO,
    body: 'claude_code.api_request',
    attributes: { 'event.name': 'api_request', model: 'claude-sonnet-4-5', input_tokens: 120, cost_usd: 0.0042, 'user.email': 'dev@example.test' },
  });
  const records = memory.getFinishedLogRecords();
  await provider.shutdown();
  const options = exporterOptions(transport, 'logs', key);
  const exporter = transport === 'grpc' ? new LogsGrpc(options) : transport === 'json' ? new LogsJson(options) : new LogsProto(options);
  return send(exporter, records);
}

async function exportTraces(transport: Transport, key: string): Promise<{ result: ExportResult; traceId: string; spanId: string }> {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({ resource: resource(), spanProcessors: [new SimpleSpanProcessor({ exporter: memory })] });
  const span = provider.getTracer('github.copilot').startSpan('chat gpt-5', { kind: SpanKind.CLIENT, attributes: { 'gen_ai.request.model': 'gpt-5', 'gen_ai.usage.input_tokens': 42 } });
  span.end();
  const spans = memory.getFinishedSpans();
  await provider.shutdown();
  const options = exporterOptions(transport, 'traces', key);
  const exporter = transport === 'grpc' ? new TracesGrpc(options) : transport === 'json' ? new TracesJson(options) : new TracesProto(options);
  const { traceId, spanId } = span.spanContext();
  return { result: await send(exporter, spans), traceId, spanId };
}

function only(): OtlpExportArgs {
  expect(server.received).toHaveLength(1);
  return server.received[0]!.exported;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe.each(TRANSPORTS)('the OpenTelemetry JS exporters over %s', (transport) => {
  it('deliver metrics to the consumer, attributed to the key', async () => {
    const result = await exportMetrics(transport, org.users.member.key);
    expect(result.code, String(result.error)).toBe(ExportResultCode.SUCCESS);
    expect(server.received[0]?.caller).toMatchObject({ userId: org.users.member.id, organizationId: org.id, via: 'apiKey' });
    const [signal, request] = only();
    if (signal !== 'metrics') throw new Error(`got ${signal}`);
    const [resourceMetrics] = request.resourceMetrics;
    expect(resourceMetrics?.resource?.attributes.find((a) => a.key === 'service.name')?.value?.value).toEqual({ $case: 'stringValue', value: 'claude-code' });
    const scope = resourceMetrics!.scopeMetrics[0]!;
    expect(scope.scope?.name).toBe('com.anthropic.claude_code');
    const usage = scope.metrics.find((metric) => metric.name === 'claude_code.token.usage')!;
    expect(usage.unit).toBe('tokens');
    if (usage.data?.$case !== 'sum') throw new Error(`token usage is a ${usage.data?.$case}`);
    expect(usage.data.value.isMonotonic).toBe(true);
    const [point] = usage.data.value.dataPoints;
    expect(point?.value).toEqual({ $case: 'asDouble', value: 1200 });
    expect(Object.fromEntries(point!.attributes.map((a) => [a.key, a.value?.value?.value]))).toEqual({ type: 'input', model: 'claude-sonnet-4-5', 'user.email': 'dev@example.test' });
    expect(point!.timeUnixNano).toBeGreaterThan(BigInt(Date.now() - 600_000) * 1_000_000n);
    const latency = scope.metrics.find((metric) => metric.name === 'claude_code.api_latency')!;
    if (latency.data?.$case !== 'histogram') throw new Error(`latency is a ${latency.data?.$case}`);
    expect(latency.data.value.dataPoints[0]).toMatchObject({ count: 1n, sum: 250.5 });
  });

  it('deliver log records to the consumer', async () => {
    const result = await exportLogs(transport, org.users.manager.key);
    expect(result.code, String(result.error)).toBe(ExportResultCode.SUCCESS);
    expect(server.received[0]?.caller.userId).toBe(org.users.manager.id);
    const [signal, request] = only();
    if (signal !== 'logs') throw new Error(`got ${signal}`);
    const record = request.resourceLogs[0]!.scopeLogs[0]!.logRecords[0]!;
    expect(record.body?.value).toEqual({ $case: 'stringValue', value: 'claude_code.api_request' });
    expect(record.severityNumber).toBe(SeverityNumber.INFO);
    const attributes = Object.fromEntries(record.attributes.map((a) => [a.key, a.value?.value]));
    expect(attributes['event.name']).toEqual({ $case: 'stringValue', value: 'api_request' });
    expect(attributes.input_tokens).toEqual({ $case: 'intValue', value: 120n });
    expect(attributes.cost_usd).toEqual({ $case: 'doubleValue', value: 0.0042 });
    expect(record.timeUnixNano).toBeGreaterThan(0n);
  });

  it('deliver spans to the consumer with their ids', async () => {
    const { result, traceId, spanId } = await exportTraces(transport, org.owner.key);
    expect(result.code, String(result.error)).toBe(ExportResultCode.SUCCESS);
    const [signal, request] = only();
    if (signal !== 'traces') throw new Error(`got ${signal}`);
    const span = request.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    expect(span.name).toBe('chat gpt-5');
    expect(hex(span.traceId)).toBe(traceId);
    expect(hex(span.spanId)).toBe(spanId);
    expect(span.kind).toBe(3); // SPAN_KIND_CLIENT
    expect(span.attributes.find((a) => a.key === 'gen_ai.usage.input_tokens')?.value?.value).toEqual({ $case: 'intValue', value: 42n });
  });

  it('fail without retrying when the key is not valid, and nothing reaches the consumer', async () => {
    const result = await exportMetrics(transport, 'qd_not-a-real-key');
    expect(result.code).toBe(ExportResultCode.FAILED);
    expect(server.received).toHaveLength(0);
  });
});

async function post(path: string, body: Uint8Array | string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, { method: 'POST', body, headers: { authorization: `Bearer ${org.owner.key}`, ...headers } });
}

const metricsRequest = () =>
  toBinary(
    ExportMetricsServiceRequestSchema,
    create(ExportMetricsServiceRequestSchema, {
      resourceMetrics: [
        {
          scopeMetrics: [
            {
              metrics: [
                { name: 'a', data: { case: 'gauge', value: { dataPoints: [{ value: { case: 'asInt', value: 1n } }, { value: { case: 'asInt', value: 2n } }] } } },
                { name: 'b', data: { case: 'sum', value: { dataPoints: [{ value: { case: 'asDouble', value: 3 } }] } } },
              ],
            },
          ],
        },
      ],
    }),
  );

describe('answers', () => {
  it('answer a full success with an empty response in the request encoding', async () => {
    const proto = await post('/v1/metrics', metricsRequest(), { 'content-type': 'application/x-protobuf' });
    expect(proto.status).toBe(200);
    expect(proto.headers.get('content-type')).toBe('application/x-protobuf');
    expect(fromBinary(ExportMetricsServiceResponseSchema, new Uint8Array(await proto.arrayBuffer())).partialSuccess).toBeUndefined();
    const json = await post('/v1/logs', '{"resourceLogs":[]}', { 'content-type': 'application/json' });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.json()).toEqual({});
  });

  it('answer a partial success with the rejected count and message, in each encoding and for each signal', async () => {
    server.answer = async () => ({ rejected: 2, message: 'model "mystery" is not in the catalogue' });
    const proto = await post('/v1/metrics', metricsRequest(), { 'content-type': 'application/x-protobuf' });
    expect(fromBinary(ExportMetricsServiceResponseSchema, new Uint8Array(await proto.arrayBuffer())).partialSuccess).toMatchObject({ rejectedDataPoints: 2n, errorMessage: 'model "mystery" is not in the catalogue' });
    const logs = await post('/v1/logs', '{}', { 'content-type': 'application/json' });
    expect(await logs.json()).toEqual({ partialSuccess: { rejectedLogRecords: '2', errorMessage: 'model "mystery" is not in the catalogue' } });
    const traces = await post('/v1/traces', new Uint8Array(), { 'content-type': 'application/x-protobuf' });
    expect(fromBinary(ExportTraceServiceResponseSchema, new Uint8Array(await traces.arrayBuffer())).partialSuccess?.rejectedSpans).toBe(2n);
    const warning = await post('/v1/logs', new Uint8Array(), { 'content-type': 'application/x-protobuf' });
    server.answer = async () => ({ rejected: 0, message: 'user.email missing: kept as unattributed' });
    const warned = await post('/v1/logs', new Uint8Array(), { 'content-type': 'application/x-protobuf' });
    expect(fromBinary(ExportLogsServiceResponseSchema, new Uint8Array(await warning.arrayBuffer())).partialSuccess?.rejectedLogRecords).toBe(2n);
    expect(fromBinary(ExportLogsServiceResponseSchema, new Uint8Array(await warned.arrayBuffer())).partialSuccess).toMatchObject({ rejectedLogRecords: 0n, errorMessage: 'user.email missing: kept as unattributed' });
  });

  it('answer a request the consumer refuses as a whole with its error: a Status for protobuf, the error body for JSON', async () => {
    server.answer = async () => {
      throw new DomainError('invalid_input', 'the export names no service', [{ path: 'body/resourceMetrics/0/resource', message: 'service.name is required' }]);
    };
    const proto = await post('/v1/metrics', metricsRequest(), { 'content-type': 'application/x-protobuf', 'x-request-id': 'export-1' });
    expect(proto.status).toBe(400);
    expect(proto.headers.get('content-type')).toBe('application/x-protobuf');
    expect(proto.headers.get('x-request-id')).toBe('export-1');
    const status = fromBinary(StatusSchema, new Uint8Array(await proto.arrayBuffer()));
    expect(status).toMatchObject({ code: 3, message: 'the export names no service' });
    expect(status.details.map((detail) => detail.typeUrl)).toEqual(['type.googleapis.com/google.rpc.BadRequest']);
    const json = await server.app.inject({ method: 'POST', url: '/v1/metrics', headers: { authorization: `Bearer ${org.owner.key}`, 'content-type': 'application/json' }, payload: '{}' });
    expect(expectError(json, 400).errors).toEqual([{ path: 'body/resourceMetrics/0/resource', message: 'service.name is required' }]);
  });

  it('take gzip and identity bodies, and a charset on the JSON type', async () => {
    const gzipped = await post('/v1/metrics', gzipSync(metricsRequest()), { 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    const identity = await post('/v1/metrics', JSON.stringify({ resourceMetrics: [] }), { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'identity' });
    expect(identity.status).toBe(200);
    expect(server.received.map(({ exported }) => exported[0])).toEqual(['metrics', 'metrics']);
    const [, request] = server.received[0]!.exported;
    expect('resourceMetrics' in request && request.resourceMetrics[0]!.scopeMetrics[0]!.metrics.map((metric) => metric.name)).toEqual(['a', 'b']);
  });
});

describe('OTLP/JSON', () => {
  const postJson = (path: string, body: unknown) => server.app.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${org.owner.key}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('reads hex trace and span ids, integer enums, 64-bit integers as strings or numbers, and ignores unknown fields', async () => {
    const response = await postJson('/v1/traces', {
      futureField: { anything: true },
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'codex' } }], newResourceField: 1 },
          scopeSpans: [
            {
              spans: [
                {
                  traceId: '5B8EFFF798038103D269B633813FC60C',
                  spanId: 'eee19b7ec3c1b174',
                  parentSpanId: '',
                  name: 'tool_call',
                  kind: 2,
                  startTimeUnixNano: '1764028800123456789',
                  endTimeUnixNano: 1764028801000000000,
                  attributes: [
                    { key: 'tokens', value: { intValue: '9007199254740993' } },
                    { key: 'blob', value: { bytesValue: 'AAEC' } },
                  ],
                  links: [{ traceId: '00000000000000000000000000000001', spanId: '0000000000000002' }],
                  status: { code: 2, message: 'tool failed' },
                },
              ],
            },
          ],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [signal, request] = only();
    if (signal !== 'traces') throw new Error(`got ${signal}`);
    const span = request.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    expect(hex(span.traceId)).toBe('5b8efff798038103d269b633813fc60c');
    expect(hex(span.spanId)).toBe('eee19b7ec3c1b174');
    expect(span.parentSpanId).toHaveLength(0);
    expect(hex(span.links[0]!.traceId)).toBe('00000000000000000000000000000001');
    expect(hex(span.links[0]!.spanId)).toBe('0000000000000002');
    expect(span.kind).toBe(2);
    expect(span.status).toMatchObject({ code: 2, message: 'tool failed' });
    expect(span.startTimeUnixNano).toBe(1764028800123456789n);
    expect(span.endTimeUnixNano).toBe(1764028801000000000n);
    expect(span.attributes[0]!.value?.value).toEqual({ $case: 'intValue', value: 9007199254740993n });
    // bytes other than ids stay base64, as proto3 JSON has them
    expect(span.attributes[1]!.value?.value).toEqual({ $case: 'bytesValue', value: new Uint8Array([0, 1, 2]) });
  });

  it('reads the hex ids of log records and of metric exemplars', async () => {
    await postJson('/v1/logs', { resourceLogs: [{ scopeLogs: [{ logRecords: [{ traceId: 'ABCDEF00ABCDEF00ABCDEF00ABCDEF00', spanId: '0102030405060708', observedTimeUnixNano: '1764028800000000000' }] }] }] });
    await postJson('/v1/metrics', {
      resourceMetrics: [{ scopeMetrics: [{ metrics: [{ name: 'm', sum: { aggregationTemporality: 1, dataPoints: [{ asInt: '5', exemplars: [{ traceId: '0102030405060708090a0b0c0d0e0f10', spanId: 'a1a2a3a4a5a6a7a8', asInt: 5 }] }] } }] }] }],
    });
    expect(server.received).toHaveLength(2);
    const [logSignal, logs] = server.received[0]!.exported;
    const [metricSignal, metrics] = server.received[1]!.exported;
    if (logSignal !== 'logs' || metricSignal !== 'metrics') throw new Error('wrong signals');
    const record = logs.resourceLogs[0]!.scopeLogs[0]!.logRecords[0]!;
    expect([hex(record.traceId), hex(record.spanId), record.observedTimeUnixNano]).toEqual(['abcdef00abcdef00abcdef00abcdef00', '0102030405060708', 1764028800000000000n]);
    const sum = metrics.resourceMetrics[0]!.scopeMetrics[0]!.metrics[0]!.data;
    if (sum?.$case !== 'sum') throw new Error('not a sum');
    expect(sum.value.aggregationTemporality).toBe(1);
    const exemplar = sum.value.dataPoints[0]!.exemplars[0]!;
    expect([hex(exemplar.traceId), hex(exemplar.spanId)]).toEqual(['0102030405060708090a0b0c0d0e0f10', 'a1a2a3a4a5a6a7a8']);
  });

  it('gives the consumer the same request as protobuf does, for every kind of value and each signal', async () => {
    const attributes = [
      { key: 's', value: { value: { case: 'stringValue', value: 'text ✓' } } },
      { key: 'b', value: { value: { case: 'boolValue', value: true } } },
      { key: 'i', value: { value: { case: 'intValue', value: -9007199254740993n } } },
      { key: 'd', value: { value: { case: 'doubleValue', value: 0.5 } } },
      { key: 'y', value: { value: { case: 'bytesValue', value: new Uint8Array([0, 1, 2]) } } },
      { key: 'a', value: { value: { case: 'arrayValue', value: { values: [{ value: { case: 'stringValue', value: 'x' } }, {}] } } } },
      { key: 'k', value: { value: { case: 'kvlistValue', value: { values: [{ key: 'nested', value: { value: { case: 'intValue', value: 7n } } }] } } } },
      { key: 'empty', value: {} },
    ];
    const resource = { attributes: [{ key: 'service.name', value: { value: { case: 'stringValue', value: 'claude-code' } } }], droppedAttributesCount: 1 };
    const scope = { name: 'scope', version: '1', attributes };
    const point = { attributes, startTimeUnixNano: 1n, timeUnixNano: 2n, flags: 1 };
    const requests = [
      { path: '/v1/logs', schema: ExportLogsServiceRequestSchema, init: { resourceLogs: [{ resource, scopeLogs: [{ scope, logRecords: [{ timeUnixNano: 5n, severityNumber: 9, severityText: 'INFO', body: attributes[6]!.value, attributes, eventName: 'e' }, {}] }] }] } },
      {
        path: '/v1/metrics',
        schema: ExportMetricsServiceRequestSchema,
        init: {
          resourceMetrics: [
            {
              resource,
              scopeMetrics: [
                {
                  scope,
                  metrics: [
                    { name: 'g', data: { case: 'gauge', value: { dataPoints: [{ ...point, value: { case: 'asDouble', value: 1.5 } }] } } },
                    { name: 's', unit: '1', data: { case: 'sum', value: { aggregationTemporality: 2, isMonotonic: true, dataPoints: [{ ...point, value: { case: 'asInt', value: 3n } }, point] } } },
                    { name: 'h', data: { case: 'histogram', value: { aggregationTemporality: 1, dataPoints: [{ ...point, count: 2n, sum: 4.5, bucketCounts: [1n, 1n], explicitBounds: [1] }, point] } } },
                    { name: 'e', data: { case: 'exponentialHistogram', value: { dataPoints: [{ ...point, count: 1n, scale: 2, positive: { offset: -1, bucketCounts: [1n] } }] } } },
                    { name: 'q', data: { case: 'summary', value: { dataPoints: [{ ...point, count: 1n, sum: 2, quantileValues: [{ quantile: 0.5, value: 2 }] }] } } },
                    { name: 'none' },
                  ],
                },
              ],
            },
          ],
        },
      },
      {
        path: '/v1/traces',
        schema: ExportTraceServiceRequestSchema,
        init: { resourceSpans: [{ resource, scopeSpans: [{ scope, spans: [{ name: 'span', kind: 3, startTimeUnixNano: 1n, endTimeUnixNano: 2n, attributes, events: [{ name: 'ev', attributes }], links: [{ attributes }], status: { code: 2, message: 'failed' } }] }] }] },
      },
    ];
    for (const { path, schema, init } of requests) {
      const message = create(schema as DescMessage, init as never);
      server.received.length = 0;
      const headers = { authorization: `Bearer ${org.owner.key}` };
      expect((await server.app.inject({ method: 'POST', url: path, headers: { ...headers, 'content-type': 'application/x-protobuf' }, payload: Buffer.from(toBinary(schema as DescMessage, message)) })).statusCode).toBe(200);
      expect((await server.app.inject({ method: 'POST', url: path, headers: { ...headers, 'content-type': 'application/json' }, payload: toJsonString(schema as DescMessage, message) })).statusCode).toBe(200);
      const [fromProtobuf, fromJson] = server.received.map(({ exported }) => exported);
      expect(fromJson, path).toEqual(fromProtobuf);
    }
  });

  it('refuses ids that are not hex (base64 ones included) with 400 naming the field', async () => {
    const response = await postJson('/v1/logs', { resourceLogs: [{ scopeLogs: [{ logRecords: [{ traceId: 'W47/95gDgQPSabYzgT/GDA==' }] }] }] });
    const body = expectError(response, 400);
    expect(body.errors).toEqual([{ path: 'body/resourceLogs/0/scopeLogs/0/logRecords/0/traceId', message: 'must be hex digits' }]);
    expect(server.received).toHaveLength(0);
  });
});
