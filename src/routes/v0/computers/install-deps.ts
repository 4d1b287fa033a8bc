import { Type } from '@sinclair/typebox';
import { INSTALL_DEPS_STEP, retryInstallDeps } from '../../../domain/computer-status.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Computer } from '../../../schemas/index.js';
import { changeStep } from '../../../repositories/computers.js';
import { ComputerParams } from '../../../schemas/index.js';
import { computerView } from '../../../schemas/index.js';
import { findVisibleComputer } from '../../../repositories/computers.js';

// POST /api/v0/computers/{computerId}/install-deps — retries the install-deps step once it has
// completed or failed (409 while pending or running); 202 with the computer.
export default async function installDepsRoute(app: App) {
  app.post(
    '/computers/:computerId/install-deps',
    {
      schema: { summary: 'Retry installing dependencies', tags: ['computers'], params: ComputerParams, response: { 202: Type.Ref(Computer) } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const computer = await findVisibleComputer(app.services.db, principal, request.params.computerId);
      const now = new Date();
      await changeStep(app.services.db, principal.organizationId, computer.id, INSTALL_DEPS_STEP, (step) => retryInstallDeps(step, now));
      return reply.code(202).send(computerView(await findVisibleComputer(app.services.db, principal, computer.id)));
    },
  );
}
