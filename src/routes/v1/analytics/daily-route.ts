import { Type, type TObject } from '@sinclair/typebox';
import { DateQuery, groupedRows, metaOf, rangeOf } from '../../../analytics/query.js';
import { dailyDocumentBytes, dailyDocuments, dailyRows, joined, jsonAnswer, type DailyKind } from '../../../analytics/read.js';
import type { DayRollup } from '../../../analytics/assemble.js';
import { Meta } from '../../../analytics/schemas.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { acceptsCsv } from '../../../http/csv.js';
import { sendStreamed, textOf } from '../../../http/streamed.js';
import { StringEnum } from '../../../schemas/index.js';

// The shape shared by the per-day analytics endpoints: one row per day of the range, or with
// `group_by`, one breakdown flattened into rows of {date, group_key, metric...}.

export interface DailyRoute<K extends DailyKind> {
  kind: K;
  summary: string;
  row: TObject;
  groupBy?: {
    value: string;
    row: TObject;
    /** The groups of one day's row, each with its group_key and metrics. */
    groups: (row: DayRollup[K]) => ({ group_key: string } & Record<string, number | string>)[];
  };
}

export function dailyRoute<K extends DailyKind>(app: App, route: DailyRoute<K>) {
  const { groupBy } = route;
  app.get(
    `/analytics/${route.kind}`,
    {
      schema: {
        summary: route.summary,
        tags: ['analytics'],
        querystring: Type.Object({ ...DateQuery, ...(groupBy ? { group_by: Type.Optional(StringEnum([groupBy.value])) } : {}) }),
        response: { 200: Type.Object({ data: Type.Array(groupBy ? Type.Union([route.row, groupBy.row]) : route.row), meta: Meta }) },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const query = request.query as { startDate: string; endDate: string; group_by?: string };
      const range = rangeOf(app.services.config.analyticsHistoryStart, query);
      const meta = metaOf(organizationId, range);
      if (groupBy && query.group_by === groupBy.value) {
        return { data: groupedRows(await dailyRows(app.services.db, organizationId, route.kind, range), groupBy.groups), meta };
      }
      // The stored rows are the answer's rows: joined as text, not parsed and serialized again
      // (a year of a large organization is tens of megabytes), and streamed as they are read; on
      // PostgreSQL as bytes. The JSON text bypasses the typed reply.
      const { db, copyPool } = app.services;
      reply.type('application/json; charset=utf-8');
      // The CSV's columns depend on every row (index.ts): that answer is held whole.
      if (acceptsCsv(request.headers.accept)) return reply.send((await textOf(jsonAnswer(joined(dailyDocuments(db, organizationId, route.kind, range)), meta))) as never);
      const rows = copyPool ? dailyDocumentBytes(copyPool, organizationId, route.kind, range) : joined(dailyDocuments(db, organizationId, route.kind, range));
      return sendStreamed(reply, jsonAnswer(rows, meta));
    },
  );
}
