import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { fmt, load, machine, quantile } from './lib/measure.js';
import { scratchStore } from './lib/scratch-store.js';
import type { LoadResult } from './lib/control-plane-load.js';

// The control plane measured (docs/performance.md "Control plane"): the built server
// (dist/main.js) on a scratch PostgreSQL database in its own process, the load (autocannon, keep-
// alive connections) in another, and two floors taken in the same run, each in its own process: a
// bare Fastify route answering the JSON of /healthz (HTTP floor) and a bare Fastify route doing
// one SELECT by primary key through `pg` (database floor). Then add-message → waiting claim
// latency, and enterprise-controls PATCH throughput with concurrent writers using If-Match.
// Ends with the targets of issue 10, MET / NOT MET. Run `npm run build` first (the npm script does).

const HELP = 'npx tsx bench/control-plane.ts [--seconds 10] [--warmup-seconds 3] [--connections 20] [--messages 200] [--writers 20] [--database-url postgres://postgres@127.0.0.1:5432/postgres]';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    'warmup-seconds': { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    messages: { type: 'string', default: '200' },
    writers: { type: 'string', default: '20' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    help: { type: 'boolean', default: false },
  },
});
const seconds = Number(flags.seconds);
const warmupSeconds = Number(flags['warmup-seconds']);
const connections = Number(flags.connections);
const messages = Number(flags.messages);
const writers = Number(flags.writers);
if (flags.help || !(seconds >= 1 && warmupSeconds >= 0 && connections >= 1 && messages >= 1 && writers >= 1)) {
  console.log(HELP);
  process.exit(flags.help ? 0 : 2);
}

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const FLOORS = fileURLToPath(new URL('./lib/control-plane-floors.ts', import.meta.url));
const LOAD = fileURLToPath(new URL('./lib/control-plane-load.ts', import.meta.url));
if (!existsSync(MAIN)) {
  console.error('dist/main.js is missing: run `npm run build` first');
  process.exit(2);
}

