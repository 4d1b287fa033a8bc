import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { routesOf } from '../helpers/routes.js';
import { createScimToken, expectScimError } from '../helpers/scim.js';

// Every route, whoever adds it, is sent malformed requests: none may answer 500 or anything but
// the one error body (SCIM's routes: SCIM's error body, docs/decisions.md "SCIM provisioning").

let server: TestServer;
let org: TestOrganization;
let scimToken: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
  scimToken = (await createScimToken(server, org.owner.key)).token;
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
      const scim = route.url.startsWith('/scim/');
      const key = route.url.startsWith('/admin/') ? server.adminToken : scim ? scimToken : org.owner.key;
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
        if (response.statusCode >= 400 && scim) expectScimError({ status: response.statusCode, body: response.json(), headers: response.headers }, response.statusCode);
        else if (response.statusCode >= 400) expectError(response, response.statusCode);
      }
    }
  }, 120_000);
});
