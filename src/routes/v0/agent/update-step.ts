import { Type } from '@sinclair/typebox';
import { STEP_STATUSES, moveStep } from '../../../domain/computer-status.js';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../domain/errors.js';
import { StringEnum } from '../../../schemas/index.js';
import { changeStep } from '../../../repositories/computers.js';
import { computerOf } from './auth.js';
import { AgentComputerResponse, agentComputer } from './computer.js';

// PATCH /api/v0/agent/provisioning-steps/{stepId} — the agent reports a step's progress; an
// illegal transition is 409.
export default async function updateStepRoute(app: App) {
  app.patch(
    '/provisioning-steps/:stepId',
    {
      schema: {
        summary: 'Report a provisioning step',
        tags: ['agent'],
        params: Type.Object({ stepId: Type.String({ minLength: 1, maxLength: 64 }) }),
        body: Type.Object({ status: StringEnum(STEP_STATUSES), error: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000 })) }, { additionalProperties: false }),
        response: { 200: AgentComputerResponse },
      },
    },
    async (request) => {
      const { organizationId, computerId } = computerOf(request);
      const { status, error } = request.body;
      const now = new Date();
      const found = await changeStep(app.services.db, organizationId, computerId, request.params.stepId, (step) => moveStep(step, status, now, error));
      if (!found) throw notFound('provisioning step');
      return agentComputer(app, organizationId, computerId);
    },
  );
}
