import { Type } from '@sinclair/typebox';
import type { App } from '../../../http/context.js';
import { recordMetrics, takeAgentCommands, touchComputer } from '../../../repositories/computers.js';
import { renewLeases } from '../../../repositories/sessions.js';
import { computerOf } from './auth.js';
import { agentComputer } from './computer.js';
import { Computer, MetricSampleInput, StringEnum } from '../../../schemas/index.js';

// POST /api/v0/agent/heartbeat {runIds?, metrics?} — the agent is alive; renews the leases of the
// runs it names and keeps the machine sample it sends (GET /api/v0/computers/{id}/metrics). It
// answers its computer, those runs it no longer holds (lapsed, interrupted, or finished: their
// commands should stop) and the commands waiting for it (restart, refresh), each given once.
export default async function heartbeatRoute(app: App) {
  app.post(
    '/heartbeat',
    {
      schema: {
        summary: 'Agent heartbeat',
        tags: ['agent'],
        body: Type.Object(
          {
            runIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 100 })),
            metrics: Type.Optional(Type.Ref(MetricSampleInput)),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            computer: Type.Ref(Computer),
            lostRunIds: Type.Array(Type.String()),
            commands: Type.Array(StringEnum(['restart', 'refresh']), { description: 'What the agent is asked to do (docs/agent.md)' }),
          }),
        },
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
      if (request.body.metrics) await recordMetrics(db, organizationId, computerId, request.body.metrics, now);
      const held = new Set(await renewLeases(db, organizationId, computerId, runIds, new Date(now.getTime() + config.runLeaseMs)));
      const commands = await takeAgentCommands(db, organizationId, computerId);
      return { ...(await agentComputer(app, organizationId, computerId)), lostRunIds: runIds.filter((id) => !held.has(id)), commands };
    },
  );
}
