import { cpus, loadavg, totalmem } from 'node:os';

// Small measuring tools of the benchmark: wall-clock timing, percentiles and the machine's size.

export function machine(): string {
  const cores = cpus();
  return `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}`;
}

/** The 1- and 5-minute load averages: other work on the machine skews every figure. */
export function load(): string {
  const [one, five] = loadavg();
  return `load average ${fmt(one ?? 0, 2)} (1 min), ${fmt(five ?? 0, 2)} (5 min)`;
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/** The q-quantile (0..1) of the samples, nearest rank. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Runs `work` `count` times in a row and returns each run's milliseconds. */
export async function sample(count: number, work: () => Promise<unknown>): Promise<number[]> {
  const runs: number[] = [];
  for (let i = 0; i < count; i++) runs.push((await timed(work)).ms);
  return runs;
}

export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
