import { Type } from '@sinclair/typebox';
import { rejectFieldErrors, type FieldError } from '../../../domain/errors.js';
import { repoIdOf } from '../../../domain/repo-id.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { recordAgentCommits } from '../../../repositories/agent-commits.js';

const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';

const AgentCommit = Type.Object(
  {
    sha: Type.String({ pattern: '^([0-9a-f]{40}|[0-9a-f]{64})$', description: 'The full commit id, lower-case hex (SHA-1, or SHA-256 repositories)' }),
    repository: Type.Union([Type.String({ minLength: 1, maxLength: 500 }), Type.Null()], { description: 'The origin remote: an id `host/owner/name` or a URL, stored as the id; null without a remote' }),
    branch: Type.Union([Type.String({ minLength: 1, maxLength: 255, pattern: NO_CONTROL_CHARACTERS }), Type.Null()], { description: 'null on a detached HEAD' }),
    sessionId: Type.String({ minLength: 1, maxLength: 128, pattern: NO_CONTROL_CHARACTERS }),
    agent: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9._-]*$', description: 'The agent dimension id, e.g. claude-code' }),
    committedAt: Type.String({ format: 'date-time' }),
    linesAdded: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
    linesRemoved: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  },
  { additionalProperties: false },
);

// POST /api/v0/agent-commits — the hooks report commits made during an agent session; the caller
// is the person. Idempotent per organization and SHA: the first report of a SHA is kept.
export default async function recordAgentCommitsRoute(app: App) {
  app.post(
    '/agent-commits',
    {
      schema: {
        summary: 'Record commits made during an agent session (idempotent per SHA)',
        tags: ['outcomes'],
        body: Type.Object({ commits: Type.Array(AgentCommit, { minItems: 1, maxItems: 100 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ recorded: Type.Integer(), duplicates: Type.Integer() }) },
      },
    },
    async (request) => {
      const { organizationId, userId } = principalOf(request);
      const errors: FieldError[] = [];
      const reports = request.body.commits.map((commit, index) => {
        const repository = commit.repository === null ? null : repoIdOf(commit.repository);
        if (repository === undefined) errors.push({ path: `body/commits/${index}/repository`, message: 'names no repository (host/owner/name)' });
        return { ...commit, repository: repository ?? null, committedAt: new Date(commit.committedAt) };
      });
      rejectFieldErrors(errors);
      // One report per SHA: the first in the body, as across requests.
      const seen = new Set<string>();
      const unique = reports.filter((report) => !seen.has(report.sha) && Boolean(seen.add(report.sha)));
      const result = await recordAgentCommits(app.services.db, organizationId, userId, unique);
      return { recorded: result.recorded, duplicates: result.duplicates + reports.length - unique.length };
    },
  );
}
