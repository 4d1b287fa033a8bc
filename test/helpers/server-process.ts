import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { scratchDatabase, serverDatabaseEnv } from './server.js';

// The built server (dist/main.js, which the suite's global setup builds) in a process of its own,
// for the tests that kill it: it answers on a real port, and the caller decides when it dies.

export interface LaunchedServer {
  child: ChildProcess;
  /** Resolves once the server logs that it listens; rejects if it exits before. */
  listening: Promise<void>;
}

export function launchServer(env: Record<string, string>): LaunchedServer {
  const child = spawn(process.execPath, ['dist/main.js'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server listening at')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', () => reject(new Error(`server exited before listening: ${output.slice(-2000)}`)));
  });
  listening.catch(() => undefined);
  return { child, listening };
}

/**
 * The servers a test file launches and the stores it makes for them: `launch` keeps each process,
 * and after the file every one still running is killed, then each `cleanup` step runs.
 */
export function launchedServers() {
  const cleanup: (() => Promise<unknown>)[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const step of cleanup) await step();
  });
  const launch = (env: Record<string, string>): LaunchedServer => {
    const server = launchServer(env);
    children.push(server.child);
    return server;
  };
  return { cleanup, children, launch };
}

/** Kills the server with SIGKILL and waits for it to be gone. */
export async function killHard(server: LaunchedServer): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

/**
 * The store of a launched server: a scratch PostgreSQL database when the suite runs on
 * PostgreSQL (TEST_DATABASE_URL), else an embedded data directory; `cleanup` gets its removal.
 */
export async function launchedStore(cleanup: (() => Promise<unknown>)[]): Promise<{ DATABASE_URL: string; DATABASE_DIRECT_URL: string; DATA_DIR: string }> {
  const pgBase = process.env.TEST_DATABASE_URL;
  if (pgBase) {
    const scratch = await scratchDatabase(pgBase);
    cleanup.push(() => scratch.drop());
    return { ...serverDatabaseEnv(scratch.url), DATA_DIR: '/nonexistent-launched-server' };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'qd-launched-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  return { DATABASE_URL: '', DATABASE_DIRECT_URL: '', DATA_DIR: dataDir };
}

/** A new organization through a launched server's admin API; its owner's API key. */
export async function bootstrapOrganization(base: string, adminToken: string, ownerEmail: string): Promise<string> {
  const created = await fetch(`${base}/admin/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Crash', ownerEmail }),
  });
  if (created.status !== 201) throw new Error(`bootstrap failed: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { apiKey: string }).apiKey;
}
