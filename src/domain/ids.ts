import { randomBytes } from 'node:crypto';

// Identifiers: a type prefix, the creation time in milliseconds (12 hex digits) and 64 bits that
// are random for the first id of a millisecond. They sort by creation time in byte order, which
// gives every list a stable keyset order.
//
// Ids made by this process in one millisecond also sort in the order they were made: the later
// one takes the earlier one's 64 bits plus one. Without that, two entries written by one request
// (an audit entry per member of a replaced list, two messages) could list in either order.
const RANDOM_BITS = 64n;
const RANDOM_LIMIT = 1n << RANDOM_BITS;
let lastMillisecond = -1;
let lastRandom = 0n;

export function newId(prefix: string, now: number = Date.now()): string {
  return `${prefix}_${now.toString(16).padStart(12, '0')}${nextRandom(now).toString(16).padStart(16, '0')}`;
}

function nextRandom(now: number): bigint {
  const following = lastRandom + 1n;
  if (now === lastMillisecond && following < RANDOM_LIMIT) {
    lastRandom = following;
  } else if (now >= lastMillisecond) {
    // A time earlier than the last (an id dated in the past) takes fresh bits and leaves the
    // sequence of the current millisecond alone.
    lastMillisecond = now;
    lastRandom = randomBytes(8).readBigUInt64BE();
  } else {
    return randomBytes(8).readBigUInt64BE();
  }
  return lastRandom;
}
