import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { anyUnpack } from '@bufbuild/protobuf/wkt';
import { Client, credentials, Metadata, type ServiceError } from '@grpc/grpc-js';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OTLP_MAX_NESTING } from '../../src/otlp/decode.js';
import { RetryInfoSchema, StatusSchema } from '../../src/otlp/generated/google/rpc/status_pb.js';
import { ExportLogsServiceRequestSchema, ExportLogsServiceResponseSchema } from '../../src/otlp/generated/opentelemetry/proto/collector/logs/v1/logs_service_pb.js';
import { AnyValueSchema } from '../../src/otlp/generated/opentelemetry/proto/common/v1/common_pb.js';
import { accessToken, auth, createOrganization, expectError, type TestOrganization } from '../helpers/server.js';
import { startOtlpServer, type OtlpTestServer } from './receiver.js';

// Hostile and broken OTLP input, over OTLP/HTTP and OTLP/gRPC: every answer is 400, 401, 403,
// 413, 415 or 429 (never 5xx), in the request's encoding, and nothing reaches the consumer.

const MAX_BODY = 1024 * 1024;
const MAX_INFLATED = 4 * 1024 * 1024;
const PER_MINUTE = 20;
const INGEST_KEY_PER_MINUTE = 50;

let server: OtlpTestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startOtlpServer({ OTLP_MAX_BODY_BYTES: String(MAX_BODY), OTLP_MAX_DECOMPRESSED_BYTES: String(MAX_INFLATED), RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), INGEST_KEY_RATE_LIMIT_PER_MINUTE: String(INGEST_KEY_PER_MINUTE) });
  org = await createOrganization(server);
});
afterAll(async () => server?.close());
beforeEach(() => {
  server.received.length = 0;
});

/** A key of its own for each test: the rate limit is per key (and the owner makes at most 20 a minute). */
async function freshKey(role: 'owner' | 'manager' | 'member' | 'guest' = 'owner', kind: 'personal' | 'ingest' = 'personal'): Promise<string> {
  const response = await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(org.users[role].key), payload: { name: 'otlp', kind } });
  return response.json().key;
}

function send(key: string, body: Buffer | string, headers: Record<string, string>, path = '/v1/logs', remoteAddress = '127.0.0.1') {
  return server.app.inject({ method: 'POST', url: path, headers: { ...auth(key), ...headers }, payload: body, remoteAddress });
}
const PROTOBUF = { 'content-type': 'application/x-protobuf' };
const JSON_TYPE = { 'content-type': 'application/json' };

/** A protobuf error answer: the status, its google.rpc.Status, and the request id. */
function expectStatus(response: LightMyRequestResponse, status: number, code: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/x-protobuf');
  expect(response.headers['x-request-id']).toBeTruthy();
  const decoded = fromBinary(StatusSchema, response.rawPayload);
  expect(decoded.code).toBe(code);
  expect(decoded.message.length).toBeGreaterThan(0);
  return decoded;
}

/** A length-delimited field holding `bytes`, written with the library's writer. */
const field = (fieldNo: number, bytes: Uint8Array) => new BinaryWriter().tag(fieldNo, WireType.LengthDelimited).bytes(bytes).finish();

/**
 * A log export whose one record's body is an attribute value nested `depth` maps deep, built from
 * the inside out one level at a time (the library's encoder recurses, and could not write it).
 */
function nestedLogs(depth: number): Uint8Array {
  let value = toBinary(AnyValueSchema, create(AnyValueSchema, { value: { case: 'stringValue', value: 'leaf' } }));
  for (let level = 0; level < depth; level += 1) {
    const keyValue = new BinaryWriter().tag(1, WireType.LengthDelimited).string(`k${level}`).tag(2, WireType.LengthDelimited).bytes(value).finish();
    value = field(6, field(1, keyValue)); // AnyValue.kvlist_value holding KeyValueList.values
  }
  // LogRecord.body, in ScopeLogs.log_records, in ResourceLogs.scope_logs, in the request's resource_logs
  return field(1, field(2, field(2, field(5, value))));
}

function nestedJson(depth: number): string {
  const open = Array.from({ length: depth }, (_, level) => `{"kvlistValue":{"values":[{"key":"k${level}","value":`).join('');
  return `{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"body":${open}{"stringValue":"leaf"}${'}]}}'.repeat(depth)}}]}]}]}`;
}

