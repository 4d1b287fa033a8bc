import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../src/domain/audit.js';
import { MIN_AUDIT_RETENTION_DAYS } from '../../src/domain/policies.js';
import { deleteExpiredAuditEntries } from '../../src/jobs/audit-retention.js';
import { appendAudit } from '../../src/repositories/audit-log.js';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// The audit log's own settings (docs/audit-log.md "Retention"): only an owner changes them, and
// never below the floor, so no one who may not read the log can erase it.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Audit settings');
});
afterAll(async () => server.close());

const patch = (key: string, payload: object) => server.app.inject({ method: 'PATCH', url: '/api/v0/organization/enterprise-controls', headers: auth(key), payload });
const revision = async () => (await server.app.inject({ method: 'GET', url: '/api/v0/organization/enterprise-controls', headers: auth(org.owner.key) })).json().revision;

/** A revision written by hand, as one stored before the floor existed would be. */
async function setStoredRetention(organizationId: string, userId: string, days: number): Promise<void> {
  await server.store.db.insertInto('enterprise_control_revisions').values({ organization_id: organizationId, revision: 1, settings: JSON.stringify({ auditLogRetentionDays: days }), user_id: userId }).execute();
}

describe('audit log settings', () => {
  it('refuses a manager who sets, changes or removes auditLogRetentionDays, and writes nothing', async () => {
    const before = await revision();
    expectError(await patch(org.users.manager.key, { auditLogRetentionDays: 400 }), 403);
    expectError(await patch(org.users.manager.key, { auditLogRetentionDays: 400, cloudSessionSync: true }), 403);
    expect(await revision()).toBe(before);
    expect((await patch(org.owner.key, { auditLogRetentionDays: 400 })).statusCode).toBe(200);
    expectError(await patch(org.users.manager.key, { auditLogRetentionDays: null }), 403);
    expectError(await patch(org.users.manager.key, { auditLogRetentionDays: 401 }), 403);
    // A manager keeps every other setting, and may send the retention unchanged.
    expect((await patch(org.users.manager.key, { cloudSessionSync: true })).statusCode).toBe(200);
    expect((await patch(org.users.manager.key, { auditLogRetentionDays: 400, cloudSessionSync: false })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/v0/organization/enterprise-controls', headers: auth(org.owner.key) })).json().settings.auditLogRetentionDays).toBe(400);
  });

  it(`refuses a retention below ${MIN_AUDIT_RETENTION_DAYS} days, even from an owner`, async () => {
    for (const value of [1, MIN_AUDIT_RETENTION_DAYS - 1]) expectError(await patch(org.owner.key, { auditLogRetentionDays: value }), 400);
    expect((await patch(org.owner.key, { auditLogRetentionDays: MIN_AUDIT_RETENTION_DAYS })).statusCode).toBe(200);
  });

  it('keeps the floor for a stored value below it (written before the floor existed)', async () => {
    const old = await createOrganization(server, 'Old short retention');
    const day = 86_400_000;
    const kept = await appendAudit(server.store.db, old.id, { actor: SYSTEM_ACTOR, action: 'team.created', target: { type: 'team', id: 'kept' } }, new Date(Date.now() - (MIN_AUDIT_RETENTION_DAYS - 2) * day));
    await setStoredRetention(old.id, old.owner.id, 1);
    await deleteExpiredAuditEntries(server.store.db, server.app.log);
    const ids = (await server.app.inject({ method: 'GET', url: '/api/v0/organization/audit-log?limit=100&targetId=kept', headers: auth(old.owner.key) })).json().entries.map((entry: { id: string }) => entry.id);
    expect(ids).toEqual([kept]);
  });
});
