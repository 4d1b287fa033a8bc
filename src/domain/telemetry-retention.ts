// Telemetry retention (docs/retention.md): which days are kept, and what a pass reports.

/** The first day kept when `months` full months before the current UTC month are kept: YYYY-MM-01. */
export function retentionCutoff(months: number, now: Date): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return first.toISOString().slice(0, 10);
}

export interface RetentionReport {
  /** The first day kept after the pass; undefined when nothing was ever closed. */
  closedBefore: string | undefined;
  /** The partitions dropped by this pass, oldest first. */
  droppedPartitions: string[];
  /** Idempotency keys deleted by this pass. */
  deletedKeys: number;
  /** False when another replica holds the lease: this pass did nothing. */
  ran: boolean;
}
