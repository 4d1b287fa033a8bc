import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The server as an operator runs it (`npm start`: the built dist/main.js): a real process on the
// embedded store under DATA_DIR.

interface ServerProcess {
  child: ChildProcess;
  url: Promise<string>;
  exit: Promise<{ code: number | null; stderr: string }>;
}

function launch(dataDir: string): ServerProcess {
  const child = spawn(process.execPath, ['dist/main.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', ADMIN_TOKEN: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.on('exit', () => reject(new Error(`server exited before listening: ${stderr}`)));
  });
  url.catch(() => undefined);
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  return { child, url, exit };
}

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the embedded store in a real process', () => {
  it('holds DATA_DIR exclusively, shuts down cleanly and keeps acknowledged data', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quarterdeck-data-'));
    dirs.push(dataDir);
    const first = launch(dataDir);
    children.push(first.child);
    const url = await first.url;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    const tokenFile = join(dataDir, 'admin-token');
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    const adminToken = (await readFile(tokenFile, 'utf8')).trim();
    const created = await fetch(`${url}/admin/v1/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Durable', ownerEmail: 'owner@durable.test' }),
    });
    expect(created.status).toBe(201);
    const { apiKey } = (await created.json()) as { apiKey: string };

    const second = launch(dataDir);
    children.push(second.child);
    const refused = await second.exit;
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/DATA_DIR .* is in use by process \d+/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect((await first.exit).code).toBe(0);

    const third = launch(dataDir);
    children.push(third.child);
    const again = await third.url;
    const users = await fetch(`${again}/api/v0/organization/users`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(users.status).toBe(200);
    expect(((await users.json()) as { users: { email: string }[] }).users.map((u) => u.email)).toEqual(['owner@durable.test']);
    third.child.kill('SIGINT');
    expect((await third.exit).code).toBe(0);
  }, 90_000);
});
