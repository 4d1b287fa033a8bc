import { Type } from '@sinclair/typebox';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../domain/errors.js';
import { Session, SessionCwd, SessionSettingsInput, SessionTitle, sessionView } from '../../../schemas/index.js';
import { findSession, insertSession } from '../../../repositories/sessions.js';
import { newSessionSettings } from '../../../repositories/session-settings.js';
import { computerOf } from './auth.js';

// POST /api/v0/agent/sessions — the agent starts a session from one routed to its computer (a
// sub-task): the new session has that `parentSessionId`, belongs to the parent's owner (whose
// credits its runs spend) and runs on this computer. Listed by GET …/{parentSessionId}/children.
export default async function createChildSessionRoute(app: App) {
  app.post(
    '/sessions',
    {
      schema: {
        summary: 'Start a session from one routed to this computer',
        tags: ['agent'],
        body: Type.Object(
          {
            parentSessionId: Type.String({ minLength: 1, maxLength: 128 }),
            title: Type.Optional(SessionTitle),
            cwd: Type.Optional(SessionCwd),
            sessionSettings: Type.Optional(Type.Ref(SessionSettingsInput)),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Ref(Session) },
      },
    },
    async (request, reply) => {
      const { organizationId, computerId } = computerOf(request);
      const { db } = app.services;
      const { parentSessionId, title, cwd, sessionSettings } = request.body;
      const parent = await findSession(db, organizationId, parentSessionId);
      if (!parent || (parent.computerId !== computerId && parent.runningComputerId !== computerId)) throw notFound('session');
      const settings = await newSessionSettings(db, organizationId, sessionSettings ?? {});
      const session = await insertSession(db, organizationId, parent.ownerUserId, { title, computerId, settings, cwd, parentSessionId: parent.id });
      return reply.code(201).send(sessionView(session));
    },
  );
}
