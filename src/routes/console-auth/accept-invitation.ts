import { Type } from '@sinclair/typebox';
import { hashPassword } from '../../domain/passwords.js';
import { requestOrigin } from '../../http/audit-actor.js';
import { assertConsoleOrigin } from '../../http/auth.js';
import type { App } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { ConsoleSession, Password } from '../../schemas/index.js';
import { endUserSessions } from '../../repositories/browser-sessions.js';
import { consumeInvitation } from '../../repositories/invitations.js';
import { findSsoSettings } from '../../repositories/organization-sso.js';
import { markJoined, setPasswordHash } from '../../repositories/users.js';
import { startConsoleSession } from './start-session.js';

// POST /api/v0/auth/invitations/accept — the invite page: sets the password (ending the user's
// other sessions) and signs the person in.
export default async function acceptInvitationRoute(app: App) {
  app.post(
    '/invitations/accept',
    {
      schema: {
        summary: 'Accept an invitation: set a password and sign in',
        tags: ['console'],
        security: [],
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password }, { additionalProperties: false }),
        response: { 200: Type.Ref(ConsoleSession) },
      },
    },
    async (request, reply) => {
      assertConsoleOrigin(request, app.services.config.publicAppUrl);
      // Hashing is slow on purpose: done before the transaction opens.
      const passwordHash = await hashPassword(request.body.password);
      return app.services.db.transaction().execute(async (trx) => {
        const invited = await consumeInvitation(trx, request.body.token);
        if (!invited) throw new ApiError('not_found', 'this invitation link is unknown, used or expired: ask for a new one');
        // "SSO required": no password for members but the break-glass owner (the invitation stays unused).
        const sso = await findSsoSettings(trx, invited.organizationId);
        if (sso?.ssoRequired && sso.breakGlassUserId !== invited.userId) {
          throw new ApiError('forbidden', 'your organization signs in through single sign-on: sign in with your e-mail on the sign-in page instead');
        }
        await setPasswordHash(trx, invited.organizationId, invited.userId, passwordHash);
        await markJoined(trx, invited.organizationId, invited.userId, { method: 'invitation', origin: requestOrigin(request) });
        await endUserSessions(trx, invited.organizationId, invited.userId);
        return startConsoleSession(app, reply, trx, invited);
      });
    },
  );
}
