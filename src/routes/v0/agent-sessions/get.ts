import { Type } from '@sinclair/typebox';
import { mayActOn, ownedByFilter } from '../../../domain/access.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { agentSessionContents, agentSessionSteps, findAgentSession } from '../../../repositories/agent-sessions.js';
import { priceBookOf } from '../../../repositories/prices.js';
import { AgentSessionWithTimeline, agentSessionStepView, agentSessionView } from '../../../schemas/index.js';

// GET /api/v0/agent-sessions/{agentSessionId}: the session and its timeline, every step in time
// order, with each step's kept content for owners, managers and the session's person. Another
// person's session is not found for a member, as one that does not exist.
export default async function getAgentSessionRoute(app: App) {
  app.get(
    '/agent-sessions/:agentSessionId',
    {
      schema: {
        summary: 'Get an agent session and its timeline',
        tags: ['agent-sessions'],
        params: Type.Object({ agentSessionId: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: AgentSessionWithTimeline },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { db } = app.services;
      const session = await findAgentSession(db, principal.organizationId, request.params.agentSessionId, ownedByFilter(principal).ownerUserId);
      // Content, where kept, is for owners, managers and the session's person (decisions.md §16); others get the steps without it.
      const contents = mayActOn(principal, session.user_id) ? agentSessionContents(db, principal.organizationId, session.id) : Promise.resolve(new Map<string, never>());
      const [steps, prices, content] = await Promise.all([agentSessionSteps(db, principal.organizationId, session.id), priceBookOf(db, principal.organizationId), contents]);
      return { ...agentSessionView(session), timeline: steps.map((step) => agentSessionStepView(step, prices, content.get(step.id))) };
    },
  );
}
