import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuarterdeckClient, QuarterdeckError } from '../../src/sdk/client.js';
import { createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

let server: TestServer;
let org: TestOrganization;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => server.close());

describe('QuarterdeckClient against a real server', () => {
  it('calls typed endpoints', async () => {
    const client = new QuarterdeckClient({ baseUrl, apiKey: org.owner.key });
    const created = await client.request('post', '/api/v0/organization/users', { body: { email: 'sdk@example.test', role: 'member', name: 'Sdk' } });
    expect(created.user).toMatchObject({ email: 'sdk@example.test', role: 'member' });
    const updated = await client.request('patch', '/api/v0/organization/users/{userId}', { path: { userId: created.user.id }, body: { name: 'Renamed' } });
    expect(updated.user.name).toBe('Renamed');
    expect(await client.request('delete', '/api/v0/organization/users/{userId}', { path: { userId: created.user.id } })).toBeUndefined();
  });

  it('iterates a v0 list across pages', async () => {
    const client = new QuarterdeckClient({ baseUrl, apiKey: org.owner.key });
    const direct = await client.request('get', '/api/v0/organization/users', { query: { limit: 100 } });
    const seen: string[] = [];
    for await (const user of client.paginate('/api/v0/organization/users', 'users', { query: { limit: 2 } })) seen.push(user.id);
    expect(seen).toEqual(direct.users.map((user) => user.id));
    expect(seen.length).toBeGreaterThan(2);
  });

  it('throws typed errors carrying the error body', async () => {
    const client = new QuarterdeckClient({ baseUrl, apiKey: 'qd_wrong' });
    const error = await client.request('get', '/api/v0/api-keys', { query: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QuarterdeckError);
    const typed = error as QuarterdeckError;
    expect(typed.status).toBe(401);
    expect(typed.body).toEqual({ title: 'Unauthorized', detail: expect.any(String), status: 401, requestId: expect.any(String) });
    expect(typed.requestId).toBe(typed.body.requestId);
  });
});

describe('retries', () => {
  let stub: Server;
  let stubUrl: string;
  const arrivals: number[] = [];
  beforeAll(async () => {
    stub = createServer((request, response) => {
      arrivals.push(Date.now());
      if (arrivals.length === 1) {
        response.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
        response.end(JSON.stringify({ title: 'Too Many Requests', detail: 'slow down', status: 429, requestId: 'r1' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'ok' }));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

  it('honours Retry-After on 429 and then succeeds', async () => {
    const client = new QuarterdeckClient({ baseUrl: stubUrl });
    expect(await client.request('get', '/healthz', {})).toEqual({ status: 'ok' });
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(950);
  });

  it('gives up after maxRetries with the last error', async () => {
    arrivals.length = 0;
    const client = new QuarterdeckClient({ baseUrl: stubUrl, maxRetries: 0 });
    await expect(client.request('get', '/healthz', {})).rejects.toMatchObject({ status: 429, body: { detail: 'slow down' } });
  });
});