/** The server's pool size (DATABASE_POOL_SIZE default), which the database floor's pool matches. */
const POOL_SIZE = 10;
const ADMIN_TOKEN = `bench-admin-${Date.now()}-0123456789abcdef`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Child {
  url: string;
  /** CPU seconds the process has used (user + system), from /proc; NaN where there is none. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const CLOCK_TICKS = 100;
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Starts a process and waits until `ready(url)` answers; its output is dropped unless it fails. */
async function startProcess(args: string[], env: Record<string, string>, port: number, readyPath: string): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited (${child.exitCode}): ${stderr}`);
    const ok = await fetch(url + readyPath).then((response) => response.ok, () => false);
    if (ok) return { url, stop, cpuSeconds: () => cpuSecondsOf(child.pid) };
    await sleep(100);
  }
  await stop();
  throw new Error(`${args.join(' ')} did not answer ${readyPath}: ${stderr}`);
}

/** One autocannon run in its own process. */
async function loadRun(spec: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; seconds: number }): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', LOAD, JSON.stringify({ connections, ...spec })], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`load generator failed (${String(code)})`);
  return JSON.parse(out.trim().split('\n').pop()!) as LoadResult;
}

/** A warm-up run, then the measured one, with the CPU the target process spent per request. */
async function measure(target: Child, spec: { url: string; headers?: Record<string, string> }): Promise<LoadResult & { cpuUsPerRequest: number }> {
  if (warmupSeconds > 0) await loadRun({ ...spec, seconds: warmupSeconds });
  const cpuBefore = target.cpuSeconds();
  const result = await loadRun({ ...spec, seconds });
  return { ...result, cpuUsPerRequest: ((target.cpuSeconds() - cpuBefore) * 1e6) / result.requests };
}

async function api<T = any>(url: string, init: { method?: string; token: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

async function expectOk<T = any>(what: string, call: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** An organization, its owner's key, an active computer with its token, and a session on it. */
async function seed(url: string) {
  const created = await expectOk('create organization', api(`${url}/admin/v1/organizations`, { method: 'POST', token: ADMIN_TOKEN, body: { name: 'Bench', ownerEmail: 'owner@bench.test' } }));
  const key: string = created.apiKey;
  const computer = await expectOk('register computer', api(`${url}/api/v0/computers`, { method: 'POST', token: key, body: { name: 'box', providerType: 'byom' } }));
  const computerToken: string = computer.computerToken;
  for (const step of ['connect', 'install-deps']) {
    for (const status of ['running', 'completed']) {
      await expectOk(`step ${step}`, api(`${url}/api/v0/agent/provisioning-steps/${step}`, { method: 'PATCH', token: computerToken, body: { status } }));
    }
  }
  const session = await expectOk('create session', api(`${url}/api/v0/sessions`, { method: 'POST', token: key, body: { title: 'bench', computerId: computer.id } }));
  return { key, computerId: computer.id as string, computerToken, sessionId: session.sessionId as string };
}

/** add-message → the agent's waiting claim answers with it: milliseconds from sending the message to the claim's answer. */
async function claimLatency(url: string, seeded: Awaited<ReturnType<typeof seed>>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < messages; i++) {
    const claim = api(`${url}/api/v0/agent/claim?waitMs=10000`, { method: 'POST', token: seeded.computerToken });
    let claimed = 0;
    const answered = claim.then((result) => {
      claimed = performance.now();
      return result;
    });
    // Let the claim find nothing and start waiting.
    await sleep(20);
    const sent = performance.now();
    await expectOk('add message', api(`${url}/api/v0/sessions/${seeded.sessionId}/messages`, { method: 'POST', token: seeded.key, body: { text: `message ${i}` } }));
    const { status, body } = await answered;
    if (status !== 200) throw new Error(`claim answered ${status}`);
    samples.push(claimed - sent);
    await expectOk('finish', api(`${url}/api/v0/agent/sessions/${seeded.sessionId}/finish?runId=${encodeURIComponent(body.runId)}`, { method: 'POST', token: seeded.computerToken }));
  }
  return samples;
}

/** `writers` concurrent writers PATCH their own property with If-Match for `seconds`, retrying on 412. */
async function controlsWriters(url: string, key: string) {
  const controls = `${url}/api/v0/organization/enterprise-controls`;
  const start = await api(controls, { token: key });
  const firstRevision = Number(JSON.parse(start.headers.get('etag')!));
  const deadline = performance.now() + seconds * 1000;
  const lastWritten = new Array<number>(writers).fill(0);
  let conflicts = 0;
  const writer = async (index: number) => {
    let etag = start.headers.get('etag')!;
    for (let round = 1; performance.now() < deadline; ) {
      const response = await api(controls, { method: 'PATCH', token: key, headers: { 'if-match': etag }, body: { [`benchWriter${index}`]: { round } } });
      etag = response.headers.get('etag') ?? etag;
      if (response.status === 412) {
        conflicts += 1;
        continue;
      }
      if (response.status !== 200) throw new Error(`PATCH answered ${response.status}: ${JSON.stringify(response.body)}`);
      lastWritten[index] = round;
      round += 1;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
  const elapsedS = (performance.now() - began) / 1000;
  const updates = lastWritten.reduce((sum, rounds) => sum + rounds, 0);
  const final = await api(controls, { token: key });
  const settings = final.body.settings as Record<string, { round?: number } | undefined>;
  const lastRevision = Number(JSON.parse(final.headers.get('etag')!));
  // A writer's property holds its last round that got through (none when none did).
  const lost = lastWritten.filter((round, index) => settings[`benchWriter${index}`]?.round !== (round || undefined)).length;
  return { updates, perSecond: updates / elapsedS, conflicts, lost, revisionsAppended: lastRevision - firstRevision, fewestByOneWriter: Math.min(...lastWritten) };
}

const store = await scratchStore(flags['database-url']);
const children: Child[] = [];
try {
  const [serverPort, httpPort, dbPort] = [await freePort(), await freePort(), await freePort()];
  const server = await startProcess(
    [MAIN],
    { ...store.env, HOST: '127.0.0.1', PORT: String(serverPort), ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '10000000', AUTH_FAILURES_PER_MINUTE: '10000000', DATABASE_POOL_SIZE: String(POOL_SIZE), REDIS_URL: '' },
    serverPort,
    '/readyz',
  );
  children.push(server);
  const seeded = await seed(server.url);
  const httpFloor = await startProcess(['--import', 'tsx', FLOORS, 'http', String(httpPort)], {}, httpPort, '/healthz');
  children.push(httpFloor);
  const dbFloor = await startProcess(['--import', 'tsx', FLOORS, 'db', String(dbPort), store.env.DATABASE_URL, String(POOL_SIZE)], {}, dbPort, `/computers/${seeded.computerId}`);
  children.push(dbFloor);

  console.log('Control plane (bench/control-plane.ts)');
  console.log(`machine: ${machine()}`);
  console.log(`store: ${store.label}`);
  console.log(`load: autocannon, ${connections} keep-alive connections, ${warmupSeconds} s warm-up then ${seconds} s per case, in its own process`);
  console.log(`before: ${load()}\n`);

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const badKey = `qd_${'x'.repeat(43)}`;
  const results = {
    httpFloor: await measure(httpFloor, { url: `${httpFloor.url}/healthz` }),
    healthz: await measure(server, { url: `${server.url}/healthz` }),
    dbFloor: await measure(dbFloor, { url: `${dbFloor.url}/computers/${seeded.computerId}` }),
    computer: await measure(server, { url: `${server.url}/api/v0/computers/${seeded.computerId}`, headers: bearer(seeded.key) }),
    badKey: await measure(server, { url: `${server.url}/api/v0/computers/${seeded.computerId}`, headers: bearer(badKey) }),
  };
  const rows: [string, LoadResult & { cpuUsPerRequest: number }, LoadResult | undefined, string][] = [
    ['HTTP floor: bare Fastify, JSON of /healthz', results.httpFloor, undefined, '200'],
    ['GET /healthz', results.healthz, results.httpFloor, '200'],
    ['database floor: bare Fastify + pg, SELECT by id', results.dbFloor, undefined, '200'],
    ['GET /api/v0/computers/{id}, API key', results.computer, results.dbFloor, '200'],
    ['same, bad key (401)', results.badKey, results.dbFloor, '401'],
  ];
  // CPU per request is the process's own (the floor's or the server's, not PostgreSQL's): a
  // figure a busy machine disturbs less than throughput.
  console.log('case | req/s | p50 ms | p99 ms | vs its floor | CPU µs/request | answers');
  for (const [name, result, floor, expected] of rows) {
    const ratio = floor ? `${fmt((100 * result.requestsPerSecond) / floor.requestsPerSecond, 0)} %` : 'floor';
    const unexpected = result.requests - (result.statusCodes[expected] ?? 0);
    console.log(`${name} | ${fmt(result.requestsPerSecond, 0)} | ${fmt(result.p50Ms, 1)} | ${fmt(result.p99Ms, 1)} | ${ratio} | ${fmt(result.cpuUsPerRequest, 0)} | ${result.requests} × ${expected}${unexpected ? `, ${unexpected} other, ${result.errors} errors` : ''}`);
  }

  const latencies = await claimLatency(server.url, seeded);
  const claimP50 = quantile(latencies, 0.5);
  console.log(`\nadd-message → waiting claim answers (${messages} messages, one at a time): p50 ${fmt(claimP50, 1)} ms, p99 ${fmt(quantile(latencies, 0.99), 1)} ms (database floor p50 under load: ${fmt(results.dbFloor.p50Ms, 1)} ms)`);

  const patches = await controlsWriters(server.url, seeded.key);
  console.log(
    `enterprise-controls PATCH, ${writers} writers with If-Match for ${seconds} s: ${fmt(patches.perSecond, 0)} updates/s (${fmt((100 * patches.perSecond) / results.dbFloor.requestsPerSecond, 1)} % of the database floor's reads), ` +
      `${patches.updates} updates (fewest by one writer: ${patches.fewestByOneWriter}), ${patches.conflicts} retried after 412, ${patches.revisionsAppended} revisions appended, lost updates: ${patches.lost}`,
  );
  console.log(`after: ${load()}`);

  const computerRatio = results.computer.requestsPerSecond / results.dbFloor.requestsPerSecond;
  const healthzRatio = results.healthz.requestsPerSecond / results.httpFloor.requestsPerSecond;
  const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');
  console.log('\nTargets');
  console.log(`GET /api/v0/computers/{id} >= 70 % of the database floor: ${verdict(computerRatio >= 0.7)} (${fmt(100 * computerRatio, 0)} %)`);
  console.log(`/healthz >= 80 % of the HTTP floor: ${verdict(healthzRatio >= 0.8)} (${fmt(100 * healthzRatio, 0)} %)`);
  console.log(`claim p50 <= 20 ms: ${verdict(claimP50 <= 20)} (${fmt(claimP50, 1)} ms)`);
  console.log(`no lost enterprise-controls update: ${verdict(patches.lost === 0 && patches.revisionsAppended === patches.updates)} (${patches.lost} lost, ${patches.revisionsAppended} revisions for ${patches.updates} updates)`);
} finally {
  for (const child of children.reverse()) await child.stop();
  await store.remove();
}
