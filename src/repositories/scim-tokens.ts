import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { hashSecret, issueSecret } from '../domain/credentials.js';
import { notFound } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { SCIM_TOKEN_PREFIX } from '../domain/scim.js';
import { appendAudit } from './audit-log.js';
import { credentialOrganization } from './credential-organizations.js';

// SCIM tokens (docs/scim.md): the identity provider's bearer credential for /scim/v2, one
// organization each, stored as a hash and shown once, like API keys.

export interface ScimTokenRecord {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const columns = ['id', 'name', 'prefix', 'created_at', 'last_used_at'] as const;
type Row = { id: string; name: string; prefix: string; created_at: Date; last_used_at: Date | null };
const toRecord = (row: Row): ScimTokenRecord => ({ id: row.id, name: row.name, prefix: row.prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at });

export async function createScimToken(db: Db, organizationId: string, name: string, actor: AuditActor): Promise<{ record: ScimTokenRecord; token: string }> {
  const issued = issueSecret(SCIM_TOKEN_PREFIX);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('scim_tokens')
      .values({ id: newId('scim'), organization_id: organizationId, name, prefix: issued.displayPrefix, token_hash: issued.hash, last_used_at: null, revoked_at: null })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await appendAudit(trx, organizationId, { actor, action: 'scim.token_created', target: { type: 'scim_token', id: row.id, label: name } });
    return { record: toRecord(row), token: issued.secret };
  });
}

/** The organization's live tokens, oldest first. */
export async function listScimTokens(db: Db, organizationId: string, page: { after: string | undefined; limit: number }): Promise<ScimTokenRecord[]> {
  let query = db.selectFrom('scim_tokens').select(columns).where('organization_id', '=', organizationId).where('revoked_at', 'is', null);
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  return (await query.orderBy('id').limit(page.limit).execute()).map(toRecord);
}

/** Revokes a live token of the organization; the provider's next request with it is 401. */
export async function revokeScimToken(db: Db, organizationId: string, tokenId: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('scim_tokens')
      .set({ revoked_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!revoked) throw notFound('SCIM token');
    await appendAudit(trx, organizationId, { actor, action: 'scim.token_revoked', target: { type: 'scim_token', id: revoked.id, label: revoked.name } });
  });
}

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The live token a bearer secret is, read from the store on every request (no cache): a revoked
 * token stops at once. Its last use is kept to the minute.
 */
export async function findLiveScimToken(db: Db, token: string): Promise<{ id: string; organizationId: string; name: string } | undefined> {
  const tokenHash = hashSecret(token);
  const organizationId = await credentialOrganization(db, tokenHash);
  if (!organizationId) return undefined;
  const row = await db
    .selectFrom('scim_tokens')
    .select(['id', 'organization_id', 'name', 'last_used_at'])
    .where('organization_id', '=', organizationId)
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const now = new Date();
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.updateTable('scim_tokens').set({ last_used_at: now }).where('organization_id', '=', organizationId).where('id', '=', row.id).execute();
  }
  return { id: row.id, organizationId: row.organization_id, name: row.name };
}
