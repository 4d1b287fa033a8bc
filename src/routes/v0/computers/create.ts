import { Type } from '@sinclair/typebox';
import { assertComputerCreationAllowed } from '../../../domain/policies.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { invalidInput } from '../../../domain/errors.js';
import { Computer, RepoSpec, StringEnum } from '../../../schemas/index.js';
import { insertComputer } from '../../../repositories/computers.js';
import { currentSettings } from '../../../repositories/enterprise-controls.js';
import { ComputerName, HostId, RemoteUser } from '../../../schemas/index.js';
import { computerView } from '../../../schemas/index.js';

// POST /api/v0/computers — registers a computer owned by the caller, if the organization's
// computer controls allow it (403). Its agent's token is in this answer only. `provider` is a
// synonym of `providerType` (some clients send it); one of them is required, and both must agree.

const ProviderType = StringEnum(['byom', 'hosted']);

function providerTypeOf(providerType: 'byom' | 'hosted' | undefined, provider: 'byom' | 'hosted' | undefined): 'byom' | 'hosted' {
  const given = providerType ?? provider;
  if (given === undefined) throw invalidInput('providerType is required', [{ path: 'body/providerType', message: 'required (or its synonym provider)' }]);
  if (provider !== undefined && provider !== given) throw invalidInput('provider and providerType differ', [{ path: 'body/provider', message: 'must equal providerType when both are given' }]);
  return given;
}
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
            providerType: Type.Optional(ProviderType),
            provider: Type.Optional(ProviderType),
            hostname: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
            remoteUser: Type.Optional(RemoteUser),
            hostId: Type.Optional(HostId),
            repos: Type.Optional(Type.Array(Type.Ref(RepoSpec), { maxItems: 20 })),
            autoInstallDeps: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Composite([Computer, Type.Object({ computerToken: Type.String({ description: "The agent's credential; shown once" }) })]) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { provider, ...fields } = request.body;
      const providerType = providerTypeOf(fields.providerType, provider);
      assertComputerCreationAllowed(await currentSettings(app.services.db, principal.organizationId), providerType, principal.email);
      const { record, token } = await insertComputer(app.services.db, principal.organizationId, principal.userId, { ...fields, providerType });
      return reply.code(201).send({ ...computerView(record), computerToken: token });
    },
  );
}
