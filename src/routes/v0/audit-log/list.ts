import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_ACTIONS } from '../../../sdk/audit-actions.js';
import { invalidInput } from '../../../domain/errors.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { acceptsCsv, csvStream } from '../../../http/csv.js';
import { pageOf, pageQuery, readPage } from '../../../http/pagination.js';
import { sendStreamed } from '../../../http/streamed.js';
import { listAuditEntries, type AuditFilter, type AuditRecord } from '../../../repositories/audit-log.js';
import { AuditLogEntry, Pagination, StringEnum, auditEntryView } from '../../../schemas/index.js';

// GET /api/v0/organization/audit-log — newest first, v0 paging, filtered by action(s), actor,
// target and time. With `Accept: text/csv` the answer is CSV: every entry matching the filters
// from the cursor on (or `limit` of them), streamed, for a spreadsheet or an archive.

const CSV_BATCH = 500;
const CSV_COLUMNS = ['id', 'occurredAt', 'occurredAtUtc', 'actorType', 'actorUserId', 'actorLabel', 'actorIp', 'actorUserAgent', 'action', 'targetType', 'targetId', 'targetLabel', 'details', 'requestId'];

const Query = Type.Object({
  ...pageQuery(20),
  // No default: a CSV answer without `limit` holds every matching entry.
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Entries per page (default 20); with Accept: text/csv, no limit answers every matching entry' })),
  action: Type.Optional(Type.Array(StringEnum(AUDIT_ACTIONS), { maxItems: AUDIT_ACTIONS.length, description: 'One or several actions (repeat the parameter)' })),
  actorUserId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  from: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix ms: entries at or after' })),
  to: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix ms: entries before' })),
});

function filterOf(query: Static<typeof Query>): AuditFilter {
  if (query.from !== undefined && query.to !== undefined && query.from >= query.to) {
    throw invalidInput('from must be before to', [{ path: 'querystring/from', message: 'must be before to' }]);
  }
  return {
    ...(query.action !== undefined && { actions: query.action }),
    ...(query.actorUserId !== undefined && { actorUserId: query.actorUserId }),
    ...(query.targetId !== undefined && { targetId: query.targetId }),
    ...(query.from !== undefined && { from: new Date(query.from) }),
    ...(query.to !== undefined && { to: new Date(query.to) }),
  };
}

/** A cursor names its filters too: one issued for another selection is a 400, not a silent skip. */
function listName(query: Static<typeof Query>): string {
  return `audit-log:${JSON.stringify([query.action ?? [], query.actorUserId ?? null, query.targetId ?? null, query.from ?? null, query.to ?? null])}`;
}

function csvRecord(entry: AuditRecord): Record<string, unknown> {
  return {
    id: entry.id,
    occurredAt: entry.occurredAt.getTime(),
    occurredAtUtc: entry.occurredAt.toISOString(),
    actorType: entry.actor.type,
    actorUserId: entry.actor.userId,
    actorLabel: entry.actor.label,
    actorIp: entry.actor.ip,
    actorUserAgent: entry.actor.userAgent,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label ?? null,
    // One cell: details vary from action to action.
    details: JSON.stringify(entry.details),
    requestId: entry.actor.requestId,
  };
}

export default async function listAuditLogRoute(app: App) {
  app.get(
    '/organization/audit-log',
    {
      schema: {
        summary: 'List the audit log (owners only)',
        description: 'Newest first. Accept: text/csv answers CSV (paging in X-Has-More / X-Next-Cursor when limit is given).',
        tags: ['audit-log'],
        querystring: Query,
        response: { 200: Type.Object({ entries: Type.Array(Type.Ref(AuditLogEntry)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const filter = filterOf(request.query);
      const list = listName(request.query);
      const page = readPage(request.query, list, organizationId);
      const db = app.services.db;
      if (acceptsCsv(request.headers.accept) && request.query.limit === undefined) {
        async function* batches() {
          let after = page.after;
          for (;;) {
            const rows = await listAuditEntries(db, organizationId, filter, { after, limit: CSV_BATCH });
            if (rows.length > 0) yield rows.map(csvRecord);
            if (rows.length < CSV_BATCH) return;
            after = rows[rows.length - 1]!.id;
          }
        }
        reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="audit-log.csv"');
        return sendStreamed(reply, csvStream(CSV_COLUMNS, batches()));
      }
      const rows = await listAuditEntries(db, organizationId, filter, { after: page.after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, list, organizationId, (entry) => entry.id);
      if (acceptsCsv(request.headers.accept)) {
        reply.header('x-has-more', String(pagination.hasMore)).header('x-next-cursor', pagination.nextCursor ?? '').type('text/csv; charset=utf-8');
        return sendStreamed(reply, csvStream(CSV_COLUMNS, (async function* () { yield items.map(csvRecord); })()));
      }
      return { entries: items.map(auditEntryView), pagination };
    },
  );
}
