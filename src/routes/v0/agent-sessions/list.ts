import { Type } from '@sinclair/typebox';
import { ownedByFilter } from '../../../domain/access.js';
import { addDays, parseDay } from '../../../domain/dates.js';
import { invalidInput, type FieldError } from '../../../domain/errors.js';
import { repoIdOf } from '../../../domain/repo-id.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { PageQuery, pageOf, readPage } from '../../../http/pagination.js';
import { AGENT_SESSION_SORTS, listAgentSessions, type AgentSessionFilter, type SortKey } from '../../../repositories/agent-sessions.js';
import { AgentSession, Pagination, StringEnum, agentSessionView } from '../../../schemas/index.js';

// GET /api/v0/agent-sessions: the organization's agent sessions, newest first, or the costliest,
// longest or most erring first (`sort`), filtered by start date, person, agent, model, repository, team,
// flag and cost. A member sees only their own sessions: asking for someone else's gives an empty
// list, as for a person who has none.

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (UTC)' });

export default async function listAgentSessionsRoute(app: App) {
  app.get(
    '/agent-sessions',
    {
      schema: {
        summary: 'List agent sessions',
        tags: ['agent-sessions'],
        querystring: Type.Object({
          ...PageQuery,
          startDate: Type.Optional({ ...Day, description: 'Sessions started on or after this UTC day' }),
          endDate: Type.Optional({ ...Day, description: 'Sessions started on or before this UTC day' }),
          user: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'A user id' })),
          agent: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          model: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'Sessions that called this model (as their `models` name it)' })),
          repository: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'A repository id (host/owner/name) or URL' })),
          team: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'A team id: the sessions of its members' })),
          flagged: Type.Optional(Type.Boolean({ description: 'true: only sessions with a waste finding; false: only those without' })),
          costAbove: Type.Optional(Type.Number({ minimum: 0, description: 'Only sessions that cost more than this, in the organization’s currency' })),
          sort: Type.Optional(StringEnum(AGENT_SESSION_SORTS, { description: 'start (newest first, the default), cost, duration or errors (highest first)' })),
        }),
        response: { 200: Type.Object({ agentSessions: Type.Array(Type.Ref(AgentSession)), pagination: Type.Ref(Pagination) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { startDate, endDate, user, agent, model, repository, team, flagged, costAbove, sort = 'start' } = request.query;
      const errors: FieldError[] = [];
      const from = startDate === undefined ? undefined : parseDay(startDate);
      const to = endDate === undefined ? undefined : parseDay(endDate);
      if (startDate !== undefined && from === undefined) errors.push({ path: 'querystring/startDate', message: 'is not a calendar day' });
      if (endDate !== undefined && to === undefined) errors.push({ path: 'querystring/endDate', message: 'is not a calendar day' });
      if (from !== undefined && to !== undefined && from > to) errors.push({ path: 'querystring/startDate', message: 'is after endDate' });
      const repositoryId = repository === undefined ? undefined : repoIdOf(repository);
      if (repository !== undefined && repositoryId === undefined) errors.push({ path: 'querystring/repository', message: 'names no repository (host/owner/name or a URL)' });
      if (errors.length > 0) throw invalidInput(errors[0]!.message === 'is after endDate' ? 'startDate is after endDate' : 'invalid query', errors);

      // A cursor names the list it was issued for: its filters and sort.
      const list = `agent-sessions:${JSON.stringify([from, to, user, agent, model, repositoryId, team, flagged, costAbove, sort])}`;
      const page = readPage(request.query, list, principal.organizationId);
      const after = page.after === undefined ? undefined : sortKeyOf(page.after);
      const own = ownedByFilter(principal).ownerUserId;
      if (own !== undefined && user !== undefined && user !== own) return { agentSessions: [], pagination: { hasMore: false, nextCursor: null } };
      const filter: AgentSessionFilter = {
        startedFrom: from === undefined ? undefined : new Date(`${from}T00:00:00Z`),
        startedBefore: to === undefined ? undefined : new Date(`${addDays(to, 1)}T00:00:00Z`),
        userId: own ?? user,
        agent,
        model,
        repository: repositoryId,
        teamId: team,
        flagged,
        costAboveMicros: costAbove === undefined ? undefined : Math.round(costAbove * 1_000_000),
      };
      const rows = await listAgentSessions(app.services.db, principal.organizationId, filter, sort, { after, limit: page.fetch });
      const { items, pagination } = pageOf(rows, page, list, principal.organizationId, (row) => JSON.stringify([row.sort_key, row.id]));
      return { agentSessions: items.map(agentSessionView), pagination };
    },
  );
}

/** A cursor's key, checked: it was made by this list, but its text came back from a client. */
function sortKeyOf(text: string): SortKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'number' || !Number.isFinite(parsed[0]) || typeof parsed[1] !== 'string') {
    throw invalidInput('cursor is malformed', [{ path: 'querystring/cursor', message: 'malformed cursor' }]);
  }
  return parsed as SortKey;
}
