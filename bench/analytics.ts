import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { markDaysPending } from '../src/analytics/pending-days.js';
import { runPendingRollups } from '../src/analytics/rollup.js';
import { openStore, type Db, type Store } from '../src/db/store.js';
import { addDays, dayOf } from '../src/domain/dates.js';
import { createApiKey } from '../src/repositories/api-keys.js';
import { createOrganization as insertOrganization } from '../src/repositories/organizations.js';
import { copyFloor, unnestFloor } from './lib/copy-floor.js';
import { call, createOrganization, runRollup, sendTelemetry, type BenchOrganization } from './lib/demo-load.js';
import { fmt, load, machine, quantile, sample, timed } from './lib/measure.js';
import { ENDPOINTS, rawAnswer, requestOf, type Endpoint, type Range } from './lib/raw-queries.js';
import { keptStore, scratchStore } from './lib/scratch-store.js';
import { benchServerEnv, startServerProcess, type PhaseUse, type ServerProcess } from './lib/server-process.js';
import { SYSTEM_ACTOR } from '../src/domain/audit.js';

// The analytics benchmark (docs/performance.md): the built server in a process of its own on a
// scratch store, fed through its API with the demo generator's telemetry by this process. Prints,
// measured in the same run, ingestion vs COPY, rollup vs one GROUP BY pass, each endpoint vs raw
// SQL per request and vs the same body served from memory, the server's CPU and peak RSS per
// phase, and the targets of issue 10 as ratios against those floors. --growth measures instead how
// /users and /activity scale with the organization's users. Run by hand: npm run bench:analytics -- --help

const HELP = `npm run bench:analytics -- [--users 20] [--days 30] [--database-url postgres://...]
  [--clients 4] [--samples 50] [--raw-samples 10] [--seed 42] [--events-per-user-day N]
  [--save FILE.json] [--compare-with FILE.json]
  [--growth 1000,10000] [--keep] [--reuse DATABASE --rollup-days 3]
Without --database-url the embedded store runs in a temporary data directory.
--save writes this run's endpoint p50s; --compare-with reads another run's (the other store, same
  --users, --days, --seed) and prints "embedded within 2x of PostgreSQL" per endpoint.
--growth U1,U2,...: instead of the full run, /users (first page of 20 and of 100) and /activity over
  --days at each number of users, each scale a new organization fed through ingestion and rollup;
  keeps the first --events-per-user-day events (default 4) of each user and day.
--keep leaves the scratch database (or data directory) in place at the end, for profiling the same data.
--reuse DATABASE (with --growth and --database-url): the database a --growth --keep run kept (its name, printed as
  "Kept: ..."), instead of a new one: each scale's organization ("Growth N") is neither created nor fed again; its
  last --rollup-days days (default 3) are rolled up again from their events as a first rollup does (their rows
  removed first), then /users and /activity are measured over the kept days. A quick re-measure of the same data.`;

const { values: flags } = parseArgs({
  options: {
    users: { type: 'string', default: '20' },
    days: { type: 'string', default: '30' },
    'database-url': { type: 'string' },
    clients: { type: 'string', default: '4' },
    samples: { type: 'string', default: '50' },
    'raw-samples': { type: 'string', default: '10' },
    seed: { type: 'string', default: '42' },
    'events-per-user-day': { type: 'string' },
    save: { type: 'string' },
    'compare-with': { type: 'string' },
    growth: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'rollup-days': { type: 'string', default: '3' },
    help: { type: 'boolean', default: false },
  },
});

function integer(name: string, raw: string | undefined, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return value;
}
const count = (name: keyof typeof flags, min: number, max: number) => integer(name, flags[name] as string | undefined, min, max);

// The busiest day's rollup and its GROUP BY pass, each this many times (a median of 5 moved by 15 %
// between runs of the same code on a busy machine; 5 until 2026-11-28).
const ROLLUP_REPEATS = 15;
const WARMUP = 3;
const GROWTH_EVENTS_PER_USER_DAY = 4;

interface Target {
  label: string;
  value: string;
  /** undefined: does not apply to this store. */
  met: boolean | undefined;
}

