import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { findPreferences } from '../../../repositories/users.js';
import { Preferences } from '../../../schemas/index.js';

// GET /api/v0/organization/users/me/preferences
export default async function getPreferencesRoute(app: App) {
  app.get(
    '/organization/users/me/preferences',
    { schema: { summary: 'Your own preferences', tags: ['members'], response: { 200: Type.Object({ preferences: Type.Ref(Preferences) }) } } },
    async (request) => {
      const { organizationId, userId } = principalOf(request);
      return { preferences: await findPreferences(app.services.db, organizationId, userId) };
    },
  );
}
