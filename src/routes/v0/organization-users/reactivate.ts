import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { unusedInvitationExpiries } from '../../../repositories/invitations.js';
import { reactivateUser } from '../../../repositories/users.js';
import { User, userView } from '../../../schemas/index.js';

// POST /api/v0/organization/users/{userId}/reactivate — brings a deactivated user back: the API
// keys the deactivation revoked work again, console sessions do not (docs/members.md). The same
// roles as deactivation; reactivating an active user answers it unchanged.
export default async function reactivateUserRoute(app: App) {
  app.post(
    '/organization/users/:userId/reactivate',
    {
      schema: {
        summary: 'Reactivate a deactivated user',
        tags: ['members'],
        params: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: Type.Object({ user: Type.Ref(User) }) },
      },
    },
    async (request) => {
      const { organizationId, role } = principalOf(request);
      const user = await reactivateUser(app.services.db, organizationId, role, request.params.userId, auditActorOf(request));
      await app.services.credentials.awaitChangesHeard(request.log);
      const invitations = await unusedInvitationExpiries(app.services.db, organizationId, [user.id]);
      return { user: userView(user, invitations.get(user.id) ?? null) };
    },
  );
}
