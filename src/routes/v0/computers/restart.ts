import { Type } from '@sinclair/typebox';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Computer, ComputerParams, computerView } from '../../../schemas/index.js';
import { findVisibleComputer, requestRestart } from '../../../repositories/computers.js';

// POST /api/v0/computers/{computerId}/restart — the computer provisions again: its steps return
// to pending, its run in progress goes back to the queue, and its agent, told with its next
// heartbeat, runs connect and install-deps again (docs/agent.md). 202 with the computer.
export default async function restartComputerRoute(app: App) {
  app.post(
    '/computers/:computerId/restart',
    { schema: { summary: 'Restart a computer', tags: ['computers'], params: ComputerParams, response: { 202: Type.Ref(Computer) } } },
    async (request, reply) => {
      const principal = principalOf(request);
      const { db, claimWakeups } = app.services;
      const computer = await findVisibleComputer(db, principal, request.params.computerId);
      for (const requeued of await requestRestart(db, principal.organizationId, computer.id)) claimWakeups.wake(requeued);
      return reply.code(202).send(computerView(await findVisibleComputer(db, principal, computer.id)));
    },
  );
}
