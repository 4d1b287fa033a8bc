import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { appendAudit } from './audit-log.js';
import type { AuditActor } from '../domain/audit.js';
import { DomainError, notFound } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { mayAssignRole, mayManageUser, outranks, type Role } from '../domain/roles.js';
import { auditKeyCreated, insertApiKey, restoreUserApiKeys, revokeUserApiKeys } from './api-keys.js';
import { endUserSessions } from './browser-sessions.js';
import { credentialsChanged } from './credential-changes.js';
import { issueInvitation, type IssuedInvitation } from './invitations.js';

// Users of an organization. Every call takes the organization id: nothing crosses tenants.

export interface UserRecord {
  id: string;
  organizationId: string;
  email: string;
  name: string | null;
  role: Role;
  active: boolean;
  status: MemberStatus;
  createdAt: Date;
  /** The first sign-in; null while invited. */
  joinedAt: Date | null;
  /** The latest console sign-in; null while invited. */
  lastSignInAt: Date | null;
  deactivatedAt: Date | null;
}

/**
 * A member is invited until their first sign-in (an invitation accepted, or single sign-on),
 * active after, deactivated once deactivated (docs/members.md "Lifecycle").
 */
export const MEMBER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

const columns = ['id', 'organization_id', 'email', 'name', 'role', 'active', 'created_at', 'joined_at', 'last_sign_in_at', 'deactivated_at'] as const;

type Row = { id: string; organization_id: string; email: string; name: string | null; role: string; active: boolean; created_at: Date; joined_at: Date | null; last_sign_in_at: Date | null; deactivated_at: Date | null };

function toRecord(row: Row): UserRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    active: row.active,
    status: !row.active ? 'deactivated' : row.joined_at ? 'active' : 'invited',
    createdAt: row.created_at,
    joinedAt: row.joined_at,
    lastSignInAt: row.last_sign_in_at,
    deactivatedAt: row.deactivated_at,
  };
}

export async function insertUser(db: Db, organizationId: string, input: { email: string; name?: string | null; role: Role }): Promise<UserRecord> {
  try {
    const row = await db
      .insertInto('users')
      .values({ id: newId('usr'), organization_id: organizationId, email: input.email, name: input.name ?? null, role: input.role })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new DomainError('email_taken', `a user with e-mail ${input.email} already exists in this organization`);
    throw error;
  }
}

/**
 * The members a sender's e-mail names, created as members (no key, no invitation: they sign in
 * once invited) where the organization lets telemetry create members. Concurrent exports naming
 * the same new e-mail create one member. A deactivated user of that e-mail is not brought back.
 */
export async function ensureMembers(db: Db, organizationId: string, emails: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(emails.map((email) => email.trim()))].sort();
  if (unique.length === 0) return new Map();
  await sql`
    INSERT INTO users (id, organization_id, email, role)
    SELECT id, ${organizationId}, email, 'member' FROM unnest(${unique.map(() => newId('usr'))}::text[], ${unique}::text[]) AS new (id, email)
    ON CONFLICT (organization_id, lower(email)) DO NOTHING`.execute(db);
  const users = await findActiveUsers(db, organizationId, { emails: unique });
  return new Map(users.map((user) => [user.email.toLowerCase(), user.id]));
}

/**
 * Adds a user, as `actorRole` may, with a console invitation and, unless `createApiKey` is false,
 * an initial API key (both shown once; the key's expiry is `initialKeyExpiry`, the lifetime cap).
 * The audit log gets member.created (and api_key.created for the key) in the same transaction.
 */
export async function addUser(
  db: Db,
  organizationId: string,
  actorRole: Role,
  input: { email: string; name?: string | null; role: Role; createApiKey?: boolean; initialKeyExpiry?: Date | null },
  actor: AuditActor,
): Promise<{ user: UserRecord; key: string | null; invitation: IssuedInvitation }> {
  if (!mayAssignRole(actorRole, input.role)) throw new DomainError('role_not_permitted', 'only an owner may grant the owner role');
  return db.transaction().execute(async (trx) => {
    const user = await insertUser(trx, organizationId, { email: input.email, name: input.name ?? null, role: input.role });
    const invitation = await issueInvitation(trx, organizationId, user.id);
    await appendAudit(trx, organizationId, {
      actor,
      action: 'member.created',
      target: { type: 'user', id: user.id, label: user.email },
      details: { role: user.role, name: user.name, invitationExpiresAt: invitation.expiresAt.getTime(), initialApiKey: input.createApiKey !== false },
    });
    if (input.createApiKey === false) return { user, key: null, invitation };
    const { record, key } = await insertApiKey(trx, organizationId, user.id, { name: 'initial', expiresAt: input.initialKeyExpiry ?? null });
    await auditKeyCreated(trx, record, actor);
    return { user, key, invitation };
  });
}

