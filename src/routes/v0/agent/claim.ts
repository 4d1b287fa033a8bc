import { Type } from '@sinclair/typebox';
import type { App } from '../../../http/context.js';
import { Message, Session, messageView, sessionView } from '../../../schemas/index.js';
import { findSession } from '../../../repositories/sessions.js';
import { claimNextMessage, expireLapsedRuns } from '../../../repositories/messages.js';
import { computerOf } from './auth.js';

/** How often a waiting claim looks at the database for messages queued through other replicas. */
const POLL_INTERVAL_MS = 500;

// POST /api/v0/agent/claim?waitMs=0..30000 — the oldest queued user message for this computer
// (its session becomes running, in a new run with a lease) and that session (its cwd and
// settings are for the run command), or 204 when none arrives within waitMs. While waiting no
// database connection is held: each attempt is one short transaction. Each attempt first takes
// this computer's lapsed runs back, so a message whose agent died is handed to the next claimer
// even between two sweeps of the lease job.
export default async function claimRoute(app: App) {
  app.post(
    '/claim',
    {
      schema: {
        summary: 'Claim the next queued user message',
        tags: ['agent'],
        querystring: Type.Object({ waitMs: Type.Integer({ minimum: 0, maximum: 30_000, default: 0 }) }),
        response: {
          200: Type.Object({
            sessionId: Type.String(),
            runId: Type.String({ description: 'The run this claim started; name it on posts, finish and heartbeats' }),
            leaseExpiresAt: Type.Integer({ description: 'When the run returns to the queue unless a heartbeat or post renews it (Unix ms)' }),
            message: Type.Ref(Message),
            session: Type.Ref(Session, { description: 'The session as the claim left it: its cwd and settings are for the run command (docs/agent.md)' }),
          }),
          204: Type.Null(),
        },
      },
    },
    async (request, reply) => {
      const { organizationId, computerId } = computerOf(request);
      const deadline = Date.now() + request.query.waitMs;
      const { claimWakeups } = app.services;
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const stop = AbortSignal.any([gone.signal, claimWakeups.closed]);
      const { db, config } = app.services;
      const next = async () => {
        await expireLapsedRuns(db, new Date(), { organizationId, computerId });
        return claimNextMessage(db, organizationId, computerId, config.runLeaseMs);
      };
      let claim = await next();
      while (!claim && Date.now() < deadline && !stop.aborted) {
        await claimWakeups.wait(computerId, Math.min(deadline - Date.now(), POLL_INTERVAL_MS), stop);
        // Once stopped, no further query: the store may be closing.
        if (!stop.aborted) claim = await next();
      }
      if (!claim) return reply.code(204).send(null);
      const session = await findSession(db, organizationId, claim.sessionId);
      // Deleted right after the claim: its run is over, there is nothing to hand over.
      if (!session) return reply.code(204).send(null);
      return { sessionId: claim.sessionId, runId: claim.runId, leaseExpiresAt: claim.leaseExpiresAt.getTime(), message: messageView(claim.message), session: sessionView(session) };
    },
  );
}
