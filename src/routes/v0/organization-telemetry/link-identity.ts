import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { TelemetryIdentity, telemetryIdentityView } from '../../../schemas/index.js';
import { linkIdentity } from '../../../telemetry/identities.js';

// POST /api/v0/organization/telemetry-identities/{id}/link {userId} — the identity counts for
// that active member from now on, and its waiting events are stored as the member's. Linking
// again to the same member is harmless; an identity linked to another member is 409.
export default async function linkIdentityRoute(app: App) {
  app.post(
    '/organization/telemetry-identities/:id/link',
    {
      schema: {
        summary: 'Link an identity to a member (its waiting events then count for the member)',
        tags: ['telemetry'],
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) }),
        body: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }),
        response: { 200: Type.Ref(TelemetryIdentity) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const identity = await linkIdentity(app.services.db, app.services.config.modelCatalogue, organizationId, request.params.id, request.body.userId, auditActorOf(request), {
        copyIn: app.services.copyIn,
      });
      return telemetryIdentityView(identity);
    },
  );
}
