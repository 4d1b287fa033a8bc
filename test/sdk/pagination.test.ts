import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuarterdeckClient } from '../../src/sdk/client.js';
import { addUser, auth, createOrganization, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';

// The SDK's iterators over the analytics /users pages and the readiness report pages, against a
// real server, across several pages.

let server: TestServer;
let org: TestOrganization;
let client: QuarterdeckClient;
const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
const users: Caller[] = [];
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  users.push(...Object.values(org.users));
  for (let i = 0; i < 3; i++) users.push(await addUser(server, org.owner.key, 'member'));
  const events = users.map((user, i) => ({ id: `e-${i}`, type: 'session_start', timestamp: `${day}T01:00:00Z`, sessionId: `s-${i}`, client: 'web', userId: user.id }));
  const posted = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(org.owner.key), payload: { events } });
  expect(posted.statusCode).toBe(202);
  await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: auth(server.adminToken) });
  client = new QuarterdeckClient({ baseUrl: await server.app.listen({ port: 0, host: '127.0.0.1' }), apiKey: org.owner.key });
});
afterAll(async () => server.close());

describe('paginateAnalyticsUsers', () => {
  it('follows meta.next_cursor until has_more is false', async () => {
    const rows = [];
    for await (const row of client.paginateAnalyticsUsers({ query: { startDate: day, endDate: day, limit: 2 } })) rows.push(row);
    expect(rows.map((row) => row.user_id)).toEqual(users.map((user) => user.id).sort());
    expect(rows.every((row) => row.date === day)).toBe(true);
  });

  it('starts after a given cursor', async () => {
    const sorted = users.map((user) => user.id).sort();
    const rows = [];
    for await (const row of client.paginateAnalyticsUsers({ query: { startDate: day, endDate: day, limit: 3, cursor: sorted[1]! } })) rows.push(row.user_id);
    expect(rows).toEqual(sorted.slice(2));
  });
});

describe('paginateReadinessReports', () => {
  it('pages by startAfter until a short page, for a full last page too', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await client.request('post', '/api/organization/maturity-level-reports', { body: { repoUrl: `https://github.com/acme/r${i % 2}`, apps: {}, report: {} } });
      ids.push(created.reportId);
    }
    const newestFirst = (await client.request('get', '/api/organization/maturity-level-reports', { query: { limit: 100 } })).reports.map((report) => report.reportId);
    for (const limit of [1, 2, 3, 4, 6, 7]) {
      const seen: string[] = [];
      for await (const report of client.paginateReadinessReports({ query: { limit } })) seen.push(report.reportId);
      expect(seen).toEqual(newestFirst);
    }
    const filtered: string[] = [];
    for await (const report of client.paginateReadinessReports({ query: { limit: 2, repoId: 'github.com/acme/r1' } })) filtered.push(report.reportId);
    expect(filtered.sort()).toEqual(ids.filter((_, i) => i % 2 === 1).sort());
  });
});
