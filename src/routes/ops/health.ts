import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { App } from '../../http/context.js';
import { sendError } from '../../http/error-handler.js';

// GET /healthz (the process answers) and GET /readyz (the database answers too). No credentials.
// Probes call them every few seconds: their answers are not in the access log (LOG_LEVEL info),
// their failures are (docs/configuration.md). Redis is not a condition of readiness (the API
// works without it, with its rate limits open), so a missing Redis answers 200 "degraded" and
// says what is wrong rather than take every replica out of the load balancer. So do read replicas
// (DATABASE_READ_URL) taken out: the analytics reads go to the primary meanwhile.
export default async function healthRoutes(app: App) {
  app.get('/healthz', { logLevel: 'warn', schema: { tags: ['operations'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  const Ready = Type.Object({
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    redis: Type.Optional(Type.String({ description: 'With REDIS_URL: "up", or why Redis is down and the rate limits are open' })),
    read_replicas: Type.Optional(
      Type.Array(
        Type.Object({
          replica: Type.String({ description: 'host:port/database' }),
          in_use: Type.Boolean({ description: 'false: the analytics reads go to the primary instead' }),
          lag_seconds: Type.Union([Type.Number(), Type.Null()], { description: 'How long it has been behind WAL the primary had written; null while unreachable' }),
          problem: Type.Optional(Type.String({ description: 'Why it is not in use' })),
        }),
        { description: 'With DATABASE_READ_URL: each read replica of the analytics reads' },
      ),
    ),
  });
  app.get('/readyz', { logLevel: 'warn', schema: { tags: ['operations'], response: { 200: Ready } } }, async (request, reply) => {
    try {
      await sql`SELECT 1`.execute(app.services.db);
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return sendError(request, reply, 'unavailable', 'database not reachable');
    }
    const { redis, readReplicas } = app.services;
    const replicas = readReplicas?.states().map(({ name, inUse, lagSeconds, problem }) => ({ replica: name, in_use: inUse, lag_seconds: lagSeconds, ...(problem === undefined ? {} : { problem }) }));
    const degraded = (redis !== undefined && !redis.up) || (replicas?.some((replica) => !replica.in_use) ?? false);
    return {
      status: degraded ? ('degraded' as const) : ('ok' as const),
      ...(redis ? { redis: redis.up ? 'up' : `${redis.current} (${redis.downReason}): rate limits are not enforced` } : {}),
      ...(replicas ? { read_replicas: replicas } : {}),
    };
  });
}