describe('undecodable data (400)', () => {
  it('refuses malformed protobuf with a protobuf Status', async () => {
    const key = await freshKey();
    // The fourth: a zero tag (never valid) ends the request early, before a resource_logs field.
    // The last: a log record's event_name (field 12) says 127 bytes where 3 are left.
    const overrunString = Buffer.from([0x0a, 0x09, 0x12, 0x07, 0x12, 0x05, 0x62, 0x7f, 0x61, 0x62, 0x63]);
    for (const body of [Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]), Buffer.from([0x0a, 0x05, 0x01]), Buffer.from([0xff]), Buffer.from([0x00, 0x0a, 0x00]), overrunString]) {
      const decoded = expectStatus(await send(key, body, PROTOBUF), 400, 3);
      expect(decoded.message).toMatch(/not a valid protobuf ExportLogsServiceRequest/);
    }
    expect(server.received).toHaveLength(0);
  });

  it('refuses strings that are not UTF-8, short or long, and takes UTF-8 ones', async () => {
    const key = await freshKey();
    // A log record's event_name (field 12), in the request's resource_logs, scope_logs, log_records.
    const withEventName = (bytes: Uint8Array) => Buffer.from(field(1, field(2, field(2, field(12, bytes)))));
    const invalid = [Buffer.from([0x61, 0xff]), Buffer.from([0xc3]), Buffer.concat([Buffer.from('x'.repeat(100)), Buffer.from([0xed, 0xa0, 0x80])])];
    for (const bytes of invalid) expectStatus(await send(key, withEventName(bytes), PROTOBUF), 400, 3);
    expect(server.received).toHaveLength(0);
    expect((await send(key, withEventName(Buffer.from('ünïcødé ✓'.repeat(20))), PROTOBUF)).statusCode).toBe(200);
    const [signal, request] = server.received[0]!.exported;
    if (signal !== 'logs') throw new Error(signal);
    expect(request.resourceLogs[0]!.scopeLogs[0]!.logRecords[0]!.eventName).toBe('ünïcødé ✓'.repeat(20));
  });

  it('reads every string as the reference decoder does, ASCII or not, on both sides of the short-string length', async () => {
    // Short ASCII strings are read through arrays of character codes kept between strings
    // (decode.ts): strings of the same length, one after the other, must not leak into each other.
    // 300 random records in one export, with a member's key (the rate limit is per key and minute).
    const text = fc.oneof(fc.string({ unit: 'binary-ascii', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 24 }));
    const records = fc.sample(fc.record({ eventName: text, attributes: fc.array(fc.tuple(text, text), { maxLength: 12 }) }), 300);
    const exported = create(ExportLogsServiceRequestSchema, {
      resourceLogs: [
        {
          scopeLogs: [
            { logRecords: records.map(({ eventName, attributes }) => ({ eventName, attributes: attributes.map(([key, value]) => ({ key, value: { value: { case: 'stringValue' as const, value } } })) })) },
          ],
        },
      ],
    });
    const body = Buffer.from(toBinary(ExportLogsServiceRequestSchema, exported));
    expect((await send(await freshKey('member'), body, PROTOBUF)).statusCode).toBe(200);
    const [signal, request] = server.received[0]!.exported;
    if (signal !== 'logs') throw new Error(signal);
    const read = request.resourceLogs[0]!.scopeLogs[0]!.logRecords.map((record) => [record.eventName, record.attributes.map(({ key, value }) => [key, value?.value?.value])]);
    const reference = fromBinary(ExportLogsServiceRequestSchema, body).resourceLogs[0]!.scopeLogs[0]!.logRecords.map((record) => [record.eventName, record.attributes.map(({ key, value }) => [key, value?.value.value])]);
    expect(read).toHaveLength(300);
    expect(read).toEqual(reference);
  });

  it('refuses malformed OTLP/JSON with the error body', async () => {
    const key = await freshKey();
    const bodies = ['{', 'null', '[]', '"text"', '{"resourceLogs":5}', '{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"timeUnixNano":"1.5"}]}]}]}'];
    for (const body of bodies) expect(expectError(await send(key, body, JSON_TYPE), 400).detail, body).toMatch(/OTLP\/JSON|not valid/);
    expect(server.received).toHaveLength(0);
  });

  it('refuses a body that is not gzip though it says so', async () => {
    const key = await freshKey();
    expectStatus(await send(key, Buffer.from('not gzip at all'), { ...PROTOBUF, 'content-encoding': 'gzip' }), 400, 3);
    expectError(await send(key, gzipSync('{}').subarray(0, 8), { ...JSON_TYPE, 'content-encoding': 'gzip' }), 400);
  });

  it('never answers 5xx to arbitrary bytes', async () => {
    const key = await freshKey();
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 256 }), fc.constantFrom('/v1/metrics', '/v1/logs', '/v1/traces'), async (bytes, path) => {
        const response = await server.app.inject({ method: 'POST', url: path, headers: { ...auth(key), ...PROTOBUF, 'x-forwarded-for': '10.0.0.1' }, payload: Buffer.from(bytes) });
        statuses.add(response.statusCode);
        return [200, 400, 429].includes(response.statusCode);
      }),
      { numRuns: 150 },
    );
    expect([...statuses].every((status) => status < 500)).toBe(true);
  });
});

