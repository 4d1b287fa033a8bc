import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openStore, type Store } from '../../src/db/store.js';
import type { App } from '../../src/http/context.js';
import { accessToken, addUser, auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { registerComputer } from '../compute/fixtures.js';
import { credentialsChanged } from '../../src/repositories/credential-changes.js';
import { HEAR_TIMEOUT_MS } from '../../src/services/credential-cache.js';

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

  it('keeps its entries through probes and acknowledgements, and empties them on a change', async () => {
    const member = await addUser(server, org.owner.key, 'member');
    expect((await call(b, member.key, 'GET', '/api/v0/api-keys')).statusCode).toBe(200);
    // Revoked by hand, without the notification: b answers from its cache until a change is heard.
    await sql`UPDATE api_keys SET revoked_at = now() WHERE user_id = ${member.id}`.execute(a.services.db);
    await a.services.credentials.awaitChangesHeard(a.log);
    expect((await call(b, member.key, 'GET', '/api/v0/api-keys')).statusCode).toBe(200);
    await credentialsChanged(a.services.db);
    await a.services.credentials.awaitChangesHeard(a.log);
    expectError(await call(b, member.key, 'GET', '/api/v0/api-keys'), 401);
  });
});

// A replica that is not a Quarterdeck process: a connection that listens under the replica naming,
// acknowledging probes late or never. PostgreSQL only (the embedded store has one process).
describe.runIf(process.env.TEST_DATABASE_URL)('replicas slow or silent to acknowledge', () => {
  const fakeReplica = async (name: string, acknowledge: (probe: string, send: () => Promise<void>) => void) => {
    // A session of its own: the direct connection in the pass through PgBouncer (docs/testing.md).
    const client = new pg.Client({ connectionString: server.config.databaseDirectUrl ?? server.config.databaseUrl });
    await client.connect();
    await client.query('LISTEN quarterdeck_credentials');
    await client.query(`SELECT set_config('application_name', $1, false)`, [`quarterdeck_credentials ${name}`]);
    // A late acknowledgement may go out as the test ends the connection: that one is dropped.
    let ended = false;
    client.on('notification', (message) => {
      if (!message.payload?.startsWith('probe:')) return;
      const probe = message.payload.slice('probe:'.length);
      acknowledge(probe, async () => {
        if (ended) return;
        await client.query(`SELECT pg_notify('quarterdeck_credentials', $1)`, [`ack:${probe} ${name}`]).catch((error: unknown) => {
          if (!ended) throw error;
        });
      });
    });
    return {
      end: async () => {
        ended = true;
        await client.end();
      },
    };
  };

  it('a change answers only after a slow replica acknowledges it', async () => {
    // Set as the acknowledgement goes out: the change may hear it before this replica's own
    // NOTIFY statement returns.
    let acknowledged = false;
    const replica = await fakeReplica('slowslowslowslow', (_probe, send) => {
      setTimeout(() => {
        acknowledged = true;
        void send();
      }, 300);
    });
    try {
      const member = await addUser(server, org.owner.key, 'member');
      const keyId = (await call(a, member.key, 'GET', '/api/v0/api-keys')).json().apiKeys[0].id;
      expect((await call(a, org.owner.key, 'DELETE', `/api/v0/api-keys/${keyId}`)).statusCode).toBe(204);
      expect(acknowledged).toBe(true);
    } finally {
      await replica.end();
    }
  });

  it('a replica that never acknowledges is named in a warning, and the change still answers', async () => {
    const replica = await fakeReplica('silentsilentsile', () => {});
    const warnings: unknown[] = [];
    const log = { ...a.log, warn: (fields: unknown) => void warnings.push(fields) } as typeof a.log;
    try {
      await a.services.credentials.awaitChangesHeard(log);
      expect(warnings).toEqual([{ silentReplicas: ['silentsilentsile'], timeoutMs: HEAR_TIMEOUT_MS }]);
    } finally {
      await replica.end();
    }
  });
});
