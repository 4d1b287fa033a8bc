import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';

describe('ids', () => {
  it('sort in the order they were made within one millisecond', () => {
    const now = Date.now() + 60_000;
    const ids = Array.from({ length: 1000 }, () => newId('aud', now));
    expect(new Set(ids).size).toBe(1000);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.every((id) => /^aud_[0-9a-f]{28}$/.test(id))).toBe(true);
  });

  it('an id dated in the past neither breaks the current sequence nor sorts after it', () => {
    const now = Date.now() + 120_000;
    const first = newId('msg', now);
    const past = newId('msg', now - 5_000);
    const second = newId('msg', now);
    expect([second, past, first].sort()).toEqual([past, first, second]);
  });

  it('sort by time across milliseconds', () => {
    const now = Date.now() + 180_000;
    const ids = [newId('evt', now), newId('evt', now + 1), newId('evt', now + 1), newId('evt', now + 2)];
    expect([...ids].sort()).toEqual(ids);
  });
});
