import { Type } from '@sinclair/typebox';
import { runAllPendingRollups } from '../../../analytics/rollup.js';
import type { App } from '../../../http/context.js';

/** How long to wait, by default, for days another replica is aggregating before answering anyway. */
const WAIT_FOR_OTHERS_MS = 30_000;

const RunResult = Type.Object({
  status: Type.Union([Type.Literal('done'), Type.Literal('pending')], { description: 'done: nothing ended is pending; pending: days are still being aggregated elsewhere' }),
  aggregatedDays: Type.Integer({ description: 'Organization-days aggregated by this call' }),
  pendingDays: Type.Integer({ description: 'Ended days still pending (being aggregated by another replica, or waiting for a dead claimer\'s lease to lapse)' }),
});

// POST /admin/v1/rollups/run — aggregates every pending ended day now. 200 {status: 'done'} when
// nothing ended is pending; 202 {status: 'pending'} when days were still claimed elsewhere after
// waiting up to `waitMs` (call again).
export default async function runRollupsRoute(app: App) {
  app.post(
    '/rollups/run',
    {
      schema: {
        summary: 'Run the analytics rollup for every pending day',
        tags: ['admin'],
        querystring: Type.Object({
          waitMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 120_000, default: WAIT_FOR_OTHERS_MS, description: 'How long to wait for days claimed elsewhere' })),
        }),
        response: { 200: RunResult, 202: RunResult },
      },
    },
    async (request, reply) => {
      const result = await runAllPendingRollups(app.services.db, request.query.waitMs ?? WAIT_FOR_OTHERS_MS);
      // The analytics reads of this server see what was just rolled up, on a replica or not.
      await app.services.readReplicas?.rolledUp();
      const status = result.pendingDays === 0 ? 'done' : 'pending';
      return reply.code(status === 'done' ? 200 : 202).send({ status, ...result });
    },
  );
}