describe('nesting', () => {
  it(`takes attribute values nested within ${OTLP_MAX_NESTING} levels, in both encodings`, async () => {
    const key = await freshKey();
    expect((await send(key, Buffer.from(nestedLogs(15)), PROTOBUF)).statusCode).toBe(200);
    expect((await send(key, nestedJson(15), JSON_TYPE)).statusCode).toBe(200);
    expect(server.received).toHaveLength(2);
    for (const { exported } of server.received) {
      const [signal, request] = exported;
      if (signal !== 'logs') throw new Error(signal);
      let value = request.resourceLogs[0]!.scopeLogs[0]!.logRecords[0]!.body;
      let levels = 0;
      while (value?.value?.$case === 'kvlistValue') {
        value = value.value.value.values[0]!.value;
        levels += 1;
      }
      expect([levels, value?.value]).toEqual([15, { $case: 'stringValue', value: 'leaf' }]);
    }
  });

  it('refuses deeper nesting with 400, in both encodings, without exhausting the stack', async () => {
    const key = await freshKey();
    for (const depth of [40, 3000]) {
      expect(expectStatus(await send(key, Buffer.from(nestedLogs(depth)), PROTOBUF), 400, 3).message).toMatch(/recursion/);
      expect(expectError(await send(key, nestedJson(depth), JSON_TYPE), 400).detail).toMatch(/recursion/);
    }
    expect(server.received).toHaveLength(0);
  });
});

describe('size (413)', () => {
  it('refuses a body over OTLP_MAX_BODY_BYTES, and takes a huge attribute value within it whole', async () => {
    const key = await freshKey();
    const huge = 'p'.repeat(MAX_BODY - 1000);
    const within = JSON.stringify({ resourceLogs: [{ scopeLogs: [{ logRecords: [{ attributes: [{ key: 'prompt', value: { stringValue: huge } }] }] }] }] });
    expect((await send(key, within, JSON_TYPE)).statusCode).toBe(200);
    const [signal, request] = server.received[0]!.exported;
    if (signal !== 'logs') throw new Error(signal);
    expect(request.resourceLogs[0]!.scopeLogs[0]!.logRecords[0]!.attributes[0]!.value?.value?.value).toHaveLength(huge.length);
    expectError(await send(key, `${within}${' '.repeat(2000)}`, JSON_TYPE), 413);
    expectStatus(await send(key, randomBytes(MAX_BODY + 1), PROTOBUF), 413, 8);
  });

  it('answers a gzip bomb 413 once the output passes OTLP_MAX_DECOMPRESSED_BYTES, without inflating the rest', async () => {
    const key = await freshKey();
    // 15 gzip members of 64 MiB of zeros each: 960 MiB inflated, under 1 MiB as sent.
    const member = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    const bomb = Buffer.concat(Array.from({ length: 15 }, () => member));
    expect(bomb.length).toBeLessThan(MAX_BODY);
    const before = process.resourceUsage().maxRSS;
    const response = await fetch(`${server.baseUrl}/v1/metrics`, { method: 'POST', body: bomb, headers: { authorization: `Bearer ${key}`, ...PROTOBUF, 'content-encoding': 'gzip' } });
    expect(response.status).toBe(413);
    expect(fromBinary(StatusSchema, new Uint8Array(await response.arrayBuffer())).message).toMatch(/OTLP_MAX_DECOMPRESSED_BYTES/);
    // The high-water mark of this process (the server's too) grew by far less than the 960 MiB.
    expect(process.resourceUsage().maxRSS - before).toBeLessThan(256 * 1024);
    expect(server.received).toHaveLength(0);
  });
});

