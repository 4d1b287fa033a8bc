import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Session, SessionSettingsInput } from '../../../schemas/index.js';
import { patchSessionSettings } from '../../../repositories/sessions.js';
import { checkSessionSettings } from './settings.js';
import { SessionParams, sessionView } from '../../../schemas/index.js';
import { findVisibleSession } from '../../../repositories/sessions.js';

// PATCH /api/v0/sessions/{sessionId} — replaces the writable settings given; token usage is not
// writable (an unknown field: 400); a model the policy blocks: 403.
export default async function updateSessionRoute(app: App) {
  app.patch(
    '/sessions/:sessionId',
    {
      schema: {
        summary: 'Update session settings',
        tags: ['sessions'],
        params: SessionParams,
        body: Type.Object({ sessionSettings: Type.Optional(Type.Ref(SessionSettingsInput)) }, { additionalProperties: false }),
        response: { 200: Type.Ref(Session) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { db } = app.services;
      const session = await findVisibleSession(db, principal, request.params.sessionId);
      const patch = request.body.sessionSettings ?? {};
      await checkSessionSettings(db, principal.organizationId, patch);
      if (Object.keys(patch).length > 0) await patchSessionSettings(db, principal.organizationId, session.id, patch);
      return sessionView(await findVisibleSession(db, principal, session.id));
    },
  );
}
