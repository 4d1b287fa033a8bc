import { randomBytes } from 'node:crypto';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { DomainError, notFound } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { SecretBox } from '../domain/secret-box.js';
import { appendAudit } from './audit-log.js';
import { recordEvent } from './webhook-events.js';

// Webhook endpoints of an organization (docs/webhooks.md). Every call takes the organization id:
// another organization's endpoint is not found. The signing secret is sealed at rest and shown
// only when it is made (creation, rotation).

export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export interface WebhookEndpointRecord {
  id: string;
  url: string;
  description: string;
  /** null: every event type. */
  eventTypes: string[] | null;
  format: WebhookFormat;
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookInput {
  url: string;
  description?: string;
  eventTypes?: string[] | null;
  format?: WebhookFormat;
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const columns = ['id', 'url', 'description', 'event_types', 'format', 'enabled', 'disabled_at', 'disabled_reason', 'created_at', 'updated_at'] as const;

type Row = { id: string; url: string; description: string; event_types: string[] | null; format: string; enabled: boolean; disabled_at: Date | null; disabled_reason: string | null; created_at: Date; updated_at: Date };

/**
 * An endpoint URL as the audit log keeps it: its origin only, since receivers such as Slack carry
 * their secret in the path or query.
 */
function urlOrigin(url: string): string {
  return new URL(url).origin;
}

function toRecord(row: Row): WebhookEndpointRecord {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    format: row.format as WebhookFormat,
    enabled: row.enabled,
    disabledAt: row.disabled_at,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listWebhooks(db: Db, organizationId: string, page: { after: string | undefined; limit: number }): Promise<WebhookEndpointRecord[]> {
  let query = db.selectFrom('webhook_endpoints').select(columns).where('organization_id', '=', organizationId);
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  return (await query.orderBy('id').limit(page.limit).execute()).map(toRecord);
}

export async function findWebhook(db: Db, organizationId: string, webhookId: string): Promise<WebhookEndpointRecord> {
  const row = await db.selectFrom('webhook_endpoints').select(columns).where('organization_id', '=', organizationId).where('id', '=', webhookId).executeTakeFirst();
  if (!row) throw notFound('webhook');
  return toRecord(row);
}

export async function createWebhook(db: Db, box: SecretBox, organizationId: string, input: WebhookInput, actor: AuditActor): Promise<{ webhook: WebhookEndpointRecord; secret: string }> {
  const secret = newSigningSecret();
  const id = newId('whk');
  const format = input.format ?? 'standard';
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_endpoints')
      .values({
        id,
        organization_id: organizationId,
        url: input.url,
        description: input.description ?? '',
        event_types: input.eventTypes ? JSON.stringify(input.eventTypes) : null,
        format,
        secret_sealed: box.seal(secret),
      })
      .execute();
    await appendAudit(trx, organizationId, {
      actor,
      action: 'webhook.created',
      target: { type: 'webhook', id, label: urlOrigin(input.url) },
      details: { urlOrigin: urlOrigin(input.url), format, eventTypes: input.eventTypes ?? null },
    });
  });
  return { webhook: await findWebhook(db, organizationId, id), secret };
}

export interface WebhookChanges extends Partial<WebhookInput> {
  enabled?: boolean;
}

/**
 * Changes an endpoint. Enabling clears the reason it was disabled (its pending deliveries go out
 * again); disabling through the API records who did it. Audited as webhook.disabled or
 * webhook.enabled, and webhook.updated naming the other fields that changed (a URL by its origin).
 */
export async function changeWebhook(db: Db, organizationId: string, webhookId: string, changes: WebhookChanges, actor: AuditActor): Promise<WebhookEndpointRecord> {
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('webhook_endpoints').select(columns).where('organization_id', '=', organizationId).where('id', '=', webhookId).forUpdate().executeTakeFirst();
    if (!row) throw notFound('webhook');
    const current = toRecord(row);
    const enabling = changes.enabled === true && !current.enabled;
    const disabling = changes.enabled === false && current.enabled;
    const changed = [
      ...(changes.url !== undefined && changes.url !== current.url ? ['url'] : []),
      ...(changes.description !== undefined && changes.description !== current.description ? ['description'] : []),
      ...(changes.eventTypes !== undefined && JSON.stringify(changes.eventTypes) !== JSON.stringify(current.eventTypes) ? ['eventTypes'] : []),
      ...(changes.format !== undefined && changes.format !== current.format ? ['format'] : []),
    ];
    await trx
      .updateTable('webhook_endpoints')
      .set({
        ...(changes.url !== undefined && { url: changes.url }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.eventTypes !== undefined && { event_types: changes.eventTypes === null ? null : JSON.stringify(changes.eventTypes) }),
        ...(changes.format !== undefined && { format: changes.format }),
        ...(enabling && { enabled: true, disabled_at: null, disabled_reason: null }),
        ...(disabling && { enabled: false, disabled_at: now, disabled_reason: `disabled by user ${actor.userId}` }),
        updated_at: now,
      })
      .where('organization_id', '=', organizationId)
      .where('id', '=', webhookId)
      .execute();
    const target = { type: 'webhook' as const, id: webhookId, label: urlOrigin(changes.url ?? current.url) };
    if (changed.length > 0) {
      const url = changed.includes('url') ? { url: { from: urlOrigin(current.url), to: urlOrigin(changes.url!) } } : {};
      await appendAudit(trx, organizationId, { actor, action: 'webhook.updated', target, details: { changed, ...url } });
    }
    if (enabling || disabling) await appendAudit(trx, organizationId, { actor, action: enabling ? 'webhook.enabled' : 'webhook.disabled', target });
  });
  return findWebhook(db, organizationId, webhookId);
}

