import { Type } from '@sinclair/typebox';
import { maskSettingsSecrets } from '../../../domain/secret-box.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../domain/errors.js';
import { findRevision } from '../../../repositories/enterprise-controls.js';
import { changedPaths, valueAt } from './json-changes.js';

// GET /api/v0/organization/enterprise-controls/history/{revision}/diff — what a revision changed
// from the one before (revision 1: from the empty settings). Values absent on one side are null.
export default async function enterpriseControlsDiffRoute(app: App) {
  app.get(
    '/organization/enterprise-controls/history/:revision/diff',
    {
      schema: {
        summary: 'What one enterprise control revision changed',
        tags: ['enterprise-controls'],
        params: Type.Object({ revision: Type.Integer({ minimum: 1, maximum: 999_999_999 }) }),
        response: {
          200: Type.Object({
            revision: Type.Integer(),
            changes: Type.Array(Type.Object({ path: Type.String({ description: 'JSON Pointer into settings' }), old: Type.Unknown(), new: Type.Unknown() })),
          }),
        },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const { revision } = request.params;
      const [current, previous] = await Promise.all([findRevision(app.services.db, organizationId, revision), revision > 1 ? findRevision(app.services.db, organizationId, revision - 1) : undefined]);
      if (!current) throw notFound('revision');
      const before = previous?.settings ?? {};
      // Compared sealed (a changed secret is a change even when its mask is not), shown masked.
      const [shownBefore, shownAfter] = [maskSettingsSecrets(before), maskSettingsSecrets(current.settings)];
      const changes = changedPaths(before, current.settings).map(({ path, segments }) => ({
        path,
        old: valueAt(shownBefore, segments) ?? null,
        new: valueAt(shownAfter, segments) ?? null,
      }));
      return { revision, changes };
    },
  );
}