export async function findUser(db: Db, organizationId: string, userId: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(columns).where('organization_id', '=', organizationId).where('id', '=', userId).executeTakeFirst();
  return row && toRecord(row);
}

/** Active users of the organization among the given ids and e-mails (e-mails compared case-insensitively). */
export async function findActiveUsers(db: Db, organizationId: string, match: { ids?: readonly string[]; emails?: readonly string[] }): Promise<UserRecord[]> {
  const ids = [...new Set(match.ids ?? [])];
  const emails = [...new Set((match.emails ?? []).map((email) => email.toLowerCase()))];
  if (ids.length === 0 && emails.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(columns)
    .where('organization_id', '=', organizationId)
    .where('active', '=', true)
    .where((eb) => eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(emails.length ? [eb(sql<string>`lower(email)`, 'in', emails)] : [])]))
    .execute();
  return rows.map(toRecord);
}

export async function listUsers(db: Db, organizationId: string, page: { after: string | undefined; limit: number }, filter: { status?: MemberStatus } = {}): Promise<UserRecord[]> {
  let query = db.selectFrom('users').select(columns).where('organization_id', '=', organizationId);
  // The same rule as toRecord's status, as a condition.
  if (filter.status === 'deactivated') query = query.where('active', '=', false);
  if (filter.status === 'active') query = query.where('active', '=', true).where('joined_at', 'is not', null);
  if (filter.status === 'invited') query = query.where('active', '=', true).where('joined_at', 'is', null);
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  const rows = await query.orderBy('id').limit(page.limit).execute();
  return rows.map(toRecord);
}

/** The user `actorRole` may manage, locked for a change; not found, deactivated or out of reach fail. */
/** The user, locked for the rest of the transaction: its state is read after any concurrent change commits. */
async function lockUser(trx: Db, organizationId: string, userId: string): Promise<UserRecord> {
  const row = await trx.selectFrom('users').select(columns).where('organization_id', '=', organizationId).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!row) throw notFound('user');
  return toRecord(row);
}

function assertMayManage(actorRole: Role, subject: UserRecord): void {
  if (!mayManageUser(actorRole, subject.role)) throw new DomainError('role_not_permitted', 'only an owner may change or remove an owner');
}

async function lockManagedUser(trx: Db, organizationId: string, actorRole: Role, userId: string): Promise<UserRecord> {
  const subject = await lockUser(trx, organizationId, userId);
  if (!subject.active) throw new DomainError('user_inactive', 'the user is deactivated');
  assertMayManage(actorRole, subject);
  return subject;
}

/** An owner may lose its role only while another active owner remains. */
async function assertAnotherOwnerRemains(trx: Db, organizationId: string, subject: UserRecord): Promise<void> {
  if (subject.role === 'owner' && (await countOtherActiveOwners(trx, organizationId, subject.id)) === 0) {
    throw new DomainError('last_owner', 'the organization must keep at least one active owner');
  }
}

/**
 * Changes a user's role or name, as `actorRole` may. A new role ends the user's console sessions
 * (but `keepSessionId`, the caller's own), so the next sign-in sees it. A new role is audited as
 * member.role_changed, a new name as member.updated; what stays the same is not.
 */
export async function changeUser(
  db: Db,
  organizationId: string,
  actorRole: Role,
  userId: string,
  changes: { role?: Role; name?: string | null },
  keepSessionId: string | undefined,
  actor: AuditActor,
): Promise<UserRecord> {
  return db.transaction().execute(async (trx) => {
    const subject = await lockManagedUser(trx, organizationId, actorRole, userId);
    if (changes.role !== undefined) {
      if (!mayAssignRole(actorRole, changes.role)) throw new DomainError('role_not_permitted', 'only an owner may grant the owner role');
      if (changes.role !== 'owner') await assertAnotherOwnerRemains(trx, organizationId, subject);
      if (changes.role !== subject.role) {
        await endUserSessions(trx, organizationId, userId, keepSessionId);
        await credentialsChanged(trx);
      }
    }
    const row = await trx.updateTable('users').set(changes).where('organization_id', '=', organizationId).where('id', '=', userId).returning(columns).executeTakeFirstOrThrow();
    const target = { type: 'user' as const, id: userId, label: subject.email };
    if (changes.role !== undefined && changes.role !== subject.role) {
      await appendAudit(trx, organizationId, { actor, action: 'member.role_changed', target, details: { from: subject.role, to: changes.role } });
    }
    if (changes.name !== undefined) await auditNameChange(trx, organizationId, subject, changes.name, actor);
    return toRecord(row);
  });
}

