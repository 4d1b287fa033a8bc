import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { ComputerParams } from '../../../schemas/index.js';
import { findVisibleComputer, requestRefresh } from '../../../repositories/computers.js';

// POST /api/v0/computers/{computerId}/refresh — the agent brings the computer's repositories up to
// date with its next heartbeat (clones the missing ones, fast-forwards the others; docs/agent.md).
// `configured`: how many repositories the refresh covers.
export default async function refreshComputerRoute(app: App) {
  app.post(
    '/computers/:computerId/refresh',
    {
      schema: {
        summary: "Refresh a computer's repositories",
        tags: ['computers'],
        params: ComputerParams,
        response: { 200: Type.Object({ configured: Type.Integer({ minimum: 0, description: 'The repositories the refresh covers' }) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const computer = await findVisibleComputer(app.services.db, principal, request.params.computerId);
      await requestRefresh(app.services.db, principal.organizationId, computer.id);
      return { configured: computer.repos.length };
    },
  );
}
