import { statfs } from 'node:fs/promises';
import { cpus, freemem, totalmem } from 'node:os';

// What the agent reports of its machine with each heartbeat (GET /api/v0/computers/{id}/metrics):
// CPU use since the previous sample (all cores), memory in use, and the disk of the work
// directory. Sizes in bytes.

export interface MachineSample {
  cpuUsedPct: number;
  cpuCount: number;
  memUsed: number;
  memTotal: number;
  diskUsed: number;
  diskTotal: number;
}

function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

export class MachineSampler {
  private last = cpuTimes();

  constructor(private readonly dir: string) {}

  async sample(): Promise<MachineSample> {
    const now = cpuTimes();
    const [busy, total] = [now.busy - this.last.busy, now.total - this.last.total];
    this.last = now;
    const disk = await statfs(this.dir);
    const memTotal = totalmem();
    return {
      // One decimal is all a chart shows; clamped, as counters of a busy machine can run ahead of one another.
      cpuUsedPct: total > 0 ? Math.min(100, Math.max(0, Math.round((1000 * busy) / total) / 10)) : 0,
      cpuCount: Math.max(1, cpus().length),
      memUsed: memTotal - freemem(),
      memTotal,
      diskUsed: (disk.blocks - disk.bfree) * disk.bsize,
      diskTotal: disk.blocks * disk.bsize,
    };
  }
}
