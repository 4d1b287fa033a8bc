import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import type { EnterpriseSettings } from '../domain/policies.js';
import { maskSettingsSecrets } from '../domain/secret-box.js';
import { notFound } from '../domain/errors.js';
import { appendAudit } from './audit-log.js';
import { recordEvent } from './webhook-events.js';

// Enterprise control revisions of an organization (decisions.md §6). Settings are stored whole per
// revision, secrets sealed; revision 0 is the implicit empty start (never stored).

export interface ControlRevision {
  revision: number;
  /** As stored: secrets sealed. Mask them (maskSettingsSecrets) before showing them. */
  settings: Record<string, unknown>;
  user: { id: string; email: string; name: string } | null;
  updatedAt: Date;
}

function revisionQuery(db: Db, organizationId: string) {
  return db
    .selectFrom('enterprise_control_revisions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.revision', 'r.settings', 'r.updated_at', 'u.id as user_id', 'u.email', 'u.name'])
    .where('r.organization_id', '=', organizationId);
}

type RevisionRow = { revision: number; settings: Record<string, unknown>; updated_at: Date; user_id: string; email: string; name: string | null };

function toRevision(row: RevisionRow): ControlRevision {
  return { revision: row.revision, settings: row.settings, user: { id: row.user_id, email: row.email, name: row.name ?? '' }, updatedAt: row.updated_at };
}

/** The latest revision, or revision 0 (empty settings, dated at the organization's creation). */
export async function currentRevision(db: Db, organizationId: string): Promise<ControlRevision> {
  const row = await revisionQuery(db, organizationId).orderBy('r.revision', 'desc').limit(1).executeTakeFirst();
  if (row) return toRevision(row);
  const organization = await db.selectFrom('organizations').select('created_at').where('id', '=', organizationId).executeTakeFirst();
  if (!organization) throw notFound('organization');
  return { revision: 0, settings: {}, user: null, updatedAt: organization.created_at };
}

/** The settings policies are enforced from (secrets masked: no policy needs them). */
export async function currentSettings(db: Db, organizationId: string): Promise<EnterpriseSettings> {
  const row = await db
    .selectFrom('enterprise_control_revisions')
    .select('settings')
    .where('organization_id', '=', organizationId)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
  return maskSettingsSecrets(row?.settings ?? {}) as EnterpriseSettings;
}

export async function findRevision(db: Db, organizationId: string, revision: number): Promise<ControlRevision | undefined> {
  const row = await revisionQuery(db, organizationId).where('r.revision', '=', revision).executeTakeFirst();
  return row && toRevision(row);
}

/** Revisions newest first, those below `before` when given. */
export async function listRevisions(db: Db, organizationId: string, page: { before: number | undefined; limit: number }): Promise<ControlRevision[]> {
  let query = revisionQuery(db, organizationId);
  if (page.before !== undefined) query = query.where('r.revision', '<', page.before);
  const rows = await query.orderBy('r.revision', 'desc').limit(page.limit).execute();
  return rows.map(toRevision);
}

/**
 * Appends the next revision. The organization's row is locked for the transaction, so concurrent
 * changes apply one after another, each to the revision before it: revisions stay contiguous
 * and no change is lost. `change` gets the current revision and returns the new settings (it
 * may throw, e.g. for a stale If-Match: nothing is written then). It must not do I/O.
 */
export async function appendRevision(
  db: Db,
  organizationId: string,
  userId: string,
  change: (current: { revision: number; settings: Record<string, unknown> }) => Record<string, unknown>,
  actor: AuditActor,
): Promise<ControlRevision> {
  const revision = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().executeTakeFirstOrThrow();
    const latest = await trx
      .selectFrom('enterprise_control_revisions')
      .select(['revision', 'settings'])
      .where('organization_id', '=', organizationId)
      .orderBy('revision', 'desc')
      .limit(1)
      .executeTakeFirst();
    const current = latest ?? { revision: 0, settings: {} };
    const settings = change(current);
    const next = current.revision + 1;
    await trx
      .insertInto('enterprise_control_revisions')
      .values({ organization_id: organizationId, revision: next, settings: JSON.stringify(settings), user_id: userId})
      .execute();
    await recordEvent(trx, organizationId, 'controls.changed', { revision: next, userId });
    // The revision number lets the console link the entry to the revision (and its diff).
    const changedSettings = [...new Set([...Object.keys(current.settings), ...Object.keys(settings)])].filter(
      (name) => JSON.stringify(current.settings[name]) !== JSON.stringify(settings[name]),
    );
    await appendAudit(trx, organizationId, {
      actor,
      action: 'enterprise_controls.changed',
      target: { type: 'enterprise_controls', id: String(next), label: `revision ${next}` },
      details: { revision: next, previousRevision: current.revision, changedSettings: changedSettings.sort() },
    });
    return next;
  });
  const stored = await findRevision(db, organizationId, revision);
  if (!stored) throw new Error(`revision ${revision} vanished after it was written`);
  return stored;
}
