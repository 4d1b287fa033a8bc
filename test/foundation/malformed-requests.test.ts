import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { routesOf } from '../helpers/routes.js';

// Every route, whoever adds it, is sent malformed requests: none may answer 500 or anything but
// the one error body.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

const BODIES = ['null', '[]', '"text"', '{"unexpected":true}', '{"name":"\\u0000"}', '{'];
const PARAMS = ['%00', 'x'.repeat(90), "'; DROP TABLE users; --", '..%2F..%2Fetc'];
const QUERY = '?limit=-1&cursor=%00&startDate=2026-02-30&endDate=nope&group_by=everything&waitMs=-5';

function fill(url: string, value: string): string {
  return url.replace(/:\w+/g, value);
}

describe('malformed requests to every route', () => {
  it('never answer 500, and every error has the error body', async () => {
    const routes = routesOf(server.app).filter((route) => !route.url.startsWith('/docs') && !['/openapi.json', '/metrics'].includes(route.url) && route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const key = route.url.startsWith('/admin/') ? server.adminToken : org.owner.key;
      const attempts: { url: string; payload?: string }[] = [];
      for (const value of PARAMS) attempts.push({ url: fill(route.url, value) + QUERY });
      if (['POST', 'PUT', 'PATCH'].includes(route.method)) {
        for (const payload of BODIES) attempts.push({ url: fill(route.url, 'missing'), payload });
      }
      for (const attempt of attempts) {
        const response = await server.app.inject({
          method: route.method as 'GET',
          url: attempt.url,
          headers: { ...auth(key), ...(attempt.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
        });
        const label = `${route.method} ${attempt.url} ${attempt.payload ?? ''}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400) expectError(response, response.statusCode);
      }
    }
  });
});
