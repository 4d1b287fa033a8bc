// Orderings of analytics output (decisions.md §3, §4): strings in byte order (C collation),
// counted breakdowns by count descending, then by their name fields.

/**
 * UTF-8 byte order, which is code point order. JavaScript compares UTF-16 code units, which agree
 * with code points below the surrogates (U+D800): the first differing unit decides, and only when
 * one of the two is a surrogate or above do the strings go through their bytes. The rollup sorts
 * thousands of names a day, and two buffers per comparison were a good part of its time.
 */
export function byteOrder(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const left = a.charCodeAt(i);
    const right = b.charCodeAt(i);
    if (left === right) continue;
    if (left < 0xd800 && right < 0xd800) return left - right;
    return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  }
  return a.length - b.length;
}

/** Sorts by a number descending, then by the given names in byte order. */
export function byCountThenNames<T>(items: T[], count: (item: T) => number, names: (item: T) => string[]): T[] {
  return items.sort((a, b) => {
    const difference = count(b) - count(a);
    if (difference !== 0) return difference;
    const [left, right] = [names(a), names(b)];
    for (let i = 0; i < left.length; i++) {
      const order = byteOrder(left[i]!, right[i]!);
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** Adds `amount` to the total kept under `key`. */
export function tally<K>(totals: Map<K, number>, key: K, amount = 1): Map<K, number> {
  totals.set(key, (totals.get(key) ?? 0) + amount);
  return totals;
}

/** The key with the largest total; ties go to the smallest key in byte order. */
export function mostFrequent(totals: Map<string, number>): string | undefined {
  let best: string | undefined;
  for (const [key, total] of totals) {
    const bestTotal = best === undefined ? -Infinity : totals.get(best)!;
    if (total > bestTotal || (total === bestTotal && byteOrder(key, best!) < 0)) best = key;
  }
  return best;
}
