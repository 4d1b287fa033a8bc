import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Session, SessionCwd, SessionSettingsInput, SessionTitle } from '../../../schemas/index.js';
import { patchSession } from '../../../repositories/sessions.js';
import { checkSessionSettings } from '../../../repositories/session-settings.js';
import { SessionParams, sessionView } from '../../../schemas/index.js';
import { findVisibleSession } from '../../../repositories/sessions.js';

// PATCH /api/v0/sessions/{sessionId} — replaces the writable settings given, and the working
// directory (`cwd`) and `title` (a rename; the same rule as on creation) when given; token usage
// is not writable (an unknown field: 400); a value outside a setting's allowed list: 400 naming
// them; a model the policy blocks: 403.
export default async function updateSessionRoute(app: App) {
  app.patch(
    '/sessions/:sessionId',
    {
      schema: {
        summary: 'Update session settings, working directory or title',
        tags: ['sessions'],
        params: SessionParams,
        body: Type.Object(
          { title: Type.Optional(SessionTitle), cwd: Type.Optional(SessionCwd), sessionSettings: Type.Optional(Type.Ref(SessionSettingsInput)) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref(Session) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { db } = app.services;
      const session = await findVisibleSession(db, principal, request.params.sessionId);
      const settings = request.body.sessionSettings ?? {};
      const { cwd, title } = request.body;
      await checkSessionSettings(db, principal.organizationId, settings);
      if (Object.keys(settings).length > 0 || cwd !== undefined || title !== undefined) await patchSession(db, principal.organizationId, session.id, { settings, cwd, title });
      return sessionView(await findVisibleSession(db, principal, session.id));
    },
  );
}
