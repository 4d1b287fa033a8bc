import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { hashSecret } from '../domain/credentials.js';
import { DomainError, invalidInput, notFound } from '../domain/errors.js';
import { appendAudit } from './audit-log.js';
import { SSO_SIGN_IN_TTL_MS, type SsoRole, type SsoSettings } from '../domain/sso.js';

// An organization's single sign-on settings and the sign-ins under way at its provider
// (migrations/0029_identity.sql, docs/sso.md).

/** Settings with the sealed client secret (never answered: callers show its mask). */
export interface SsoSettingsRecord extends SsoSettings {
  organizationId: string;
  sealedClientSecret: string;
  updatedAt: Date;
}

/** Serializes changes to allowed domains across organizations, so two cannot claim one domain at once. */
const DOMAINS_LOCK_ID = 27_001;

type Row = {
  organization_id: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  allowed_domains: string[];
  jit_enabled: boolean;
  jit_role: string;
  groups_claim: string;
  group_roles: Record<string, string>;
  group_teams: Record<string, string>;
  sso_required: boolean;
  break_glass_user_id: string | null;
  updated_at: Date;
};

function toRecord(row: Row): SsoSettingsRecord {
  return {
    organizationId: row.organization_id,
    issuer: row.issuer,
    clientId: row.client_id,
    sealedClientSecret: row.client_secret,
    allowedDomains: row.allowed_domains,
    jitEnabled: row.jit_enabled,
    jitRole: row.jit_role as SsoRole,
    groupsClaim: row.groups_claim,
    groupRoles: row.group_roles as Record<string, SsoRole>,
    groupTeams: row.group_teams,
    ssoRequired: row.sso_required,
    breakGlassUserId: row.break_glass_user_id,
    updatedAt: row.updated_at,
  };
}

export async function findSsoSettings(db: Db, organizationId: string): Promise<SsoSettingsRecord | undefined> {
  const row = await db.selectFrom('organization_sso').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
  return row && toRecord(row);
}

/**
 * The organization that has proved this e-mail domain (at most one), with its settings: only a
 * proved domain sends people to an identity provider (docs/sso.md "Proving a domain").
 */
