import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { ownSessionId, principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { RoleName, User } from '../../../schemas/index.js';
import { userView } from '../../../schemas/index.js';
import { unusedInvitationExpiries } from '../../../repositories/invitations.js';
import { changeUser } from '../../../repositories/users.js';

// PATCH /api/v0/organization/users/{userId}
export default async function updateUserRoute(app: App) {
  app.patch(
    '/organization/users/:userId',
    {
      schema: {
        summary: 'Change a user role or name',
        tags: ['members'],
        params: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 128 }) }),
        body: Type.Object(
          { role: Type.Optional(Type.Ref(RoleName)), name: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ user: Type.Ref(User) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { organizationId, role } = principal;
      const { role: newRole, name } = request.body;
      const user = await changeUser(app.services.db, organizationId, role, request.params.userId, { ...(newRole !== undefined && { role: newRole }), ...(name !== undefined && { name }) }, ownSessionId(principal), auditActorOf(request));
      if (newRole !== undefined) await app.services.credentials.awaitChangesHeard(request.log);
      const invitations = await unusedInvitationExpiries(app.services.db, organizationId, [user.id]);
      return { user: userView(user, invitations.get(user.id) ?? null) };
    },
  );
}
