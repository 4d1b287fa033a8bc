import { randomBytes } from 'node:crypto';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import type { GitProvider } from '../domain/git-facts.js';
import { notFound } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { SecretBox } from '../domain/secret-box.js';
import { appendAudit, inTransaction } from './audit-log.js';

// Git hosts an organization connected (docs/outcomes.md). Every call takes the organization id,
// except the receiver's lookup by host id: another organization's host is not found. The webhook
// secret is sealed at rest and shown only at creation.

export interface GitHostRecord {
  id: string;
  organizationId: string;
  provider: GitProvider;
  name: string;
  createdAt: Date;
}

const columns = ['id', 'organization_id', 'provider', 'name', 'created_at'] as const;
type Row = { id: string; organization_id: string; provider: string; name: string; created_at: Date };

function toRecord(row: Row): GitHostRecord {
  return { id: row.id, organizationId: row.organization_id, provider: row.provider as GitProvider, name: row.name, createdAt: row.created_at };
}

export async function listGitHosts(db: Db, organizationId: string, page: { after: string | undefined; limit: number }): Promise<GitHostRecord[]> {
  let query = db.selectFrom('git_hosts').select(columns).where('organization_id', '=', organizationId);
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  return (await query.orderBy('id').limit(page.limit).execute()).map(toRecord);
}

export async function findGitHost(db: Db, organizationId: string, gitHostId: string): Promise<GitHostRecord> {
  const row = await db.selectFrom('git_hosts').select(columns).where('organization_id', '=', organizationId).where('id', '=', gitHostId).executeTakeFirst();
  if (!row) throw notFound('git host');
  return toRecord(row);
}

/** The host a delivery names, with its secret opened, for the receiver; undefined when there is none. */
export async function gitHostForDelivery(db: Db, box: SecretBox, gitHostId: string): Promise<(GitHostRecord & { secret: string }) | undefined> {
  const row = await db.selectFrom('git_hosts').select([...columns, 'secret_sealed']).where('id', '=', gitHostId).executeTakeFirst();
  return row && { ...toRecord(row), secret: box.open(row.secret_sealed) };
}

export async function connectGitHost(db: Db, box: SecretBox, organizationId: string, input: { provider: GitProvider; name?: string }, actor: AuditActor): Promise<{ host: GitHostRecord; secret: string }> {
  // 32 random bytes, hex: GitLab takes the secret as a token up to 255 characters, GitHub as an HMAC key.
  const secret = randomBytes(32).toString('hex');
  return inTransaction(db, async (trx) => {
    const id = newId('gith');
    const name = input.name ?? '';
    await trx.insertInto('git_hosts').values({ id, organization_id: organizationId, provider: input.provider, name, secret_sealed: box.seal(secret) }).execute();
    await appendAudit(trx, organizationId, { actor, action: 'git_host.connected', target: { type: 'git_host', id, label: name || input.provider }, details: { provider: input.provider } });
    return { host: await findGitHost(trx, organizationId, id), secret };
  });
}

/** Removes the host with everything its deliveries brought. */
export async function removeGitHost(db: Db, organizationId: string, gitHostId: string, actor: AuditActor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const host = await findGitHost(trx, organizationId, gitHostId);
    await trx.deleteFrom('git_hosts').where('organization_id', '=', organizationId).where('id', '=', gitHostId).execute();
    await appendAudit(trx, organizationId, { actor, action: 'git_host.removed', target: { type: 'git_host', id: host.id, label: host.name || host.provider }, details: { provider: host.provider } });
  });
}