export async function findSsoSettingsByDomain(db: Db, domain: string): Promise<SsoSettingsRecord | undefined> {
  const row = await db
    .selectFrom('organization_sso')
    .innerJoin('sso_domain_proofs as p', 'p.organization_id', 'organization_sso.organization_id')
    .selectAll('organization_sso')
    .where('p.domain', '=', domain)
    .where('p.verified_at', 'is not', null)
    .where(sql<boolean>`organization_sso.allowed_domains @> ${JSON.stringify([domain])}::jsonb`)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** The domains among these that another organization has proved. */
async function provedElsewhere(trx: Db, organizationId: string, domains: readonly string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await trx
    .selectFrom('sso_domain_proofs')
    .select('domain')
    .where('organization_id', '<>', organizationId)
    .where('domain', 'in', [...domains])
    .where('verified_at', 'is not', null)
    .execute();
  return rows.map((row) => row.domain);
}

function domainTaken(domains: readonly string[]): DomainError {
  return new DomainError('sso_domain_taken', `another organization has proved ${domains.join(', ')}: a domain signs people in to one organization only`);
}

/**
 * Writes the settings (inside the caller's transaction). A domain another organization has
 * proved is 409; a domain it only lists is not (listing proves nothing). Each allowed domain
 * gets its proof token; the proofs of domains no longer allowed are dropped.
 */
export async function saveSsoSettings(trx: Db, organizationId: string, settings: SsoSettings & { sealedClientSecret: string }): Promise<SsoSettingsRecord> {
  await sql`SELECT pg_advisory_xact_lock(${DOMAINS_LOCK_ID})`.execute(trx);
  const clash = await provedElsewhere(trx, organizationId, settings.allowedDomains);
  if (clash.length > 0) throw domainTaken(clash);
  await trx.deleteFrom('sso_domain_proofs').where('organization_id', '=', organizationId).where('domain', 'not in', [...settings.allowedDomains]).execute();
  await trx
    .insertInto('sso_domain_proofs')
    .values(settings.allowedDomains.map((domain) => ({ organization_id: organizationId, domain, token: randomBytes(16).toString('hex') })))
    .onConflict((oc) => oc.columns(['organization_id', 'domain']).doNothing())
    .execute();
  const values = {
    issuer: settings.issuer,
    client_id: settings.clientId,
    client_secret: settings.sealedClientSecret,
    allowed_domains: JSON.stringify(settings.allowedDomains),
    jit_enabled: settings.jitEnabled,
    jit_role: settings.jitRole,
    groups_claim: settings.groupsClaim,
    group_roles: JSON.stringify(settings.groupRoles),
    group_teams: JSON.stringify(settings.groupTeams),
    sso_required: settings.ssoRequired,
    break_glass_user_id: settings.breakGlassUserId,
    updated_at: new Date(),
  };
  const row = await trx
    .insertInto('organization_sso')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function deleteSsoSettings(trx: Db, organizationId: string): Promise<boolean> {
  await trx.deleteFrom('sso_sign_ins').where('organization_id', '=', organizationId).execute();
  await trx.deleteFrom('sso_domain_proofs').where('organization_id', '=', organizationId).execute();
  const deleted = await trx.deleteFrom('organization_sso').where('organization_id', '=', organizationId).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Whether the user is an active owner of the organization (the break-glass account must be one). */
export async function isActiveOwner(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', userId)
    .where('role', '=', 'owner')
    .where('active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** The organization's team ids among those given. */
export async function existingTeamIds(db: Db, organizationId: string, teamIds: readonly string[]): Promise<Set<string>> {
  if (teamIds.length === 0) return new Set();
  const rows = await db.selectFrom('teams').select('id').where('organization_id', '=', organizationId).where('id', 'in', [...new Set(teamIds)]).execute();
  return new Set(rows.map((row) => row.id));
}

// Sign-ins under way. Only the state's hash is kept; the PKCE verifier and nonce are only worth
// something together with the code the provider gives the browser that holds the state.

export interface PendingSignIn {
  organizationId: string;
  codeVerifier: string;
  nonce: string;
  returnTo: string;
}

export async function insertPendingSignIn(db: Db, state: string, pending: PendingSignIn, now = new Date()): Promise<void> {
  // Expired rows are swept here, so they do not pile up.
  await db.deleteFrom('sso_sign_ins').where('expires_at', '<=', now).execute();
  await db
    .insertInto('sso_sign_ins')
    .values({
      state_hash: hashSecret(state),
      organization_id: pending.organizationId,
      code_verifier: pending.codeVerifier,
      nonce: pending.nonce,
      return_to: pending.returnTo,
      created_at: now,
      expires_at: new Date(now.getTime() + SSO_SIGN_IN_TTL_MS),
    })
    .execute();
}

/** Takes the sign-in of this state, once: a replayed, unknown or expired state finds nothing. */
export async function takePendingSignIn(db: Db, state: string): Promise<PendingSignIn | undefined> {
  const row = await db
    .deleteFrom('sso_sign_ins')
    .where('state_hash', '=', hashSecret(state))
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['organization_id', 'code_verifier', 'nonce', 'return_to'])
    .executeTakeFirst();
  return row && { organizationId: row.organization_id, codeVerifier: row.code_verifier, nonce: row.nonce, returnTo: row.return_to };
}

/** Current team ids of a user. */
export async function teamIdsOf(db: Db, organizationId: string, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('team_members').select('team_id').where('organization_id', '=', organizationId).where('user_id', '=', userId).execute();
  return rows.map((row) => row.team_id);
}

/** Adds the user to teams (mapped from the provider's groups); already a member changes nothing. */
export async function joinTeams(trx: Db, organizationId: string, userId: string, teamIds: readonly string[]): Promise<void> {
  if (teamIds.length === 0) return;
  await trx
    .insertInto('team_members')
    .values(teamIds.map((teamId) => ({ organization_id: organizationId, team_id: teamId, user_id: userId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function leaveTeams(trx: Db, organizationId: string, userId: string, teamIds: readonly string[]): Promise<void> {
  if (teamIds.length === 0) return;
  await trx.deleteFrom('team_members').where('organization_id', '=', organizationId).where('user_id', '=', userId).where('team_id', 'in', [...teamIds]).execute();
}

/** Team names for the audit log's labels. */
export async function teamNames(db: Db, organizationId: string, teamIds: readonly string[]): Promise<Map<string, string>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db.selectFrom('teams').select(['id', 'name']).where('organization_id', '=', organizationId).where('id', 'in', [...teamIds]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export interface DomainProofRecord {
  domain: string;
  token: string;
  verifiedAt: Date | null;
}

/** The organization's allowed domains with their proofs, by domain. */
export async function listDomainProofs(db: Db, organizationId: string): Promise<DomainProofRecord[]> {
  const rows = await db.selectFrom('sso_domain_proofs').select(['domain', 'token', 'verified_at']).where('organization_id', '=', organizationId).orderBy('domain').execute();
  return rows.map((row) => ({ domain: row.domain, token: row.token, verifiedAt: row.verified_at }));
}

/**
 * Marks the domain proved for the organization once `published` (the TXT values found) carries
 * its token; 404 when the domain is not one of its allowed domains, 409 when another
 * organization proved it first. A new proof is audited (sso.domain_verified) in its transaction.
 */
export async function proveDomain(db: Db, organizationId: string, domain: string, published: (token: string) => Promise<boolean>, actor: AuditActor): Promise<DomainProofRecord> {
  const current = (await listDomainProofs(db, organizationId)).find((proof) => proof.domain === domain);
  if (!current) throw notFound('allowed domain');
  if (current.verifiedAt) return current;
  if (!(await published(current.token))) {
    throw invalidInput(`no TXT record at _quarterdeck-challenge.${domain} carries this organization's token yet (DNS changes can take a while)`, [{ path: 'params/domain', message: 'not proved' }]);
  }
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${DOMAINS_LOCK_ID})`.execute(trx);
    if ((await provedElsewhere(trx, organizationId, [domain])).length > 0) throw domainTaken([domain]);
    const row = await trx
      .updateTable('sso_domain_proofs')
      .set({ verified_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where('domain', '=', domain)
      .where('token', '=', current.token)
      .returning(['domain', 'token', 'verified_at'])
      .executeTakeFirst();
    if (!row) throw notFound('allowed domain');
    await appendAudit(trx, organizationId, { actor, action: 'sso.domain_verified', target: { type: 'sso', id: organizationId, label: domain }, details: { domain } });
    return { domain: row.domain, token: row.token, verifiedAt: row.verified_at };
  });
}
