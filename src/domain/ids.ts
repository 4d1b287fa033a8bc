import { randomBytes } from 'node:crypto';

// Identifiers: a type prefix, the creation time in milliseconds (12 hex digits) and 64 random
// bits. They sort by creation time in byte order, which gives every list a stable keyset order.
export function newId(prefix: string, now: number = Date.now()): string {
  return `${prefix}_${now.toString(16).padStart(12, '0')}${randomBytes(8).toString('hex')}`;
}
