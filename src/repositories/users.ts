import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { Role } from '../domain/roles.js';
import { newId } from '../domain/ids.js';

// Users of an organization. Every call takes the organization id: nothing crosses tenants.

export interface UserRecord {
  id: string;
  organizationId: string;
  email: string;
  name: string | null;
  role: Role;
  active: boolean;
  createdAt: Date;
}

const columns = ['id', 'organization_id', 'email', 'name', 'role', 'active', 'created_at'] as const;

type Row = { id: string; organization_id: string; email: string; name: string | null; role: string; active: boolean; created_at: Date };

function toRecord(row: Row): UserRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    email: row.email,
    name: row.name,
    role: row.role as Role,
    active: row.active,
    createdAt: row.created_at,
  };
}

export class EmailTakenError extends Error {}

export async function insertUser(db: Db, organizationId: string, input: { email: string; name?: string | null; role: Role }): Promise<UserRecord> {
  try {
    const row = await db
      .insertInto('users')
      .values({ id: newId('usr'), organization_id: organizationId, email: input.email, name: input.name ?? null, role: input.role })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new EmailTakenError(input.email);
    throw error;
  }
}

export async function findUser(db: Db, organizationId: string, userId: string): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(columns).where('organization_id', '=', organizationId).where('id', '=', userId).executeTakeFirst();
  return row && toRecord(row);
}

export async function findUserByEmail(db: Db, organizationId: string, email: string): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(columns)
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function listUsers(db: Db, organizationId: string, page: { after: string | undefined; limit: number }): Promise<UserRecord[]> {
  let query = db.selectFrom('users').select(columns).where('organization_id', '=', organizationId);
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  const rows = await query.orderBy('id').limit(page.limit).execute();
  return rows.map(toRecord);
}

export async function updateUser(db: Db, organizationId: string, userId: string, changes: { role?: Role; name?: string | null; active?: boolean }): Promise<UserRecord | undefined> {
  const row = await db
    .updateTable('users')
    .set(changes)
    .where('organization_id', '=', organizationId)
    .where('id', '=', userId)
    .returning(columns)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Active owners other than the given user, locking them so two demotions cannot race. */
export async function countOtherActiveOwners(db: Db, organizationId: string, exceptUserId: string): Promise<number> {
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

/** One e-mail may belong to people in several organizations; sign-in checks at most this many. */
const MAX_SIGN_IN_CANDIDATES = 10;
