import { Type, type Static } from '@sinclair/typebox';
import { newId } from '../../../domain/ids.js';
import type { App } from '../../../http/context.js';
import { notFound } from '../../../domain/errors.js';
import { StringEnum } from '../../../schemas/index.js';
import { appendAgentMessage, assertRunningOn, findMessage } from '../../../repositories/messages.js';
import { findSession, type SessionRecord } from '../../../repositories/sessions.js';
import { standardCredits } from '../../../telemetry/credits.js';
import { ModelCallFields, Tokens } from '../../../telemetry/events.js';
import { recordEvents } from '../../../telemetry/ingest.js';
import { computerOf } from './auth.js';

// POST /api/v0/agent/sessions/{sessionId}/messages — the agent's reply (or tool/system message)
// in a session running on its computer. `usage` is one model call: it is recorded as a
// model_call telemetry event of the session's creator (which counts their credits) and added to
// the session's token usage.

/** One model call: a telemetry model_call's fields (its credits are always computed), plus thinking tokens. */
const Usage = Type.Composite([Type.Omit(ModelCallFields, ['billableTokens']), Type.Object({ thinkingTokens: Type.Optional(Tokens) })], { additionalProperties: false });

const Body = Type.Object(
  {
    role: StringEnum(['assistant', 'tool', 'system']),
    content: Type.Array(
      Type.Object({ text: Type.String(), type: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })), id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 1000 },
    ),
    parentId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    usage: Type.Optional(Usage),
  },
  { additionalProperties: false },
);

/** Records the model call before the message is stored: the call happened whatever follows. */
async function recordUsage(app: App, session: SessionRecord, messageId: string, usage: Static<typeof Usage>): Promise<number> {
  const { db, config } = app.services;
  const { thinkingTokens: _thinking, ...call } = usage;
  await recordEvents(db, config.modelCatalogue, session.organizationId, session.ownerUserId, [
    { type: 'model_call', id: `session-message:${messageId}`, timestamp: Date.now(), sessionId: session.id, client: 'web', ...call },
  ]);
  return standardCredits(call, config.modelCatalogue);
}

export default async function postMessageRoute(app: App) {
  app.post(
    '/sessions/:sessionId/messages',
    {
      schema: {
        summary: 'Post an agent message to a running session',
        tags: ['agent'],
        params: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 128 }) }),
        body: Body,
        response: { 201: Type.Object({ messageId: Type.String() }) },
      },
    },
    async (request, reply) => {
      const { organizationId, computerId } = computerOf(request);
      const { db } = app.services;
      const { role, content, parentId, usage } = request.body;
      const session = await findSession(db, organizationId, request.params.sessionId);
      assertRunningOn(session, computerId);
      if (parentId !== undefined && !(await findMessage(db, organizationId, session.id, parentId))) throw notFound('parent message');
      const messageId = newId('msg');
      const serviceCredits = usage ? await recordUsage(app, session, messageId, usage) : 0;
      await appendAgentMessage(db, organizationId, session.id, computerId, {
        id: messageId,
        role,
        content: content.map((block) => ({ ...block, id: block.id ?? newId('blk') })),
        parentId,
        ...(usage
          ? {
              usage: {
                inputTokens: usage.inputTokens,
                outputTokens: usage.outputTokens,
                cacheCreationTokens: usage.cacheWriteTokens,
                cacheReadTokens: usage.cacheReadTokens,
                thinkingTokens: usage.thinkingTokens ?? 0,
                serviceCredits,
              },
            }
          : {}),
      });
      return reply.code(201).send({ messageId });
    },
  );
}
