import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Session, SessionCwd, SessionSettingsInput, SessionTitle } from '../../../schemas/index.js';
import { findVisibleSession, insertSession } from '../../../repositories/sessions.js';
import { newSessionSettings } from '../../../repositories/session-settings.js';
import { sessionView } from '../../../schemas/index.js';
import { findVisibleComputer } from '../../../repositories/computers.js';

// POST /api/v0/sessions — an idle session owned by the caller, its settings seeded from the
// organization's session defaults; given settings override them and obey the model policy.
// `cwd` is where its agent runs; `parentSessionId` a session the caller may see (404 otherwise),
// listed by GET …/{parentSessionId}/children. Without a title, its first user message names it.
export default async function createSessionRoute(app: App) {
  app.post(
    '/sessions',
    {
      schema: {
        summary: 'Create a session',
        tags: ['sessions'],
        body: Type.Object(
          {
            title: Type.Optional(SessionTitle),
            computerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
            cwd: Type.Optional(SessionCwd),
            parentSessionId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'The session this one is started from' })),
            sessionSettings: Type.Optional(Type.Ref(SessionSettingsInput)),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Ref(Session) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { db } = app.services;
      const { title, computerId, cwd, parentSessionId, sessionSettings } = request.body;
      if (computerId !== undefined) await findVisibleComputer(db, principal, computerId);
      if (parentSessionId !== undefined) await findVisibleSession(db, principal, parentSessionId);
      const settings = await newSessionSettings(db, principal.organizationId, sessionSettings ?? {});
      const session = await insertSession(db, principal.organizationId, principal.userId, { title, computerId, settings, cwd, parentSessionId });
      return reply.code(201).send(sessionView(session));
    },
  );
}
