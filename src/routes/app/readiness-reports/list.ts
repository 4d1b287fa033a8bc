import { Type } from '@sinclair/typebox';
import { repoIdOf } from '../../../domain/repo-id.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { invalidInput } from '../../../domain/errors.js';
import { ReadinessReport } from '../../../schemas/index.js';
import { findReportPosition, listReports } from '../../../repositories/readiness-reports.js';
import { reportView } from '../../../schemas/index.js';

// GET /api/organization/maturity-level-reports — newest first (createdAt, then reportId, both
// descending). Continue with startAfter = the last reportId; a page shorter than limit is the end.
// The same list answers at /api/organization/agent-readiness-reports, the name newer clients use.
export const READINESS_REPORT_PATHS = ['/api/organization/maturity-level-reports', '/api/organization/agent-readiness-reports'] as const;

export default async function listReadinessReportsRoute(app: App) {
  for (const path of READINESS_REPORT_PATHS) registerList(app, path);
}

function registerList(app: App, path: (typeof READINESS_REPORT_PATHS)[number]) {
  app.get(
    path,
    {
      schema: {
        summary: 'List readiness reports',
        tags: ['readiness-reports'],
        querystring: Type.Object({
          repoId: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'host/owner/name (a repository URL is normalized to it)' })),
          limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
          startAfter: Type.Optional(Type.String({ format: 'uuid', description: 'The reportId of the last report of the previous page' })),
        }),
        response: { 200: Type.Object({ reports: Type.Array(Type.Ref(ReadinessReport)) }) },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const { limit, startAfter } = request.query;
      // A repository URL works as a filter too: it is normalized like uploaded ones.
      const { repoId } = request.query;
      const filter = { repoId: repoId === undefined ? undefined : (repoIdOf(repoId) ?? repoId.toLowerCase()) };
      const after = startAfter === undefined ? undefined : await findReportPosition(app.services.db, organizationId, startAfter.toLowerCase(), filter);
      if (startAfter !== undefined && after === undefined) {
        throw invalidInput('startAfter is not a report of this organization within this filter', [{ path: 'querystring/startAfter', message: 'unknown report' }]);
      }
      const reports = await listReports(app.services.db, organizationId, filter, { after, limit });
      return { reports: reports.map(reportView) };
    },
  );
}
