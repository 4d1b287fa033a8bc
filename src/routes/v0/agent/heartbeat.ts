import { Type } from '@sinclair/typebox';
import type { App } from '../../../http/context.js';
import { touchComputer } from '../../../repositories/computers.js';
import { renewLeases } from '../../../repositories/sessions.js';
import { computerOf } from './auth.js';
import { agentComputer } from './computer.js';
import { Computer } from '../../../schemas/index.js';

// POST /api/v0/agent/heartbeat {runIds?} — the agent is alive; renews the leases of the runs it
// names and answers its computer plus those runs it no longer holds (lapsed, interrupted, or
// finished): their commands should stop.
export default async function heartbeatRoute(app: App) {
  app.post(
    '/heartbeat',
    {
      schema: {
        summary: 'Agent heartbeat',
        tags: ['agent'],
        body: Type.Object({ runIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 100 })) }, { additionalProperties: false }),
        response: { 200: Type.Object({ computer: Type.Ref(Computer), lostRunIds: Type.Array(Type.String()) }) },
      },
      // The body is optional: a heartbeat without one names no runs.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { organizationId, computerId } = computerOf(request);
      const { db, config } = app.services;
      const now = new Date();
      const runIds = [...new Set(request.body.runIds ?? [])];
      await touchComputer(db, organizationId, computerId, now);
      const held = new Set(await renewLeases(db, organizationId, computerId, runIds, new Date(now.getTime() + config.runLeaseMs)));
      return { ...(await agentComputer(app, organizationId, computerId)), lostRunIds: runIds.filter((id) => !held.has(id)) };
    },
  );
}
