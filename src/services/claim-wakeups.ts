// Wake-ups for long-polling claims in this process: queuing a message wakes the claims waiting
// for its computer at once. Claims also re-check the database on a short interval, so a message
// queued through another replica is found too. The app owns one and closes it before the store,
// which ends every waiting claim.

export class ClaimWakeups {
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly closing = new AbortController();

  /** Aborted once the app closes: waiting claims answer and no new wait starts. */
  get closed(): AbortSignal {
    return this.closing.signal;
  }

  wake(computerId: string): void {
    for (const wake of this.waiting.get(computerId) ?? []) wake();
  }

  /** Resolves after `ms`, when the computer is woken, when `signal` aborts or the app closes. */
  wait(computerId: string, ms: number, signal: AbortSignal): Promise<void> {
    const stop = AbortSignal.any([signal, this.closing.signal]);
    return new Promise((resolve) => {
      const set = this.waiting.get(computerId) ?? new Set<() => void>();
      this.waiting.set(computerId, set);
      const done = () => {
        clearTimeout(timer);
        stop.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0 && this.waiting.get(computerId) === set) this.waiting.delete(computerId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stop.addEventListener('abort', done);
      set.add(done);
      if (stop.aborted) done();
    });
  }

  close(): void {
    this.closing.abort();
  }
}
