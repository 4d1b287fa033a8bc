import { Type, type Static } from '@sinclair/typebox';
import { repoIdOf } from '../../../domain/repo-id.js';
import { cloneUrlProblem } from '../../../domain/readiness-schedule.js';
import { invalidInput } from '../../../domain/errors.js';
import { MANAGERS } from '../../../domain/roles.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf, requireRole } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { latestEvaluations, listRepository } from '../../../repositories/readiness-evaluations.js';
import { evaluatedRepositoryView, ReadinessRepository } from '../../../schemas/index.js';

const Body = Type.Object(
  {
    cloneUrl: Type.String({ minLength: 1, maxLength: 2048, description: 'https://, ssh://, git:// or user@host:owner/name; no credentials in it' }),
    repoId: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'The repository it is (a URL or host/owner/name); default: the clone URL\'s' })),
  },
  { additionalProperties: false },
);

// POST /api/v0/readiness/repositories — puts a repository on the organization's list (which then
// replaces the default). 409 when its repoId is listed already.
export default async function addReadinessRepositoryRoute(app: App) {
  app.post(
    '/readiness/repositories',
    {
      preHandler: requireRole(MANAGERS),
      schema: { summary: 'List a repository to evaluate for readiness', tags: ['readiness'], body: Body, response: { 201: Type.Object({ repository: Type.Ref(ReadinessRepository) }) } },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const body = request.body as Static<typeof Body>;
      const problem = cloneUrlProblem(body.cloneUrl, app.services.config.readinessLocalRemotes);
      if (problem) throw invalidInput(`cloneUrl: ${problem}`, [{ path: 'body/cloneUrl', message: problem }]);
      if (/^[a-z][a-z0-9+.-]*:\/\/[^/@]*:[^/@]*@/i.test(body.cloneUrl)) {
        throw invalidInput('cloneUrl carries a password: computers clone with their own git credentials', [{ path: 'body/cloneUrl', message: 'credentials in the URL' }]);
      }
      const repoId = repoIdOf(body.repoId ?? body.cloneUrl);
      if (repoId === undefined) {
        const path = body.repoId === undefined ? 'body/cloneUrl' : 'body/repoId';
        throw invalidInput('the repository has no id (host/owner/name): give repoId for a clone URL that names none', [{ path, message: 'names no repository' }]);
      }
      const repository = await listRepository(app.services.db, organizationId, { repoId, cloneUrl: body.cloneUrl }, auditActorOf(request));
      const last = await latestEvaluations(app.services.db, organizationId, [repoId]);
      return reply.code(201).send({ repository: evaluatedRepositoryView(repository, last.get(repoId)) });
    },
  );
}