/** What --save writes and --compare-with reads: the served p50 per endpoint and range. */
interface SavedRun {
  store: 'postgres' | 'embedded';
  users: number;
  days: number;
  seed: number;
  eventsPerUserDay: number | null;
  /** The machine's load at the end of that run: the two runs compare only on an equally quiet machine. */
  load: string;
  p50: Record<string, number>;
}

async function main() {
  if (flags.help) return console.log(HELP);
  const days = count('days', 1, 3650);
  const clients = count('clients', 1, 64);
  const samples = count('samples', 1, 10_000);
  const seed = count('seed', 0, 2 ** 31);
  const growth = flags.growth?.split(',').map((scale) => integer('growth', scale, 1, 100_000));
  const eventsPerUserDay = flags['events-per-user-day'] === undefined ? (growth ? GROWTH_EVENTS_PER_USER_DAY : undefined) : count('events-per-user-day', 1, 10_000);
  const compareWith = flags['compare-with'] === undefined ? undefined : (JSON.parse(await readFile(flags['compare-with'], 'utf8')) as SavedRun);
  const onPostgres = flags['database-url'] !== undefined;
  if (flags.reuse !== undefined && (!growth || !onPostgres)) throw new Error('--reuse takes --growth and --database-url');
  const rollupDays = count('rollup-days', 1, days);

  const store = flags.reuse === undefined ? await scratchStore(flags['database-url']) : keptStore(flags['database-url']!, flags.reuse);
  // A kept database's days end where its run's did.
  const lastDay = flags.reuse === undefined ? addDays(dayOf(new Date()), -1) : await lastDayOf(store.env.DATABASE_URL);
  const firstDay = addDays(lastDay, -(days - 1));
  const adminToken = randomBytes(24).toString('hex');
  let server: ServerProcess | undefined;
  let direct: Store | undefined;
  try {
    console.log(`Machine: ${machine()}; at start: ${load()}`);
    console.log(`Store:   ${store.label}`);
    server = await startServerProcess({ ...store.env, ...benchServerEnv(adminToken, firstDay) });
    console.log(`Server:  node dist/main.js in its own process at ${server.url}; the load, the floors and the raw SQL run in this process. CPU and RSS are the server process's (/proc/<pid>).`);
    if (onPostgres) {
      direct = await openStore({ databaseUrl: store.env.DATABASE_URL, dataDir: store.env.DATA_DIR, databasePoolSize: 2 });
    } else {
      console.log(
        'Embedded: the data directory is open to one process at a time (PGlite), so what needs the database from this process (the ingestion\n' +
          '         floor, the busiest day: its GROUP BY pass and its one-day rollup repeats, raw SQL per request) runs with the server stopped, on\n' +
          '         the same data directory, opened here as the server opens it (src/db/store.ts); the server is started again afterwards.',
      );
    }
    // The database, from this process: directly on PostgreSQL; on the embedded store, with the server stopped.
    const withDatabase = <T>(work: (opened: Store) => Promise<T>): Promise<T> => {
      if (direct) return work(direct);
      return server!.whileStopped(async () => {
        const opened = await openStore({ databaseUrl: undefined, dataDir: store.env.DATA_DIR, databasePoolSize: 1 });
        try {
          return await work(opened);
        } finally {
          await opened.close();
        }
      });
    };
    const run = { server, adminToken, withDatabase, onPostgres, days, firstDay, lastDay, clients, samples, seed, eventsPerUserDay, reuse: flags.reuse !== undefined, rollupDays };
    if (growth) await growthRun(run, growth);
    else await fullRun(run, { users: count('users', 1, 100_000), rawSamples: count('raw-samples', 1, 10_000), save: flags.save, compareWith });
  } finally {
    await direct?.close();
    await server?.stop();
    if (flags.keep) console.log(`Kept: ${store.env.DATABASE_URL || store.env.DATA_DIR}`);
    else await store.remove();
  }
}

