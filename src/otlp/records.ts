import { hash } from 'node:crypto';
import type { ExportLogsServiceRequest } from './generated/ts-proto/opentelemetry/proto/collector/logs/v1/logs_service.js';
import type { ExportMetricsServiceRequest } from './generated/ts-proto/opentelemetry/proto/collector/metrics/v1/metrics_service.js';
import type { ExportTraceServiceRequest } from './generated/ts-proto/opentelemetry/proto/collector/trace/v1/trace_service.js';
import type { AnyValue, KeyValue } from './generated/ts-proto/opentelemetry/proto/common/v1/common.js';
import { Status_StatusCode } from './generated/ts-proto/opentelemetry/proto/trace/v1/trace.js';
import { AggregationTemporality, type NumberDataPoint } from './generated/ts-proto/opentelemetry/proto/metrics/v1/metrics.js';

// An export's items as flat records the translators read: each record with the resource and
// scope it came in, its instant, and a digest that names it. A retried export carries the same
// items, so its records have the same digests, from which the events' ids are made (consume.ts): a
// retry is recognised as a duplicate, whatever the encoding it came in.
//
// Attributes stay the decoded list, read by key (attributeValue): a translator reads a few of a
// record's attributes once each. The map of plain values is made only for the JSON that names the
// record, and dropped at once: kept in every record for the whole export, it was garbage that
// lived long enough to be copied by the collector (docs/performance.md, "OTLP ingestion").

export type AttributeValue = string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };
/** Attributes as sent: a list of keys and values (OTLP asks for unique keys, and does not enforce it). */
export type Attributes = readonly KeyValue[];

interface RecordBase {
  resource: Attributes;
  scope: string;
  /** The event name of a log record, the span's name, or the metric's name. */
  name: string;
  attributes: Attributes;
  /** Unix ms: a log record's time (its observed time, or its `event.timestamp`, when unset), a span's end, a point's time. */
  timeMs: number;
}

/** Where a span sits in its trace, and how long it took. */
export interface SpanPlace {
  traceId: string;
  spanId: string;
  /** Absent for a trace's root. */
  parentSpanId?: string | undefined;
  durationMs?: number | undefined;
  /** The span's status said it failed. */
  failed: boolean;
}

/** A log record or a span: one thing that happened. */
export interface EventRecord extends RecordBase {
  signal: 'logs' | 'traces';
  digest: string;
  /** A span's place in its trace. */
  span?: SpanPlace;
}

/** A data point of a sum, a gauge or a histogram (its sum and count). */
export interface PointRecord extends RecordBase {
  signal: 'metrics';
  kind: 'sum' | 'gauge' | 'histogram';
  /** Cumulative points count from their start time; the others are increments already. */
  cumulative: boolean;
  value: number;
  count: number;
  startUnixNano: bigint;
  timeUnixNano: bigint;
  /** Names the series: resource, scope, metric and point attributes. */
  series: string;
}

export type OtlpRecord = EventRecord | PointRecord;

const NANOS_PER_MS = 1_000_000n;


function valueOf(value: AnyValue | undefined): AttributeValue {
  const inner = value?.value;
  switch (inner?.$case) {
    case 'stringValue':
    case 'boolValue':
    case 'doubleValue':
      return inner.value;
    case 'intValue':
      return Number(inner.value);
    case 'arrayValue':
      return inner.value.values.map(valueOf);
    case 'kvlistValue':
      return attributesOf(inner.value.values);
    default:
      // Bytes and empty values carry nothing a translator reads.
      return null;
  }
}

/** The attributes as a map of plain values: a repeated key keeps its first place and its last value. */
function attributesOf(list: Attributes): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {};
  for (const { key, value } of list) attributes[key] = valueOf(value);
  return attributes;
}

/** The value of an attribute as a plain value (the last of a repeated key, as in a map), or undefined when absent. */
export function attributeValue(attributes: Attributes, key: string): AttributeValue | undefined {
  for (let i = attributes.length - 1; i >= 0; i -= 1) {
    const attribute = attributes[i]!;
    if (attribute.key === key) return valueOf(attribute.value);
  }
  return undefined;
}

/**
 * Attributes in key order: a series is the same whatever order a sender lists them in. A log
 * record or span is named by its attributes in the order they came (JSON.stringify of the map,
 * cheaper than sorting): a retried export carries the same items in the same order.
 */
function canonical(list: Attributes): string {
  const attributes = attributesOf(list);
  return JSON.stringify(Object.keys(attributes).sort().map((key) => [key, attributes[key]]));
}

/** SHA-256 of the parts, each followed by a NUL, in one call (a hash object per record costs more than the hash). */
export function digestOf(...parts: string[]): string {
  parts.push('');
  return hash('sha256', parts.join('\u0000'), 'base64url').slice(0, 32);
}

const nanosToMs = (nanos: bigint) => Number(nanos / NANOS_PER_MS);

/** A log record's instant: some exporters leave its time 0 and put it in the observed time or an attribute. */
function logTimeMs(time: bigint, observed: bigint, attributes: Attributes, receivedMs: number): number {
  if (time > 0n) return nanosToMs(time);
  if (observed > 0n) return nanosToMs(observed);
  const stamped = attributeValue(attributes, 'event.timestamp');
  const parsed = typeof stamped === 'string' ? Date.parse(stamped) : Number.NaN;
  return Number.isNaN(parsed) ? receivedMs : parsed;
}