async function auditNameChange(trx: Db, organizationId: string, subject: UserRecord, name: string | null, actor: AuditActor): Promise<void> {
  if (name === subject.name) return;
  await appendAudit(trx, organizationId, { actor, action: 'member.updated', target: { type: 'user', id: subject.id, label: subject.email }, details: { name: { from: subject.name, to: name } } });
}

/**
 * A person's own display name (any role, their own only: the account menu's "Your name"),
 * audited as member.updated like a name an owner or manager gives.
 */
export async function renameSelf(db: Db, organizationId: string, userId: string, name: string | null, actor: AuditActor): Promise<UserRecord> {
  return db.transaction().execute(async (trx) => {
    const subject = await lockUser(trx, organizationId, userId);
    const row = await trx.updateTable('users').set({ name }).where('organization_id', '=', organizationId).where('id', '=', userId).returning(columns).executeTakeFirstOrThrow();
    await auditNameChange(trx, organizationId, subject, name, actor);
    return toRecord(row);
  });
}

/**
 * The name the identity provider gives a member who has none yet (single sign-on's `name`
 * claim); a name already set — by the person, an owner, the invitation or SCIM — is kept.
 */
export async function nameIfUnnamed(trx: Db, organizationId: string, user: UserRecord, name: string | null, actor: AuditActor): Promise<UserRecord> {
  if (user.name || !name) return user;
  const row = await trx.updateTable('users').set({ name }).where('organization_id', '=', organizationId).where('id', '=', user.id).where('name', 'is', null).returning(columns).executeTakeFirst();
  if (!row) return user;
  await auditNameChange(trx, organizationId, user, name, actor);
  return toRecord(row);
}

/** Every console sign-in (password, invitation, setup link, single sign-on) moves the member's last sign-in. */
export async function recordSignIn(db: Db, organizationId: string, userId: string, now = new Date()): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: now }).where('organization_id', '=', organizationId).where('id', '=', userId).execute();
}

/**
 * Deactivates a user, as `actorRole` may: its keys, computers' tokens and console sessions stop
 * working at once, its history stays. Deactivating again changes nothing.
 */
export async function deactivateUser(db: Db, organizationId: string, actorRole: Role, userId: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Locked before its state is read: a concurrent deactivation is waited for, and this one
    // then finds the member deactivated and changes nothing (never 409).
    const subject = await lockUser(trx, organizationId, userId);
    if (!subject.active) return;
    assertMayManage(actorRole, subject);
    await assertAnotherOwnerRemains(trx, organizationId, subject);
    await trx.updateTable('users').set({ active: false, deactivated_at: new Date() }).where('organization_id', '=', organizationId).where('id', '=', userId).execute();
    await revokeUserApiKeys(trx, organizationId, userId);
    await endUserSessions(trx, organizationId, userId);
    await credentialsChanged(trx);
    await appendAudit(trx, organizationId, { actor, action: 'member.deactivated', target: { type: 'user', id: userId, label: subject.email } });
  });
}

/**
 * Brings a deactivated user back, as `actorRole` may: the API keys the deactivation revoked (and
 * not expired since) and its computers' tokens work again; console sessions do not come back.
 * Reactivating an active user changes nothing.
 */
export async function reactivateUser(db: Db, organizationId: string, actorRole: Role, userId: string, actor: AuditActor): Promise<UserRecord> {
  return db.transaction().execute(async (trx) => {
    const subject = await lockUser(trx, organizationId, userId);
    if (subject.active) return subject;
    assertMayManage(actorRole, subject);
    const reactivated = await trx
      .updateTable('users')
      .set({ active: true, deactivated_at: null })
      .where('organization_id', '=', organizationId)
      .where('id', '=', userId)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await restoreUserApiKeys(trx, organizationId, userId);
    await credentialsChanged(trx);
    await appendAudit(trx, organizationId, { actor, action: 'member.reactivated', target: { type: 'user', id: userId, label: subject.email } });
    return toRecord(reactivated);
  });
}

/**
 * How a person first signed in: through their invitation or the setup link (they act themselves,
 * from `origin`), or through single sign-on.
 */
export type FirstSignIn = { method: 'invitation' | 'setup'; origin: Pick<AuditActor, 'ip' | 'userAgent' | 'requestId'> } | { method: 'sso'; actor: AuditActor };

/**
 * Records a person's first sign-in — from now on they are active, not invited — with its
 * `member.joined` entry; a later sign-in changes nothing and writes no entry.
 */
