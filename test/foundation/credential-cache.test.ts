import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openStore, type Store } from '../../src/db/store.js';
import type { App } from '../../src/http/context.js';
import { accessToken, addUser, auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { registerComputer } from '../compute/fixtures.js';

// Verified credentials are cached in each process (docs/security.md "Credential cache"), yet a
// change made through one replica ends or changes them on the very next request to any replica.
// On PostgreSQL, two app instances with their own stores play the replicas; the embedded store
// runs one process, so one instance plays both.

let server: TestServer;
let org: TestOrganization;
let replicaStore: Store | undefined;
/** Where changes are made. */
let a: App;
/** Where the credentials are used, and cached, before and after. */
let b: App;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  a = server.app;
  if (server.config.databaseUrl) {
    replicaStore = await openStore(server.config);
    b = await buildApp({ config: server.config, store: replicaStore, adminToken: server.adminToken });
    await b.ready();
  } else {
    b = server.app;
  }
});

afterAll(async () => {
  if (b !== a) await b.close();
  await replicaStore?.close();
  await server.close();
});

const call = (app: App, credential: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: auth(credential), ...(payload ? { payload } : {}) });

describe('the credential cache', () => {
  it('refuses a revoked key and the access tokens minted from it on the next request', async () => {
    const member = await addUser(server, org.owner.key, 'member');
    const token = await accessToken(server, member.key);
    for (let i = 0; i < 2; i++) {
      expect((await call(b, member.key, 'GET', '/api/v0/api-keys')).statusCode).toBe(200);
      expect((await call(b, token, 'GET', '/api/v0/api-keys')).statusCode).toBe(200);
    }
    const keyId = (await call(a, member.key, 'GET', '/api/v0/api-keys')).json().apiKeys[0].id;
    expect((await call(a, org.owner.key, 'DELETE', `/api/v0/api-keys/${keyId}`)).statusCode).toBe(204);
    expectError(await call(b, member.key, 'GET', '/api/v0/api-keys'), 401);
    expectError(await call(b, token, 'GET', '/api/v0/api-keys'), 401);
  });

  it('refuses a deactivated user on the next request, and its computers', async () => {
    const member = await addUser(server, org.owner.key, 'member');
    const computer = await registerComputer(server, member.key);
    expect((await call(b, member.key, 'GET', '/api/v0/api-keys')).statusCode).toBe(200);
    expect((await call(b, computer.token, 'POST', '/api/v0/agent/heartbeat')).statusCode).toBe(200);
    expect((await call(a, org.owner.key, 'DELETE', `/api/v0/organization/users/${member.id}`)).statusCode).toBe(204);
    expectError(await call(b, member.key, 'GET', '/api/v0/api-keys'), 401);
    expectError(await call(b, computer.token, 'POST', '/api/v0/agent/heartbeat'), 401);
  });

  it('applies a new role on the next request', async () => {
    const manager = await addUser(server, org.owner.key, 'manager');
    expect((await call(b, manager.key, 'GET', '/api/v0/organization/users')).statusCode).toBe(200);
    expect((await call(a, org.owner.key, 'PATCH', `/api/v0/organization/users/${manager.id}`, { role: 'member' })).statusCode).toBe(200);
    expectError(await call(b, manager.key, 'GET', '/api/v0/organization/users'), 403);
  });

  it('refuses the token of a deleted computer on the next request', async () => {
    const computer = await registerComputer(server, org.users.member.key);
    expect((await call(b, computer.token, 'POST', '/api/v0/agent/heartbeat')).statusCode).toBe(200);
    expect((await call(a, org.users.member.key, 'DELETE', `/api/v0/computers/${computer.id}`)).statusCode).toBe(204);
    expectError(await call(b, computer.token, 'POST', '/api/v0/agent/heartbeat'), 401);
  });
});
