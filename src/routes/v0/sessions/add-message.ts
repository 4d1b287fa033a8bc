import { Type, type Static } from '@sinclair/typebox';
import { newId } from '../../../domain/ids.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { ApiError } from '../../../http/errors.js';
import { DomainError, invalidInput, notFound } from '../../../domain/errors.js';
import { StringEnum } from '../../../schemas/index.js';
import { assertUnderCreditLimit } from '../../../repositories/credit-limits.js';
import { queueUserMessage, type ContentBlock } from '../../../repositories/messages.js';
import { SessionParams } from '../../../schemas/index.js';
import { findVisibleComputer } from '../../../repositories/computers.js';
import { findVisibleSession } from '../../../repositories/sessions.js';

// POST /api/v0/sessions/{sessionId}/messages — queues a user message for the session's computer
// (or the one named) and answers the session status after queueing: pending, or running when a
// run is in progress. 402 once the session owner's credits this month reach their limit.

/** Size limits per field (api.md leaves them open; docs/computers-and-sessions.md). Over: 413. */
export const MESSAGE_LIMITS = {
  textChars: 200_000,
  imageBytes: 5 * 1024 * 1024,
  fileBytes: 10 * 1024 * 1024,
  parsedDataChars: 1_000_000,
};

const Body = Type.Object(
  {
    text: Type.String({ minLength: 1 }),
    images: Type.Optional(Type.Array(Type.Object({ data: Type.String({ minLength: 1 }) }, { additionalProperties: false }), { maxItems: 20 })),
    files: Type.Optional(
      Type.Array(
        Type.Object(
          { data: Type.String(), parsedData: Type.String(), name: Type.String({ minLength: 1, maxLength: 1024 }), path: Type.String({ maxLength: 4096 }) },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
    computerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { additionalProperties: false },
);

// Simple character classes only: a grouped, repeated pattern would exhaust the stack on megabytes.
const DATA_URL_PREFIX = /^data:image\/[\w.+-]+;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The base64 payload of an image (raw, or a data:image/...;base64, URL); undefined when malformed. */
function base64Payload(data: string): string | undefined {
  const payload = data.replace(DATA_URL_PREFIX, '');
  return payload.length > 0 && payload.length % 4 === 0 && BASE64.test(payload) ? payload : undefined;
}

function tooLarge(path: string, limit: string): ApiError {
  return new ApiError('payload_too_large', `${path} is larger than ${limit}`, { errors: [{ path, message: `larger than ${limit}` }] });
}

/** The message's content blocks: its text, then each image and file; checks sizes and encodings. */
function contentOf(body: Static<typeof Body>): ContentBlock[] {
  if (body.text.length > MESSAGE_LIMITS.textChars) throw tooLarge('body/text', `${MESSAGE_LIMITS.textChars} characters`);
  const blocks: ContentBlock[] = [{ id: newId('blk'), type: 'text', text: body.text }];
  (body.images ?? []).forEach((image, i) => {
    const payload = base64Payload(image.data);
    if (!payload) throw invalidInput(`body/images/${i}/data is not base64`, [{ path: `body/images/${i}/data`, message: 'must be base64 (optionally a data:image/...;base64, URL)' }]);
    if (Buffer.byteLength(payload, 'base64') > MESSAGE_LIMITS.imageBytes) throw tooLarge(`body/images/${i}/data`, `${MESSAGE_LIMITS.imageBytes} bytes`);
    blocks.push({ id: newId('blk'), type: 'image', text: '', data: image.data });
  });
  (body.files ?? []).forEach((file, i) => {
    if (Buffer.byteLength(file.data) > MESSAGE_LIMITS.fileBytes) throw tooLarge(`body/files/${i}/data`, `${MESSAGE_LIMITS.fileBytes} bytes`);
    if (file.parsedData.length > MESSAGE_LIMITS.parsedDataChars) throw tooLarge(`body/files/${i}/parsedData`, `${MESSAGE_LIMITS.parsedDataChars} characters`);
    blocks.push({ id: newId('blk'), type: 'file', text: file.parsedData, name: file.name, path: file.path, data: file.data });
  });
  return blocks;
}

export default async function addMessageRoute(app: App) {
  app.post(
    '/sessions/:sessionId/messages',
    {
      schema: {
        summary: 'Add a user message to a session',
        tags: ['sessions'],
        params: SessionParams,
        body: Body,
        response: { 200: Type.Object({ messageId: Type.String(), status: StringEnum(['idle', 'pending', 'running']) }) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { db } = app.services;
      const content = contentOf(request.body);
      const session = await findVisibleSession(db, principal, request.params.sessionId);
      const computerId = request.body.computerId === undefined ? session.computerId : (await findVisibleComputer(db, principal, request.body.computerId)).id;
      if (computerId === null) throw new DomainError('session_without_computer', 'the session has no computer: give computerId');
      await assertUnderCreditLimit(db, principal.organizationId, session.ownerUserId);
      const queued = await queueUserMessage(db, principal.organizationId, session.id, { content, computerId, userMessageSource: 'sessions_api' });
      if (!queued) throw notFound('session');
      app.services.claimWakeups.wake(computerId);
      return queued;
    },
  );
}
