import { SpanKind } from '@opentelemetry/api';
import { SeverityNumber } from '@opentelemetry/api-logs';
import type { HrTime } from '@opentelemetry/api';
import { setTimeout as sleep } from 'node:timers/promises';
import { JsonLogsSerializer, JsonMetricsSerializer, JsonTraceSerializer, ProtobufLogsSerializer, ProtobufMetricsSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemoryLogRecordExporter, LoggerProvider, SimpleLogRecordProcessor, type ReadableLogRecord } from '@opentelemetry/sdk-logs';
import { AggregationTemporality, MeterProvider, MetricReader, type MetricData, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';

// Exports shaped like the coding agents' own, made by the real OpenTelemetry JS SDK and serialized
// by its own OTLP serializers (protobuf and JSON), for the exactly-once tests and the OTLP bench.
// Every instant is moved DAYS_BACK days into the past, so that its day has ended and is rolled up.

export const DAYS_BACK = 2;
const SHIFT_MS = DAYS_BACK * 86_400_000;

export type Encoding = 'protobuf' | 'json';
export const CONTENT_TYPES: Record<Encoding, string> = { protobuf: 'application/x-protobuf', json: 'application/json' };

const shiftHr = ([seconds, nanos]: HrTime): HrTime => [seconds - SHIFT_MS / 1000, nanos];

/** A Claude Code process: its counters, read cumulatively or as deltas, one collection per export. */
export class ClaudeCodeProcess {
  private readonly reader: CollectingReader;
  private readonly provider: MeterProvider;
  private readonly counters;

  constructor(temporality: AggregationTemporality, resource: Record<string, string> = {}) {
    this.reader = new CollectingReader(temporality);
    this.provider = new MeterProvider({ resource: resourceFromAttributes({ 'service.name': 'claude-code', 'service.version': '2.1.0', ...resource }), readers: [this.reader] });
    const meter = this.provider.getMeter('com.anthropic.claude_code', '2.1.0');
    this.counters = {
      sessions: meter.createCounter('claude_code.session.count'),
      commits: meter.createCounter('claude_code.commit.count'),
      pullRequests: meter.createCounter('claude_code.pull_request.count'),
      tokens: meter.createCounter('claude_code.token.usage', { unit: 'tokens' }),
    };
  }

  add(usage: Partial<Record<'sessions' | 'commits' | 'pullRequests', number>>): void {
    for (const [name, amount] of Object.entries(usage)) if (amount) this.counters[name as keyof typeof usage].add(amount);
  }

  /** The token usage counter Claude Code keeps beside its api_request events. */
  addTokens(model: string, type: 'input' | 'output' | 'cacheRead' | 'cacheCreation', amount: number): void {
    this.counters.tokens.add(amount, { model, type });
  }

  /** One collection, as the periodic reader would hand it to the exporter, moved DAYS_BACK days back. */
  async collect(): Promise<ResourceMetrics> {
    // The SDK stamps a collection to the millisecond, and a cumulative point is named by its
    // series and instant: two collections in the same millisecond would be one point with two
    // values. Real readers collect seconds apart.
    await sleep(2);
    const { resourceMetrics, errors } = await this.reader.collect();
    if (errors.length > 0) throw new Error(`collection failed: ${errors.join('; ')}`);
    return {
      ...resourceMetrics,
      scopeMetrics: resourceMetrics.scopeMetrics.map((scope) => ({
        ...scope,
        metrics: scope.metrics.map((metric) => ({ ...metric, dataPoints: metric.dataPoints.map((point) => ({ ...point, startTime: shiftHr(point.startTime), endTime: shiftHr(point.endTime) })) }) as MetricData),
      })),
    };
  }

  shutdown(): Promise<void> {
    return this.provider.shutdown();
  }
}

class CollectingReader extends MetricReader {
  constructor(temporality: AggregationTemporality) {
    super({ aggregationTemporalitySelector: () => temporality });
  }
  protected override async onForceFlush() {}
  protected override async onShutdown() {}
}

/** Several collections in one request (a retry queue flushed at once): their scopes side by side. */
export function merged(collections: readonly ResourceMetrics[]): ResourceMetrics {
  return { resource: collections[0]!.resource, scopeMetrics: collections.flatMap((collection) => collection.scopeMetrics) };
}

export interface ApiRequest {
  model: string;
  input: number;
  output: number;
  cacheRead: number;
  cacheCreation: number;
}

/** Claude Code's api_request events, one per model call. */
export async function apiRequestLogs(calls: readonly ApiRequest[], resource: Record<string, string> = {}): Promise<ReadableLogRecord[]> {
  const memory = new InMemoryLogRecordExporter();
  const provider = new LoggerProvider({ resource: resourceFromAttributes({ 'service.name': 'claude-code', 'service.version': '2.1.0', ...resource }), processors: [new SimpleLogRecordProcessor({ exporter: memory })] });
  const logger = provider.getLogger('com.anthropic.claude_code.events', '2.1.0');
  const at = Date.now() - SHIFT_MS;
  calls.forEach((call, i) =>
    logger.emit({
      severityNumber: SeverityNumber.INFO,
      body: 'claude_code.api_request',
      timestamp: at + i,
      attributes: {
        'event.name': 'api_request',
        'session.id': resource['session.id'] ?? 'session-1',
        model: call.model,
        input_tokens: call.input,
        output_tokens: call.output,
        cache_read_tokens: call.cacheRead,
        cache_creation_tokens: call.cacheCreation,
        cost_usd: 0.001 * (i + 1),
        duration_ms: 900 + i,
      },
    }),
  );
  const records = memory.getFinishedLogRecords();
  await provider.shutdown();
  return records;
}

/** GenAI-conventions inference spans (as GitHub Copilot CLI sends them). */
export async function chatSpans(calls: readonly { model: string; input: number; output: number }[], resource: Record<string, string> = {}): Promise<ReadableSpan[]> {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({ resource: resourceFromAttributes({ 'service.name': 'github-copilot', ...resource }), spanProcessors: [new SimpleSpanProcessor({ exporter: memory })] });
  const tracer = provider.getTracer('github.copilot');
  const at = Date.now() - SHIFT_MS;
  calls.forEach((call, i) => {
    const span = tracer.startSpan(`chat ${call.model}`, {
      kind: SpanKind.CLIENT,
      startTime: at + i * 10,
      attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': call.model, 'gen_ai.usage.input_tokens': call.input, 'gen_ai.usage.output_tokens': call.output, 'gen_ai.conversation.id': 'conversation-1' },
    });
    span.end(at + i * 10 + 5);
  });
  const spans = memory.getFinishedSpans();
  await provider.shutdown();
  return spans;
}

/** The SDK's own OTLP serializers: the bytes its exporters send. */
export const serialize = {
  metrics: (metrics: ResourceMetrics, encoding: Encoding) => (encoding === 'protobuf' ? ProtobufMetricsSerializer : JsonMetricsSerializer).serializeRequest(metrics)!,
  logs: (records: ReadableLogRecord[], encoding: Encoding) => (encoding === 'protobuf' ? ProtobufLogsSerializer : JsonLogsSerializer).serializeRequest(records)!,
  traces: (spans: ReadableSpan[], encoding: Encoding) => (encoding === 'protobuf' ? ProtobufTraceSerializer : JsonTraceSerializer).serializeRequest(spans)!,
};

export { AggregationTemporality };
