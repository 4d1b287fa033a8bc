import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/domain/credentials.js';
import { acceptInvitation, auth, consoleHeaders, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { CONTRACT_PENDING, distributionProblems, documentedPlacements } from '../helpers/distribution.js';

// The schema a database distributed by organization_id can take (docs/scaling.md, "A distributed
// PostgreSQL"), read from the migrated catalog of this run's store, and the credentials that find
// their organization before their row (migration 0064).

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server, 'Distributed');
  other = await createOrganization(server, 'Elsewhere');
});
afterAll(async () => server.close());

const query = <T extends Record<string, unknown>>(text: string, values: unknown[] = []) => server.store.pool.query<T>(text, values).then((result) => result.rows);

describe('the distribution rule', () => {
  it('holds for every table of the migrated schema', async () => {
    expect(await distributionProblems(server.store.pool)).toEqual([]);
  });

  it('names a new table that breaks it, and accepts a normal tenant table', async () => {
    const suffix = randomBytes(3).toString('hex');
    const [byId, byHash, global, tenant] = [`zz_by_id_${suffix}`, `zz_by_hash_${suffix}`, `zz_global_${suffix}`, `zz_tenant_${suffix}`] as const;
    await query(`CREATE TABLE ${byId} (id text PRIMARY KEY, organization_id text NOT NULL)`);
    await query(`CREATE TABLE ${byHash} (organization_id text NOT NULL, id text NOT NULL, token_hash text NOT NULL, PRIMARY KEY (organization_id, id))`);
    await query(`CREATE UNIQUE INDEX ${byHash}_hash ON ${byHash} (token_hash)`);
    await query(`CREATE TABLE ${global} (name text PRIMARY KEY)`);
    await query(`CREATE TABLE ${tenant} (organization_id text NOT NULL, id text NOT NULL, email text NOT NULL, PRIMARY KEY (organization_id, id))`);
    await query(`CREATE UNIQUE INDEX ${tenant}_email ON ${tenant} (organization_id, lower(email))`);
    try {
      expect(await distributionProblems(server.store.pool)).toEqual([
        `${byHash}: unique key ${byHash}_hash does not include organization_id`,
        `${byId}: unique key ${byId}_pkey does not include organization_id`,
        `${global}: has no organization_id and is not a reference or local table of docs/scaling.md`,
      ]);
      // Listed as a reference table, the table without organization_id passes.
      const placements = new Map([...documentedPlacements(), [global, 'reference' as const]]);
      expect(await distributionProblems(server.store.pool, placements)).toEqual([
        `${byHash}: unique key ${byHash}_hash does not include organization_id`,
        `${byId}: unique key ${byId}_pkey does not include organization_id`,
      ]);
    } finally {
      for (const table of [byId, byHash, global, tenant]) await query(`DROP TABLE ${table}`);
    }
  });

  it('keeps its lists honest: documented tables exist, pending keys are still there and have their twin', async () => {
    const placements = new Map([...documentedPlacements(), ['zz_never_created', 'reference' as const]]);
    expect(await distributionProblems(server.store.pool, placements)).toEqual(['zz_never_created: in docs/scaling.md but not in the schema']);
    // A contract done (the old key dropped, its twin promoted) leaves a stale entry: the check names it.
    const client = await server.store.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE computer_metrics DROP CONSTRAINT computer_metrics_pkey');
      expect(await distributionProblems(client)).toEqual(['computer_metrics: computer_metrics_pkey is listed as contract pending but is gone']);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect(Object.keys(CONTRACT_PENDING).length).toBeLessThanOrEqual(16);
  });

  it('documents a placement for every table that has one to choose (reference or local)', async () => {
    const placements = documentedPlacements();
    const withoutOrganization = await query<{ name: string }>(`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id')`);
    for (const { name } of withoutOrganization) expect(['reference', 'local']).toContain(placements.get(name));
    expect(placements.get('credential_organizations')).toBe('reference');
  });
});