interface Run {
  server: ServerProcess;
  adminToken: string;
  withDatabase: <T>(work: (opened: Store) => Promise<T>) => Promise<T>;
  onPostgres: boolean;
  days: number;
  firstDay: string;
  lastDay: string;
  clients: number;
  samples: number;
  seed: number;
  eventsPerUserDay: number | undefined;
  /** --reuse: the organizations are in the kept database already. */
  reuse: boolean;
  rollupDays: number;
}

/** The last day with events in a kept database. */
async function lastDayOf(databaseUrl: string): Promise<string> {
  const store = await openStore({ databaseUrl, dataDir: '', databasePoolSize: 1 }, { migrate: false });
  try {
    const row = await store.db.selectFrom('analytics_daily').select((eb) => eb.fn.max('day').as('day')).executeTakeFirst();
    if (!row?.day) throw new Error('--reuse: that database holds no rolled-up day');
    return row.day;
  } finally {
    await store.close();
  }
}

/**
 * What PostgreSQL did for this database meanwhile (pg_stat_database), counts that do not depend on
 * the machine's load: rows read, blocks found in shared buffers or read, bytes spilled to temporary
 * files, transactions. Read after a pause: backends report their counts when idle, within a second.
 */
async function databaseCounts(db: Db): Promise<Record<string, number>> {
  await sleep(1_500);
  const result = await sql<Record<string, string>>`
    SELECT tup_returned + tup_fetched AS rows_read, blks_hit, blks_read, temp_bytes, xact_commit + xact_rollback AS transactions
    FROM pg_stat_database WHERE datname = current_database()`.execute(db);
  return Object.fromEntries(Object.entries(result.rows[0]!).map(([name, value]) => [name, Number(value)]));
}

const countsBetween = (before: Record<string, number>, after: Record<string, number>) =>
  Object.entries(after)
    .map(([name, value]) => `${name} ${fmt(value - before[name]!, 0)}`)
    .join(', ');

/**
 * The organization of an earlier --growth --keep run, with a new key for its owner, and its last
 * `days` days made to be rolled up again as the first time: their rows removed, marked pending.
 */
async function reusedOrganization(db: Db, scale: number, lastDay: string, days: number): Promise<BenchOrganization> {
  const organization = await db.selectFrom('organizations').select('id').where('name', '=', `Growth ${scale}`).executeTakeFirst();
  if (!organization) throw new Error(`--reuse: no organization "Growth ${scale}" in that database`);
  const owner = await db.selectFrom('users').select('id').where('organization_id', '=', organization.id).where('role', '=', 'owner').orderBy('created_at').executeTakeFirstOrThrow();
  const { key } = await createApiKey(db, organization.id, owner.id, { name: `Benchmark reuse ${new Date().toISOString()}` }, SYSTEM_ACTOR);
  const rolledAgain = Array.from({ length: days }, (_, i) => addDays(lastDay, -i));
  for (const table of ['analytics_user_daily', 'analytics_daily'] as const) await db.deleteFrom(table).where('organization_id', '=', organization.id).where('day', 'in', rolledAgain).execute();
  await markDaysPending(db, organization.id, rolledAgain);
  return { id: organization.id, apiKey: key, userIds: [] };
}

/** A bare Fastify route serving precomputed bodies (the cost of moving the bytes), and one answering by raw SQL per request. */
async function floorServer() {
  const bodies: string[] = [];
  let rawDb: Db | undefined;
  const app = Fastify({ logger: false });
  app.get<{ Params: { endpoint: Endpoint }; Querystring: Range & { organization: string } }>('/raw/:endpoint', async (request) => ({
    data: await rawAnswer(rawDb!, request.params.endpoint, request.query.organization, request.query),
  }));
  app.get<{ Params: { index: string } }>('/memory/:index', async (request, reply) => reply.type('application/json').send(bodies[Number(request.params.index)]));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    /** The URL serving this body from memory. */
    memoryUrl: (body: string) => `${url}/memory/${bodies.push(body) - 1}`,
    rawUrl: (endpoint: Endpoint, organization: string, range: Range) => `${url}/raw/${endpoint}?organization=${organization}&from=${range.from}&to=${range.to}`,
    useDatabase: (db: Db | undefined) => (rawDb = db),
    close: () => app.close(),
  };
}

