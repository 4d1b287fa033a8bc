import { create, fromJson, toBinary, toJsonString, type DescMessage, type JsonValue } from '@bufbuild/protobuf';
import { ScalarType } from '@bufbuild/protobuf';
import { BinaryReader } from '@bufbuild/protobuf/wire';
import { invalidInput } from '../domain/errors.js';
import { ExportLogsPartialSuccessSchema, ExportLogsServiceRequestSchema, ExportLogsServiceResponseSchema } from './generated/opentelemetry/proto/collector/logs/v1/logs_service_pb.js';
import { ExportMetricsPartialSuccessSchema, ExportMetricsServiceRequestSchema, ExportMetricsServiceResponseSchema } from './generated/opentelemetry/proto/collector/metrics/v1/metrics_service_pb.js';
import { ExportTracePartialSuccessSchema, ExportTraceServiceRequestSchema, ExportTraceServiceResponseSchema } from './generated/opentelemetry/proto/collector/trace/v1/trace_service_pb.js';
import { ExportLogsServiceRequest } from './generated/ts-proto/opentelemetry/proto/collector/logs/v1/logs_service.js';
import { ExportMetricsServiceRequest } from './generated/ts-proto/opentelemetry/proto/collector/metrics/v1/metrics_service.js';
import { ExportTraceServiceRequest } from './generated/ts-proto/opentelemetry/proto/collector/trace/v1/trace_service.js';

// The OTLP wire codec: bytes of an export request, in binary protobuf or OTLP/JSON, into the
// typed Export…ServiceRequest of the generated code, and the Export…ServiceResponse back in the
// request's encoding. All wire parsing is generated code's: binary requests are read by ts-proto's
// decoders (plain objects, about 2.5 times as fast as @bufbuild/protobuf's reflection-based
// reader: docs/performance.md); OTLP/JSON by @bufbuild/protobuf's proto3 JSON reader, which checks
// every field's type, its message given the decoders' shape, so that both encodings give the
// receiver the same request. This file only adapts OTLP/JSON where it departs from the proto3
// JSON mapping (docs/otel.md, "Receiver").

export type OtlpSignal = 'metrics' | 'logs' | 'traces';
export type OtlpEncoding = 'protobuf' | 'json';

export const OTLP_SIGNALS: readonly OtlpSignal[] = ['metrics', 'logs', 'traces'];

export interface ExportRequests {
  metrics: ExportMetricsServiceRequest;
  logs: ExportLogsServiceRequest;
  traces: ExportTraceServiceRequest;
}
export type ExportRequest<S extends OtlpSignal = OtlpSignal> = ExportRequests[S];
/** A signal and its request, as a pair whose first element narrows the second. */
export type OtlpExportArgs = { [S in OtlpSignal]: [signal: S, request: ExportRequest<S>] }[OtlpSignal];

/** What the receiver answers: how many items (data points, log records, spans) it refused, and why. */
export interface ExportOutcome {
  rejected: number;
  message?: string | undefined;
}

/**
 * Messages nest at most this deep (the request itself is level 1). An export is about 9 levels
 * deep before its attribute values; each map or array inside an attribute value adds 2 or 3. The
 * limit keeps decoding, and every later walk over a request, off the end of the call stack. It is
 * the one ts-proto's generated decoders enforce (fixed there); the JSON reader is given the same.
 */
export const OTLP_MAX_NESTING = 100;

/** An error_message longer than this is cut: answers stay far below OTLP's 4 MiB response bound. */
const MAX_ERROR_MESSAGE_CHARS = 4096;

const SCHEMAS = {
  metrics: { request: ExportMetricsServiceRequestSchema, response: ExportMetricsServiceResponseSchema, partial: ExportMetricsPartialSuccessSchema, rejectedField: 'rejectedDataPoints' },
  logs: { request: ExportLogsServiceRequestSchema, response: ExportLogsServiceResponseSchema, partial: ExportLogsPartialSuccessSchema, rejectedField: 'rejectedLogRecords' },
  traces: { request: ExportTraceServiceRequestSchema, response: ExportTraceServiceResponseSchema, partial: ExportTracePartialSuccessSchema, rejectedField: 'rejectedSpans' },
} as const;

const DECODERS: { [S in OtlpSignal]: { decode(reader: BinaryReader): ExportRequests[S] } } = {
  metrics: ExportMetricsServiceRequest,
  logs: ExportLogsServiceRequest,
  traces: ExportTraceServiceRequest,
};

