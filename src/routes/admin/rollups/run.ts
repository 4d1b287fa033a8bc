import { Type } from '@sinclair/typebox';
import { runAllPendingRollups } from '../../../analytics/rollup.js';
import type { App } from '../../../http/context.js';

/** How long to wait for days another replica is aggregating before answering anyway. */
const WAIT_FOR_OTHERS_MS = 30_000;

// POST /admin/v1/rollups/run — aggregates every pending ended day now; answers when done.
export default async function runRollupsRoute(app: App) {
  app.post(
    '/rollups/run',
    {
      schema: {
        summary: 'Run the analytics rollup for every pending day',
        tags: ['admin'],
        response: {
          200: Type.Object({
            aggregatedDays: Type.Integer({ description: 'Organization-days aggregated by this call' }),
            pendingDays: Type.Integer({ description: 'Ended days still pending (being aggregated by another replica)' }),
          }),
        },
      },
    },
    async () => runAllPendingRollups(app.services.db, WAIT_FOR_OTHERS_MS),
  );
}
