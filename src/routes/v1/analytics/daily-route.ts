import { Type, type TObject } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { DayRange } from '../../../domain/dates.js';
import { DateQuery, groupedRows, metaOf, rangeOf } from '../../../analytics/query.js';
import { dailyDocumentBytes, dailyDocuments, dailyRows, groupRows, joined, jsonAnswer, type DailyKind, type GroupDimension } from '../../../analytics/read.js';
import type { DayRollup } from '../../../analytics/assemble.js';
import { Meta, MetaWithCurrency } from '../../../analytics/schemas.js';
import { hasTeamRows, TEAM_ROWS, teamRows } from '../../../analytics/teams.js';
import { invalidInput } from '../../../domain/errors.js';
import { priceSettings } from '../../../repositories/prices.js';
import { findTeam } from '../../../repositories/teams.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { acceptsCsv } from '../../../http/csv.js';
import { sendStreamed, textOf } from '../../../http/streamed.js';
import { StringEnum } from '../../../schemas/index.js';

// The shape shared by the per-day analytics endpoints: one row per day of the range, or with
// `group_by`, one breakdown flattened into rows of {date, group_key, metric...}. Every endpoint
// has group_by=agent and group_by=repository: the day's figures per agent product or repository,
// stored by the rollup as grouped rows (of the same shape for both), and group_by=team, summed
// from the members' day rows (analytics/teams.ts).

const STORED_GROUPS: readonly GroupDimension[] = ['agent', 'repository'];
const BY_TEAM = 'team';

export interface DailyRoute<K extends DailyKind> {
  kind: K;
  summary: string;
  row: TObject;
  /** The row of group_by=agent and group_by=repository (schemas.ts). */
  agentRow: TObject;
  /** Rows with costs: `meta.currency` (and the X-Currency header, for CSV) names their currency. */
  costs?: true;
  groupBy?: {
    value: string;
    row: TObject;
    /** The groups of one day's row, each with its group_key and metrics. */
    groups: (row: DayRollup[K]) => ({ group_key: string } & Record<string, number | string | null>)[];
  };
  /** One more dimension whose rows the rollup stores for this endpoint alone (/tools' tool_source). */
  ownStoredGroup?: { value: GroupDimension; row: TObject };
}

export function dailyRoute<K extends DailyKind>(app: App, route: DailyRoute<K>) {
  const { groupBy, ownStoredGroup } = route;
  const storedGroups = [...STORED_GROUPS, ...(ownStoredGroup ? [ownStoredGroup.value] : [])];
  const storedGroupOf = (value: string | undefined) => storedGroups.find((dimension) => dimension === value);
  const teamRow = hasTeamRows(route.kind) ? TEAM_ROWS[route.kind] : undefined;
  app.get(
    `/analytics/${route.kind}`,
    {
      schema: {
        summary: route.summary,
        tags: ['analytics'],
        querystring: Type.Object({
          ...DateQuery,
          group_by: Type.Optional(StringEnum([...(groupBy ? [groupBy.value] : []), ...storedGroups, ...(teamRow ? [BY_TEAM] : [])])),
          ...(teamRow && { team_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'With group_by=team: that team only' })) }),
        }),
        // The serializer writes a row with the first schema it fits: a team row, before the
        // grouped row whose fields are a subset of its own.
        response: {
          200: Type.Object({
            data: Type.Array(Type.Union([route.row, ...(teamRow ? [teamRow] : []), ...(groupBy ? [groupBy.row] : []), ...(ownStoredGroup ? [ownStoredGroup.row] : []), route.agentRow])),
            meta: route.costs ? MetaWithCurrency : Meta,
          }),
        },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const query = request.query as { startDate: string; endDate: string; group_by?: string; team_id?: string };
      const range = rangeOf(app.services.config.analyticsHistoryStart, query);
      const meta = route.costs ? await metaWithCurrency(app, reply, organizationId, range) : metaOf(organizationId, range);
      if (query.team_id !== undefined && query.group_by !== BY_TEAM) {
        throw invalidInput('team_id needs group_by=team', [{ path: 'querystring/team_id', message: 'only with group_by=team' }]);
      }
      if (hasTeamRows(route.kind) && query.group_by === BY_TEAM) {
        // Another organization's team, or none: 404.
        if (query.team_id !== undefined) await findTeam(app.services.db, organizationId, query.team_id);
        return { data: await teamRows(app.services.db, organizationId, route.kind, range, query.team_id), meta };
      }
      if (groupBy && query.group_by === groupBy.value) {
        return { data: groupedRows(await dailyRows(app.services.rollupReads, organizationId, route.kind, range), groupBy.groups), meta };
      }
      // The stored rows are the answer's rows: joined as they are, not parsed and serialized again
      // (a year of a large organization is tens of megabytes), and streamed as they are read; the
      // documents as bytes. The JSON text bypasses the typed reply. The rollup's rows are read
      // where the analytics reads go (read replicas, docs/read-replicas.md); team rows, which join
      // the teams as they are now, and the prices are read on the primary.
      const { rollupReads: db, copyOut } = app.services;
      reply.type('application/json; charset=utf-8');
      const stored = storedGroupOf(query.group_by);
      const rowsAsText = () => (stored ? groupRows(db, organizationId, route.kind, stored, range) : dailyDocuments(db, organizationId, route.kind, range));
      // The CSV's columns depend on every row (index.ts): that answer is held whole.
      if (acceptsCsv(request.headers.accept)) return reply.send((await textOf(jsonAnswer(joined(rowsAsText()), meta))) as never);
      const rows = stored ? joined(rowsAsText()) : dailyDocumentBytes(copyOut, organizationId, route.kind, range);
      return sendStreamed(reply, jsonAnswer(rows, meta));
    },
  );
}

/** The envelope of rows with costs: their currency in `meta`, and in a header for the CSV, which has no envelope. */
export async function metaWithCurrency(app: App, reply: FastifyReply, organizationId: string, range: DayRange) {
  const { currency } = await priceSettings(app.services.db, organizationId);
  reply.header('x-currency', currency);
  return { ...metaOf(organizationId, range), currency };
}
