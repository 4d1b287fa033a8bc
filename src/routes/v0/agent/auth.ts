import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Db } from '../../../db/store.js';
import type { CredentialCache } from '../../../services/credential-cache.js';
import { hashSecret } from '../../../domain/credentials.js';
import { bearerToken } from '../../../http/auth.js';
import { ApiError } from '../../../http/errors.js';
import { COMPUTER_TOKEN_PREFIX, findComputerByTokenHash, type ComputerIdentity } from '../../../repositories/computers.js';

// /api/v0/agent takes a computer token alone: API keys and JWTs are 401 here (decisions.md §2).

declare module 'fastify' {
  interface FastifyRequest {
    computer: ComputerIdentity | null;
  }
}

export function authenticateComputer({ db, credentials }: { db: Db; credentials: CredentialCache }): onRequestHookHandler {
  const findComputer = (tokenHash: string) => credentials.lookup(`computer-token-hash:${tokenHash}`, () => findComputerByTokenHash(db, tokenHash));
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new ApiError('unauthorized', 'missing credential: send Authorization: Bearer <computerToken>');
    const computer = token.startsWith(COMPUTER_TOKEN_PREFIX) ? await findComputer(hashSecret(token)) : undefined;
    if (!computer) throw new ApiError('unauthorized', 'this endpoint takes a valid computer token only');
    request.computer = computer;
    request.credentialVerified = true;
  };
}

/** The authenticated computer of a request behind `authenticateComputer`. */
export function computerOf(request: FastifyRequest): ComputerIdentity {
  if (!request.computer) throw new ApiError('unauthorized', 'authentication required');
  return request.computer;
}
