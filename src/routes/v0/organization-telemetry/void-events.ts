import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf, requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { voidIngestKeyEvents } from '../../../repositories/telemetry-voids.js';

// POST /api/v0/organization/telemetry-voids {ingestKeyId, from, to, userId?} — owners only: the
// events that ingest key delivered in [from, to) (of one member, when named) are removed, their
// days counted again and re-rolled, and the void audited (telemetry.voided).
export default async function voidEventsRoute(app: App) {
  app.post(
    '/organization/telemetry-voids',
    {
      preHandler: requireRole(['owner']),
      schema: {
        summary: 'Void the events an ingest key sent in a span of time (owners)',
        tags: ['telemetry'],
        body: Type.Object(
          {
            ingestKeyId: Type.String({ minLength: 1, maxLength: 128, description: 'An ingest key of the organization (revoked ones too)' }),
            from: Type.String({ format: 'date-time', description: 'Events received at or after this instant' }),
            to: Type.String({ format: 'date-time', description: 'Events received before this instant' }),
            userId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Only the events counted for this member' })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            voided: Type.Integer({ description: 'Events removed' }),
            days: Type.Array(Type.String({ format: 'date' }), { description: 'The UTC days whose analytics change (re-rolled)' }),
          }),
        },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const { ingestKeyId, from, to, userId } = request.body;
      return voidIngestKeyEvents(app.services.db, organizationId, { ingestKeyId, from: new Date(from), to: new Date(to), userId }, auditActorOf(request));
    },
  );
}
