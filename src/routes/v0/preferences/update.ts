import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { setPreferences } from '../../../repositories/users.js';
import { Preferences } from '../../../schemas/index.js';

// PATCH /api/v0/organization/users/me/preferences — changes only the fields sent; nobody changes
// another person's preferences, an owner included.
export default async function updatePreferencesRoute(app: App) {
  app.patch(
    '/organization/users/me/preferences',
    {
      schema: {
        summary: 'Change your own preferences',
        tags: ['members'],
        body: Type.Object({ emailNotifications: Type.Optional(Type.Boolean()) }, { additionalProperties: false, minProperties: 1 }),
        response: { 200: Type.Object({ preferences: Type.Ref(Preferences) }) },
      },
    },
    async (request) => {
      const { organizationId, userId } = principalOf(request);
      return { preferences: await setPreferences(app.services.db, organizationId, userId, request.body) };
    },
  );
}
