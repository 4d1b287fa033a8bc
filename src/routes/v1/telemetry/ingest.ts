import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { attributeEvents } from '../../../telemetry/attribution.js';
import { checkWireEvents, EVENT_TYPES } from '../../../telemetry/events.js';
import { storeEvents } from '../../../telemetry/ingest.js';

// POST /api/v1/telemetry/events — agent clients report what happened; analytics are computed from it.
export default async function ingestTelemetryRoute(app: App) {
  app.post(
    '/telemetry/events',
    {
      schema: {
        summary: 'Report telemetry events (1-1000, idempotent per event id)',
        tags: ['telemetry'],
        // Each event is checked against its own type's schema by checkWireEvents, so that an error
        // names the event's index and field (body/events/3/modelId); docs/analytics.md lists the types.
        body: Type.Object(
          { events: Type.Array(Type.Object({}, { additionalProperties: true, description: `A telemetry event; type is one of ${EVENT_TYPES.join(', ')}` }), { minItems: 1, maxItems: 1000 }) },
          { additionalProperties: false },
        ),
        response: { 202: Type.Object({ accepted: Type.Integer(), duplicates: Type.Integer() }) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const checked = checkWireEvents(request.body.events, 'body/events', new Date());
      const events = await attributeEvents(app.services.db, principal.organizationId, principal, checked);
      const result = await storeEvents(app.services.db, app.services.config.modelCatalogue, principal.organizationId, events, { copyIn: app.services.copyPool !== undefined });
      return reply.code(202).send(result);
    },
  );
}
