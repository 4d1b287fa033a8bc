import { Type } from '@sinclair/typebox';
import { mayAssignRole, mayManageUser } from '../../../domain/roles.js';
import { ownSessionId, principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { conflict, forbidden, notFound } from '../../../http/errors.js';
import { RoleName, User } from '../../../http/schemas.js';
import { userView } from '../../../http/views.js';
import { endUserSessions } from '../../../repositories/browser-sessions.js';
import { countOtherActiveOwners, findUser, updateUser } from '../../../repositories/users.js';

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
      const { role, name } = request.body;
      const user = await app.services.db.transaction().execute(async (trx) => {
        const subject = await findUser(trx, principal.organizationId, request.params.userId);
        if (!subject) throw notFound('user');
        if (!subject.active) throw conflict('the user is deactivated');
        if (!mayManageUser(principal.role, subject.role)) throw forbidden('only an owner may change an owner');
        if (role !== undefined && !mayAssignRole(principal.role, role)) throw forbidden('only an owner may grant the owner role');
        if (subject.role === 'owner' && role !== undefined && role !== 'owner' && (await countOtherActiveOwners(trx, principal.organizationId, subject.id)) === 0) {
          throw conflict('the organization must keep at least one active owner');
        }
        // A new role ends the user's console sessions (but the caller's own): the next sign-in sees it.
        if (role !== undefined && role !== subject.role) await endUserSessions(trx, principal.organizationId, subject.id, ownSessionId(principal));
        return updateUser(trx, principal.organizationId, subject.id, { ...(role !== undefined && { role }), ...(name !== undefined && { name }) });
      });
      if (!user) throw notFound('user');
      return { user: userView(user) };
    },
  );
}
