import { Type } from '@sinclair/typebox';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Computer } from '../../../schemas/index.js';
import { updateComputer } from '../../../repositories/computers.js';
import { ComputerName, ComputerParams, HostId, RemoteUser } from '../../../schemas/index.js';
import { computerView } from '../../../schemas/index.js';
import { findVisibleComputer } from '../../../repositories/computers.js';

// PATCH /api/v0/computers/{computerId} — exactly name, hostId and remoteUser (api.md); audited
// as computer.updated (docs/audit-log.md).
export default async function updateComputerRoute(app: App) {
  app.patch(
    '/computers/:computerId',
    {
      schema: {
        summary: 'Update a computer',
        tags: ['computers'],
        params: ComputerParams,
        body: Type.Object({ name: Type.Optional(ComputerName), hostId: Type.Optional(HostId), remoteUser: Type.Optional(RemoteUser) }, { additionalProperties: false }),
        response: { 200: Type.Ref(Computer) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const computer = await findVisibleComputer(app.services.db, principal, request.params.computerId);
      await updateComputer(app.services.db, principal.organizationId, computer.id, request.body, auditActorOf(request));
      return computerView(await findVisibleComputer(app.services.db, principal, computer.id));
    },
  );
}
