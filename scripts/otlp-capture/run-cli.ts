// Running a coding-agent CLI headless, shared by the capture (capture.ts) and the fleet run
// (fleet-run.ts): its settings files written into a scratch HOME and work directory, a minimal
// environment, the process in its own group with a time limit, and the versions installed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AgentDefinition, RunPlan } from './agents.js';

export interface CliResult {
  code: number | null;
  signal: string | null;
  timedOut: boolean;
  output: string;
}

/** Writes the plan's files: a path starting with ~/ under the scratch HOME, any other under the work directory. */
export function writePlanFiles(plan: RunPlan, home: string, workDir: string): void {
  for (const [path, content] of Object.entries(plan.files)) {
    const target = path.startsWith('~/') ? join(home, path.slice(2)) : join(workDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

/** The whole environment a CLI gets: the plan's variables and nothing of the caller's but Node on the PATH. */
export function cliEnvironment(home: string, env: Record<string, string>): Record<string, string> {
  return { PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`, HOME: home, TERM: 'dumb', LANG: 'C.UTF-8', NO_COLOR: '1', CI: '1', ...env };
}

export function runProcess(command: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs: number; verbose?: boolean }): Promise<CliResult> {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    let timedOut = false;
    const keep = (chunk: Buffer, stream: NodeJS.WriteStream) => {
      output += chunk.toString();
      if (options.verbose) stream.write(chunk);
    };
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
    const timer = setTimeout(() => {
      timedOut = true;
      // The CLI runs in its own process group: end it and whatever it started.
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    }, options.timeoutMs);
    child.on('error', (error) => {
      output += `\nspawn error: ${error.message}`;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ code, signal, timedOut, output });
    });
  });
}

/** The installed version of each of the agent's packages (a platform package can differ from the CLI's). */
export function packageVersions(agent: AgentDefinition, installDir: string): Record<string, string> {
  return Object.fromEntries(
    agent.packages.map((name) => {
      const file = join(installDir, agent.name, 'node_modules', name, 'package.json');
      return [name, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : 'unknown'];
    }),
  );
}
