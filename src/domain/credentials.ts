import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Secrets handed to callers (API keys, computer tokens): a visible prefix and 32 random bytes,
// kept only as a SHA-256 hash. The secrets are high-entropy, so a plain hash is enough.

export const API_KEY_PREFIX = 'qd_';

export interface IssuedSecret {
  secret: string;
  hash: string;
  /** What lists may show to tell keys apart. */
  displayPrefix: string;
}

export function issueSecret(prefix: string): IssuedSecret {
  const secret = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashSecret(secret), displayPrefix: secret.slice(0, prefix.length + 6) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/**
 * A personal key acts as its user; an ingest key (created by owners and managers, meant for a
 * fleet's agent configuration) can only send telemetry, attributed by the identity each record
 * carries (docs/otel.md).
 */
export const API_KEY_KINDS = ['personal', 'ingest'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];
