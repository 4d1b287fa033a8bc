import { jwtVerify, SignJWT } from 'jose';

// Short-lived access tokens (JWT, HS256). A token names its user and the API key it was
// exchanged for, so revoking that key or deactivating the user ends the token at once.

export const ACCESS_TOKEN_TTL_SECONDS = 900;
const ISSUER = 'quarterdeck';
const AUDIENCE = 'quarterdeck-api-v0';

export interface AccessTokenClaims {
  userId: string;
  organizationId: string;
  apiKeyId: string;
}

export class AccessTokens {
  constructor(private readonly key: Uint8Array) {}

  async sign(claims: AccessTokenClaims, now: number = Date.now()): Promise<string> {
    const issuedAt = Math.floor(now / 1000);
    return new SignJWT({ org: claims.organizationId, akid: claims.apiKeyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** The claims of a valid token, or undefined for anything else (bad signature, expired...). */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.akid !== 'string') return undefined;
      return { userId: payload.sub, organizationId: payload.org, apiKeyId: payload.akid };
    } catch {
      return undefined;
    }
  }
}

export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}
