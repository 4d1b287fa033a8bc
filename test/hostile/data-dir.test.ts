import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { removeStaleSocketDirs } from '../../src/db/embedded.js';
import { secretsAtRestWarnings, startServer } from '../../src/server.js';

// Secrets at rest: DATA_DIR is private to the server's user, stale socket directories of dead
// embedded servers are cleaned up, and PostgreSQL without SECRET_KEY / JWT_SECRET is announced.

const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

async function modesUnder(dir: string): Promise<{ path: string; mode: number; directory: boolean }[]> {
  const found = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const info = await stat(current);
    found.push({ path: current, mode: info.mode & 0o777, directory: info.isDirectory() });
    if (info.isDirectory()) for (const name of await readdir(current)) pending.push(join(current, name));
  }
  return found;
}

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('DATA_DIR on the embedded store', () => {
  it('is created 0700 with files 0600, and an open one is closed at start', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'qd-datadir-'));
    cleanup.push(parent);
    const fresh = join(parent, 'fresh');
    const server = await startServer(loadConfig({ DATA_DIR: fresh, PORT: '0', LOG_LEVEL: 'silent' }));
    await server.stop();
    const created = await modesUnder(fresh);
    expect(created.length).toBeGreaterThan(10);
    expect(created.filter((entry) => entry.mode !== (entry.directory ? 0o700 : 0o600))).toEqual([]);

    // An install from before: everything readable by everyone.
    for (const entry of created) await chmod(entry.path, entry.directory ? 0o755 : 0o666);
    await writeFile(join(fresh, 'notes'), 'x', { mode: 0o644 });
    const again = await startServer(loadConfig({ DATA_DIR: fresh, PORT: '0', LOG_LEVEL: 'silent' }));
    await again.stop();
    expect((await modesUnder(fresh)).filter((entry) => entry.mode !== (entry.directory ? 0o700 : 0o600))).toEqual([]);
  });

  it('removes socket directories of dead processes only', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'qd-sockets-'));
    cleanup.push(parent);
    const dead = join(parent, `quarterdeck-pg-${deadPid()}-AbC123`);
    const alive = join(parent, `quarterdeck-pg-${process.pid}-XyZ789`);
    const unrelated = join(parent, 'quarterdeck-pg-legacy');
    for (const dir of [dead, alive, unrelated]) await mkdir(dir);
    await writeFile(join(dead, '.s.PGSQL.5432'), '');
    expect(await removeStaleSocketDirs(parent)).toBe(1);
    expect((await readdir(parent)).sort()).toEqual([alive, unrelated].map((dir) => dir.slice(parent.length + 1)).sort());
  });
});

describe('secrets on PostgreSQL', () => {
  it('warns when SECRET_KEY or JWT_SECRET is missing, and only then', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/postgres';
    const warnings = secretsAtRestWarnings(loadConfig({ DATABASE_URL: url }));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/SECRET_KEY is not set.*server_secrets/);
    expect(warnings[1]).toMatch(/JWT_SECRET is not set.*server_secrets/);
    expect(secretsAtRestWarnings(loadConfig({ DATABASE_URL: url, SECRET_KEY: 'a'.repeat(64), JWT_SECRET: 'j'.repeat(40) }))).toEqual([]);
    expect(secretsAtRestWarnings(loadConfig({}))).toEqual([]);
  });
});
