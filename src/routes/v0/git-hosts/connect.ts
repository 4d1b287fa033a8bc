import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { connectGitHost } from '../../../repositories/git-hosts.js';
import { GIT_PROVIDERS } from '../../../domain/git-facts.js';
import { GitHostWithSecret, gitHostView, StringEnum } from '../../../schemas/index.js';

const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';

// POST /api/v0/git-hosts — answers the webhook URL and secret to paste into the host, the secret once.
export default async function connectGitHostRoute(app: App) {
  app.post(
    '/git-hosts',
    {
      schema: {
        summary: 'Connect a git host (GitHub or GitLab)',
        tags: ['git-hosts'],
        body: Type.Object({ provider: StringEnum(GIT_PROVIDERS), name: Type.Optional(Type.String({ maxLength: 100, pattern: NO_CONTROL_CHARACTERS })) }, { additionalProperties: false }),
        response: { 201: GitHostWithSecret },
      },
    },
    async (request, reply) => {
      const { organizationId } = principalOf(request);
      const { host, secret } = await connectGitHost(app.services.db, await app.services.secretBox(), organizationId, request.body, auditActorOf(request));
      return reply.code(201).send({ ...gitHostView(host, app.services.config.publicApiUrl), webhookSecret: secret });
    },
  );
}
