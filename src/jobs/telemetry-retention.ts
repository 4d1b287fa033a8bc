import type { TelemetryRetention } from '../telemetry/retention-pass.js';
import type { Job } from './job.js';

// Telemetry retention (docs/retention.md): a pass every TELEMETRY_RETENTION_INTERVAL_MS, on the
// replica holding the lease; the first a minute after start at the latest, so a replica restarted
// mid-pass finishes what the dead one began.

export function telemetryRetentionJob(retention: Pick<TelemetryRetention, 'run'>, intervalMs: number): Job {
  return {
    name: 'telemetry retention',
    intervalMs,
    firstRunMs: Math.min(60_000, intervalMs),
    async runOnce() {
      const report = await retention.run();
      return report.droppedPartitions.length + report.deletedKeys;
    },
  };
}