interface Percentiles {
  p50: number;
  p99: number;
}

const percentiles = (runs: number[]): Percentiles => ({ p50: quantile(runs, 0.5), p99: quantile(runs, 0.99) });

async function measure(count: number, url: string, token?: string): Promise<Percentiles> {
  const get = () => call(url, { token });
  await sample(Math.min(WARMUP, count), get);
  return percentiles(await sample(count, get));
}

/**
 * The served endpoint and its memory floor, one request of each in turn: whatever the machine
 * does meanwhile (two cores shared with PostgreSQL) falls on both alike.
 */
async function measureAgainstFloor(count: number, url: string, token: string, memoryUrl: string): Promise<{ served: Percentiles; memory: Percentiles }> {
  const served: number[] = [];
  const memory: number[] = [];
  const servedCall = () => call(url, { token });
  const memoryCall = () => call(memoryUrl);
  await sample(Math.min(WARMUP, count), servedCall);
  await sample(Math.min(WARMUP, count), memoryCall);
  for (let i = 0; i < count; i++) {
    served.push((await timed(servedCall)).ms);
    memory.push((await timed(memoryCall)).ms);
  }
  return { served: percentiles(served), memory: percentiles(memory) };
}

const p50p99 = ({ p50, p99 }: Percentiles, digits = 1) => `${fmt(p50, digits)} / ${fmt(p99, digits)}`;
const use = (name: string, phase: PhaseUse) => `   ${name.padEnd(10)} ${fmt(phase.cpuSeconds, 1).padStart(8)} s CPU  ${fmt(phase.peakMb, 0).padStart(6)} MiB peak  ${fmt(phase.endMb, 0).padStart(6)} MiB at the end`;
const verdict = (met: boolean | undefined) => (met === undefined ? 'n/a    ' : met ? 'MET    ' : 'NOT MET');

