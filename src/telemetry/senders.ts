import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { telemetryCreatesMembers } from '../domain/policies.js';
import { currentSettings } from '../repositories/enterprise-controls.js';
import { ensureMembers, findActiveUsers } from '../repositories/users.js';
import { recordEvent } from '../repositories/webhook-events.js';

// Who telemetry sent with an ingest key counts for (docs/otel.md, "Identity"): the member whose
// e-mail the record carries; else the member an admin linked one of its identities to; else
// nobody yet — the record waits, unattributed, under its strongest identity (e-mail, then vendor
// account id, then installation, then the agent and ingest key together), listed for an admin.

/** What a record says about who sent it, as the agent sent it. */
export interface SenderIdentity {
  email?: string | undefined;
  account?: string | undefined;
  installation?: string | undefined;
}

export type Sender = { kind: 'user'; userId: string } | { kind: 'identity'; identityId: string };

interface IdentityRow {
  id: string;
  kind: 'email' | 'account' | 'installation' | 'key';
  value: string;
}

/** Only what looks like an address may become a member. */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** Identity values are bounded: an exporter's attribute may be anything. */
const MAX_VALUE_LENGTH = 320;

/**
 * The identity rows a record's identity could be, strongest first. A record naming no one waits in
 * its agent's bucket of the key (`key:<agent>:<key id>`), so that linking it moves one agent's
 * records, never the whole fleet's.
 */
function candidatesOf(identity: SenderIdentity, agent: string, apiKeyId: string): IdentityRow[] {
  const candidates: IdentityRow[] = [];
  const add = (kind: IdentityRow['kind'], value: string | undefined, scoped: boolean) => {
    const bounded = value?.trim().slice(0, MAX_VALUE_LENGTH);
    if (!bounded) return;
    const normal = kind === 'email' ? bounded.toLowerCase() : bounded;
    candidates.push({ id: scoped ? `${kind}:${agent}:${normal}` : `${kind}:${normal}`, kind, value: normal });
  };
  add('email', identity.email, false);
  add('account', identity.account, true);
  add('installation', identity.installation, true);
  add('key', apiKeyId, true);
  return candidates;
}

/**
 * The one bucket per key that records naming no one went to before buckets were per agent: an
 * admin who linked it meant that key's anonymous records to count for that member, so they still do
 * (looked up after the agent's own bucket, never created again).
 */
const legacyKeyBucket = (apiKeyId: string) => `key:${apiKeyId}`;

const identityKey = (identity: SenderIdentity) => JSON.stringify([identity.email ?? null, identity.account ?? null, identity.installation ?? null]);

/**
 * The sender of each distinct identity of an export, for an ingest key of the organization.
 * Runs inside the export's transaction: the identities it records commit with their events.
 */
export async function resolveSenders(trx: Db, organizationId: string, agent: string, apiKeyId: string, identities: readonly SenderIdentity[]): Promise<(identity: SenderIdentity) => Sender> {
  const distinct = new Map(identities.map((identity) => [identityKey(identity), identity]));
  const emails = [...distinct.values()].flatMap((identity) => (identity.email ? [identity.email] : []));
  const members = emails.length > 0 ? await findActiveUsers(trx, organizationId, { emails }) : [];
  const memberByEmail = new Map(members.map((user) => [user.email.toLowerCase(), user.id]));
  const unknown = emails.filter((email) => !memberByEmail.has(email.trim().toLowerCase()) && EMAIL.test(email.trim()));
  if (unknown.length > 0 && telemetryCreatesMembers(await currentSettings(trx, organizationId))) {
    for (const [email, userId] of await ensureMembers(trx, organizationId, unknown)) memberByEmail.set(email, userId);
  }

  const candidates = new Map([...distinct].map(([key, identity]) => [key, candidatesOf(identity, agent, apiKeyId)]));
  const allIds = [...new Set([...candidates.values()].flatMap((rows) => rows.map((row) => row.id))), legacyKeyBucket(apiKeyId)];
  const linked = await trx
    .selectFrom('telemetry_identities as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.id', 'i.user_id'])
    .where('i.organization_id', '=', organizationId)
    .where('i.id', 'in', allIds)
    .where('u.active', '=', true)
    .execute();
  const linkedUser = new Map(linked.map((row) => [row.id, row.user_id!]));

  const senders = new Map<string, Sender>();
  const waiting: (IdentityRow & { agent: string })[] = [];
  for (const [key, identity] of distinct) {
    const rows = candidates.get(key)!;
    const member = identity.email === undefined ? undefined : memberByEmail.get(identity.email.trim().toLowerCase());
    const userId = member ?? rows.map((row) => linkedUser.get(row.id)).find((id) => id !== undefined) ?? (rows.length === 1 ? linkedUser.get(legacyKeyBucket(apiKeyId)) : undefined);
    if (userId) {
      senders.set(key, { kind: 'user', userId });
    } else {
      senders.set(key, { kind: 'identity', identityId: rows[0]!.id });
      waiting.push({ ...rows[0]!, agent });
    }
  }
  await recordIdentities(trx, organizationId, waiting);
  return (identity) => senders.get(identityKey(identity))!;
}

/**
 * The unattributed identities seen, created on first sight, their last sighting kept. A first
 * sighting writes its agent.identity_unattributed event in the same transaction (the outbox), so
 * an identity is announced once, however many exports and replicas race.
 */
async function recordIdentities(trx: Db, organizationId: string, rows: readonly (IdentityRow & { agent: string })[]): Promise<void> {
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  if (unique.length === 0) return;
  // xmax is 0 on a row this statement inserted, and set on one it updated.
  const { rows: recorded } = await sql<{ id: string; kind: string; agent: string; inserted: boolean }>`
    INSERT INTO telemetry_identities (organization_id, id, kind, value, agent)
    SELECT ${organizationId}, id, kind, value, agent
    FROM unnest(${unique.map((row) => row.id)}::text[], ${unique.map((row) => row.kind)}::text[], ${unique.map((row) => row.value)}::text[], ${unique.map((row) => row.agent)}::text[]) AS rows (id, kind, value, agent)
    ON CONFLICT (organization_id, id) DO UPDATE SET last_seen_at = now()
    RETURNING id, kind, agent, (xmax = 0) AS inserted`.execute(trx);
  for (const identity of recorded) {
    if (identity.inserted) await recordEvent(trx, organizationId, 'agent.identity_unattributed', { identityId: identity.id, kind: identity.kind, agent: identity.agent });
  }
}