describe('content type and encoding (415)', () => {
  it('refuses other content types, a missing one, and content encodings other than gzip', async () => {
    const key = await freshKey();
    for (const type of ['text/plain', 'application/protobuf', 'application/octet-stream', 'multipart/form-data; boundary=x']) {
      expectError(await send(key, '{}', { 'content-type': type }), 415);
    }
    expectError(await server.app.inject({ method: 'POST', url: '/v1/traces', headers: auth(key) }), 415);
    expectStatus(await send(key, Buffer.from([]), { ...PROTOBUF, 'content-encoding': 'br' }), 415, 3);
    expectError(await send(key, '{}', { ...JSON_TYPE, 'content-encoding': 'deflate' }), 415);
    expect(server.received).toHaveLength(0);
  });
});

describe('credentials (401, 403)', () => {
  it('answers a protobuf request without a valid API key 401 with a Status, and a guest 403', async () => {
    expectStatus(await server.app.inject({ method: 'POST', url: '/v1/metrics', headers: PROTOBUF, payload: Buffer.alloc(0) }), 401, 16);
    expectStatus(await send('qd_not-a-real-key', Buffer.alloc(0), PROTOBUF), 401, 16);
    expectStatus(await send(await accessToken(server, org.owner.key), Buffer.alloc(0), PROTOBUF), 401, 16);
    expectStatus(await send(await freshKey('guest'), Buffer.alloc(0), PROTOBUF), 403, 7);
    expect(server.received).toHaveLength(0);
  });
});

describe('rate limit (429)', () => {
  it(`answers past ${PER_MINUTE} exports a minute per key 429 with Retry-After, and RetryInfo in the Status`, async () => {
    const key = await freshKey();
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await send(key, Buffer.alloc(0), PROTOBUF)).statusCode).toBe(200);
    const limited = await send(key, Buffer.alloc(0), PROTOBUF);
    const decoded = expectStatus(limited, 429, 14);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    const retryInfo = anyUnpack(decoded.details[0]!, RetryInfoSchema);
    expect(Number(retryInfo?.retryDelay?.seconds)).toBe(retryAfter);
    expect(expectError(await send(key, '{}', JSON_TYPE), 429).detail).toMatch(/rate limit/);
    expect(server.received).toHaveLength(PER_MINUTE);
  });

  it('holds a personal key to one allowance whatever address it sends from', async () => {
    const key = await freshKey('member');
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await send(key, Buffer.alloc(0), PROTOBUF, '/v1/logs', `127.0.1.${i}`)).statusCode).toBe(200);
    expectStatus(await send(key, Buffer.alloc(0), PROTOBUF, '/v1/logs', '127.0.2.1'), 429, 14);
  });

  it(`gives an ingest key ${PER_MINUTE} exports a minute per sending address, and ${INGEST_KEY_PER_MINUTE} over all of them`, async () => {
    const key = await freshKey('manager', 'ingest');
    const fleet = ['127.0.3.1', '127.0.3.2'];
    for (const address of fleet) {
      for (let i = 0; i < PER_MINUTE; i += 1) expect((await send(key, Buffer.alloc(0), PROTOBUF, '/v1/logs', address)).statusCode).toBe(200);
    }
    // An address past its own allowance is answered 429; another address is not, and the headers
    // tell each sender its own allowance.
    const limited = await send(key, Buffer.alloc(0), PROTOBUF, '/v1/logs', fleet[0]);
    expectStatus(limited, 429, 14);
    expect(limited.headers['ratelimit-limit']).toBe(String(PER_MINUTE));
    const third = await send(key, Buffer.alloc(0), PROTOBUF, '/v1/logs', '127.0.3.3');
    expect(third.statusCode).toBe(200);
    expect(third.headers['ratelimit-limit']).toBe(String(PER_MINUTE));
    expect(third.headers['ratelimit-remaining']).toBe(String(PER_MINUTE - 1));
    // The key as a whole: exports from ever new addresses land until the key's own limit, then
    // are answered 429 whatever their address, OTLP and the native endpoint alike.
    let accepted = 2 * PER_MINUTE + 1;
    for (let i = 0; i < INGEST_KEY_PER_MINUTE; i += 1) {
      const response = await send(key, '{}', JSON_TYPE, '/v1/logs', `127.0.4.${i}`);
      if (response.statusCode !== 200) {
        expect(expectError(response, 429).detail).toMatch(/rate limit/);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
      accepted += 1;
    }
    expect(accepted).toBe(INGEST_KEY_PER_MINUTE);
    const event = { id: 'limited-1', type: 'model_call', timestamp: Date.now() - 60_000, sessionId: 's-1', client: 'terminal-ui', modelId: 'model-a', modelTier: 'standard', inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0, userEmail: 'someone@example.test' };
    const native = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(key), payload: { events: [event] }, remoteAddress: '127.0.5.2' });
    expectError(native, 429);
    expect(server.received).toHaveLength(INGEST_KEY_PER_MINUTE);
  });
});

