import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.js';
import { fieldErrorsOf, type AjvIssue } from '../schemas/ajv.js';
import { ApiError, DOMAIN_TO_HTTP, ERRORS, errorBody, errorCodeForStatus, type ErrorCode, type FieldError } from './errors.js';

// Every error leaves through here as the one error body, Fastify's own errors included.

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
};

// A safety net under route validation: a value PostgreSQL refuses (SQLSTATE class 22, e.g. a NUL
// byte in text) is the caller's fault, and a unique violation that slipped past a check is a
// conflict. A transaction PostgreSQL rolled back (class 40: serialization failure, deadlock) wrote
// nothing, so the caller may simply retry: 503 with Retry-After.
function databaseError(code: string | undefined): ApiError | undefined {
  if (!code || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  if (code.startsWith('22')) return new ApiError('bad_request', 'a value in the request cannot be stored');
  if (code === '23505') return new ApiError('conflict', 'the request conflicts with existing data');
  if (code.startsWith('40')) return new ApiError('unavailable', 'the request collided with a concurrent one and was rolled back; retry it', { headers: { 'Retry-After': '1' } });
  return undefined;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, detail: string, errors?: FieldError[]) {
  return reply
    .header('X-Request-Id', request.id)
    .code(ERRORS[code].status)
    .type('application/json')
    .send(errorBody(code, detail, String(request.id), errors));
}

/** Errors the router raises before a route is found (bad URL encoding, over-long parameters). */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, errorCodeForStatus(error.statusCode ?? 400), error.message);
}

/** What an error means for the caller, in the terms of the error table. */
export interface Problem {
  code: ErrorCode;
  detail: string;
  errors?: FieldError[] | undefined;
  headers?: Record<string, string> | undefined;
}

/** Every error as a problem of the error table; anything unexpected is logged and becomes 500. */
export function problemOf(error: FastifyError | ApiError | DomainError | Error, request: FastifyRequest): Problem {
  if (error instanceof DomainError) return { code: DOMAIN_TO_HTTP[error.code], detail: error.message, errors: error.errors };
  const fastifyError = error as FastifyError;
  const apiError = error instanceof ApiError ? error : databaseError(fastifyError.code);
  if (apiError) return { code: apiError.code, detail: apiError.message, errors: apiError.errors, headers: apiError.headers };
  if (fastifyError.validation) {
    const errors = fieldErrorsOf(fastifyError.validationContext ?? 'request', fastifyError.validation as AjvIssue[]);
    const first = errors[0];
    return { code: 'bad_request', detail: first ? `${first.path}: ${first.message}` : 'invalid request', errors };
  }
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return { code: mapped, detail: fastifyError.message };
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) return { code: errorCodeForStatus(status), detail: fastifyError.message };
  request.log.error({ err: error }, 'unhandled error');
  return { code: 'internal', detail: 'internal error; quote the requestId when reporting it' };
}

/**
 * What a browser gets for a path nothing answers: the console's own "Page not found" (index.html,
 * status 404) when it asks for a page (Accept names text/html) on a GET outside the API's
 * prefixes; undefined when the console is not built. Everyone else keeps the JSON error body.
 */
export interface BrowserNotFound {
  html(): string | undefined;
  /** The console pages' security headers (its content security policy). */
  headers: Record<string, string>;
  /** Path prefixes that stay JSON whatever the Accept header says (the API, SCIM, OTLP, docs). */
  apiPrefixes: readonly string[];
}

function wantsPage(request: FastifyRequest, browser: BrowserNotFound | undefined): string | undefined {
  if (!browser || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  if (!/\btext\/html\b/.test(request.headers.accept ?? '')) return undefined;
  const path = request.url.split('?')[0]!;
  if (browser.apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return undefined;
  return browser.html();
}

export function installErrorHandling(app: FastifyInstance, browser?: BrowserNotFound): void {
  app.setErrorHandler((error: FastifyError | ApiError | DomainError | Error, request, reply) => {
    const problem = problemOf(error, request);
    if (problem.headers) reply.headers(problem.headers);
    return sendError(request, reply, problem.code, problem.detail, problem.errors);
  });
  app.setNotFoundHandler((request, reply) => {
    const page = wantsPage(request, browser);
    if (page !== undefined) return reply.code(404).headers(browser!.headers).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    return sendError(request, reply, 'not_found', `no route ${request.method} ${request.url.split('?')[0]}`);
  });
}
