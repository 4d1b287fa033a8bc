import { Type, type Static } from '@sinclair/typebox';
import { MEMBERS } from '../../../domain/roles.js';
import { principalOf, requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { ReadinessReport, ReadinessReportInput } from '../../../schemas/index.js';
import { insertReport } from '../../../repositories/readiness-reports.js';
import { reportRecordOf, reportView } from '../../../schemas/index.js';
import { READINESS_REPORT_PATHS } from './list.js';

// POST /api/organization/maturity-level-reports — the agent client uploads a report. Newer
// clients write to /api/organization/agent-readiness-reports: the same upload (decisions.md).
export default async function createReadinessReportRoute(app: App) {
  for (const path of READINESS_REPORT_PATHS) {
    app.post(
      path,
      {
        preHandler: requireRole(MEMBERS),
        schema: {
          summary: 'Upload a readiness report',
          tags: ['readiness-reports'],
          body: Type.Ref(ReadinessReportInput),
          response: { 201: Type.Ref(ReadinessReport) },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const record = reportRecordOf(request.body as Static<typeof ReadinessReportInput>, Date.now());
        await insertReport(app.services.db, principal.organizationId, record);
        return reply.code(201).send(reportView(record));
      },
    );
  }
}