describe('OTLP/gRPC', () => {
  const LOGS_EXPORT = '/opentelemetry.proto.collector.logs.v1.LogsService/Export';
  let client: Client;
  let gzipClient: Client;
  beforeAll(() => {
    client = new Client(`127.0.0.1:${server.grpcPort}`, credentials.createInsecure());
    gzipClient = new Client(`127.0.0.1:${server.grpcPort}`, credentials.createInsecure(), { 'grpc.default_compression_algorithm': 2 });
  });
  afterAll(() => {
    client?.close();
    gzipClient?.close();
  });

  function call(body: Uint8Array, authorization: string | undefined, via = client): Promise<{ response?: Buffer; error?: ServiceError }> {
    const metadata = new Metadata();
    if (authorization) metadata.set('authorization', authorization);
    return new Promise((resolve) => {
      via.makeUnaryRequest(LOGS_EXPORT, (value: Buffer) => value, (value: Buffer) => value, Buffer.from(body), metadata, {}, (error, response) => resolve(error ? { error } : { response: response! }));
    });
  }

  it('answers an export with the protobuf response', async () => {
    const { response, error } = await call(nestedLogs(2), `Bearer ${await freshKey()}`);
    expect(error).toBeUndefined();
    expect(fromBinary(ExportLogsServiceResponseSchema, response!).partialSuccess).toBeUndefined();
    expect(server.received).toHaveLength(1);
  });

  it('answers UNAUTHENTICATED without a valid API key (a JWT included) and PERMISSION_DENIED to a guest', async () => {
    expect((await call(new Uint8Array(), undefined)).error?.code).toBe(16);
    expect((await call(new Uint8Array(), 'Bearer qd_not-a-real-key')).error?.code).toBe(16);
    expect((await call(new Uint8Array(), `Bearer ${await accessToken(server, org.owner.key)}`)).error?.code).toBe(16);
    expect((await call(new Uint8Array(), `Bearer ${await freshKey('guest')}`)).error?.code).toBe(7);
    expect(server.received).toHaveLength(0);
  });

  it('answers INVALID_ARGUMENT to undecodable or too deeply nested data, with the Status in grpc-status-details-bin', async () => {
    const key = `Bearer ${await freshKey()}`;
    const { error } = await call(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]), key);
    expect(error?.code).toBe(3);
    expect(error?.details).toMatch(/not a valid protobuf/);
    const details = error?.metadata.get('grpc-status-details-bin')[0];
    expect(fromBinary(StatusSchema, details as Buffer)).toMatchObject({ code: 3 });
    expect((await call(nestedLogs(200), key)).error?.code).toBe(3);
    expect(server.received).toHaveLength(0);
  });

  it('answers RESOURCE_EXHAUSTED to a message over the bound, gzip-compressed ones by their inflated size', async () => {
    const key = `Bearer ${await freshKey()}`;
    const big = toBinary(ExportLogsServiceRequestSchema, create(ExportLogsServiceRequestSchema, { resourceLogs: [{ scopeLogs: [{ logRecords: [{ body: { value: { case: 'stringValue', value: 'z'.repeat(MAX_BODY + 10) } } }] }] }] }));
    expect((await call(big, key)).error?.code).toBe(8);
    expect((await call(big, key, gzipClient)).error?.code).toBe(8);
    expect((await call(nestedLogs(3), key, gzipClient)).error).toBeUndefined();
    expect(server.received).toHaveLength(1);
  });

  it('answers UNAVAILABLE with RetryInfo past the rate limit', async () => {
    const key = `Bearer ${await freshKey()}`;
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await call(new Uint8Array(), key)).error).toBeUndefined();
    const { error } = await call(new Uint8Array(), key);
    expect(error?.code).toBe(14);
    const status = fromBinary(StatusSchema, error?.metadata.get('grpc-status-details-bin')[0] as Buffer);
    expect(Number(anyUnpack(status.details[0]!, RetryInfoSchema)?.retryDelay?.seconds)).toBeGreaterThan(0);
  });
});
