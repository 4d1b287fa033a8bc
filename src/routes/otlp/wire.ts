import { gunzip } from 'node:zlib';
import { toBinary, create } from '@bufbuild/protobuf';
import { anyPack, DurationSchema } from '@bufbuild/protobuf/wkt';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainError } from '../../domain/errors.js';
import { problemOf, sendError, type Problem } from '../../http/error-handler.js';
import { ApiError, ERRORS, type ErrorCode } from '../../http/errors.js';
import type { OtlpEncoding } from '../../otlp/decode.js';
import { BadRequestSchema, RetryInfoSchema, StatusSchema } from '../../otlp/generated/google/rpc/status_pb.js';

// What the three OTLP/HTTP endpoints share below the route: which encoding a request is in, its
// body as bytes (gzip inflated within a bound), and errors answered the way OTLP clients read them.

export const MEDIA_TYPES: Record<OtlpEncoding, string> = { protobuf: 'application/x-protobuf', json: 'application/json' };

/** The request's encoding by its Content-Type (parameters such as charset ignored). */
export function encodingOf(request: FastifyRequest): OtlpEncoding | undefined {
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (mediaType === MEDIA_TYPES.protobuf) return 'protobuf';
  if (mediaType === MEDIA_TYPES.json) return 'json';
  return undefined;
}

type Done = (error: Error | null, body?: Buffer) => void;

/**
 * The body as bytes: as sent (its size bounded by the route's bodyLimit, OTLP_MAX_BODY_BYTES), or
 * inflated when Content-Encoding is gzip. Inflating stops as soon as the output passes
 * OTLP_MAX_DECOMPRESSED_BYTES: a gzip bomb costs that much memory at most, then 413.
 */
export function bodyParser(maxDecompressedBytes: number) {
  return (request: FastifyRequest, body: Buffer, done: Done) => {
    const contentEncoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (contentEncoding === 'identity') return done(null, body);
    if (contentEncoding !== 'gzip') return done(new ApiError('unsupported_media_type', `Content-Encoding ${contentEncoding} is not supported: send gzip or no Content-Encoding`));
    gunzip(body, { maxOutputLength: maxDecompressedBytes }, (error, inflated) => {
      if (!error) return done(null, inflated);
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        return done(new ApiError('payload_too_large', `the body inflates to more than ${maxDecompressedBytes} bytes (OTLP_MAX_DECOMPRESSED_BYTES)`));
      }
      done(new ApiError('bad_request', `the body is not valid gzip: ${error.message}`));
    });
  };
}

/** A problem as google.rpc.Status: RetryInfo when the client may retry, BadRequest naming refused fields. */
function statusOf(problem: Problem) {
  const details = [];
  const retryAfter = Number(problem.headers?.['Retry-After']);
  if (Number.isInteger(retryAfter) && retryAfter > 0) {
    details.push(anyPack(RetryInfoSchema, create(RetryInfoSchema, { retryDelay: create(DurationSchema, { seconds: BigInt(retryAfter) }) })));
  }
  if (problem.errors?.length) {
    details.push(anyPack(BadRequestSchema, create(BadRequestSchema, { fieldViolations: problem.errors.map(({ path, message }) => ({ field: path, description: message })) })));
  }
  return create(StatusSchema, { code: ERRORS[problem.code].grpc, message: problem.detail, details });
}

/**
 * Errors of the OTLP endpoints (docs/otel.md, "Responses"): a protobuf request gets a protobuf
 * google.rpc.Status, as OTLP/HTTP requires; any other request gets the one error body. Each is
 * first told to `noteRefusal` (refusals.ts).
 */
export const otlpErrorHandler = (noteRefusal: (request: FastifyRequest, code: ErrorCode, detail: string) => Promise<void>) =>
  async function handle(error: FastifyError | ApiError | DomainError | Error, request: FastifyRequest, reply: FastifyReply) {
    const problem = problemOf(error, request);
    await noteRefusal(request, problem.code, problem.detail);
    return sendProblem(request, reply, problem);
  };

function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: Problem) {
  if (problem.headers) reply.headers(problem.headers);
  if (encodingOf(request) !== 'protobuf') return sendError(request, reply, problem.code, problem.detail, problem.errors);
  return reply
    .header('X-Request-Id', request.id)
    .code(ERRORS[problem.code].status)
    .type(MEDIA_TYPES.protobuf)
    .send(Buffer.from(toBinary(StatusSchema, statusOf(problem))));
}