async function busiestDay(db: Db, organizationId: string) {
  return db
    .selectFrom('telemetry_events')
    .select(['day', (eb) => eb.fn.countAll<number>().as('events')])
    .where('organization_id', '=', organizationId)
    .groupBy('day')
    .orderBy('events', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

function expectOneDay(aggregated: number) {
  if (aggregated !== 1) throw new Error(`the rollup aggregated ${aggregated} days instead of 1`);
}

async function fullRun(run: Run, options: { users: number; rawSamples: number; save: string | undefined; compareWith: SavedRun | undefined }) {
  const { server, adminToken, withDatabase, onPostgres, days, lastDay } = run;
  const { users, rawSamples } = options;
  const storeKind = onPostgres ? 'postgres' : 'embedded';
  if (options.compareWith && options.compareWith.store === storeKind) throw new Error(`--compare-with: that run was on the ${storeKind} store too`);
  if (options.compareWith && (options.compareWith.users !== users || options.compareWith.days !== days || options.compareWith.seed !== run.seed || options.compareWith.eventsPerUserDay !== (run.eventsPerUserDay ?? null))) {
    throw new Error('--compare-with: that run had other data (--users, --days, --seed or --events-per-user-day differ)');
  }
  console.log(`Scale:   ${users} users x ${days} days (${run.firstDay} .. ${lastDay}), seed ${run.seed}, ${run.clients} HTTP clients${run.eventsPerUserDay ? `, first ${run.eventsPerUserDay} events of each user-day` : ''}\n`);
  const org = await createOrganization(server.url, adminToken, 'Benchmark Org', users, run.clients);

  // --- 1. Ingestion through HTTP, then the floors: the same rows written again under another
  // organization, removed again so that the table holds one organization's events.
  const ingestionPhase = server.phase();
  const ingested = await sendTelemetry(server.url, org, { seed: run.seed, days, lastDay, clients: run.clients, eventsPerUserDay: run.eventsPerUserDay, mixUsers: false });
  const ingestionUse = ingestionPhase.end();
  const httpRate = ingested.events / (ingested.ms / 1000);
  console.log(`1. Ingestion of ${ingested.events} events (${fmt(ingested.events / days / users, 0)} per user-day) in ${ingested.batches} batches (${fmt(ingested.events / ingested.batches, 0)} events per batch, one user each, ${run.clients} concurrent senders)`);
  console.log(`   HTTP POST /api/v1/telemetry/events: ${fmt(ingested.ms / 1000, 2)} s, ${fmt(httpRate, 0)} events/s`);
  const floors = onPostgres ? { 'COPY FROM STDIN': copyFloor, 'INSERT ... SELECT FROM unnest() x1000': unnestFloor } : { 'INSERT ... SELECT FROM unnest() x1000': unnestFloor };
  const copyShare = await withDatabase(async ({ db, pool }) => {
    let share: number | undefined;
    for (const [name, floor] of Object.entries(floors)) {
      const target = await insertOrganization(db, { name: `Benchmark floor ${name}`, ownerEmail: 'floor@bench.example' }, SYSTEM_ACTOR);
      const written = await floor(pool, org.id, target.organization.id);
      if (written.rows !== ingested.events) throw new Error(`${name} stored ${written.rows} of ${ingested.events} rows`);
      const rate = written.rows / (written.ms / 1000);
      if (floor === copyFloor) share = httpRate / rate;
      console.log(`   ${name} (same rows, same table without the day tallies' triggers, from this process): ${fmt(written.ms / 1000, 2)} s, ${fmt(rate, 0)} events/s; HTTP at ${fmt((100 * httpRate) / rate)} % of it`);
      await db.deleteFrom('telemetry_events').where('organization_id', '=', target.organization.id).execute();
    }
    await sql`VACUUM ANALYZE telemetry_events`.execute(db);
    return share;
  });

  // --- 2. Rollup: every day through the server; then the busiest day alone, vs one GROUP BY pass
  // over its raw rows, each repeat followed by a pass so that the machine's drift falls on both.
  // On PostgreSQL the server rolls the day up again (marked pending from here); on the embedded
  // store the repeats run in this process with the server stopped.
  const rollupPhase = server.phase();
  const all = await timed(() => runRollup(server.url, adminToken));
  // On the embedded store the phase ends here: the repeats are not the server's, and it restarts.
  const embeddedRollupUse = onPostgres ? undefined : rollupPhase.end();
  const oneDay: number[] = [];
  const groupByPass: number[] = [];
  const busiest = await withDatabase(async ({ db }) => {
    const day = await busiestDay(db, org.id);
    for (let i = 0; i < ROLLUP_REPEATS; i++) {
      await markDaysPending(db, org.id, [day.day]);
      const repeat = await timed(() => (onPostgres ? runRollup(server.url, adminToken) : runPendingRollups(db)));
      expectOneDay(repeat.value);
      oneDay.push(repeat.ms);
      const pass = await timed(() =>
        sql`SELECT user_id, type, count(*), sum(credits), sum(input_tokens), sum(output_tokens)
            FROM telemetry_events WHERE organization_id = ${org.id} AND day = ${day.day}::date
            GROUP BY user_id, type`.execute(db),
      );
      groupByPass.push(pass.ms);
    }
    return day;
  });
  const rollupUse = embeddedRollupUse ?? rollupPhase.end();
  const rollupMs = quantile(oneDay, 0.5);
  const groupByMs = quantile(groupByPass, 0.5);
  console.log(`\n2. Rollup of all ${all.value} days (POST /admin/v1/rollups/run): ${fmt(all.ms / 1000, 2)} s (${fmt(all.ms / Math.max(1, all.value))} ms per day)`);
  console.log(
    `   Busiest day ${busiest.day} (${busiest.events} events), median of ${ROLLUP_REPEATS}: rollup ${fmt(rollupMs)} ms (${onPostgres ? 'by the server' : 'in this process, server stopped'}), ` +
      `one GROUP BY pass ${fmt(groupByMs)} ms, rollup / GROUP BY ${fmt(rollupMs / groupByMs)}x`,
  );

  // --- 3. Endpoints served by the server; the same bodies from memory; raw SQL per request.
  const floor = await floorServer();
  const ranges: Range[] = [...new Set([Math.min(30, days), Math.min(365, days)])].map((length) => ({ from: addDays(lastDay, -(length - 1)), to: lastDay }));
  const lengthOf = (range: Range) => Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
  const rows: { endpoint: Endpoint; range: Range; served: Percentiles; memory: Percentiles; raw?: Percentiles; kib: number }[] = [];
  const endpointsPhase = server.phase();
  for (const range of ranges) {
    for (const endpoint of ENDPOINTS) {
      const url = `${server.url}/api/v1/analytics/${requestOf(endpoint)}startDate=${range.from}&endDate=${range.to}`;
      const body = await call(url, { token: org.apiKey });
      rows.push({ endpoint, range, ...(await measureAgainstFloor(run.samples, url, org.apiKey, floor.memoryUrl(body))), kib: Buffer.byteLength(body) / 1024 });
    }
  }
  const endpointsUse = endpointsPhase.end();
  try {
    await withDatabase(async ({ db }) => {
      floor.useDatabase(db);
      for (const row of rows) row.raw = await measure(rawSamples, floor.rawUrl(row.endpoint, org.id, row.range));
      floor.useDatabase(undefined);
    });
  } finally {
    await floor.close();
  }
  console.log(`\n3. Endpoints, ms (p50 / p99): served by the server, raw SQL per request (${rawSamples} samples), the same body from memory (${run.samples} samples each otherwise); /users: limit=100; tokens-by-agent: /tokens?group_by=agent; tokens-by-team: /tokens?group_by=team; tokens-by-repository: /tokens?group_by=repository; repositories: /repositories`);
  console.log('   endpoint         range  served p50/p99      raw SQL p50/p99        memory p50/p99   served/memory  raw/served  KiB');
  for (const { endpoint, range, served, raw, memory, kib } of rows) {
    console.log(
      `   ${endpoint.padEnd(15)} ${String(lengthOf(range)).padStart(4)} d  ${p50p99(served).padEnd(18)}  ${p50p99(raw!).padEnd(21)}  ${p50p99(memory, 2).padEnd(15)}  ${fmt(served.p50 / memory.p50, 2).padStart(12)}x  ${fmt(raw!.p50 / served.p50).padStart(9)}x  ${fmt(kib, 0).padStart(5)}`,
    );
  }

  // --- 4. The server process.
  const peakMb = server.peakMb();
  console.log(`\n4. The server process: CPU seconds (user + system) and RSS per phase${server.peakResets ? '' : ' (peaks since the process started: the kernel refused resetting VmHWM)'}`);
  console.log(use('ingestion', ingestionUse));
  console.log(use('rollup', rollupUse));
  console.log(use('endpoints', endpointsUse));
  console.log(`   Peak RSS of the server over the whole run (VmHWM): ${fmt(peakMb, 0)} MiB${onPostgres ? '' : ' (PGlite runs inside it)'}`);
  console.log(`   At the end: ${load()}`);

  const p50: Record<string, number> = Object.fromEntries(rows.map((row) => [`${row.endpoint} ${lengthOf(row.range)} d`, row.served.p50]));
  if (options.save) {
    const saved: SavedRun = { store: storeKind, users, days, seed: run.seed, eventsPerUserDay: run.eventsPerUserDay ?? null, load: load(), p50 };
    await writeFile(options.save, `${JSON.stringify(saved, null, 2)}\n`);
    console.log(`   Endpoint p50s saved to ${options.save} (for --compare-with)`);
  }

  // --- Targets (issue 10), each a ratio against a floor of this run.
  const longest = ranges[ranges.length - 1]!;
  const longestRow = (endpoint: Endpoint) => rows.find((row) => row.endpoint === endpoint && row.range === longest)!;
  const againstMemory = (endpoint: Endpoint, at: number): Target => {
    const { served, memory } = longestRow(endpoint);
    const ratio = served.p50 / memory.p50;
    return { label: `/${endpoint} ${lengthOf(longest)}-day p50 <= ${at}x its memory floor`, value: `${fmt(ratio, 2)}x (${fmt(served.p50)} ms / ${fmt(memory.p50, 2)} ms)`, met: ratio <= at };
  };
  const targets: Target[] = [
    againstMemory('users', 2),
    againstMemory('tokens', 1.2),
    { label: 'rollup of the busiest day <= 5x one GROUP BY pass', value: `${fmt(rollupMs / groupByMs)}x`, met: rollupMs <= 5 * groupByMs },
    {
      label: 'ingestion >= 60 % of COPY FROM STDIN (PostgreSQL only)',
      value: copyShare === undefined ? 'no COPY on the embedded store' : `${fmt(100 * copyShare)} %`,
      met: copyShare === undefined ? undefined : copyShare >= 0.6,
    },
    { label: 'server peak RSS <= 300 MB (PostgreSQL only)', value: `${fmt((peakMb * 2 ** 20) / 1e6, 0)} MB`, met: onPostgres ? peakMb * 2 ** 20 <= 300e6 : undefined },
  ];
  console.log(`\nTargets (issue 10; reference scale 200 users x 365 days on PostgreSQL; this run: ${users} x ${days} on ${onPostgres ? 'PostgreSQL' : 'the embedded store'}):`);
  for (const target of targets) console.log(`   ${verdict(target.met)}  ${target.label}: ${target.value}`);
  if (!options.compareWith) {
    console.log('   n/a      embedded within 2x of PostgreSQL for every endpoint: run once per store with the same data, --save on the first and --compare-with on the second');
    return;
  }
  const other = options.compareWith;
  console.log(`   Embedded within 2x of PostgreSQL for every endpoint (p50, this run vs ${flags['compare-with']}, which ended at ${other.load}):`);
  for (const [key, mine] of Object.entries(p50)) {
    const theirs = other.p50[key];
    if (theirs === undefined) throw new Error(`--compare-with: no ${key} in that run`);
    const [embedded, postgres] = onPostgres ? [theirs, mine] : [mine, theirs];
    console.log(`   ${verdict(embedded <= 2 * postgres)}    ${key.padEnd(17)} embedded ${fmt(embedded)} ms / PostgreSQL ${fmt(postgres)} ms = ${fmt(embedded / postgres, 2)}x`);
  }
}

/** A new organization of `scale` users (`Growth <scale>`), fed through HTTP ingestion. */
async function createAndFeed(run: Run, scale: number): Promise<BenchOrganization> {
  const phase = run.server.phase();
  const created = await timed(() => createOrganization(run.server.url, run.adminToken, `Growth ${scale}`, scale, run.clients));
  const ingested = await sendTelemetry(run.server.url, created.value, { seed: run.seed, days: run.days, lastDay: run.lastDay, clients: run.clients, eventsPerUserDay: run.eventsPerUserDay, mixUsers: true });
  const use = phase.end();
  console.log(
    `${scale} users: created in ${fmt(created.ms / 1000, 1)} s; ${ingested.events} events in ${ingested.batches} batches ingested in ${fmt(ingested.ms / 1000, 1)} s ` +
      `(${fmt(ingested.events / (ingested.ms / 1000), 0)} events/s); server ${fmt(use.cpuSeconds, 1)} s CPU, peak RSS ${fmt(use.peakMb, 0)} MiB; ${load()}`,
  );
  return created.value;
}

/** The organization `Growth <scale>` of the kept database, its last --rollup-days days to roll up again. */
async function reuse(run: Run, scale: number): Promise<BenchOrganization> {
  const organization = await run.withDatabase(({ db }) => reusedOrganization(db, scale, run.lastDay, run.rollupDays));
  console.log(`${scale} users: kept organization ${organization.id}, its last ${run.rollupDays} days (to ${run.lastDay}) removed and marked pending`);
  return organization;
}

/** Item 8 of issue 10: /users' first page and /activity over the window at each number of users. */
async function growthRun(run: Run, scales: number[]) {
  const { server, adminToken, days, lastDay, onPostgres } = run;
  const range: Range = { from: run.firstDay, to: lastDay };
  console.log(`Growth:  ${scales.join(', ')} users x ${days} days (${range.from} .. ${lastDay}), seed ${run.seed}, ${run.clients} HTTP clients`);
  console.log(
    `         ${run.reuse ? `Reused: each scale's organization of the kept database, its last ${run.rollupDays} days rolled up again as the first time.\n         ` : ''}Each scale is a new organization, fed through HTTP ingestion (the owner's key attributing each event, batches of up to 1000 events\n` +
      `         across users) and POST /admin/v1/rollups/run. To keep 10,000 users affordable on two cores, only the first ${run.eventsPerUserDay} events the generator\n` +
      `         makes for each user and day are sent (the full profile averages ~35): the same users are active on the same days, so the rollup's\n` +
      `         per-user-day rows, which /users and /activity read, are as many as with the full profile; only the counts in them are smaller.\n`,
  );
  const queries = [
    { name: 'users limit=20', path: 'users', query: '&limit=20' },
    { name: 'users limit=100', path: 'users', query: '&limit=100' },
    { name: 'activity', path: 'activity', query: '' },
  ];
  const results: { scale: number; p50: number[]; kib: number[] }[] = [];
  const floor = await floorServer();
  try {
    for (const scale of scales) {
      const organization = run.reuse ? await reuse(run, scale) : await createAndFeed(run, scale);
      // The rollup alone: its time per day, the server's CPU and peak RSS, and PostgreSQL's counts.
      const counts = onPostgres ? await run.withDatabase(({ db }) => databaseCounts(db)) : undefined;
      const phase = server.phase();
      const rollup = await timed(() => runRollup(server.url, adminToken));
      const use = phase.end();
      const countsAfter = counts && (await run.withDatabase(({ db }) => databaseCounts(db)));
      console.log(
        `   rollup of ${rollup.value} days ${fmt(rollup.ms / 1000, 1)} s (${fmt(rollup.ms / Math.max(1, rollup.value) / 1000, 2)} s per day); server ${fmt(use.cpuSeconds, 1)} s CPU, ` +
          `peak RSS ${fmt(use.peakMb, 0)} MiB; ${load()}${countsAfter ? `\n   PostgreSQL meanwhile: ${countsBetween(counts!, countsAfter)}` : ''}`,
      );
      console.log(`   ${'endpoint'.padEnd(16)}  served p50/p99 ms   memory p50/p99 ms  served/memory      KiB`);
      const result = { scale, p50: [] as number[], kib: [] as number[] };
      for (const { name, path, query } of queries) {
        const url = `${server.url}/api/v1/analytics/${path}?startDate=${range.from}&endDate=${range.to}${query}`;
        const body = await call(url, { token: organization.apiKey });
        const { served, memory } = await measureAgainstFloor(run.samples, url, organization.apiKey, floor.memoryUrl(body));
        const kib = Buffer.byteLength(body) / 1024;
        result.p50.push(served.p50);
        result.kib.push(kib);
        console.log(`   ${name.padEnd(16)}  ${p50p99(served).padEnd(17)}  ${p50p99(memory, 2).padEnd(17)}  ${fmt(served.p50 / memory.p50, 2).padStart(12)}x  ${fmt(kib, 1).padStart(7)}`);
      }
      results.push(result);
    }
  } finally {
    await floor.close();
  }
  const [first, last] = [results[0]!, results[results.length - 1]!];
  console.log(`\nFrom ${first.scale} to ${last.scale} users (x${fmt(last.scale / first.scale, 1)}): p50 and answer size, last scale / first`);
  queries.forEach(({ name }, i) => {
    console.log(`   ${name.padEnd(16)}  time x${fmt(last.p50[i]! / first.p50[i]!, 2)}, size x${fmt(last.kib[i]! / first.kib[i]!, 2)}`);
  });
  console.log(`At the end: ${load()}; server peak RSS over the run ${fmt(server.peakMb(), 0)} MiB`);
}

main().catch((error: unknown) => {
  console.error('benchmark failed:', error);
  process.exitCode = 1;
});
