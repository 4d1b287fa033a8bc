import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

// Child processes of the agent: commands in their own process group, so stopping one stops
// everything it started, run as the agent's user or as the user named by --run-as; and the tail
// of what they print, for error reports.

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

/** The user the commands run as (--run-as), when it is not the agent's own. */
export interface CommandUser {
  name: string;
  uid: number;
  gid: number;
  home: string;
}

/** Looks a user up by name or number in the system's user database (getent passwd). */
export function lookUpUser(nameOrId: string): CommandUser | undefined {
  let entry: string;
  try {
    entry = execFileSync('getent', ['passwd', nameOrId], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
  const [name, , uid, gid, , home] = entry.split('\n')[0]!.split(':');
  if (!name || !Number.isInteger(Number(uid)) || !Number.isInteger(Number(gid))) return undefined;
  return { name, uid: Number(uid), gid: Number(gid), home: home || '/' };
}

/** Process groups still running: stopped when the agent exits, whatever the reason. */
const running = new Set<ChildProcess>();

/** `file args…` in `cwd`, in a new process group, as `user` when given. */
export function spawnGroup(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, user: CommandUser | undefined, stdin: 'pipe' | 'ignore' = 'pipe'): ChildProcess {
  const options: SpawnOptions = { cwd, env, detached: true, stdio: [stdin, 'pipe', 'pipe'], ...(user ? { uid: user.uid, gid: user.gid } : {}) };
  const child = spawn(file, args, options);
  running.add(child);
  child.once('close', () => running.delete(child));
  child.once('error', () => running.delete(child));
  return child;
}

/** `sh -c command` in `cwd`, in a new process group. */
export function spawnShell(command: string, cwd: string, env: NodeJS.ProcessEnv, user: CommandUser | undefined): ChildProcess {
  return spawnGroup('/bin/sh', ['-c', command], cwd, env, user);
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

function signalGroup(child: ChildProcess, name: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, name);
  } catch {
    // already gone
  }
}

/** SIGTERM to the whole group, then SIGKILL after `graceMs` if it is still there. */
export function stopGroup(child: ChildProcess, graceMs = 5_000): void {
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  timer.unref();
  child.once('close', () => clearTimeout(timer));
}

/** The agent is exiting: nothing it started may outlive it. */
export function killAllGroups(): void {
  for (const child of running) signalGroup(child, 'SIGKILL');
}

/** A command's environment: the agent's own, without its credential, as `user` when given. */
export function commandEnv(extra: Record<string, string>, user?: CommandUser): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...(user ? { HOME: user.home, USER: user.name, LOGNAME: user.name } : {}), ...extra };
  delete env.QUARTERDECK_COMPUTER_TOKEN;
  delete env.QUARTERDECK_AGENT_CONFIG;
  return env;
}
