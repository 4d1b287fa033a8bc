import { Type, type Static } from '@sinclair/typebox';
import { newId } from '../../../domain/ids.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { ApiError } from '../../../http/errors.js';
import { DomainError, invalidInput, notFound } from '../../../domain/errors.js';
import { StringEnum } from '../../../schemas/index.js';
import { IMAGE_MEDIA_TYPES, hasSignature, sniffMediaType, type ImageMediaType } from '../../../domain/media-types.js';
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

const MediaType = Type.String({ minLength: 3, maxLength: 255, pattern: '^[\\w.+-]+/[\\w.+-]+$' });

const Body = Type.Object(
  {
    text: Type.String({ minLength: 1 }),
    images: Type.Optional(
      Type.Array(
        Type.Object(
          {
            type: Type.Optional(Type.Literal('base64')),
            data: Type.String({ minLength: 1, description: 'Base64, or a data:image/...;base64, URL' }),
            mediaType: Type.Optional(StringEnum(IMAGE_MEDIA_TYPES, { description: 'Checked against the bytes; taken from them when absent' })),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
    files: Type.Optional(
      Type.Array(
        Type.Object(
          {
            type: Type.Optional(Type.Literal('base64', { description: 'base64: `data` is base64 bytes of `mediaType`; absent: `data` is the content as text' })),
            mediaType: Type.Optional(MediaType),
            data: Type.String(),
            name: Type.String({ minLength: 1, maxLength: 1024 }),
            parsedData: Type.Optional(Type.String()),
            path: Type.Optional(Type.String({ maxLength: 4096 })),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
    computerId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { additionalProperties: false },
);

type FileInput = NonNullable<Static<typeof Body>['files']>[number];

// Simple character classes only: a grouped, repeated pattern would exhaust the stack on megabytes.
const DATA_URL_PREFIX = /^data:(image\/[\w.+-]+);base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The base64 payload (raw, or of a data:image/...;base64, URL); undefined when malformed. */
function base64Payload(data: string): string | undefined {
  const payload = data.replace(DATA_URL_PREFIX, '');
  return payload.length > 0 && payload.length % 4 === 0 && BASE64.test(payload) ? payload : undefined;
}

function tooLarge(path: string, limit: string): ApiError {
  return new ApiError('payload_too_large', `${path} is larger than ${limit}`, { errors: [{ path, message: `larger than ${limit}` }] });
}

function notBase64(path: string) {
  return invalidInput(`${path} is not base64`, [{ path, message: 'must be base64 (an image may be a data:image/...;base64, URL)' }]);
}

/** The first bytes of a base64 payload: enough for every signature. */
const head = (payload: string) => Buffer.from(payload.slice(0, 64), 'base64');

/**
 * An image block in the shape clients read (`{type: 'image', source: {type: 'base64', data,
 * mediaType}}`): the media type declared (field or data URL) must be what the bytes are; without
 * one, the bytes name it. Not a PNG, JPEG, GIF or WebP: 400.
 */
function imageBlock(image: { data: string; mediaType?: ImageMediaType | undefined }, path: string): ContentBlock {
  const payload = base64Payload(image.data);
  if (!payload) throw notBase64(`${path}/data`);
  if (Buffer.byteLength(payload, 'base64') > MESSAGE_LIMITS.imageBytes) throw tooLarge(`${path}/data`, `${MESSAGE_LIMITS.imageBytes} bytes`);
  const inUrl = DATA_URL_PREFIX.exec(image.data)?.[1];
  if (image.mediaType && inUrl && inUrl !== image.mediaType) throw invalidInput(`${path}/mediaType differs from the data URL's type`, [{ path: `${path}/mediaType`, message: `the data URL says ${inUrl}` }]);
  const declared = image.mediaType ?? inUrl;
  const actual = sniffMediaType(head(payload));
  if (!actual || !(IMAGE_MEDIA_TYPES as readonly string[]).includes(actual)) {
    throw invalidInput(`${path} is not a PNG, JPEG, GIF or WebP image`, [{ path: `${path}/data`, message: `must be one of: ${IMAGE_MEDIA_TYPES.join(', ')}` }]);
  }
  if (declared && declared !== actual) throw invalidInput(`${path} is declared ${declared} but its bytes are ${actual}`, [{ path: `${path}/mediaType`, message: `the bytes are ${actual}` }]);
  return { id: newId('blk'), type: 'image', text: '', source: { type: 'base64', data: payload, mediaType: actual } };
}

/**
 * A file as a document block (`{type: 'document', source: {type, mediaType, data, name}}`, its
 * parsed text as `text`). Base64 files need a media type, checked against the bytes when it has a
 * known signature (PDF, images); the older shape without `type` is text as sent.
 */
function documentBlock(file: FileInput, path: string): ContentBlock {
  if (Buffer.byteLength(file.data) > MESSAGE_LIMITS.fileBytes) throw tooLarge(`${path}/data`, `${MESSAGE_LIMITS.fileBytes} bytes`);
  if ((file.parsedData ?? '').length > MESSAGE_LIMITS.parsedDataChars) throw tooLarge(`${path}/parsedData`, `${MESSAGE_LIMITS.parsedDataChars} characters`);
  let source: Record<string, string>;
  if (file.type === 'base64') {
    if (!file.mediaType) throw invalidInput(`${path}/mediaType is required for a base64 file`, [{ path: `${path}/mediaType`, message: 'required with type base64' }]);
    const payload = base64Payload(file.data);
    if (!payload) throw notBase64(`${path}/data`);
    const actual = sniffMediaType(head(payload));
    if (hasSignature(file.mediaType) && actual !== file.mediaType) {
      throw invalidInput(`${path} is declared ${file.mediaType} but its bytes are ${actual ?? 'something else'}`, [{ path: `${path}/mediaType`, message: actual ? `the bytes are ${actual}` : `the bytes are not ${file.mediaType}` }]);
    }
    source = { type: 'base64', mediaType: file.mediaType, data: payload, name: file.name };
  } else {
    source = { type: 'text', mediaType: file.mediaType ?? 'text/plain', data: file.data, name: file.name };
  }
  return { id: newId('blk'), type: 'document', text: file.parsedData ?? '', name: file.name, ...(file.path !== undefined ? { path: file.path } : {}), source };
}

/** The message's content blocks: its text, then each image and file; checks sizes, encodings and media types. */
function contentOf(body: Static<typeof Body>): ContentBlock[] {
  if (body.text.length > MESSAGE_LIMITS.textChars) throw tooLarge('body/text', `${MESSAGE_LIMITS.textChars} characters`);
  return [
    { id: newId('blk'), type: 'text', text: body.text },
    ...(body.images ?? []).map((image, i) => imageBlock(image, `body/images/${i}`)),
    ...(body.files ?? []).map((file, i) => documentBlock(file, `body/files/${i}`)),
  ];
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