describe('credentials find their organization first', () => {
  it('maps every credential hash to its organization as it is written, and forgets it when the row goes', async () => {
    const mapped = await query<{ organization_id: string; kind: string }>('SELECT organization_id, kind FROM credential_organizations WHERE token_hash = $1', [hashSecret(org.owner.key)]);
    expect(mapped).toEqual([{ organization_id: org.id, kind: 'api_keys' }]);

    const browser = await acceptInvitation(server, org.users.member);
    const sessions = await query<{ token_hash: string }>('SELECT token_hash FROM browser_sessions WHERE organization_id = $1 AND user_id = $2', [org.id, org.users.member.id]);
    expect(sessions).toHaveLength(1);
    const sessionHash = sessions[0]!.token_hash;
    expect(await query('SELECT organization_id, kind FROM credential_organizations WHERE token_hash = $1', [sessionHash])).toEqual([{ organization_id: org.id, kind: 'browser_sessions' }]);
    // The used invitation is still mapped (its row stays); signing out deletes the session and its mapping.
    const signedOut = await server.app.inject({ method: 'DELETE', url: '/api/v0/auth/session', headers: consoleHeaders(server, browser) });
    expect(signedOut.statusCode).toBe(204);
    expect(await query('SELECT 1 FROM credential_organizations WHERE token_hash = $1', [sessionHash])).toEqual([]);
    const me = await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: consoleHeaders(server, browser, { csrf: false }) });
    expect(me.statusCode).toBe(401);
  });

  it('authenticates a key that the previous release wrote without the mapping code (the trigger maps it)', async () => {
    const secret = `qd_${randomBytes(32).toString('base64url')}`;
    const keyId = `key_${randomBytes(6).toString('hex')}`;
    // The previous release's insert: api_keys alone.
    await query('INSERT INTO api_keys (id, organization_id, user_id, name, prefix, key_hash) VALUES ($1, $2, $3, $4, $5, $6)', [keyId, org.id, org.users.manager.id, 'written before', secret.slice(0, 9), hashSecret(secret)]);
    const listed = await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: auth(secret) });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain(org.users.manager.email);
  });

  it('refuses a credential whose hash maps to another organization: the row is read in that organization only', async () => {
    const secret = `qd_${randomBytes(32).toString('base64url')}`;
    const keyId = `key_${randomBytes(6).toString('hex')}`;
    await query('INSERT INTO api_keys (id, organization_id, user_id, name, prefix, key_hash) VALUES ($1, $2, $3, $4, $5, $6)', [keyId, org.id, org.users.member.id, 'misfiled', secret.slice(0, 9), hashSecret(secret)]);
    await query('UPDATE credential_organizations SET organization_id = $1 WHERE token_hash = $2', [other.id, hashSecret(secret)]);
    const refused = await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: auth(secret) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ title: 'Unauthorized', status: 401 });
  });

  it('keeps a hash unique across organizations, as the unique key on the hash did', async () => {
    const secret = `qd_${randomBytes(32).toString('base64url')}`;
    // One held connection, rolled back: the refused insert leaves nothing behind.
    const client = await server.store.pool.connect();
    const insert = (organizationId: string, userId: string) =>
      client.query('INSERT INTO api_keys (id, organization_id, user_id, name, prefix, key_hash) VALUES ($1, $2, $3, $4, $5, $6)', [`key_${randomBytes(6).toString('hex')}`, organizationId, userId, 'twice', secret.slice(0, 9), hashSecret(secret)]);
    try {
      await client.query('BEGIN');
      await insert(org.id, org.users.member.id);
      await expect(insert(other.id, other.users.member.id)).rejects.toThrow(/credential_organizations_pkey/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('fills organization_id of the provisioning steps that the previous release inserts without it', async () => {
    const created = await server.app.inject({ method: 'POST', url: '/api/v0/computers', headers: auth(org.owner.key), payload: { name: 'steps', remoteUser: 'builder' } });
    expect(created.statusCode, created.body).toBe(201);
    const computerId = (created.json() as { id: string }).id;
    const steps = await query<{ organization_id: string }>('SELECT DISTINCT organization_id FROM provisioning_steps WHERE computer_id = $1', [computerId]);
    expect(steps).toEqual([{ organization_id: org.id }]);
    await query(`INSERT INTO provisioning_steps (computer_id, id, position, name, status) VALUES ($1, 'extra', 99, 'Extra', 'pending')`, [computerId]);
    expect(await query('SELECT organization_id FROM provisioning_steps WHERE computer_id = $1 AND id = $2', [computerId, 'extra'])).toEqual([{ organization_id: org.id }]);
  });
});