export async function markJoined(db: Db, organizationId: string, userId: string, how: FirstSignIn, now = new Date()): Promise<void> {
  const joined = await db
    .updateTable('users')
    .set({ joined_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', userId)
    .where('joined_at', 'is', null)
    .returning('email')
    .executeTakeFirst();
  if (!joined) return;
  const actor = how.method === 'sso' ? how.actor : { type: 'user' as const, userId, label: joined.email, ...how.origin };
  await appendAudit(db, organizationId, { actor, action: 'member.joined', target: { type: 'user', id: userId, label: joined.email }, details: { method: how.method } });
}

/** A new console invitation for a user `actorRole` may manage; the user's unused one dies. */
/**
 * A new invitation sets a new password, so it would hand the account to whoever holds the link:
 * once a user has a password, only someone of a higher role may re-invite them (a manager a
 * member, not another manager; an owner a manager, not another owner). docs/decisions.md "Members".
 */
export async function inviteUser(db: Db, organizationId: string, actorRole: Role, userId: string, actor: AuditActor): Promise<IssuedInvitation> {
  return db.transaction().execute(async (trx) => {
    const subject = await lockManagedUser(trx, organizationId, actorRole, userId);
    if (!outranks(actorRole, subject.role) && (await hasPassword(trx, organizationId, userId))) {
      throw new DomainError('role_not_permitted', `this ${subject.role} has already set a password: only a higher role may re-invite them (a new invitation would hand over their account)`);
    }
    const invitation = await issueInvitation(trx, organizationId, userId);
    await appendAudit(trx, organizationId, { actor, action: 'member.invited', target: { type: 'user', id: userId, label: subject.email }, details: { expiresAt: invitation.expiresAt.getTime() } });
    return invitation;
  });
}

async function hasPassword(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('password_hash').where('organization_id', '=', organizationId).where('id', '=', userId).executeTakeFirst();
  return row?.password_hash != null;
}

/** Active owners other than the given user, locking them so two demotions cannot race. */
async function countOtherActiveOwners(db: Db, organizationId: string, exceptUserId: string): Promise<number> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'owner')
    .where('active', '=', true)
    .where('id', '<>', exceptUserId)
    .forUpdate()
    .execute();
  return rows.length;
}

export async function setPasswordHash(db: Db, organizationId: string, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('organization_id', '=', organizationId).where('id', '=', userId).execute();
}

/** Active users with a password and this e-mail, in any organization, oldest first. */
export async function findSignInCandidates(db: Db, email: string): Promise<{ id: string; organizationId: string; passwordHash: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'organization_id', 'password_hash'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('active', '=', true)
    .where('password_hash', 'is not', null)
    .orderBy('id')
    .limit(MAX_SIGN_IN_CANDIDATES)
    .execute();
  return rows.map((row) => ({ id: row.id, organizationId: row.organization_id, passwordHash: row.password_hash! }));
}

/**
 * One e-mail may belong to people in several organizations; sign-in checks at most this many,
 * and always this many (docs/console-auth.md "Signing in").
 */
export const MAX_SIGN_IN_CANDIDATES = 3;

/** A person's own preferences (docs/email.md). */
export async function findPreferences(db: Db, organizationId: string, userId: string): Promise<{ emailNotifications: boolean }> {
  const row = await db.selectFrom('users').select('email_notifications').where('organization_id', '=', organizationId).where('id', '=', userId).executeTakeFirstOrThrow();
  return { emailNotifications: row.email_notifications };
}

export async function setPreferences(db: Db, organizationId: string, userId: string, changes: { emailNotifications?: boolean }): Promise<{ emailNotifications: boolean }> {
  if (changes.emailNotifications !== undefined) {
    await db.updateTable('users').set({ email_notifications: changes.emailNotifications }).where('organization_id', '=', organizationId).where('id', '=', userId).execute();
  }
  return findPreferences(db, organizationId, userId);
}

/**
 * A role the identity provider's group mapping gives, through SCIM or at an SSO sign-in
 * (docs/scim.md "Groups, teams and roles", docs/sso.md), inside the caller's transaction. Owners
 * are never changed and owner is never given. Like any role change, it ends the member's console
 * sessions, so the next sign-in sees it.
 */
export async function setRoleFromGroups(trx: Db, organizationId: string, userId: string, role: Role, actor: AuditActor): Promise<void> {
  const row = await trx.selectFrom('users').select(['role', 'email']).where('organization_id', '=', organizationId).where('id', '=', userId).forUpdate().executeTakeFirst();
  if (!row || row.role === role || row.role === 'owner' || role === 'owner') return;
  await trx.updateTable('users').set({ role }).where('organization_id', '=', organizationId).where('id', '=', userId).execute();
  await endUserSessions(trx, organizationId, userId);
  await credentialsChanged(trx);
  await appendAudit(trx, organizationId, { actor, action: 'member.role_changed', target: { type: 'user', id: userId, label: row.email }, details: { from: row.role, to: role, source: actor.type } });
}

// Single sign-on (docs/sso.md).

/** The organization's user with this e-mail (compared case-insensitively), whatever their status. */
export async function findUserByEmail(db: Db, organizationId: string, email: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(columns).where('organization_id', '=', organizationId).where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
  return row && toRecord(row);
}

