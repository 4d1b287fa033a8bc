import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_COMMAND } from '../hooks/helpers.js';

// The `quarterdeck` CLI as a subprocess, pointed at a test server by its environment.

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(CLI_COMMAND[0]!, [...CLI_COMMAND.slice(1), ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a command that must succeed and returns its JSON output. */
export async function cliJson<T = any>(args: string[], env: Record<string, string | undefined>): Promise<T> {
  const result = await cli(args, env);
  if (result.code !== 0) throw new Error(`quarterdeck ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/** A file in a fresh temporary directory. */
export async function tempFile(name: string, content: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'qd-cli-')), name);
  await writeFile(path, content);
  return path;
}
