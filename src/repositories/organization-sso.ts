import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { hashSecret } from '../domain/credentials.js';
import { DomainError } from '../domain/errors.js';
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

/** The organization whose settings allow this e-mail domain (at most one: domains are unique). */
export async function findSsoSettingsByDomain(db: Db, domain: string): Promise<SsoSettingsRecord | undefined> {
  const row = await db
    .selectFrom('organization_sso')
    .selectAll()
    .where(sql<boolean>`allowed_domains @> ${JSON.stringify([domain])}::jsonb`)
    .executeTakeFirst();
  return row && toRecord(row);
}

/**
 * Writes the settings (inside the caller's transaction). An allowed domain of another
 * organization is 409: sign-in finds the organization by the e-mail's domain.
 */
export async function saveSsoSettings(trx: Db, organizationId: string, settings: SsoSettings & { sealedClientSecret: string }): Promise<SsoSettingsRecord> {
  await sql`SELECT pg_advisory_xact_lock(${DOMAINS_LOCK_ID})`.execute(trx);
  const taken = await trx
    .selectFrom('organization_sso')
    .select('allowed_domains')
    .where('organization_id', '<>', organizationId)
    .where(sql<boolean>`allowed_domains ?| ${sql.val(settings.allowedDomains)}::text[]`)
    .execute();
  const clash = settings.allowedDomains.filter((domain) => taken.some((row) => row.allowed_domains.includes(domain)));
  if (clash.length > 0) throw new DomainError('sso_domain_taken', `another organization signs in people of ${clash.join(', ')}: a domain belongs to one organization only`);
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
