import { Type } from '@sinclair/typebox';
import type { App } from '../../../http/context.js';

const RetentionResult = Type.Object({
  ran: Type.Boolean({ description: 'false: another replica holds the retention lease and is running the pass (call again later)' }),
  closedBefore: Type.Union([Type.String({ format: 'date' }), Type.Null()], { description: 'The first UTC day whose events are kept; older events are refused. null: nothing was ever dropped' }),
  droppedPartitions: Type.Array(Type.String(), { description: 'The monthly event partitions this call dropped, oldest first' }),
  deletedKeys: Type.Integer({ description: 'Idempotency keys this call deleted' }),
});

// POST /admin/v1/telemetry/retention/run — runs the telemetry retention pass now (docs/retention.md):
// closes the days before TELEMETRY_RETENTION_MONTHS, deletes their events' idempotency keys and
// drops their monthly partitions. 200 when this replica ran it; 202 when another one holds the lease.
export default async function runTelemetryRetentionRoute(app: App) {
  app.post(
    '/telemetry/retention/run',
    {
      schema: {
        summary: 'Run the telemetry retention pass now',
        tags: ['admin'],
        response: { 200: RetentionResult, 202: RetentionResult },
      },
    },
    async (_request, reply) => {
      const report = await app.services.telemetryRetention.run();
      return reply.code(report.ran ? 200 : 202).send({ ...report, closedBefore: report.closedBefore ?? null });
    },
  );
}
