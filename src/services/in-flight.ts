// Work in progress per key (an account, an address), refused beyond a bound: a burst cannot
// queue up more slow checks for one key than the bound, whatever the limits counted elsewhere.

export class InFlightLimit {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a place for `key`; false when `max` are already taken. */
  tryEnter(key: string): boolean {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(key, count + 1);
    return true;
  }

  leave(key: string): void {
    const count = (this.counts.get(key) ?? 1) - 1;
    if (count <= 0) this.counts.delete(key);
    else this.counts.set(key, count);
  }
}
