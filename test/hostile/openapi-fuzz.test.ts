import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScimToken, SCIM_ERROR } from '../helpers/scim.js';
import { createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// Every operation of /openapi.json gets requests generated from its own schema and then spoiled
// (wrong types, missing and unknown fields, huge and deep values, bad encodings, bad cursors and
// ids), with owner, member, no and junk credentials. No answer may be a 5xx; every error is the
// one error body (SCIM's error body on /scim/v2, where the owner's credential is a SCIM token) with the X-Request-Id header; no and junk credentials never get a 2xx on the API.
// Bounded: a fixed seed and a fixed number of requests per operation and credential.

type Schema = Record<string, any>;
interface Operation { method: string; path: string; parameters: Schema[]; body: Schema | undefined }

let server: TestServer;
let org: TestOrganization;
let operations: Operation[];
let components: Record<string, Schema>;
let scimToken: string;
const SSO_CALLBACK = '/api/v0/auth/sso/callback';
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '10000000', AUTH_FAILURES_PER_MINUTE: '10000000' });
  org = await createOrganization(server);
  scimToken = (await createScimToken(server, org.owner.key)).token;
  const document = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  components = document.components?.schemas ?? {};
  operations = Object.entries(document.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, parameters: operation.parameters ?? [], body: operation.requestBody?.content?.['application/json']?.schema })),
  );
});
afterAll(async () => server.close());

function resolve(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops += 1) current = components[current.$ref.split('/').pop()!] ?? {};
  return current;
}

/** A plausible instance of a schema: what a careful client would send. */
function sampleOf(raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(raw);
  if (depth > 6) return null;
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sampleOf(variants[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([name, property]) => [name, sampleOf(property, depth + 1)]));
  }
  if (type === 'array') return [sampleOf(schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'string') {
    if (schema.format === 'email') return 'someone@example.test';
    if (schema.format === 'date-time') return new Date().toISOString();
    if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
    if (schema.format === 'uri') return 'https://example.test/x';
    return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
  return 'x';
}

const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth));
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(null, -1, 0, 1.5, 2 ** 63, -(2 ** 53), '', '\u0000', 'x'.repeat(70_000), '\ud800', [], {}, { __proto__x: 1 }, true, '2026-02-30', 'NaN'),
  fc.integer({ min: 20, max: 400 }).map(nested),
);
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('%00', '%ZZ', '..%2F..', 'x'.repeat(300), 'usr_00000000000000000000000000', 'cmp_018f0000000000000000000000', '-1', '1e400', '0x10', "' OR 1=1 --", 'ÿ', '%F0%28%8C%28'),
  fc.base64String({ maxLength: 60 }),
);

/** The sample body spoiled one of several ways. */
function spoil(sample: unknown): fc.Arbitrary<{ payload: string | Buffer; contentType: string }> {
  const asJson = (value: unknown) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  const fields = sample && typeof sample === 'object' && !Array.isArray(sample) ? Object.keys(sample) : [];
  const withField = (change: (copy: Record<string, unknown>, field: string) => void) =>
    fields.length === 0
      ? hostileValue.map(asJson)
      : fc.constantFrom(...fields).map((field) => {
          const copy = { ...(sample as Record<string, unknown>) };
          change(copy, field);
          return asJson(copy);
        });
  return fc.oneof(
    fc.constant(asJson(sample)),
    withField((copy, field) => delete copy[field]),
    fc.tuple(fc.constantFrom(...(fields.length ? fields : ['x'])), hostileValue).map(([field, value]) => asJson({ ...(sample as object), [field]: value })),
    fc.string({ minLength: 1, maxLength: 20 }).map((name) => asJson({ ...(sample as object), [`unknown_${name}`]: 1 })),
    hostileValue.map(asJson),
    fc.constantFrom(
      { payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: 'application/json' },
      { payload: '\ufeff{}', contentType: 'application/json' },
      { payload: '{"a":1}', contentType: 'application/json; charset=latin1' },
      { payload: '{"a":1}', contentType: 'text/plain' },
      { payload: 'a=1', contentType: 'application/x-www-form-urlencoded' },
      { payload: '{"a":', contentType: 'application/json' },
      { payload: '{"a":1e400}', contentType: 'application/json' },
      { payload: '{"__proto__":{"x":1}}', contentType: 'application/json' },
    ),
  );
}

