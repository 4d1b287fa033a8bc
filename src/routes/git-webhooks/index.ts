import { createHash, timingSafeEqual } from 'node:crypto';
import { verify } from '@octokit/webhooks-methods';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { gitHubFacts, gitLabFacts } from '../../git-hosts/events.js';
import { invalidInput } from '../../domain/errors.js';
import { jsonLimitProblem } from '../../http/json-body.js';
import { ApiError } from '../../http/errors.js';
import type { App } from '../../http/context.js';
import { gitHostForDelivery, type GitHostRecord } from '../../repositories/git-hosts.js';
import { recordGitDelivery } from '../../repositories/git-deliveries.js';
import { queueForRepositories } from '../../repositories/readiness-evaluations.js';
import { StringEnum } from '../../schemas/index.js';

// POST /api/v1/git-hosts/{gitHostId}/webhook — where a connected host posts its events
// (docs/outcomes.md). No API key: the host's own signature is the credential, checked on the raw
// body before anything is parsed. A missing or wrong signature is 401 and stores nothing.

/** Pushes of many commits are the largest deliveries; GitHub caps a payload at 25 MB, a limit far above what pull request and push events of real repositories reach. */
const MAX_DELIVERY_BYTES = 5 * 1024 * 1024;
const MAX_DELIVERY_ID = 128;

const Header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const unauthorized = (detail: string) => new ApiError('unauthorized', detail);

/** GitLab sends the secret itself: compared in constant time (digests of equal length whatever the token's). */
function sameToken(given: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}

interface Delivery {
  id: string;
  event: string;
}

/** The delivery's id and event, once its signature holds for the host's secret; else 401. */
async function verifiedDelivery(request: FastifyRequest, host: GitHostRecord & { secret: string }, body: string): Promise<Delivery> {
  if (host.provider === 'github') {
    const signature = Header(request, 'x-hub-signature-256');
    if (!signature) throw unauthorized('X-Hub-Signature-256 is missing');
    if (!(await verify(host.secret, body, signature).catch(() => false))) throw unauthorized('X-Hub-Signature-256 does not match the body and the secret');
    return { id: requiredHeader(request, 'x-github-delivery'), event: requiredHeader(request, 'x-github-event') };
  }
  const token = Header(request, 'x-gitlab-token');
  if (!token) throw unauthorized('X-Gitlab-Token is missing');
  if (!sameToken(token, host.secret)) throw unauthorized('X-Gitlab-Token is not the secret');
  return { id: requiredHeader(request, 'x-gitlab-event-uuid'), event: requiredHeader(request, 'x-gitlab-event') };
}

function requiredHeader(request: FastifyRequest, name: string): string {
  const value = Header(request, name);
  if (!value || value.length > MAX_DELIVERY_ID) throw invalidInput(`${name} is missing or longer than ${MAX_DELIVERY_ID} characters`, [{ path: `headers/${name}`, message: 'required, 1-128 characters' }]);
  return value;
}

function parsed(body: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw invalidInput('the body is not JSON', [{ path: 'body', message: 'not JSON' }]);
  }
  const problem = jsonLimitProblem(value);
  if (problem) throw invalidInput(`${problem.path}: ${problem.message}`, [problem]);
  return value;
}

export default async function gitWebhookRoutes(app: App) {
  // The raw text: the signature is over the bytes as sent. JSON only (a host set to send form
  // data gets 415).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_DELIVERY_BYTES }, (_request, body, done) => done(null, body));
  app.post(
    '/git-hosts/:gitHostId/webhook',
    {
      schema: {
        summary: "A git host's webhook delivery (GitHub or GitLab), signed with the host's secret",
        tags: ['git-hosts'],
        security: [],
        params: Type.Object({ gitHostId: Type.String({ minLength: 1, maxLength: 128 }) }),
        response: { 200: Type.Object({ outcome: StringEnum(['stored', 'ignored', 'duplicate'], { description: 'duplicate: this delivery id was stored before; nothing changed' }) }) },
      },
    },
    async (request) => {
      const host = await gitHostForDelivery(app.services.db, await app.services.secretBox(), request.params.gitHostId);
      if (!host) throw new ApiError('not_found', 'git host not found');
      const body = typeof request.body === 'string' ? request.body : '';
      const delivery = await verifiedDelivery(request, host, body);
      const payload = parsed(body);
      const facts = host.provider === 'github' ? gitHubFacts(delivery.event, payload) : gitLabFacts(delivery.event, payload);
      const outcome = await recordGitDelivery(app.services.db, host, delivery, facts);
      // A push to the default branch changes what readiness reads: evaluated again on a computer
      // (when the repository is one the organization evaluates; a delivery sent again queues nothing).
      if (outcome === 'stored' && facts?.defaultBranchPush) await queueForRepositories(app.services.db, host.organizationId, 'push', { repoIds: [facts.defaultBranchPush] });
      return { outcome };
    },
  );
}
