import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { INVITATION_PREFIX, INVITATION_TTL_MS } from '../domain/console-auth.js';
import { hashSecret, issueSecret } from '../domain/credentials.js';
import { newId } from '../domain/ids.js';
import { recordEvent } from './webhook-events.js';
import { credentialOrganization } from './credential-organizations.js';

// One-time invitations: a user sets a password with one. Only the token's hash is stored; a new
// invitation kills the user's unused ones. Each is a member.invited event: callers pass the
// transaction that creates the user or reissues the invitation, so the event commits with it.

export interface IssuedInvitation {
  token: string;
  expiresAt: Date;
}

export async function issueInvitation(db: Db, organizationId: string, userId: string, now = new Date()): Promise<IssuedInvitation> {
  await db.deleteFrom('invitations').where('organization_id', '=', organizationId).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  const issued = issueSecret(INVITATION_PREFIX);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const invitationId = newId('inv');
  await db
    .insertInto('invitations')
    .values({ id: invitationId, organization_id: organizationId, user_id: userId, token_hash: issued.hash, expires_at: expiresAt, used_at: null })
    .execute();
  await recordEvent(db, organizationId, 'member.invited', { userId, invitationId, expiresAt: expiresAt.toISOString() });
  return { token: issued.secret, expiresAt };
}

/**
 * Marks a live invitation used and answers whose it is; undefined when the token is unknown,
 * used, expired, or its user deactivated. Single use holds under concurrency: the update is atomic.
 */
export async function consumeInvitation(db: Db, token: string): Promise<{ organizationId: string; userId: string } | undefined> {
  const tokenHash = hashSecret(token);
  const organizationId = await credentialOrganization(db, tokenHash);
  if (!organizationId) return undefined;
  const row = await db
    .updateTable('invitations')
    .set({ used_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where(({ exists, selectFrom }) => exists(selectFrom('users').select('users.id').whereRef('users.organization_id', '=', 'invitations.organization_id').whereRef('users.id', '=', 'invitations.user_id').where('users.active', '=', true)))
    .returning(['organization_id', 'user_id'])
    .executeTakeFirst();
  return row && { organizationId: row.organization_id, userId: row.user_id };
}

/**
 * The expiry of each user's unused invitation (a new one kills the old, so there is at most one),
 * expired ones included: the console shows an invited person's link as expired.
 */
export async function unusedInvitationExpiries(db: Db, organizationId: string, userIds: readonly string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invitations')
    .select(['user_id', 'expires_at'])
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', [...new Set(userIds)])
    .where('used_at', 'is', null)
    .execute();
  const expiries = new Map<string, Date>();
  for (const row of rows) {
    const known = expiries.get(row.user_id);
    if (!known || row.expires_at > known) expiries.set(row.user_id, row.expires_at);
  }
  return expiries;
}
