import type { FastifyError, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { DomainError } from '../domain/errors.js';
import { SCIM, SCIM_TOKEN_PREFIX, ScimFault, type ScimType } from '../domain/scim.js';
import { findLiveScimToken } from '../repositories/scim-tokens.js';
import { requestOrigin } from './audit-actor.js';
import { bearerToken } from './auth.js';
import { problemOf } from './error-handler.js';
import { ApiError, ERRORS } from './errors.js';

// The SCIM edge (docs/scim.md): the token that authenticates a provider, the media type, and
// SCIM's own error body, which identity providers parse (docs/decisions.md "SCIM errors").

export const SCIM_MEDIA_TYPE = 'application/scim+json; charset=utf-8';

export interface ScimCaller {
  tokenId: string;
  organizationId: string;
  /** The token's name: what the audit log shows as the actor. */
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    scim: ScimCaller | null;
  }
}

export function scimCallerOf(request: FastifyRequest): ScimCaller {
  if (!request.scim) throw new ApiError('unauthorized', 'a SCIM token is required');
  return request.scim;
}

/** The provider, as the audit log names it: the token's name, from where it called. */
export function scimActorOf(request: FastifyRequest): AuditActor {
  return { type: 'scim', userId: null, label: scimCallerOf(request).name, ...requestOrigin(request) };
}

/** `Authorization: Bearer <SCIM token>` and nothing else: no API key, JWT or console session. */
export function authenticateScim(db: Db): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new ApiError('unauthorized', 'send the SCIM token as Authorization: Bearer <token>');
    const found = token.startsWith(SCIM_TOKEN_PREFIX) ? await findLiveScimToken(db, token) : undefined;
    if (!found) throw new ApiError('unauthorized', 'invalid or revoked SCIM token');
    request.scim = { tokenId: found.id, organizationId: found.organizationId, name: found.name };
    request.credentialVerified = true;
  };
}

/** The SCIM base URL a provider is given: `{PUBLIC_API_URL}/scim/v2`. */
export function scimBaseUrl(publicApiUrl: string): string {
  return `${publicApiUrl.replace(/\/+$/, '')}/scim/v2`;
}

const UNIQUENESS = new Set(['email_taken', 'team_taken', 'team_member_exists']);
const SYNTAX_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_CONTENT_LENGTH']);

export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [SCIM.error], status: String(status), ...(scimType && { scimType }), detail };
}

/** Every error of the SCIM routes as SCIM's error body, with the status the error table gives it. */
export function sendScimError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const problem = problemOf(error, request);
  const status = ERRORS[problem.code].status;
  let scimType: ScimType | undefined = error instanceof ScimFault ? error.scimType : undefined;
  if (!scimType && status === 400) scimType = error instanceof SyntaxError || SYNTAX_ERRORS.has((error as FastifyError).code ?? '') ? 'invalidSyntax' : 'invalidValue';
  // A taken e-mail, name or id is `uniqueness`; other conflicts (the last owner) carry no scimType.
  if (!scimType && status === 409 && !(error instanceof DomainError && !UNIQUENESS.has(error.code))) scimType = 'uniqueness';
  if (problem.headers) reply.headers(problem.headers);
  if (status === 401) reply.header('WWW-Authenticate', 'Bearer realm="SCIM"');
  return reply.code(status).type(SCIM_MEDIA_TYPE).send(scimErrorBody(status, problem.detail, scimType));
}
