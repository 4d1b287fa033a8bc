import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../domain/errors.js';
import { interruptSession } from '../../../repositories/messages.js';
import { findVisibleSession } from '../../../repositories/sessions.js';
import { Session, SessionParams, sessionView } from '../../../schemas/index.js';

// POST /api/v0/sessions/{sessionId}/interrupt — a running or pending session becomes idle: the
// run in progress is over (its agent learns it on its next heartbeat or post and stops its
// command) and queued user messages are dropped. An idle session is answered as it is: clients
// interrupt without looking first (decisions.md §13).
export default async function interruptSessionRoute(app: App) {
  app.post(
    '/sessions/:sessionId/interrupt',
    { schema: { summary: 'Interrupt a session', tags: ['sessions'], params: SessionParams, response: { 200: Type.Ref(Session) } } },
    async (request) => {
      const principal = principalOf(request);
      const { db } = app.services;
      const session = await findVisibleSession(db, principal, request.params.sessionId);
      if (!(await interruptSession(db, principal.organizationId, session.id))) throw notFound('session');
      return sessionView(await findVisibleSession(db, principal, session.id));
    },
  );
}
