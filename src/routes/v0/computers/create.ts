import { Type } from '@sinclair/typebox';
import { assertComputerCreationAllowed } from '../../../domain/policies.js';
import { auditActorOf } from '../../../http/audit-actor.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { invalidInput } from '../../../domain/errors.js';
import { Computer, RepoInput, StringEnum } from '../../../schemas/index.js';
import { insertComputer } from '../../../repositories/computers.js';
import { currentSettings } from '../../../repositories/enterprise-controls.js';
import { ComputerName, HostId, RemoteUser } from '../../../schemas/index.js';
import { computerView } from '../../../schemas/index.js';

// POST /api/v0/computers — registers a computer owned by the caller, if the organization's
// computer controls allow it (403). Its agent's token is in this answer only. `provider` is a
// synonym of `providerType` (some clients send it); both must agree when both are given, and
// without either the computer is `byom`, the kind Quarterdeck runs itself with
// `quarterdeck agent` (decisions.md §13). `repos` items are URLs or `{url, branch?}`.

const ProviderType = StringEnum(['byom', 'hosted']);

function providerTypeOf(providerType: 'byom' | 'hosted' | undefined, provider: 'byom' | 'hosted' | undefined): 'byom' | 'hosted' {
  if (providerType !== undefined && provider !== undefined && provider !== providerType) {
    throw invalidInput('provider and providerType differ', [{ path: 'body/provider', message: 'must equal providerType when both are given' }]);
  }
  return providerType ?? provider ?? 'byom';
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
            repos: Type.Optional(Type.Array(RepoInput, { maxItems: 20 })),
            autoInstallDeps: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Composite([Computer, Type.Object({ computerToken: Type.String({ description: "The agent's credential; shown once" }) })]) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { provider, repos, ...fields } = request.body;
      const providerType = providerTypeOf(fields.providerType, provider);
      assertComputerCreationAllowed(await currentSettings(app.services.db, principal.organizationId), providerType, principal.email);
      const { record, token } = await insertComputer(app.services.db, principal.organizationId, principal.userId, {
        ...fields,
        providerType,
        ...(repos ? { repos: repos.map((repo) => (typeof repo === 'string' ? { url: repo } : repo)) } : {}),
      }, auditActorOf(request));
      return reply.code(201).send({ ...computerView(record), computerToken: token });
    },
  );
}
