import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { invalidInput } from '../../../domain/errors.js';
import { ComputerMetric, ComputerParams } from '../../../schemas/index.js';
import { METRICS_HISTORY_MS, findVisibleComputer, listMetrics } from '../../../repositories/computers.js';

// GET /api/v0/computers/{computerId}/metrics[?start=ISO time] — CPU, memory and disk as its agent
// reported them with its heartbeats, oldest first, the latest last: the samples since `start`
// within the kept history (the last hour); all of it without `start` (or with an empty one, as
// some clients send).
export default async function computerMetricsRoute(app: App) {
  app.get(
    '/computers/:computerId/metrics',
    {
      schema: {
        summary: 'Machine metrics of a computer',
        tags: ['computers'],
        params: ComputerParams,
        querystring: Type.Object({ start: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601 time: samples from then on' })) }),
        response: { 200: Type.Array(Type.Ref(ComputerMetric)) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const computer = await findVisibleComputer(app.services.db, principal, request.params.computerId);
      const oldest = Date.now() - METRICS_HISTORY_MS;
      const { start } = request.query;
      const from = start ? Date.parse(start) : oldest;
      if (Number.isNaN(from)) throw invalidInput('start is not a time', [{ path: 'querystring/start', message: 'must be an ISO 8601 time' }]);
      const samples = await listMetrics(app.services.db, principal.organizationId, computer.id, new Date(Math.max(from, oldest)));
      return samples.map(({ recordedAt, ...sample }) => ({ timestamp: recordedAt.toISOString(), ...sample }));
    },
  );
}
