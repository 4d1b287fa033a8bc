import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Tools for the hooks tests: temporary folders with real hook scripts, the CLI as a subprocess,
// and a small HTTP receiver that records what it is sent.

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
/**
 * The CLI as it ships (`bin` in package.json): the compiled dist/cli/main.js, which the suite's
 * global setup builds from the sources when they are newer. Plain node starts it in a fraction of
 * the time the TypeScript loader takes, and the tests run it a few hundred times.
 */
export const CLI_COMMAND = [process.execPath, join(REPO_ROOT, 'dist/cli/main.js')];

export async function tempDir(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'qd-hooks-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Writes an executable script and returns its path. */
export async function script(dir: string, name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, body);
  await chmod(path, 0o755);
  return path;
}

export async function readJson<T = any>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

/**
 * Whether a process still runs. Signal 0 also reaches zombies, which this machine's init may be
 * slow to reap; a zombie has stopped running, so it counts as gone.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // Field 3 of /proc/<pid>/stat, after the parenthesized name, is the state.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `quarterdeck ...args` from the sources, as a subprocess. */
export function cli(args: string[], options: { stdin?: string; env?: Record<string, string | undefined>; cwd?: string } = {}): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(CLI_COMMAND[0]!, [...CLI_COMMAND.slice(1), ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.stdin ?? '');
  });
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: any;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A local HTTP server that records every request and answers with `respond` (202 by default). */
export async function startReceiver(respond: (request: Received, index: number, response: ServerResponse) => void = (_r, _i, response) => response.writeHead(202).end('{}')): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text
      }
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body, at: Date.now() };
      received.push(entry);
      waiters.splice(0).forEach((wake) => wake());
      respond(entry, received.length - 1, response);
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${received.length}`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 50);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
