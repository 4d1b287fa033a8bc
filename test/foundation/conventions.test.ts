import { validate as validateOpenApi } from '@readme/openapi-parser';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../src/http/error-handler.js';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { routesOf } from '../helpers/routes.js';

// decisions.md §1 and §3: conventions every endpoint shares, and the operations endpoints.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: 'metrics-secret', BODY_LIMIT_BYTES: '2048' });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

describe('error body and request ids', () => {
  it('answers unknown routes with the error body', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v0/nowhere' });
    expectError(response, 404);
    expectError(await server.app.inject({ method: 'PUT', url: '/healthz' }), 404);
  });

  it('keeps a caller request id and replaces an unusable one', async () => {
    const kept = await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: { ...auth(org.owner.key), 'x-request-id': 'trace-123' } });
    expect(kept.headers['x-request-id']).toBe('trace-123');
    const replaced = await server.app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(expectError(replaced, 404).requestId).toBe(replaced.headers['x-request-id']);
  });

  it('answers 413 to a body over the limit', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'x'.repeat(4096) }) });
    expectError(response, 413);
  });

  it('never answers a malformed request with a 500', async () => {
    const attempts = [
      { method: 'POST' as const, url: '/api/v0/organization/users', payload: 'null' },
      { method: 'POST' as const, url: '/api/v0/organization/users', payload: '"text"' },
      { method: 'POST' as const, url: '/api/v0/organization/users', payload: '[1,2]' },
      { method: 'POST' as const, url: '/api/v0/api-keys', payload: '{"name":{"$gt":""}}' },
      { method: 'PATCH' as const, url: '/api/v0/organization/users/%00', payload: '{}' },
      { method: 'GET' as const, url: '/api/v0/organization/users?limit=1e309' },
      { method: 'GET' as const, url: "/api/v0/organization/users?cursor='%20OR%201=1" },
      { method: 'DELETE' as const, url: `/api/v0/api-keys/${'x'.repeat(500)}` },
    ];
    for (const attempt of attempts) {
      const response = await server.app.inject({ method: attempt.method, url: attempt.url, headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, ...(attempt.payload ? { payload: attempt.payload } : {}) });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBeLessThan(500);
      expectError(response, response.statusCode);
    }
  });

  it('answers a transaction the database rolled back (deadlock, serialization failure) with 503 and Retry-After', async () => {
    const app = Fastify();
    installErrorHandling(app);
    for (const code of ['40P01', '40001']) {
      app.get(`/rolled-back/${code}`, async () => {
        await sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'rolled back' USING ERRCODE = '${code}'; END $$`).execute(server.store.db);
      });
    }
    for (const code of ['40P01', '40001']) {
      const response = await app.inject({ url: `/rolled-back/${code}` });
      expect(expectError(response, 503).detail).toMatch(/retry/);
      expect(response.headers['retry-after']).toBe('1');
    }
    await app.close();
  });
});

describe('operations endpoints', () => {
  it('reports health and readiness without credentials', async () => {
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('serves Prometheus metrics only with the metrics token when one is set', async () => {
    await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: auth(org.owner.key) });
    expectError(await server.app.inject({ method: 'GET', url: '/metrics' }), 401);
    const response = await server.app.inject({ method: 'GET', url: '/metrics', headers: auth('metrics-secret') });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/http_requests_total\{method="GET",route="\/api\/v0\/organization\/users",status="200"\} \d+/);
    expect(response.body).toContain('http_request_duration_seconds_bucket');
  });

  it('publishes a valid OpenAPI 3.1 document listing every route, with named shared schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const validation = await validateOpenApi(structuredClone(document));
    expect(validation.valid, JSON.stringify(validation)).toBe(true);
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['ErrorBody', 'Pagination', 'User', 'ApiKey', 'Role']));
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries<Record<string, unknown>>(document.paths)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const undocumented = routesOf(server.app)
      .filter((route) => !['/openapi.json', '/metrics'].includes(route.url) && !route.url.startsWith('/docs') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((route) => !documented.has(route));
    expect(undocumented).toEqual([]);
    expect(documented.size).toBeGreaterThan(10);
  });

  it('serves the API reference page', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
