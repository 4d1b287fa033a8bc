import { Type } from '@sinclair/typebox';
import { assertComputerCreationAllowed } from '../../../domain/policies.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { Computer, StringEnum } from '../../../schemas/index.js';
import { insertComputer } from '../../../repositories/computers.js';
import { currentSettings } from '../../../repositories/enterprise-controls.js';
import { ComputerName, HostId, RemoteUser } from '../../../schemas/index.js';
import { computerView } from '../../../schemas/index.js';

// POST /api/v0/computers — registers a computer owned by the caller, if the organization's
// computer controls allow it (403). Its agent's token is in this answer only.
export default async function createComputerRoute(app: App) {
  app.post(
    '/computers',
    {
      schema: {
        summary: 'Register a computer',
        tags: ['computers'],
        body: Type.Object(
          {
            name: ComputerName,
            providerType: StringEnum(['byom', 'hosted']),
            hostname: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
            remoteUser: Type.Optional(RemoteUser),
            hostId: Type.Optional(HostId),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Composite([Computer, Type.Object({ computerToken: Type.String({ description: "The agent's credential; shown once" }) })]) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      assertComputerCreationAllowed(await currentSettings(app.services.db, principal.organizationId), request.body.providerType, principal.email);
      const { record, token } = await insertComputer(app.services.db, principal.organizationId, principal.userId, request.body);
      return reply.code(201).send({ ...computerView(record), computerToken: token });
    },
  );
}
