import { spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './built-console.js';

// A real PgBouncer (Debian's package) on a free loopback port in front of the test PostgreSQL,
// for the tests of docs/deployment.md "Behind PgBouncer". Every database name is passed through
// to the PostgreSQL of `directUrl`, so scratch databases made there are reachable at once.

export interface Pgbouncer {
  port: number;
  /** `directUrl` (any database of that server) as reached through the pooler. */
  pooled(directUrl: string): string;
  stop(): Promise<void>;
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startPgbouncer(directUrl: string, poolMode: 'transaction' | 'session' = 'transaction'): Promise<Pgbouncer> {
  const target = new URL(directUrl);
  const user = decodeURIComponent(target.username) || userInfo().username;
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'qd-pgbouncer-'));
  await writeFile(join(dir, 'userlist.txt'), `"${user}" "${decodeURIComponent(target.password)}"\n`);
  await writeFile(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `pool_mode = ${poolMode}`,
      'max_client_conn = 500',
      'default_pool_size = 20',
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: it then runs as the postgres account (-u).
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chown(dir, await postgresUid(), -1);
  const child: ChildProcess = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let attempt = 0; !(await answers(port)); attempt++) {
    if (child.exitCode !== null || attempt > 200) {
      child.kill('SIGKILL');
      throw new Error(`pgbouncer did not start: ${output.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    port,
    pooled(url) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    async stop() {
      const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
      child.kill('SIGTERM'); // immediate shutdown
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgresUid(): Promise<number> {
  const line = (await readFile('/etc/passwd', 'utf8')).split('\n').find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('PgBouncer refuses to run as root and there is no postgres account to run it as');
  return Number(line.split(':')[2]);
}
