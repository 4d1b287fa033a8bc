import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Session } from '../../../schemas/index.js';
import { SessionParams, sessionView } from '../../../schemas/index.js';
import { findVisibleSession } from '../../../repositories/sessions.js';

// GET /api/v0/sessions/{sessionId}
export default async function getSessionRoute(app: App) {
  app.get(
    '/sessions/:sessionId',
    { schema: { summary: 'Get a session', tags: ['sessions'], params: SessionParams, response: { 200: Type.Ref(Session) } } },
    async (request) => sessionView(await findVisibleSession(app.services.db, principalOf(request), request.params.sessionId)),
  );
}
