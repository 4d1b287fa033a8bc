import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Console passwords: scrypt from node:crypto (docs/console-auth.md). The stored form names its
// parameters, so they can be raised later without breaking existing hashes:
// "scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>".

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

const LOG2_N = 15; // N = 32768
const BLOCK_SIZE = 8; // r
const PARALLELISM = 1; // p
const SALT_BYTES = 16;
const HASH_BYTES = 32;

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number, length: number): Promise<Buffer> {
  // 128 * N * r bytes of memory (32 MiB for the defaults); node's default cap is exactly 32 MiB.
  const options: ScryptOptions = { N: 2 ** log2N, r, p, maxmem: 2 * 128 * 2 ** log2N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, LOG2_N, BLOCK_SIZE, PARALLELISM, HASH_BYTES);
  return ['scrypt', LOG2_N, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (![log2N, r, p].every(Number.isInteger) || expected.length === 0) return false;
  const actual = await derive(password, salt, log2N, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

// Checked in place of missing hashes, so that the number of hashes an e-mail has costs no time.
let decoy: Promise<string> | undefined;
async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
  return false;
}

/**
 * The index of the first stored hash the password matches, or -1. Always checks exactly `slots`
 * hashes (decoys where `stored` has fewer), all of them, side by side on the thread pool: the time
 * says nothing about how many hashes there are or which one matched.
 */
export async function findMatchingPassword(password: string, stored: readonly string[], slots: number): Promise<number> {
  const checks = Array.from({ length: Math.max(slots, stored.length) }, (_, i) => (i < stored.length ? verifyPassword(password, stored[i]!) : verifyAgainstDecoy(password)));
  const matches = await Promise.all(checks);
  return matches.findIndex((match, i) => match && i < stored.length);
}
