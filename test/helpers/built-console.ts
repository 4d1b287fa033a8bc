import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

// The built product for the tests that run it as it ships (the browser tests, the CLI, the server
// processes that are killed): `npm run build` output, rebuilt only when a source is newer than it,
// and a real server process on a free port.

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function builtAt(path: string): number {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/**
 * Builds what `npm run build` builds, each part only if it is missing or older than its sources:
 * the server (tsc), the migrated empty embedded database it starts from, and the web console
 * (vite). The test suite's global setup calls it once per run, before any file starts.
 */
export function ensureBuilt(): void {
  const server = Math.max(newestMtime('src'), newestMtime('migrations'));
  // Incremental: after a change to a few sources, a rebuild type-checks and emits in a third of the time.
  if (builtAt('dist/main.js') < server) run('npx', ['tsc', '-p', 'tsconfig.build.json', '--incremental', '--tsBuildInfoFile', 'dist/.tsbuildinfo']);
  if (builtAt('dist/embedded-seed.tar') < Math.max(newestMtime('migrations'), newestMtime('src/db'))) run(process.execPath, ['scripts/build-embedded-seed.mjs']);
  if (builtAt('dist/web/index.html') < Math.max(newestMtime('web'), newestMtime('src/sdk'))) run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  stdout(): string;
  stop(): Promise<void>;
}

/** `node dist/main.js` with the given environment (on a free port unless it names PORT); resolves once it listens. */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['dist/main.js'], {
    env: { ...process.env, HOST: '127.0.0.1', PUBLIC_APP_URL: '', PUBLIC_API_URL: '', LOG_LEVEL: 'warn', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    // /readyz, not /healthz: the port answers /healthz while the migrations still run.
    const ready = await fetch(`${url}/readyz`).then((response) => response.ok, () => false);
    if (ready) break;
    if (attempt > 600) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stdout: () => stdout,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
