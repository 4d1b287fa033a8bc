import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { fmt, load, machine, quantile } from './lib/measure.js';
import { scratchStore } from './lib/scratch-store.js';
import { startServerProcess } from './lib/server-process.js';
import { freePort } from '../test/helpers/built-console.js';

// The soak (docs/performance.md): the built server in a process of its own on a scratch PostgreSQL
// database, loopback only; the load runs in this process. It first measures the capacity of a mixed workload (closed loop, as
// fast as it goes), then sends the same mix open loop at a fraction of it (default 80 %) for the
// given minutes: telemetry batches, analytics reads, enterprise-controls patches and session
// messages that an agent claims through /api/v0/agent/claim and answers. Reports errors, the
// server process's RSS over time and p50/p99 latency per route. With --redis the rate limits live
// in a redis-server of the run's own (loopback, no persistence); --kill-redis-at 0.5 kills it
// (SIGKILL) half-way through the soak, and the API must go on answering. Not a test: run by hand.

const HELP = `npx tsx bench/soak.ts [--minutes 10] [--load 0.8] [--probe-seconds 20] [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--redis] [--kill-redis-at 0.5]`;

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    load: { type: 'string', default: '0.8' },
    'probe-seconds': { type: 'string', default: '20' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    redis: { type: 'boolean', default: false },
    'kill-redis-at': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (flags.help) {
  console.log(HELP);
  process.exit(0);
}
const minutes = Number(flags.minutes);
const loadFactor = Number(flags.load);
const probeSeconds = Number(flags['probe-seconds']);
const killRedisAt = flags['kill-redis-at'] === undefined ? undefined : Number(flags['kill-redis-at']);
if (!(minutes > 0 && minutes <= 120 && loadFactor > 0 && loadFactor <= 1 && probeSeconds >= 5 && probeSeconds <= 300) || (killRedisAt !== undefined && !(flags.redis && killRedisAt > 0 && killRedisAt < 1))) {
  console.error(HELP);
  process.exit(2);
}

const ADMIN = `soak-admin-${Date.now()}-0123456789abcdef`;
const store = await scratchStore(flags['database-url']);
let redis: ChildProcess | undefined;
let redisUrl = '';
if (flags.redis) {
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  process.once('exit', () => redis?.kill('SIGKILL'));
  redisUrl = `redis://127.0.0.1:${port}`;
}
const server = await startServerProcess({ ...store.env, ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '10000000', ROLLUP_INTERVAL_MS: '5000', REDIS_URL: redisUrl });
const base = server.url;
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error(`not loopback: ${base}`);

interface Sample { route: string; ms: number; status: number }
let samples: Sample[] = [];

async function call(route: string, method: string, path: string, key: string, body?: unknown, expected: number[] = [200, 201, 202, 204]): Promise<any> {
  const start = performance.now();
  let status = 0;
  let answer: any;
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    status = response.status;
    const text = await response.text();
    answer = text ? JSON.parse(text) : undefined;
  } catch {
    status = 0;
  }
  samples.push({ route, ms: performance.now() - start, status: expected.includes(status) ? 200 : status });
  return answer;
}

