import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { notFound } from '../domain/errors.js';
import { ScimFault, type ScimQuery, type ScimUserAttributes } from '../domain/scim.js';
import { appendAudit } from './audit-log.js';
import { deactivateUser, insertUser, reactivateUser } from './users.js';

// Members as SCIM Users (docs/scim.md): every member of the organization, but those the provider
// deleted. userName is the e-mail; the name parts the provider sent are kept beside the member
// (scim_users, migration 0031) so they read back as sent.

export interface ScimUserRecord {
  id: string;
  email: string;
  name: string | null;
  active: boolean;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  createdAt: Date;
  lastModified: Date;
}

/** SCIM acts as an owner would on members' lifecycle: the provider decides who works here. */
const SCIM_ACTS_AS = 'owner';
const UNIQUE_VIOLATION = '23505';

function usersOf(db: Db, organizationId: string) {
  return db
    .selectFrom('users')
    .leftJoin('scim_users', (join) => join.onRef('scim_users.user_id', '=', 'users.id').onRef('scim_users.organization_id', '=', 'users.organization_id'))
    .where('users.organization_id', '=', organizationId)
    .where('scim_users.deleted_at', 'is', null);
}

const columns = [
  'users.id',
  'users.email',
  'users.name',
  'users.active',
  'users.external_id',
  'users.created_at',
  'users.deactivated_at',
  'scim_users.given_name',
  'scim_users.family_name',
  'scim_users.display_name',
  'scim_users.updated_at',
] as const;

type Row = {
  id: string;
  email: string;
  name: string | null;
  active: boolean;
  external_id: string | null;
  created_at: Date;
  deactivated_at: Date | null;
  given_name: string | null;
  family_name: string | null;
  display_name: string | null;
  updated_at: Date | null;
};

function toRecord(row: Row): ScimUserRecord {
  const times = [row.created_at, row.deactivated_at, row.updated_at].filter((time): time is Date => time !== null).map((time) => time.getTime());
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    active: row.active,
    externalId: row.external_id,
    givenName: row.given_name,
    familyName: row.family_name,
    displayName: row.display_name,
    createdAt: row.created_at,
    lastModified: new Date(Math.max(...times)),
  };
}

export async function listScimUsers(db: Db, organizationId: string, query: ScimQuery, page: { offset: number; count: number }): Promise<{ total: number; users: ScimUserRecord[] }> {
  if (query.impossible) return { total: 0, users: [] };
  let base = usersOf(db, organizationId);
  if (query.id !== undefined) base = base.where('users.id', '=', query.id);
  // userName is case-insensitive (RFC 7643 §4.1.1), like e-mails everywhere here; externalId is exact.
  if (query.userName !== undefined) base = base.where(sql<string>`lower(users.email)`, '=', query.userName.toLowerCase());
  if (query.externalId !== undefined) base = base.where('users.external_id', '=', query.externalId);
  if (query.displayName !== undefined) base = base.where(sql<string>`lower(coalesce(scim_users.display_name, users.name))`, '=', query.displayName.toLowerCase());
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = page.count === 0 ? [] : await base.select(columns).orderBy('users.id').offset(page.offset).limit(page.count).execute();
  return { total: Number(total), users: rows.map(toRecord) };
}

export async function findScimUser(db: Db, organizationId: string, userId: string): Promise<ScimUserRecord | undefined> {
  const row = await usersOf(db, organizationId).select(columns).where('users.id', '=', userId).executeTakeFirst();
  return row && toRecord(row);
}

async function keepScimAttributes(trx: Db, organizationId: string, userId: string, attributes: ScimUserAttributes, deletedAt: Date | null): Promise<void> {
  const values = { given_name: attributes.givenName, family_name: attributes.familyName, display_name: attributes.displayName, deleted_at: deletedAt, updated_at: new Date() };
  await trx
    .insertInto('scim_users')
    .values({ organization_id: organizationId, user_id: userId, ...values })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet(values))
    .execute();
}

function uniquenessOf(error: unknown, attributes: ScimUserAttributes): unknown {
  if (error instanceof ScimFault) return error;
  const code = (error as { code?: string }).code;
  if (code === 'email_taken') return new ScimFault('email_taken', 'uniqueness', `a member with userName ${attributes.userName} already exists`);
  if (code !== UNIQUE_VIOLATION) return error;
  return (error as { constraint?: string }).constraint === 'users_external_id'
    ? new ScimFault('email_taken', 'uniqueness', `a member with externalId ${attributes.externalId} already exists`)
    : new ScimFault('email_taken', 'uniqueness', `a member with userName ${attributes.userName} already exists`);
}

/**
 * A new member from the provider: role member (group mapping may change it), no API key, no
 * invitation (they sign in through single sign-on). A userName the provider deleted before comes
 * back as the same member, history and all. Any other existing userName is 409 uniqueness.
 */
