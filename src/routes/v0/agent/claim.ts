import { Type } from '@sinclair/typebox';
import type { App } from '../../../http/context.js';
import { Message } from '../../../schemas/index.js';
import { claimNextMessage } from '../../../repositories/messages.js';
import { computerOf } from './auth.js';
import { messageView } from '../../../schemas/index.js';

/** How often a waiting claim looks at the database for messages queued through other replicas. */
const POLL_INTERVAL_MS = 500;

// POST /api/v0/agent/claim?waitMs=0..30000 — the oldest queued user message for this computer
// (its session becomes running), or 204 when none arrives within waitMs. While waiting no
// database connection is held: each attempt is one short transaction.
export default async function claimRoute(app: App) {
  app.post(
    '/claim',
    {
      schema: {
        summary: 'Claim the next queued user message',
        tags: ['agent'],
        querystring: Type.Object({ waitMs: Type.Integer({ minimum: 0, maximum: 30_000, default: 0 }) }),
        response: { 200: Type.Object({ sessionId: Type.String(), message: Type.Ref(Message) }), 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const { organizationId, computerId } = computerOf(request);
      const deadline = Date.now() + request.query.waitMs;
      const { claimWakeups } = app.services;
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const stop = AbortSignal.any([gone.signal, claimWakeups.closed]);
      const next = () => claimNextMessage(app.services.db, organizationId, computerId);
      let claim = await next();
      while (!claim && Date.now() < deadline && !stop.aborted) {
        await claimWakeups.wait(computerId, Math.min(deadline - Date.now(), POLL_INTERVAL_MS), stop);
        // Once stopped, no further query: the store may be closing.
        if (!stop.aborted) claim = await next();
      }
      if (!claim) return reply.code(204).send(null);
      return { sessionId: claim.sessionId, message: messageView(claim.message) };
    },
  );
}
