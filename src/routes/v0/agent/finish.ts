import { Type } from '@sinclair/typebox';
import type { App } from '../../../http/context.js';
import { StringEnum } from '../../../schemas/index.js';
import { finishRun } from '../../../repositories/messages.js';
import { computerOf } from './auth.js';

// POST /api/v0/agent/sessions/{sessionId}/finish — ends the run: idle, or pending when more user
// messages are queued; 409 when the session is not running on this computer.
export default async function finishRoute(app: App) {
  app.post(
    '/sessions/:sessionId/finish',
    {
      schema: {
        summary: 'Finish the run of a session',
        tags: ['agent'],
        params: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: Type.Object({ status: StringEnum(['idle', 'pending', 'running']) }) },
      },
    },
    async (request) => {
      const { organizationId, computerId } = computerOf(request);
      const status = await finishRun(app.services.db, organizationId, request.params.sessionId, computerId);
      if (status === 'pending') app.services.claimWakeups.wake(computerId);
      return { status };
    },
  );
}
