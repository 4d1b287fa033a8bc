import type { App } from '../../../http/context.js';
import { sendError } from '../../../http/error-handler.js';

// POST /admin/v1/backup — the embedded store's backup (db/backup.ts), taken while the server keeps
// serving: one consistent state of the database plus the settings key DATA_DIR keeps. On
// PostgreSQL the database is backed up with its own tools (docs/operations.md): 409.
export default async function createBackupRoute(app: App) {
  app.post(
    '/backup',
    { schema: { summary: 'Back up the embedded store (application/octet-stream; `quarterdeck backup FILE`)', tags: ['admin'] } },
    async (request, reply) => {
      const { backup } = app.services;
      if (!backup) return sendError(request, reply, 'conflict', 'this server runs on PostgreSQL: back it up with pg_dump or point-in-time recovery (docs/operations.md)');
      const bytes = await backup();
      request.log.info({ bytes: bytes.length }, 'backup taken');
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', `attachment; filename="quarterdeck-${new Date().toISOString().slice(0, 10)}.qdbackup"`)
        .send(bytes);
    },
  );
}
