import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../http/errors.js';
import { Session } from '../../../http/schemas.js';
import { interruptSession } from '../../../repositories/messages.js';
import { SessionParams, sessionView, visibleSession } from './access.js';

// POST /api/v0/sessions/{sessionId}/interrupt — a running or pending session becomes idle: the
// run in progress is over (its agent learns it on its next heartbeat or post and stops its
// command) and queued user messages are dropped. 409 when the session is already idle.
export default async function interruptSessionRoute(app: App) {
  app.post(
    '/sessions/:sessionId/interrupt',
    { schema: { summary: 'Interrupt a session', tags: ['sessions'], params: SessionParams, response: { 200: Type.Ref(Session) } } },
    async (request) => {
      const principal = principalOf(request);
      const { db } = app.services;
      const session = await visibleSession(db, principal, request.params.sessionId);
      if (!(await interruptSession(db, principal.organizationId, session.id))) throw notFound('session');
      return sessionView(await visibleSession(db, principal, session.id));
    },
  );
}
