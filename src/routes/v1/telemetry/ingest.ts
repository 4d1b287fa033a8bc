import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { attributeEvents, sentEventsOf } from '../../../telemetry/attribution.js';
import { recordSentEvents } from '../../../telemetry/sent-events.js';
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
        response: {
          202: Type.Object({
            accepted: Type.Integer(),
            duplicates: Type.Integer(),
            unattributed: Type.Optional(Type.Integer({ description: 'With an ingest key: events kept for an identity no member matches yet (docs/otel.md)' })),
          }),
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { db, config, copyIn } = app.services;
      const deps = { catalogue: config.modelCatalogue, copyIn };
      const received = new Date();
      const checked = checkWireEvents(request.body.events, 'body/events', received);
      if (principal.via === 'apiKey' && principal.keyKind === 'ingest') {
        const sent = await sentEventsOf(db, principal.organizationId, checked);
        const result = await recordSentEvents(db, deps, principal, sent, received);
        return reply.code(202).send(result);
      }
      const events = await attributeEvents(db, principal.organizationId, principal, checked);
      const result = await storeEvents(db, deps.catalogue, principal.organizationId, events, { copyIn: deps.copyIn, at: 'body/events' });
      return reply.code(202).send(result);
    },
  );
}
