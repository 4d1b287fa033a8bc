import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { findGitHost } from '../../../repositories/git-hosts.js';
import { GitHost, gitHostView } from '../../../schemas/index.js';
import { GitHostParams } from './params.js';

// GET /api/v0/git-hosts/{gitHostId} — without its secret.
export default async function getGitHostRoute(app: App) {
  app.get(
    '/git-hosts/:gitHostId',
    { schema: { summary: 'Get a connected git host', tags: ['git-hosts'], params: GitHostParams, response: { 200: Type.Object({ gitHost: Type.Ref(GitHost) }) } } },
    async (request) => {
      const { organizationId } = principalOf(request);
      return { gitHost: gitHostView(await findGitHost(app.services.db, organizationId, request.params.gitHostId), app.services.config.publicApiUrl) };
    },
  );
}
