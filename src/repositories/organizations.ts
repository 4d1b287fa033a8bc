import type { Db } from '../db/store.js';
import { newId } from '../domain/ids.js';
import type { AuditActor } from '../domain/audit.js';
import { auditKeyCreated, insertApiKey } from './api-keys.js';
import { appendAudit } from './audit-log.js';
import { issueInvitation, type IssuedInvitation } from './invitations.js';
import { insertUser, type UserRecord } from './users.js';

export interface OrganizationRecord {
  id: string;
  name: string;
  createdAt: Date;
}

export async function findOrganization(db: Db, organizationId: string): Promise<OrganizationRecord | undefined> {
  const row = await db.selectFrom('organizations').select(['id', 'name', 'created_at']).where('id', '=', organizationId).executeTakeFirst();
  return row && { id: row.id, name: row.name, createdAt: row.created_at };
}

/** An organization and its first owner, inside the caller's transaction. */
export async function insertOrganizationWithOwner(trx: Db, input: { name: string; ownerEmail: string; ownerName?: string | null }): Promise<{ organization: OrganizationRecord; owner: UserRecord }> {
  const row = await trx.insertInto('organizations').values({ id: newId('org'), name: input.name }).returning(['id', 'name', 'created_at']).executeTakeFirstOrThrow();
  const owner = await insertUser(trx, row.id, { email: input.ownerEmail, name: input.ownerName ?? null, role: 'owner' });
  return { organization: { id: row.id, name: row.name, createdAt: row.created_at }, owner };
}

/** The platform bootstrap: an organization, its owner, the owner's first API key and invitation, all or nothing. */
export async function createOrganization(
  db: Db,
  input: { name: string; ownerEmail: string },
  actor: AuditActor,
): Promise<{ organization: OrganizationRecord; owner: UserRecord; apiKey: string; invitation: IssuedInvitation }> {
  return db.transaction().execute(async (trx) => {
    const { organization, owner } = await insertOrganizationWithOwner(trx, input);
    const { record, key } = await insertApiKey(trx, organization.id, owner.id, { name: 'bootstrap' });
    const invitation = await issueInvitation(trx, organization.id, owner.id);
    await appendAudit(trx, organization.id, {
      actor,
      action: 'member.created',
      target: { type: 'user', id: owner.id, label: owner.email },
      details: { role: owner.role, name: owner.name, invitationExpiresAt: invitation.expiresAt.getTime(), initialApiKey: true },
    });
    await auditKeyCreated(trx, record, actor);
    return { organization, owner, apiKey: key, invitation };
  });
}

export async function anyOrganizationExists(db: Db): Promise<boolean> {
  return (await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst()) !== undefined;
}
