import { describe, expect, it } from 'vitest';
import { byteOrder } from '../../src/analytics/order.js';

// Names sort in UTF-8 byte order (decisions.md §3), the order of PostgreSQL's C collation.
const reference = (a: string, b: string) => Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));

describe('byteOrder', () => {
  it('agrees with the UTF-8 bytes, across the surrogates and the characters above them', () => {
    const alphabet = ['a', 'b', 'Z', '-', '/', 'é', 'ß', '\u00ff', '\u0800', '\ud7ff', '\ue000', '\uff5e', '😀', '😁', '\u{10ffff}', '\ud800'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const word = () => Array.from({ length: Math.floor(random() * 5) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let i = 0; i < 5000; i++) {
      const [a, b] = [word(), word()];
      expect([a, b, Math.sign(byteOrder(a, b))]).toEqual([a, b, reference(a, b)]);
    }
  });

  it('puts U+E000 above an astral character, as UTF-8 does and UTF-16 code units do not', () => {
    expect(byteOrder('\ue000', '😀')).toBeLessThan(0);
    expect('\ue000' < '😀').toBe(false);
    expect(byteOrder('😀', '😁')).toBeLessThan(0);
    expect(byteOrder('ab', 'abc')).toBeLessThan(0);
    expect(byteOrder('same', 'same')).toBe(0);
  });
});