export function logRecordsOf(request: ExportLogsServiceRequest, receivedMs: number): EventRecord[] {
  const records: EventRecord[] = [];
  for (const resourceLogs of request.resourceLogs) {
    const resource = resourceLogs.resource?.attributes ?? [];
    const resourceKey = canonical(resource);
    for (const scopeLogs of resourceLogs.scopeLogs) {
      const scope = scopeLogs.scope?.name ?? '';
      for (const log of scopeLogs.logRecords) {
        const attributes = log.attributes;
        // The attribute first: some exporters put a source location in the record's event name.
        const eventName = attributeValue(attributes, 'event.name');
        const name = typeof eventName === 'string' && eventName !== '' ? eventName : log.eventName;
        const timeMs = logTimeMs(log.timeUnixNano, log.observedTimeUnixNano, attributes, receivedMs);
        const digest = digestOf('logs', resourceKey, scope, name, String(log.timeUnixNano), String(log.observedTimeUnixNano), JSON.stringify(attributesOf(attributes)), JSON.stringify(valueOf(log.body)));
        records.push({ signal: 'logs', resource, scope, name, attributes, timeMs, digest });
      }
    }
  }
  return records;
}

export function spanRecordsOf(request: ExportTraceServiceRequest, receivedMs: number): EventRecord[] {
  const records: EventRecord[] = [];
  for (const resourceSpans of request.resourceSpans) {
    const resource = resourceSpans.resource?.attributes ?? [];
    const resourceKey = canonical(resource);
    for (const scopeSpans of resourceSpans.scopeSpans) {
      const scope = scopeSpans.scope?.name ?? '';
      for (const span of scopeSpans.spans) {
        const attributes = span.attributes;
        const end = span.endTimeUnixNano > 0n ? span.endTimeUnixNano : span.startTimeUnixNano;
        const timeMs = end > 0n ? nanosToMs(end) : receivedMs;
        const traceId = Buffer.from(span.traceId).toString('hex');
        const spanId = Buffer.from(span.spanId).toString('hex');
        const digest = digestOf('traces', resourceKey, scope, span.name, traceId, spanId, String(span.startTimeUnixNano), String(span.endTimeUnixNano), JSON.stringify(attributesOf(attributes)));
        const place: SpanPlace = { traceId, spanId, failed: span.status?.code === Status_StatusCode.STATUS_CODE_ERROR };
        if (span.parentSpanId.length > 0) place.parentSpanId = Buffer.from(span.parentSpanId).toString('hex');
        if (span.startTimeUnixNano > 0n && span.endTimeUnixNano >= span.startTimeUnixNano) place.durationMs = Number(span.endTimeUnixNano - span.startTimeUnixNano) / 1e6;
        records.push({ signal: 'traces', resource, scope, name: span.name, attributes, timeMs, digest, span: place });
      }
    }
  }
  return records;
}

const numberOf = (point: NumberDataPoint) => (point.value?.$case === 'asInt' ? Number(point.value.value) : point.value?.$case === 'asDouble' ? point.value.value : 0);

export function pointRecordsOf(request: ExportMetricsServiceRequest): PointRecord[] {
  const records: PointRecord[] = [];
  for (const resourceMetrics of request.resourceMetrics) {
    const resource = resourceMetrics.resource?.attributes ?? [];
    const resourceKey = canonical(resource);
    for (const scopeMetrics of resourceMetrics.scopeMetrics) {
      const scope = scopeMetrics.scope?.name ?? '';
      for (const metric of scopeMetrics.metrics) {
        const { name } = metric;
        const data = metric.data;
        const push = (kind: PointRecord['kind'], cumulative: boolean, point: { attributes: KeyValue[]; startTimeUnixNano: bigint; timeUnixNano: bigint }, value: number, count: number) => {
          const attributes = point.attributes;
          const series = digestOf(resourceKey, scope, name, canonical(attributes));
          records.push({ signal: 'metrics', resource, scope, name, attributes, timeMs: nanosToMs(point.timeUnixNano), kind, cumulative, value, count, startUnixNano: point.startTimeUnixNano, timeUnixNano: point.timeUnixNano, series });
        };
        switch (data?.$case) {
          case 'sum': {
            const cumulative = data.value.aggregationTemporality === AggregationTemporality.AGGREGATION_TEMPORALITY_CUMULATIVE;
            for (const point of data.value.dataPoints) push('sum', cumulative, point, numberOf(point), 1);
            break;
          }
          case 'gauge':
            for (const point of data.value.dataPoints) push('gauge', false, point, numberOf(point), 1);
            break;
          case 'histogram': {
            const cumulative = data.value.aggregationTemporality === AggregationTemporality.AGGREGATION_TEMPORALITY_CUMULATIVE;
            for (const point of data.value.dataPoints) push('histogram', cumulative, point, point.sum ?? 0, Number(point.count));
            break;
          }
          default:
            // Exponential histograms and summaries carry nothing Quarterdeck counts.
            break;
        }
      }
    }
  }
  return records;
}
