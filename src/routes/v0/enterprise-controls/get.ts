import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { ControlChange } from '../../../schemas/index.js';
import { currentRevision } from '../../../repositories/enterprise-controls.js';
import { changeView } from '../../../schemas/index.js';
import { etagOf } from './etag.js';

// GET /api/v0/organization/enterprise-controls — the current change record (revision 0 before
// any change); its ETag is the revision, for If-Match on PATCH.
export default async function getEnterpriseControlsRoute(app: App) {
  app.get(
    '/organization/enterprise-controls',
    { schema: { summary: 'Current enterprise controls', tags: ['enterprise-controls'], response: { 200: Type.Ref(ControlChange) } } },
    async (request, reply) => {
      const current = await currentRevision(app.services.db, principalOf(request).organizationId);
      reply.header('ETag', etagOf(current.revision));
      return changeView(current);
    },
  );
}
