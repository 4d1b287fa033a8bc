// Wake-ups for long-polling claims in this process: queuing a message wakes the claims waiting
// for its computer at once. Claims also re-check the database on a short interval, so a message
// queued through another replica is found too.

const waiting = new Map<string, Set<() => void>>();

export function wakeComputer(computerId: string): void {
  for (const wake of waiting.get(computerId) ?? []) wake();
}

/** Resolves after `ms`, when the computer is woken, or when `signal` aborts, whichever is first. */
export function waitForWake(computerId: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const set = waiting.get(computerId) ?? new Set<() => void>();
    waiting.set(computerId, set);
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      set.delete(done);
      if (set.size === 0 && waiting.get(computerId) === set) waiting.delete(computerId);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    set.add(done);
    if (signal.aborted) done();
  });
}
