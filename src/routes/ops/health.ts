import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { App } from '../../http/context.js';
import { sendError } from '../../http/error-handler.js';

// GET /healthz (the process answers) and GET /readyz (the database answers too). No credentials.
export default async function healthRoutes(app: App) {
  app.get('/healthz', { schema: { tags: ['operations'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  app.get('/readyz', { schema: { tags: ['operations'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async (request, reply) => {
    try {
      await sql`SELECT 1`.execute(app.services.db);
      return { status: 'ok' as const };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return sendError(request, reply, 'unavailable', 'database not reachable');
    }
  });
}
