import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { API_KEY_PREFIX, issueSecret, type ApiKeyKind } from '../domain/credentials.js';
import { newId } from '../domain/ids.js';
import type { Role } from '../domain/roles.js';
import { credentialsChanged } from './credential-changes.js';
import { appendAudit } from './audit-log.js';
import { credentialOrganization } from './credential-organizations.js';

// API keys: stored as a hash, shown once at creation.

export interface ApiKeyRecord {
  id: string;
  kind: ApiKeyKind;
  organizationId: string;
  userId: string;
  name: string;
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

const columns = ['id', 'kind', 'organization_id', 'user_id', 'name', 'prefix', 'created_at', 'expires_at', 'last_used_at'] as const;
type Row = { id: string; kind: string; organization_id: string; user_id: string; name: string; prefix: string; created_at: Date; expires_at: Date | null; last_used_at: Date | null };

function toRecord(row: Row): ApiKeyRecord {
  return {
    id: row.id,
    kind: row.kind as ApiKeyKind,
    organizationId: row.organization_id,
    userId: row.user_id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function insertApiKey(db: Db, organizationId: string, userId: string, input: { name: string; expiresAt?: Date | null; kind?: ApiKeyKind }): Promise<{ record: ApiKeyRecord; key: string }> {
  const issued = issueSecret(API_KEY_PREFIX);
  const row = await db
    .insertInto('api_keys')
    .values({
      id: newId('key'),
      kind: input.kind ?? 'personal',
      organization_id: organizationId,
      user_id: userId,
      name: input.name,
      prefix: issued.displayPrefix,
      key_hash: issued.hash,
      expires_at: input.expiresAt ?? null,
      last_used_at: null,
      revoked_at: null,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return { record: toRecord(row), key: issued.secret };
}

/** The audit entry of a key's creation, in the caller's transaction (never the secret). */
export async function auditKeyCreated(trx: Db, record: ApiKeyRecord, actor: AuditActor): Promise<void> {
  await appendAudit(trx, record.organizationId, {
    actor,
    action: 'api_key.created',
    target: { type: 'api_key', id: record.id, label: record.name },
    details: { kind: record.kind, prefix: record.prefix, userId: record.userId, expiresAt: record.expiresAt?.getTime() ?? null },
  });
}

/** A new key with its audit entry, both or neither. */
export async function createApiKey(db: Db, organizationId: string, userId: string, input: { name: string; expiresAt?: Date | null; kind?: ApiKeyKind }, actor: AuditActor): Promise<{ record: ApiKeyRecord; key: string }> {
  return db.transaction().execute(async (trx) => {
    const created = await insertApiKey(trx, organizationId, userId, input);
    await auditKeyCreated(trx, created.record, actor);
    return created;
  });
}

export async function listApiKeys(
  db: Db,
  organizationId: string,
  filter: { userId?: string; expiringBefore?: Date },
  page: { after: string | undefined; limit: number },
  now: Date = new Date(),
): Promise<ApiKeyRecord[]> {
  let query = db.selectFrom('api_keys').select(columns).where('organization_id', '=', organizationId).where('revoked_at', 'is', null);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  // Keys near expiry: still working, and expiring before the bound.
  if (filter.expiringBefore !== undefined) query = query.where('expires_at', '>', now).where('expires_at', '<=', filter.expiringBefore);
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  return (await query.orderBy('id').limit(page.limit).execute()).map(toRecord);
}

export async function findApiKey(db: Db, organizationId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(columns)
    .where('organization_id', '=', organizationId)
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Revokes a live key with its audit entry; revoking a key revoked meanwhile writes nothing. */
export async function revokeApiKey(db: Db, organizationId: string, key: ApiKeyRecord, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where('id', '=', key.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (revoked.numUpdatedRows === 0n) return;
    await credentialsChanged(trx);
    await appendAudit(trx, organizationId, {
      actor,
      action: 'api_key.revoked',
      target: { type: 'api_key', id: key.id, label: key.name },
      details: { kind: key.kind, prefix: key.prefix, userId: key.userId },
    });
  });
}

/** Revokes every live key of a user (deactivation), marked so a reactivation can restore them. */
export async function revokeUserApiKeys(db: Db, organizationId: string, userId: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date(), revoked_by_deactivation: true })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The keys a user's deactivation revoked work again (reactivation); expired ones stay expired. */
export async function restoreUserApiKeys(db: Db, organizationId: string, userId: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: null, revoked_by_deactivation: false })
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('revoked_by_deactivation', '=', true)
    .execute();
}

export interface KeyOwner {
  apiKeyId: string;
  organizationId: string;
  userId: string;
  email: string;
  role: Role;
  keyKind: ApiKeyKind;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
}

/**
 * The live key behind a credential: not revoked, not expired, its user active. Requests find it
 * through the credential cache, which every revocation or deactivation flushes.
 */
export async function findLiveKey(db: Db, where: { keyHash: string } | { organizationId: string; apiKeyId: string }): Promise<KeyOwner | undefined> {
  const organizationId = 'keyHash' in where ? await credentialOrganization(db, where.keyHash) : where.organizationId;
  if (!organizationId) return undefined;
  let query = db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', (join) => join.onRef('u.organization_id', '=', 'k.organization_id').onRef('u.id', '=', 'k.user_id'))
    .select(['k.id as apiKeyId', 'k.organization_id as organizationId', 'u.id as userId', 'u.email', 'u.role', 'k.kind as keyKind', 'k.last_used_at as lastUsedAt', 'k.expires_at as expiresAt'])
    .where('k.organization_id', '=', organizationId)
    .where('k.revoked_at', 'is', null)
    .where('u.active', '=', true)
    .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', new Date())]));
  query = 'keyHash' in where ? query.where('k.key_hash', '=', where.keyHash) : query.where('k.id', '=', where.apiKeyId);
  const row = await query.executeTakeFirst();
  return row && { ...row, role: row.role as Role, keyKind: row.keyKind as ApiKeyKind };
}

export async function touchApiKey(db: Db, organizationId: string, apiKeyId: string, now: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('organization_id', '=', organizationId).where('id', '=', apiKeyId).execute();
}
