import { Type } from '@sinclair/typebox';
import { hashPassword } from '../../domain/passwords.js';
import { consumeSetupToken } from '../../repositories/setup-link.js';
import { requestOrigin } from '../../http/audit-actor.js';
import { assertConsoleOrigin } from '../../http/auth.js';
import type { App } from '../../http/context.js';
import { ApiError } from '../../http/errors.js';
import { ConsoleSession, Email, Password } from '../../schemas/index.js';
import { anyOrganizationExists, insertOrganizationWithOwner } from '../../repositories/organizations.js';
import { markJoined, setPasswordHash } from '../../repositories/users.js';
import { startConsoleSession } from './start-session.js';

// POST /api/v0/auth/setup — the one-time setup link printed by a server started on an empty
// store: creates the first organization and its owner, and signs the owner in.
export default async function setupRoute(app: App) {
  app.post(
    '/setup',
    {
      schema: {
        summary: 'Create the first organization and its owner (one-time setup link)',
        tags: ['console'],
        security: [],
        body: Type.Object(
          {
            token: Type.String({ minLength: 1, maxLength: 200 }),
            organizationName: Type.String({ minLength: 1, maxLength: 200 }),
            email: Email,
            name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
            password: Password,
          },
          { additionalProperties: false },
        ),
        response: { 201: Type.Ref(ConsoleSession) },
      },
    },
    async (request, reply) => {
      assertConsoleOrigin(request, app.services.config.publicAppUrl);
      const passwordHash = await hashPassword(request.body.password);
      const answer = await app.services.db.transaction().execute(async (trx) => {
        if (!(await consumeSetupToken(trx, request.body.token))) throw new ApiError('not_found', 'this setup link is unknown or used: restart the server on an empty store for a new one');
        if (await anyOrganizationExists(trx)) throw new ApiError('conflict', 'Quarterdeck is already set up: ask an owner of your organization for an invitation');
        const { organization, owner } = await insertOrganizationWithOwner(trx, { name: request.body.organizationName, ownerEmail: request.body.email, ownerName: request.body.name ?? null });
        await setPasswordHash(trx, organization.id, owner.id, passwordHash);
        await markJoined(trx, organization.id, owner.id, { method: 'setup', origin: requestOrigin(request) });
        return startConsoleSession(app, reply, trx, { organizationId: organization.id, userId: owner.id });
      });
      return reply.code(201).send(answer);
    },
  );
}