/** Deletes the endpoint with its deliveries and their log. */
export async function deleteWebhook(db: Db, organizationId: string, webhookId: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('webhook_endpoints').where('organization_id', '=', organizationId).where('id', '=', webhookId).returning('url').executeTakeFirst();
    if (!deleted) throw notFound('webhook');
    await appendAudit(trx, organizationId, { actor, action: 'webhook.deleted', target: { type: 'webhook', id: webhookId, label: urlOrigin(deleted.url) } });
  });
}

/** A new secret; the old one stops signing at once. */
export async function rotateWebhookSecret(db: Db, box: SecretBox, organizationId: string, webhookId: string, actor: AuditActor): Promise<{ webhook: WebhookEndpointRecord; secret: string }> {
  const secret = newSigningSecret();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('webhook_endpoints')
      .set({ secret_sealed: box.seal(secret), updated_at: new Date() })
      .where('organization_id', '=', organizationId)
      .where('id', '=', webhookId)
      .returning('url')
      .executeTakeFirst();
    if (!updated) throw notFound('webhook');
    await appendAudit(trx, organizationId, { actor, action: 'webhook.secret_rotated', target: { type: 'webhook', id: webhookId, label: urlOrigin(updated.url) } });
  });
  return { webhook: await findWebhook(db, organizationId, webhookId), secret };
}

/**
 * Disables an endpoint whose delivery ran out of retries, recording why, and records the
 * webhook.disabled event (for owners: docs/webhooks.md) in the same transaction. An endpoint
 * already disabled keeps its first reason.
 */
export async function disableFailingWebhook(trx: Db, organizationId: string, webhookId: string, reason: string, now: Date): Promise<void> {
  const updated = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_at: now, disabled_reason: reason, updated_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', webhookId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) await recordEvent(trx, organizationId, 'webhook.disabled', { webhookId, reason, disabledAt: now.toISOString() }, now);
}

/** An endpoint must be enabled for a replay or a test event to go out. */
export function assertEnabled(webhook: WebhookEndpointRecord): void {
  if (!webhook.enabled) throw new DomainError('webhook_disabled', 'the webhook is disabled: enable it first (PATCH {"enabled": true})');
}
