import { Type } from '@sinclair/typebox';
import { ownedByFilter } from '../../../domain/access.js';
import { SUGGESTED_FIXES, monthlyWaste, type WasteGroup } from '../../../domain/agent-session-waste.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { wastedSessions } from '../../../repositories/agent-sessions.js';
import { priceSettings } from '../../../repositories/prices.js';
import { AgentSessionWaste } from '../../../schemas/index.js';

// GET /api/v0/agent-sessions/waste?month=YYYY-MM: the waste found in the sessions that started in
// a UTC month (the current one by default), per pattern with its suggested fix, per repository and
// per agent. A member gets the figures of their own sessions, as the list gives them only theirs.

const money = (group: WasteGroup) => ({ sessions: group.sessions, estimatedCost: group.estimatedMicros / 1_000_000 });

export default async function agentSessionWasteRoute(app: App) {
  app.get(
    '/agent-sessions/waste',
    {
      schema: {
        summary: 'Waste found in agent sessions in a month',
        tags: ['agent-sessions'],
        querystring: Type.Object({
          month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'The UTC month, YYYY-MM; the current one by default' })),
        }),
        response: { 200: Type.Ref(AgentSessionWaste) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const month = request.query.month ?? new Date().toISOString().slice(0, 7);
      const from = new Date(`${month}-01T00:00:00Z`);
      const before = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
      const { db } = app.services;
      const [sessions, { currency }] = await Promise.all([
        wastedSessions(db, principal.organizationId, from, before, ownedByFilter(principal).ownerUserId),
        priceSettings(db, principal.organizationId),
      ]);
      const waste = monthlyWaste(sessions);
      return {
        month,
        currency,
        total: money(waste.total),
        patterns: waste.patterns.map(({ pattern, occurrences, group }) => ({ pattern, occurrences, ...money(group), suggestedFix: SUGGESTED_FIXES[pattern] })),
        repositories: waste.repositories.map(({ repository, group, patterns }) => ({ repository, ...money(group), patterns })),
        agents: waste.agents.map(({ agent, group, patterns }) => ({ agent, ...money(group), patterns })),
      };
    },
  );
}
