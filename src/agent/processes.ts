import { spawn, type ChildProcess } from 'node:child_process';

// Child processes of the agent: shell commands in their own process group, so stopping one stops
// everything it started; and the tail of what they print, for error reports.

/** Keeps the last `max` characters written to it. */
export class Tail {
  private text = '';
  constructor(private readonly max: number) {}

  add(chunk: string): void {
    this.text = (this.text + chunk).slice(-this.max);
  }

  toString(): string {
    return this.text;
  }
}

/** `sh -c command` in `cwd`, in a new process group. */
export function spawnShell(command: string, cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn('/bin/sh', ['-c', command], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Resolves with the exit code (signals as 128 + number, the shell's convention). */
export function exitOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('error', () => resolve(127));
    child.once('close', (code, signal) => resolve(code ?? 128 + (signal ? signalNumber(signal) : 0)));
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  return ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 } as Record<string, number>)[signal] ?? 0;
}

/** SIGTERM to the whole group, then SIGKILL after `graceMs` if it is still there. */
export function stopGroup(child: ChildProcess, graceMs = 5_000): void {
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  timer.unref();
  child.once('close', () => clearTimeout(timer));
}

/** A command's environment: the agent's own, without its credential. */
export function commandEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.QUARTERDECK_COMPUTER_TOKEN;
  delete env.QUARTERDECK_AGENT_CONFIG;
  return env;
}