// Protobuf strings are UTF-8: one that is not makes the request undecodable, as @bufbuild/protobuf
// decides for proto3 (ts-proto's decoders would otherwise put U+FFFD in its place). Short ASCII
// strings, nearly all of OTLP's, are read by the reader without this decoder.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const decodeStrictUtf8 = (bytes: Uint8Array) => strictUtf8.decode(bytes);

/** Strings up to this long are read byte by byte while they are ASCII, as the runtime's reader does. */
const SHORT_STRING_BYTES = 32;
/** One array of character codes per length, filled and read again for every short string. */
const CHARACTER_CODES: number[][] = Array.from({ length: SHORT_STRING_BYTES + 1 }, (_, length) => new Array<number>(length).fill(0));

/**
 * The runtime's reader, but short ASCII strings, nearly all of OTLP's, are read without a new
 * array of character codes each: those arrays were about a third of what decoding allocated, and the
 * OTLP path's garbage is what its collections cost (docs/performance.md, "OTLP ingestion"). Every
 * other string goes to the strict UTF-8 decoder, as in the runtime.
 */
class OtlpReader extends BinaryReader {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super(bytes, decodeStrictUtf8);
    this.#bytes = bytes;
  }

  override string(): string {
    const length = this.uint32();
    const start = this.pos;
    const end = start + length;
    if (end > this.len) throw new RangeError('premature EOF');
    this.pos = end;
    const bytes = this.#bytes;
    if (length <= SHORT_STRING_BYTES) {
      const codes = CHARACTER_CODES[length]!;
      for (let i = 0; i < length; i += 1) {
        const byte = bytes[start + i]!;
        if (byte > 0x7f) return decodeStrictUtf8(bytes.subarray(start, end));
        codes[i] = byte;
      }
      return String.fromCharCode.apply(String, codes);
    }
    return decodeStrictUtf8(bytes.subarray(start, end));
  }
}