// Setup: one organization, a few users, one computer with its agent, a session per user.
const created: any = await (await fetch(`${base}/admin/v1/organizations`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Soak', ownerEmail: 'owner@soak.test' }) })).json();
const ownerKey: string = created.apiKey;
const userKeys = [ownerKey];
for (let i = 0; i < 7; i += 1) userKeys.push((await call('setup', 'POST', '/api/v0/organization/users', ownerKey, { email: `user${i}@soak.test`, role: 'member' })).apiKey);
const computer = await call('setup', 'POST', '/api/v0/computers', ownerKey, { name: 'soak-box', providerType: 'byom' });
// The computer is the owner's, so the owner's sessions run on it.
const sessions: { key: string; id: string }[] = [];
for (let i = 0; i < 4; i += 1) sessions.push({ key: ownerKey, id: (await call('setup', 'POST', '/api/v0/sessions', ownerKey, { computerId: computer.id })).sessionId });
if (sessions.some((session) => !session.id)) throw new Error('setup failed: a session was not created');
samples = [];

let eventSequence = 0;
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** One request of the mix: 40 % telemetry, 30 % analytics, 10 % controls, 20 % session messages. */
async function mixed(): Promise<void> {
  const roll = Math.random();
  if (roll < 0.4) {
    const events = Array.from({ length: 20 }, () => ({
      id: `soak-${process.pid}-${(eventSequence += 1)}`, type: 'model_call', timestamp: `${day(1 + Math.floor(Math.random() * 3))}T12:00:00Z`, sessionId: 's', client: 'web',
      modelId: pick(['m-a', 'm-b']), modelTier: 'standard', inputTokens: 100, outputTokens: 20, cacheReadTokens: 7, cacheWriteTokens: 0,
    }));
    await call('POST /api/v1/telemetry/events', 'POST', '/api/v1/telemetry/events', pick(userKeys), { events });
  } else if (roll < 0.7) {
    const kind = pick(['tokens', 'tools', 'activity', 'productivity', 'users']);
    await call(`GET /api/v1/analytics/${kind}`, 'GET', `/api/v1/analytics/${kind}?startDate=${day(7)}&endDate=${day(1)}`, ownerKey);
  } else if (roll < 0.8) {
    await call('PATCH /api/v0/organization/enterprise-controls', 'PATCH', '/api/v0/organization/enterprise-controls', ownerKey, { commandDenylist: [`rm -rf ${eventSequence}`], soakCounter: eventSequence });
  } else {
    const session = pick(sessions);
    await call('POST /api/v0/sessions/{id}/messages', 'POST', `/api/v0/sessions/${session.id}/messages`, session.key, { text: `hello ${eventSequence}` });
  }
}

// The agent (three claim loops): claims queued messages (long poll), answers each with usage,
// finishes the run.
let agentRunning = true;
const agent = Promise.all(Array.from({ length: 3 }, async () => {
  while (agentRunning) {
    const claimed = await call('POST /api/v0/agent/claim', 'POST', '/api/v0/agent/claim?waitMs=1000', computer.computerToken);
    if (!claimed?.sessionId) continue;
    await call('POST /api/v0/agent/sessions/{id}/messages', 'POST', `/api/v0/agent/sessions/${claimed.sessionId}/messages`, computer.computerToken, {
      role: 'assistant', content: [{ text: 'done' }], usage: { modelId: 'm-a', modelTier: 'standard', inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
    });
    await call('POST /api/v0/agent/sessions/{id}/finish', 'POST', `/api/v0/agent/sessions/${claimed.sessionId}/finish`, computer.computerToken);
  }
}));

// 1. Capacity: 8 closed-loop workers for the probe.
const probeEnd = Date.now() + probeSeconds * 1000;
let probed = 0;
await Promise.all(Array.from({ length: 8 }, async () => {
  while (Date.now() < probeEnd) {
    await mixed();
    probed += 1;
  }
}));
const capacity = probed / probeSeconds;
const rate = capacity * loadFactor;
samples = [];

// 2. The soak: open loop at `rate` requests per second, RSS every 10 s.
const rss: { at: number; mb: number }[] = [];
const started = Date.now();
const rssTimer = setInterval(() => rss.push({ at: (Date.now() - started) / 1000, mb: server.rssMb() }), 10_000);
const inFlight = new Set<Promise<void>>();
const end = started + minutes * 60_000;
let redisKilledAt: number | undefined;
const redisKiller =
  killRedisAt === undefined
    ? undefined
    : setTimeout(() => {
        redis?.kill('SIGKILL');
        redisKilledAt = (Date.now() - started) / 1000;
      }, killRedisAt * minutes * 60_000);
let sent = 0;
while (Date.now() < end) {
  const due = started + (sent / rate) * 1000;
  if (due > Date.now()) await sleep(due - Date.now());
  const request = mixed().finally(() => inFlight.delete(request));
  inFlight.add(request);
  sent += 1;
}
await Promise.all(inFlight);
clearInterval(rssTimer);
clearTimeout(redisKiller);
rss.push({ at: (Date.now() - started) / 1000, mb: server.rssMb() });
agentRunning = false;
await agent;

// Report.
const elapsed = (Date.now() - started) / 1000;
const byRoute = new Map<string, Sample[]>();
for (const s of samples) byRoute.set(s.route, [...(byRoute.get(s.route) ?? []), s]);
const errors = samples.filter((s) => s.status !== 200);
console.log(`# Soak: ${minutes} min on ${store.label}${redisUrl ? ', rate limits in Redis' : ', no Redis'}${redisKilledAt === undefined ? '' : ` (Redis killed at ${fmt(redisKilledAt, 0)} s)`}`);
console.log(`${machine()}; ${load()}`);
console.log(`capacity (8 closed-loop workers, ${probeSeconds} s): ${fmt(capacity)} mixed requests/s; soak target ${fmt(loadFactor * 100, 0)} % = ${fmt(rate)}/s; sent ${sent} in ${fmt(elapsed)} s (${fmt(sent / elapsed)}/s)`);
console.log(`errors: ${errors.length} of ${samples.length}${errors.length ? ` (${[...new Set(errors.map((e) => `${e.route} ${e.status}`))].join('; ')})` : ''}`);
console.log('| route | requests | p50 ms | p99 ms |');
console.log('|---|---:|---:|---:|');
for (const [route, list] of [...byRoute].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const ms = list.map((s) => s.ms);
  console.log(`| ${route} | ${list.length} | ${fmt(quantile(ms, 0.5))} | ${fmt(quantile(ms, 0.99))} |`);
}
console.log(`server peak RSS ${fmt(server.peakMb(), 0)} MiB; server RSS MiB (s: MiB): ${rss.map((point) => `${fmt(point.at, 0)}: ${fmt(point.mb, 0)}`).join(', ')}`);

await server.stop();
redis?.kill('SIGKILL');
await store.remove();
process.exit(errors.length === 0 ? 0 : 1);
