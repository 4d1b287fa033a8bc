import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_PREFIX } from '../domain/console-auth.js';
import { hashSecret, issueSecret } from '../domain/credentials.js';
import { newId } from '../domain/ids.js';
import type { Role } from '../domain/roles.js';
import { credentialOrganization } from './credential-organizations.js';

// Browser sessions of the console: a row per signed-in browser, so every replica sees them.

export interface NewBrowserSession {
  id: string;
  /** The cookie value; only its hash is stored. */
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/** `sealedIdToken`: the provider's ID token of a single sign-on, sealed, for RP-initiated logout. */
export async function createBrowserSession(db: Db, organizationId: string, userId: string, now = new Date(), sealedIdToken: string | null = null): Promise<NewBrowserSession> {
  const issued = issueSecret(SESSION_PREFIX);
  // Sessions of this user that have ended are swept here, so rows do not pile up.
  await db
    .deleteFrom('browser_sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', new Date(now.getTime() - SESSION_IDLE_MS))]))
    .execute();
  const session = { id: newId('bss'), token: issued.secret, csrfToken: randomBytes(32).toString('base64url'), expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS) };
  await db
    .insertInto('browser_sessions')
    .values({ id: session.id, organization_id: organizationId, user_id: userId, token_hash: issued.hash, csrf_token: session.csrfToken, last_seen_at: now, expires_at: session.expiresAt, id_token: sealedIdToken })
    .execute();
  return session;
}

export interface LiveBrowserSession {
  sessionId: string;
  organizationId: string;
  userId: string;
  email: string;
  role: Role;
  csrfToken: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** The session behind a cookie value, if neither idle nor past its end and its user is active. */
export async function findLiveBrowserSession(db: Db, token: string): Promise<LiveBrowserSession | undefined> {
  const tokenHash = hashSecret(token);
  const organizationId = await credentialOrganization(db, tokenHash);
  if (!organizationId) return undefined;
  const row = await db
    .selectFrom('browser_sessions as s')
    .innerJoin('users as u', (join) => join.onRef('u.organization_id', '=', 's.organization_id').onRef('u.id', '=', 's.user_id'))
    .select(['s.id as sessionId', 's.organization_id as organizationId', 'u.id as userId', 'u.email', 'u.role', 's.csrf_token as csrfToken', 's.last_seen_at as lastSeenAt', 's.expires_at as expiresAt'])
    .where('s.organization_id', '=', organizationId)
    .where('s.token_hash', '=', tokenHash)
    .where('u.active', '=', true)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})`)
    .executeTakeFirst();
  return row && { ...row, role: row.role as Role };
}

export async function touchBrowserSession(db: Db, organizationId: string, sessionId: string, now = new Date()): Promise<void> {
  await db.updateTable('browser_sessions').set({ last_seen_at: now }).where('organization_id', '=', organizationId).where('id', '=', sessionId).execute();
}

/** Deletes the session, answering the sealed ID token it kept when it began through single sign-on. */
export async function deleteBrowserSession(db: Db, organizationId: string, sessionId: string): Promise<{ sealedIdToken: string | null } | undefined> {
  const row = await db.deleteFrom('browser_sessions').where('organization_id', '=', organizationId).where('id', '=', sessionId).returning('id_token').executeTakeFirst();
  return row && { sealedIdToken: row.id_token };
}

/** Ends every session of a user but the one given (the caller's own, when it is that user). */
export async function endUserSessions(db: Db, organizationId: string, userId: string, keepSessionId?: string): Promise<void> {
  let query = db.deleteFrom('browser_sessions').where('organization_id', '=', organizationId).where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '<>', keepSessionId);
  await query.execute();
}
