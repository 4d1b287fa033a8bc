import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { App } from '../../http/context.js';
import { sendError } from '../../http/error-handler.js';

// GET /healthz (the process answers) and GET /readyz (the database answers too). No credentials.
// Probes call them every few seconds: their answers are not in the access log (LOG_LEVEL info),
// their failures are (docs/configuration.md).
export default async function healthRoutes(app: App) {
  app.get('/healthz', { logLevel: 'warn', schema: { tags: ['operations'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { logLevel: 'warn', schema: { tags: ['operations'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async (request, reply) => {
    try {
      await sql`SELECT 1`.execute(app.services.db);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return sendError(request, reply, 'unavailable', 'database not reachable');
    }
  });
}
