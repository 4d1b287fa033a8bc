import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { renameSelf } from '../../../repositories/users.js';
import { User, userView } from '../../../schemas/index.js';

// PATCH /api/v0/organization/users/me — a person sets their own display name (every role, for
// itself only; owners and managers name others through /organization/users/{userId}). null
// clears it: the console then shows the e-mail (docs/members.md "Names").
export default async function updateOwnNameRoute(app: App) {
  app.patch(
    '/organization/users/me',
    {
      schema: {
        summary: 'Change your own display name',
        tags: ['members'],
        body: Type.Object({ name: Type.Union([Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }), Type.Null()]) }, { additionalProperties: false }),
        response: { 200: Type.Object({ user: Type.Ref(User) }) },
      },
    },
    async (request) => {
      const { organizationId, userId } = principalOf(request);
      const name = request.body.name === null ? null : request.body.name.trim();
      return { user: userView(await renameSelf(app.services.db, organizationId, userId, name, auditActorOf(request))) };
    },
  );
}