function decodeBinary<S extends OtlpSignal>(signal: S, bytes: Uint8Array): ExportRequest<S> {
  // A plain view of a Buffer body: bytes fields are views of it, Uint8Arrays as from OTLP/JSON.
  const reader = new OtlpReader(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const request = DECODERS[signal].decode(reader);
  // A decoder stops reading a message, without a word, at a zero tag or an end-group tag, neither
  // valid there: bytes left after the request's end mean it stopped early.
  if (reader.pos !== bytes.byteLength) throw new Error(`illegal tag at byte ${reader.pos}`);
  return request;
}

/**
 * A message read by @bufbuild/protobuf in the shape ts-proto's decoders give: the same fields, a
 * oneof as { $case, value } (undefined when unset) where @bufbuild/protobuf has { case, value }.
 * OTLP has no map fields; any other field is the same value in both.
 */
function decodedShape(desc: DescMessage, message: Record<string, unknown>): Record<string, unknown> {
  const shaped: Record<string, unknown> = {};
  for (const member of desc.members) {
    const value = message[member.localName];
    if (member.kind === 'oneof') {
      const { case: selected, value: chosen } = value as { case: string | undefined; value: unknown };
      const field = member.fields.find((candidate) => candidate.localName === selected);
      shaped[member.localName] = field && { $case: selected, value: field.message ? decodedShape(field.message, chosen as Record<string, unknown>) : chosen };
    } else if (member.fieldKind === 'message') {
      shaped[member.localName] = value === undefined ? undefined : decodedShape(member.message, value as Record<string, unknown>);
    } else if (member.fieldKind === 'list' && member.listKind === 'message') {
      shaped[member.localName] = (value as Record<string, unknown>[]).map((item) => decodedShape(member.message, item));
    } else {
      shaped[member.localName] = value;
    }
  }
  return shaped;
}

// --- OTLP/JSON: where it departs from proto3 JSON --------------------------------------------
//
// 1. trace_id, span_id and parent_span_id (bytes) are hex, not base64, in every message. Hex
//    digits are also base64 characters, so a hex id would decode silently into wrong bytes: the
//    ids are rewritten to base64 before the proto3 JSON reader sees them, and non-hex is refused.
// 2. Enums are integers. The proto3 reader takes integers; it also takes enum names, which OTLP
//    senders must not use but which mean the same, so they are accepted too.
// 3. 64-bit integers come as decimal strings or as numbers: both are proto3 JSON already.
// 4. Unknown field names are ignored (ignoreUnknownFields), as binary protobuf ignores unknown
//    field numbers: newer senders keep working.

const HEX_ID_FIELDS = new Set(['trace_id', 'span_id', 'parent_span_id']);
const HEX = /^(?:[0-9a-fA-F]{2})*$/;

function isHexIdField(field: DescMessage['fields'][number]): boolean {
  return field.fieldKind === 'scalar' && field.scalar === ScalarType.BYTES && HEX_ID_FIELDS.has(field.name);
}

/** Whether a message holds hex ids, itself or below: the rewrite skips attribute values entirely. */
const holdsIds = new Map<string, boolean>();
function reachesHexIds(desc: DescMessage): boolean {
  const known = holdsIds.get(desc.typeName);
  if (known !== undefined) return known;
  holdsIds.set(desc.typeName, false); // breaks cycles (AnyValue holds KeyValueList holds AnyValue)
  const found = desc.fields.some((field) => isHexIdField(field) || (field.message !== undefined && reachesHexIds(field.message)));
  holdsIds.set(desc.typeName, found);
  return found;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rewrites the hex ids of a parsed OTLP/JSON message, in place, to proto3 JSON's base64. */
function hexIdsToBase64(desc: DescMessage, json: unknown, path: string): void {
  if (!isObject(json)) return; // a wrong type is the proto3 reader's to report
  for (const field of desc.fields) {
    const key = field.jsonName in json ? field.jsonName : field.name in json ? field.name : undefined;
    if (key === undefined) continue;
    const value = json[key];
    if (isHexIdField(field)) {
      if (typeof value !== 'string') continue;
      if (!HEX.test(value)) throw invalidInput(`${path}/${key}: ${field.name} must be hex digits (OTLP/JSON encodes ids as hex, not base64)`, [{ path: `${path}/${key}`, message: 'must be hex digits' }]);
      json[key] = Buffer.from(value, 'hex').toString('base64');
    } else if (field.message && reachesHexIds(field.message)) {
      if (field.fieldKind === 'list' && Array.isArray(value)) value.forEach((item, index) => hexIdsToBase64(field.message, item, `${path}/${key}/${index}`));
      else if (field.fieldKind === 'message') hexIdsToBase64(field.message, value, `${path}/${key}`);
    }
  }
}

function undecodable(signal: OtlpSignal, encoding: OtlpEncoding, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  const name = SCHEMAS[signal].request.name;
  return invalidInput(`the body is not a valid ${encoding === 'json' ? 'OTLP/JSON' : 'protobuf'} ${name}: ${reason}`);
}

/**
 * Decodes the body of an OTLP export (already decompressed) into the typed request of its signal.
 * Throws invalid_input, naming the problem, when the bytes are not a valid request.
 */
export function decodeExport<S extends OtlpSignal>(signal: S, encoding: OtlpEncoding, bytes: Uint8Array): ExportRequest<S> {
  const schema: DescMessage = SCHEMAS[signal].request;
  if (encoding === 'protobuf') {
    try {
      return decodeBinary(signal, bytes);
    } catch (error) {
      throw undecodable(signal, encoding, error);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (error) {
    throw undecodable(signal, encoding, error);
  }
  hexIdsToBase64(schema, json, 'body');
  try {
    const message = fromJson(schema, json as JsonValue, { ignoreUnknownFields: true, recursionLimit: OTLP_MAX_NESTING });
    return decodedShape(schema, message as unknown as Record<string, unknown>) as unknown as ExportRequest<S>;
  } catch (error) {
    throw undecodable(signal, encoding, error);
  }
}

/**
 * The Export…ServiceResponse of a signal, as bytes in the request's encoding. partial_success is
 * set only when something was rejected or there is a message (OTLP: a full success leaves it unset).
 */
export function encodeExportResponse(signal: OtlpSignal, encoding: OtlpEncoding, outcome: ExportOutcome): Uint8Array {
  const { response, partial, rejectedField } = SCHEMAS[signal];
  const message = outcome.message ? truncate(outcome.message) : '';
  const partialSuccess = outcome.rejected > 0 || message ? create(partial as DescMessage, { [rejectedField]: BigInt(Math.max(0, Math.floor(outcome.rejected))), errorMessage: message }) : undefined;
  const answer = create(response as DescMessage, partialSuccess ? { partialSuccess } : {});
  return encoding === 'protobuf' ? toBinary(response as DescMessage, answer) : Buffer.from(toJsonString(response as DescMessage, answer));
}

function truncate(message: string): string {
  return message.length > MAX_ERROR_MESSAGE_CHARS ? `${message.slice(0, MAX_ERROR_MESSAGE_CHARS - 1)}…` : message;
}

