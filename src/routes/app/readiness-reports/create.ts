import { randomUUID } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { repoIdOf } from '../../../domain/repo-id.js';
import { MEMBERS } from '../../../domain/roles.js';
import { principalOf, requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { type FieldError } from '../../../http/errors.js';
import { invalidInput } from '../../../domain/errors.js';
import { ReadinessReport, ReadinessReportInput } from '../../../schemas/index.js';
import { insertReport } from '../../../repositories/readiness-reports.js';
import { reportView } from '../../../schemas/index.js';
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
        const input = request.body as Static<typeof ReadinessReportInput>;
        // A count of passing sub-applications cannot exceed the count evaluated.
        const errors: FieldError[] = Object.entries(input.report)
          .filter(([, criterion]) => criterion.numerator !== null && criterion.numerator > criterion.denominator)
          .map(([id]) => ({ path: `body/report/${id}/numerator`, message: 'must be at most denominator' }));
        if (errors.length > 0) throw invalidInput('a criterion numerator exceeds its denominator', errors);
        const repoId = repoIdOf(input.repoUrl);
        if (repoId === undefined) throw invalidInput('repoUrl names no repository (expected host/owner/name as https, ssh or git@host:owner/name)', [{ path: 'body/repoUrl', message: 'not a repository URL' }]);
        const record = { reportId: randomUUID(), repoId, createdAt: Date.now(), body: input };
        await insertReport(app.services.db, principal.organizationId, record);
        return reply.code(201).send(reportView(record));
      },
    );
  }
}