function requestFor(operation: Operation): fc.Arbitrary<{ url: string; body?: { payload: string | Buffer; contentType: string } }> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const pathValues = fc.tuple(...pathParams.map(() => hostileText));
  const queryValues = fc.tuple(...queryParams.map((p) => fc.option(fc.oneof(hostileText, fc.constant(String(sampleOf(p.schema)))), { nil: undefined })));
  const extraQuery = fc.option(fc.constantFrom('cursor=bad', 'cursor=eyJ4IjoxfQ', 'limit=0', 'limit=1000000', 'unknown=1', 'startDate=2026-13-01&endDate=1'), { nil: undefined });
  const body = operation.body ? spoil(sampleOf(operation.body)).map((b) => b as typeof b | undefined) : fc.constant(undefined);
  return fc.record({ pathValues, queryValues, extraQuery, body }).map(({ pathValues, queryValues, extraQuery, body }) => {
    let path = operation.path;
    pathParams.forEach((param, i) => (path = path.replace(`{${param.name}}`, encodeURIComponent(pathValues[i]!).replaceAll('%25', '%'))));
    const query = queryParams.flatMap((param, i) => (queryValues[i] === undefined ? [] : [`${param.name}=${encodeURIComponent(queryValues[i]!)}`]));
    if (extraQuery) query.push(extraQuery);
    return { url: query.length ? `${path}?${query.join('&')}` : path, ...(body ? { body } : {}) };
  });
}

const REQUESTS_PER_OPERATION = 8;

describe('requests generated from /openapi.json', () => {
  it('never answer 5xx, always the error body with X-Request-Id, and nothing to no or junk credentials', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const credentials: [string, string | undefined][] = [
      ['owner', org.owner.key],
      ['member', org.users.member.key],
      ['none', undefined],
      ['junk', `qd_${'A'.repeat(43)}`],
    ];
    let sent = 0;
    for (const operation of operations) {
      const samples = fc.sample(requestFor(operation), { numRuns: REQUESTS_PER_OPERATION, seed: 1212 });
      const scim = operation.path.startsWith('/scim/');
      for (const [who, given] of credentials) {
        const key = scim && who === 'owner' ? scimToken : given;
        for (const request of samples) {
          const headers: Record<string, string> = { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(request.body ? { 'content-type': request.body.contentType } : {}) };
          const response = await server.app.inject({ method: operation.method as 'GET', url: request.url, headers, ...(request.body ? { payload: request.body.payload } : {}) });
          sent += 1;
          const label = `${who} ${operation.method} ${request.url.slice(0, 200)} ${String(request.body?.payload ?? '').slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          expect(response.headers['x-request-id'], label).toBeTruthy();
          if (response.statusCode >= 400 && scim) {
            const body = response.json();
            expect(Object.keys(body).filter((k) => k !== 'scimType').sort(), label).toEqual(['detail', 'schemas', 'status']);
            expect(body.schemas, label).toEqual([SCIM_ERROR]);
            expect(body.status, label).toBe(String(response.statusCode));
          } else if (response.statusCode >= 400) {
            const body = response.json();
            expect(Object.keys(body).filter((k) => k !== 'errors').sort(), label).toEqual(['detail', 'requestId', 'status', 'title']);
            expect(body.status, label).toBe(response.statusCode);
            expect(body.requestId, label).toBe(response.headers['x-request-id']);
          }
          if (operation.path === SSO_CALLBACK) {
            // Where the identity provider sends the browser: every answer is a page to go to, a
            // failed sign-in the sign-in page with its reason; never a session to no one.
            expect(response.statusCode, label).toBe(303);
            expect(response.headers.location, label).toMatch(/^\/sign-in\?sso_error=/);
            expect(response.headers['set-cookie'] ?? [], label).not.toEqual(expect.arrayContaining([expect.stringMatching(/^qd_session=[^;]/)]));
          } else if ((who === 'none' || who === 'junk') && !['/healthz', '/readyz'].includes(operation.path)) {
            expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
          }
        }
      }
    }
    expect(sent).toBe(operations.length * credentials.length * REQUESTS_PER_OPERATION);
  }, 120_000);
});
