import { setFlagsFromString } from 'node:v8';

const HEAP_GROWING_PERCENT = '--heap-growing-percent';

/**
 * V8 lets the old generation grow to up to 4 times what survived its last full collection before
 * collecting again; capped at 2 times, the server's peak resident memory under load is about a
 * third lower for no measurable CPU (docs/performance.md, "The server's memory"). For the server's
 * own process (`node dist/main.js`, `quarterdeck serve`); a value given on the command line
 * (`node --heap-growing-percent=N ...`) is kept.
 */
export function capHeapGrowth(): void {
  if (!process.execArgv.some((arg) => arg.startsWith(HEAP_GROWING_PERCENT))) setFlagsFromString(`${HEAP_GROWING_PERCENT}=100`);
}
