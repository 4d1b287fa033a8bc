import { describe, expect, it } from 'vitest';
import { isoInstant } from '../../src/domain/dates.js';

describe('isoInstant', () => {
  it('writes what toISOString writes, at the edges of days, years and the four-digit years', () => {
    const edges = [0, 1, 999, 1000, 59_999, 3_599_999, 86_399_999, 86_400_000, Date.parse('2024-02-29T23:59:59.999Z'), Date.parse('2026-12-31T23:59:59.990Z'),
      -1, -86_400_001, Date.parse('0001-01-01T00:00:00.000Z'), Date.parse('0001-01-01T00:00:00.000Z') - 1, Date.parse('9999-12-31T23:59:59.999Z'), Date.parse('9999-12-31T23:59:59.999Z') + 1];
    for (const ms of edges) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
  });

  it('writes what toISOString writes for any instant of these years', () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i++) {
      const ms = Math.floor(random() * Date.parse('2100-01-01T00:00:00Z'));
      expect(isoInstant(new Date(ms))).toBe(new Date(ms).toISOString());
    }
  });
});
