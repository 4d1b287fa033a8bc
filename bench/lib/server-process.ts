import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { ensureBuilt, freePort, startBuiltServer, type BuiltServer } from '../../test/helpers/built-console.js';

// The built server (`node dist/main.js`) in a process of its own, so that what the kernel counts
// for it is the server's alone: peak and current resident memory (/proc/<pid>/status VmHWM, VmRSS)
// and CPU time (/proc/<pid>/stat utime + stime). It can be stopped and started again on the same
// port and store (only one process may open the embedded store); the counters carry over.

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

function cpuSecondsOf(pid: number): number {
  // Fields after the command name, which is in parentheses and may hold spaces: state is field 3,
  // utime 14 and stime 15 (proc(5)).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function statusKib(pid: number, name: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${name} in /proc/${pid}/status`);
  return Number(match[1]);
}

/** Resets the process's VmHWM to its current RSS (proc(5) clear_refs "5"); false if refused. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * The analytics benchmarks' server settings beside the store's: the benchmark is one caller sending
 * far more than a client would, and the rollup runs when the benchmark says so (POST
 * /admin/v1/rollups/run), not on the timer.
 */
export function benchServerEnv(adminToken: string, historyStart: string): Record<string, string> {
  return { ADMIN_TOKEN: adminToken, LOG_LEVEL: 'warn', REDIS_URL: '', RATE_LIMIT_PER_MINUTE: '10000000', ROLLUP_INTERVAL_MS: '86400000', ANALYTICS_HISTORY_START: historyStart };
}

export interface PhaseUse {
  cpuSeconds: number;
  /** Peak RSS during the phase (since the process started if the kernel refused the reset). */
  peakMb: number;
  /** RSS at the end of the phase. */
  endMb: number;
}

export interface ServerProcess {
  url: string;
  /** Stops the server, runs `work`, starts the server again. */
  whileStopped<T>(work: () => Promise<T>): Promise<T>;
  /** Counts the server's CPU time and peak RSS from now until `end()`. */
  phase(): { end(): PhaseUse };
  /** Peak RSS of every server process of the run so far. */
  peakMb(): number;
  rssMb(): number;
  /** Whether peaks are per phase (the kernel let us reset VmHWM). */
  peakResets: boolean;
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  ensureBuilt();
  const port = String(await freePort());
  let running: BuiltServer | undefined = await startBuiltServer({ ...env, PORT: port });
  // A benchmark that fails half-way must not leave its server running.
  process.once('exit', () => running?.child.kill('SIGKILL'));
  const pid = () => {
    if (!running?.child.pid) throw new Error('the server is not running');
    return running.child.pid;
  };
  /** CPU seconds of the processes already stopped; peak RSS KiB of the run, and of the current phase, folded in at each stop. */
  let stoppedCpu = 0;
  let runPeakKib = 0;
  let phasePeakKib = 0;
  let peakResets = resetPeak(pid());
  const totalCpu = () => stoppedCpu + (running ? cpuSecondsOf(pid()) : 0);
  const foldPeak = () => {
    const kib = statusKib(pid(), 'VmHWM');
    runPeakKib = Math.max(runPeakKib, kib);
    phasePeakKib = Math.max(phasePeakKib, kib);
  };
  const stop = async () => {
    if (!running) return;
    foldPeak();
    stoppedCpu += cpuSecondsOf(pid());
    await running.stop();
    running = undefined;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    get peakResets() {
      return peakResets;
    },
    async whileStopped(work) {
      await stop();
      try {
        return await work();
      } finally {
        running = await startBuiltServer({ ...env, PORT: port });
      }
    },
    phase() {
      if (running) {
        foldPeak();
        peakResets &&= resetPeak(pid());
      }
      phasePeakKib = 0;
      const cpuAtStart = totalCpu();
      return {
        end() {
          if (running) foldPeak();
          return { cpuSeconds: totalCpu() - cpuAtStart, peakMb: phasePeakKib / 1024, endMb: running ? statusKib(pid(), 'VmRSS') / 1024 : 0 };
        },
      };
    },
    peakMb() {
      if (running) foldPeak();
      return runPeakKib / 1024;
    },
    rssMb: () => statusKib(pid(), 'VmRSS') / 1024,
    stop,
  };
}
