import { spawn } from 'node:child_process';

// Runs one hook command: `sh -c` in its own process group, the JSON input on standard input,
// output kept up to a bound, and at the timeout the whole group is stopped (SIGTERM, then SIGKILL
// after a short grace), so a hook cannot leave sleeping children behind.

/** Bytes kept of each output stream; the rest is counted as truncated. */
export const OUTPUT_LIMIT_BYTES = 64 * 1024;
/** Time between SIGTERM and SIGKILL to a timed-out hook's process group. */
export const KILL_GRACE_MS = 1_000;

export interface CommandRun {
  command: string;
  input: string;
  cwd: string;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
}

export interface CommandResult {
  /** null when the hook did not exit by itself (timed out, killed, or could not start). */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  /** Why the command could not be started, when it could not. */
  error: string | null;
  startedAt: number;
  durationMs: number;
}

class BoundedOutput {
  private chunks: Buffer[] = [];
  private kept = 0;
  truncated = false;

  add(chunk: Buffer): void {
    const room = OUTPUT_LIMIT_BYTES - this.kept;
    if (chunk.length > room) this.truncated = true;
    if (room <= 0) return;
    const part = chunk.subarray(0, room);
    this.chunks.push(part);
    this.kept += part.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

export function runCommand(run: CommandRun): Promise<CommandResult> {
  const startedAt = Date.now();
  const stdout = new BoundedOutput();
  const stderr = new BoundedOutput();
  return new Promise((resolve) => {
    let timedOut = false;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const child = spawn('sh', ['-c', run.command], {
      cwd: run.cwd,
      env: run.env ?? process.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });

    const finish = (exitCode: number | null, signal: NodeJS.Signals | null, error: string | null) => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      // Stragglers of a timed-out hook that ignored SIGTERM, or that closed their output, die now.
      if (timedOut && child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({
        exitCode,
        signal,
        timedOut,
        stdout: stdout.text(),
        stderr: stderr.text(),
        stdoutTruncated: stdout.truncated,
        stderrTruncated: stderr.truncated,
        error,
        startedAt,
        durationMs: Date.now() - startedAt,
      });
    };

    child.stdout.on('data', (chunk: Buffer) => stdout.add(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk));
    child.on('error', (error) => finish(null, null, error.message));
    // 'close' waits for the output streams too: a hook is done when it and its output are.
    child.on('close', (code, signal) => finish(timedOut ? null : code, signal, null));
    // A hook that exits without reading its input is fine: ignore EPIPE on the input.
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.input);

    timers.push(
      setTimeout(() => {
        if (child.pid === undefined) return;
        timedOut = true;
        killGroup(child.pid, 'SIGTERM');
        // Resolving here sends SIGKILL to whatever is left of the group.
        timers.push(setTimeout(() => finish(null, 'SIGKILL', null), KILL_GRACE_MS));
      }, run.timeoutMs),
    );
  });
}
