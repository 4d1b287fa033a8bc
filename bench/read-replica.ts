import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { addDays, dayOf } from '../src/domain/dates.js';
import { call, createOrganization, runRollup, sendTelemetry } from './lib/demo-load.js';
import { fmt, load, machine, quantile, sample } from './lib/measure.js';
import { ENDPOINTS, requestOf } from './lib/raw-queries.js';
import { scratchStore } from './lib/scratch-store.js';
import { startServerProcess, type ServerProcess } from './lib/server-process.js';

// Analytics answers through a read replica against the same answers from the primary
// (docs/read-replicas.md), in one run: two server processes on one scratch database of the
// primary, one of them reading the analytics from a streaming standby of it (DATABASE_READ_URL,
// the same database name). Each endpoint's p50 on each, sampled in alternation, and the ratio.
// Run by hand: npm run bench:read-replica -- --help

const HELP = `npm run bench:read-replica -- --database-url postgres://.../postgres --read-url postgres://.../postgres
  [--users 50] [--days 30] [--samples 30] [--seed 42]
--database-url: the primary (a scratch database is made there and dropped at the end);
--read-url: a streaming standby of that primary, its database part replaced by the scratch database's.`;

const { values: flags } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'read-url': { type: 'string' },
    users: { type: 'string', default: '50' },
    days: { type: 'string', default: '30' },
    samples: { type: 'string', default: '30' },
    seed: { type: 'string', default: '42' },
    help: { type: 'boolean', default: false },
  },
});

function count(name: 'users' | 'days' | 'samples' | 'seed', min: number, max: number): number {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return value;
}

const CLIENTS = 4;

/** Waits until the server's /readyz says its replica is in use. */
async function replicaInUse(server: ServerProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const ready = JSON.parse(await call(`${server.url}/readyz`)) as { read_replicas?: { in_use: boolean }[] };
    if (ready.read_replicas?.every((replica) => replica.in_use)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the read replica never came into use: see /readyz');
}

/** Analytics reads so far on the replica and on the primary, from /metrics. */
async function readsOf(server: ServerProcess): Promise<string> {
  const metrics = await call(`${server.url}/metrics`);
  return ['replica', 'primary'].map((target) => `${target} ${metrics.match(new RegExp(`quarterdeck_analytics_reads_total\\{target="${target}"\\} (\\d+)`))?.[1] ?? '?'}`).join(', ');
}

async function main() {
  if (flags.help) return console.log(HELP);
  if (!flags['database-url'] || !flags['read-url']) throw new Error(`--database-url and --read-url are both needed\n${HELP}`);
  const [users, days, samples, seed] = [count('users', 1, 100_000), count('days', 1, 3650), count('samples', 1, 10_000), count('seed', 0, 2 ** 31)];
  const lastDay = addDays(dayOf(new Date()), -1);
  const firstDay = addDays(lastDay, -(days - 1));
  const store = await scratchStore(flags['database-url']);
  const readUrl = new URL(flags['read-url']);
  readUrl.pathname = new URL(store.env.DATABASE_URL!).pathname;
  const adminToken = randomBytes(24).toString('hex');
  const env = { ...store.env, ADMIN_TOKEN: adminToken, LOG_LEVEL: 'warn', REDIS_URL: '', RATE_LIMIT_PER_MINUTE: '10000000', ROLLUP_INTERVAL_MS: '86400000', ANALYTICS_HISTORY_START: firstDay };
  const servers: ServerProcess[] = [];
  try {
    console.log(`Machine: ${machine()}; at start: ${load()}`);
    console.log(`Store:   ${store.label}; read replica ${readUrl.host}`);
    const primary = await startServerProcess(env);
    servers.push(primary);
    const replicated = await startServerProcess({ ...env, DATABASE_READ_URL: readUrl.toString() });
    servers.push(replicated);
    const organization = await createOrganization(primary.url, adminToken, 'Replica Benchmark', users, CLIENTS);
    const ingested = await sendTelemetry(primary.url, organization, { seed, days, lastDay, clients: CLIENTS, eventsPerUserDay: undefined, mixUsers: false });
    await runRollup(primary.url, adminToken);
    await replicaInUse(replicated);
    console.log(`Data:    ${users} users x ${days} days, ${ingested.events} events, rolled up`);
    const range = `startDate=${firstDay}&endDate=${lastDay}`;
    console.log(`\n| endpoint (${days} days) | primary p50 ms | through the replica p50 ms | ratio |\n|---|---|---|---|`);
    for (const endpoint of ENDPOINTS) {
      const url = (server: ServerProcess) => `${server.url}/api/v1/analytics/${requestOf(endpoint)}${range}`;
      const direct = await call(url(primary), { token: organization.apiKey });
      if ((await call(url(replicated), { token: organization.apiKey })) !== direct) throw new Error(`${endpoint}: the replica's answer differs from the primary's`);
      const times: { primary: number[]; replica: number[] } = { primary: [], replica: [] };
      // In alternation, so that the machine's load moves both alike.
      for (let i = 0; i < samples; i++) {
        times.primary.push(...(await sample(1, () => call(url(primary), { token: organization.apiKey }))));
        times.replica.push(...(await sample(1, () => call(url(replicated), { token: organization.apiKey }))));
      }
      const [p, r] = [quantile(times.primary, 0.5), quantile(times.replica, 0.5)];
      console.log(`| ${endpoint} | ${fmt(p, 2)} | ${fmt(r, 2)} | ${fmt(r / p, 2)}x |`);
    }
    console.log(`\nThe replicated server's analytics reads: ${await readsOf(replicated)} (tokens-by-team reads the teams on the primary).`);
    console.log(`At end: ${load()}`);
  } finally {
    for (const server of servers) await server.stop();
    await store.remove();
  }
}

await main();