export async function createScimUser(db: Db, organizationId: string, attributes: ScimUserAttributes, name: string | null, actor: AuditActor): Promise<ScimUserRecord> {
  let userId: string;
  try {
    userId = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .leftJoin('scim_users', (join) => join.onRef('scim_users.user_id', '=', 'users.id').onRef('scim_users.organization_id', '=', 'users.organization_id'))
        .select(['users.id', 'scim_users.deleted_at'])
        .where('users.organization_id', '=', organizationId)
        .where(sql<string>`lower(users.email)`, '=', attributes.userName.toLowerCase())
        .executeTakeFirst();
      if (existing && !existing.deleted_at) throw new ScimFault('email_taken', 'uniqueness', `a member with userName ${attributes.userName} already exists`);
      let id: string;
      if (existing) {
        id = existing.id;
        await trx.updateTable('users').set({ email: attributes.userName, name, external_id: attributes.externalId }).where('organization_id', '=', organizationId).where('id', '=', id).execute();
        await appendAudit(trx, organizationId, { actor, action: 'member.updated', target: { type: 'user', id, label: attributes.userName }, details: { restored: true, source: 'scim' } });
      } else {
        const user = await insertUser(trx, organizationId, { email: attributes.userName, name, role: 'member' });
        id = user.id;
        if (attributes.externalId !== null) await trx.updateTable('users').set({ external_id: attributes.externalId }).where('organization_id', '=', organizationId).where('id', '=', id).execute();
        await appendAudit(trx, organizationId, { actor, action: 'member.created', target: { type: 'user', id, label: attributes.userName }, details: { role: 'member', source: 'scim' } });
      }
      await keepScimAttributes(trx, organizationId, id, attributes, null);
      return id;
    });
  } catch (error) {
    throw uniquenessOf(error, attributes);
  }
  await applyActive(db, organizationId, userId, attributes.active ?? true, actor);
  return (await findScimUser(db, organizationId, userId))!;
}

/** The member's state as the provider wants it: deactivation and reactivation through the foundation. */
async function applyActive(db: Db, organizationId: string, userId: string, active: boolean, actor: AuditActor): Promise<void> {
  if (active) await reactivateUser(db, organizationId, SCIM_ACTS_AS, userId, actor);
  else await deactivateUser(db, organizationId, SCIM_ACTS_AS, userId, actor);
}

/** Writes the attributes a PUT or PATCH leaves the member with; `active` absent leaves the state. */
export async function updateScimUser(db: Db, organizationId: string, userId: string, attributes: ScimUserAttributes, name: string | null, actor: AuditActor): Promise<ScimUserRecord> {
  try {
    await db.transaction().execute(async (trx) => {
      const current = await usersOf(trx, organizationId).select([...columns, 'users.role']).where('users.id', '=', userId).forUpdate('users').executeTakeFirst();
      if (!current) throw notFound('User');
      // Owners are made by hand (docs/sso.md): an owner's e-mail is how the break-glass owner
      // signs in when the provider is down, so the provider may not change it.
      if (current.role === 'owner' && current.email.toLowerCase() !== attributes.userName.toLowerCase()) {
        throw new ScimFault('invalid_input', 'mutability', "an owner's userName is changed in Quarterdeck only, never by the identity provider");
      }
      const changed = [
        ...(current.email !== attributes.userName ? ['userName'] : []),
        ...(current.name !== name ? ['name'] : []),
        ...(current.external_id !== attributes.externalId ? ['externalId'] : []),
        ...(current.given_name !== attributes.givenName || current.family_name !== attributes.familyName || current.display_name !== attributes.displayName ? ['nameParts'] : []),
      ];
      if (changed.length === 0) return;
      await trx.updateTable('users').set({ email: attributes.userName, name, external_id: attributes.externalId }).where('organization_id', '=', organizationId).where('id', '=', userId).execute();
      await keepScimAttributes(trx, organizationId, userId, attributes, null);
      await appendAudit(trx, organizationId, { actor, action: 'member.updated', target: { type: 'user', id: userId, label: attributes.userName }, details: { changed, source: 'scim' } });
    });
  } catch (error) {
    throw uniquenessOf(error, attributes);
  }
  if (attributes.active !== undefined) await applyActive(db, organizationId, userId, attributes.active, actor);
  return (await findScimUser(db, organizationId, userId))!;
}

/**
 * The provider deletes a member: Quarterdeck deactivates them (keys, computers' tokens and
 * console sessions stop; their history stays in analytics) and answers 404 for them from then on.
 */
export async function deleteScimUser(db: Db, organizationId: string, userId: string, actor: AuditActor): Promise<void> {
  const current = await findScimUser(db, organizationId, userId);
  if (!current) throw notFound('User');
  await deactivateUser(db, organizationId, SCIM_ACTS_AS, userId, actor);
  await db
    .insertInto('scim_users')
    .values({ organization_id: organizationId, user_id: userId, deleted_at: new Date(), updated_at: new Date() })
    .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ deleted_at: new Date(), updated_at: new Date() }))
    .execute();
}
