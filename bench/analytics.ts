import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { markDaysPending } from '../src/analytics/pending-days.js';
import { runAllPendingRollups, runPendingRollups } from '../src/analytics/rollup.js';
import { loadConfig } from '../src/config.js';
import { generateDemoEvents } from '../src/demo/generate.js';
import { addDays, dayOf } from '../src/domain/dates.js';
import { createOrganization } from '../src/repositories/organizations.js';
import { insertUser } from '../src/repositories/users.js';
import { startServer, type RunningServer } from '../src/server.js';
import { copyFloor, unnestFloor } from './lib/copy-floor.js';
import { fmt, load, machine, quantile, rssSampler, sample, timed } from './lib/measure.js';
import { ENDPOINTS, rawAnswer, type Endpoint, type Range } from './lib/raw-queries.js';
import { scratchStore } from './lib/scratch-store.js';

// The analytics benchmark (docs/performance.md): the real server, in this process, on a scratch
// store, fed with the demo generator's telemetry through HTTP. Prints, measured in the same run,
// ingestion vs COPY, rollup vs one GROUP BY pass, each endpoint vs raw SQL per request and vs a
// precomputed body, and the process's peak RSS. Run by hand: npm run bench:analytics -- --help

const HELP = `npx tsx bench/analytics.ts [--users 20] [--days 30] [--database-url postgres://...]
  [--clients 4] [--samples 50] [--raw-samples 10] [--seed 42]
Without --database-url the embedded store runs in a temporary data directory.`;

const { values: flags } = parseArgs({
  options: {
    users: { type: 'string', default: '20' },
    days: { type: 'string', default: '30' },
    'database-url': { type: 'string' },
    clients: { type: 'string', default: '4' },
    samples: { type: 'string', default: '50' },
    'raw-samples': { type: 'string', default: '10' },
    seed: { type: 'string', default: '42' },
    help: { type: 'boolean', default: false },
  },
});

function count(name: keyof typeof flags, min: number, max: number): number {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return value;
}

const BATCH = 1000;
/** Users generated at a time, so the client's memory stays bounded at any scale. */
const USERS_PER_BLOCK = 10;
const ROLLUP_REPEATS = 5;
const WARMUP = 3;

interface Target {
  label: string;
  value: string;
  met: boolean | undefined;
}

async function main() {
  if (flags.help) return console.log(HELP);
  const users = count('users', 1, 100_000);
  const days = count('days', 1, 3650);
  const clients = count('clients', 1, 64);
  const samples = count('samples', 1, 10_000);
  const rawSamples = count('raw-samples', 1, 10_000);
  const seed = count('seed', 0, 2 ** 31);
  const onPostgres = flags['database-url'] !== undefined;

  const lastDay = addDays(dayOf(new Date()), -1);
  const firstDay = addDays(lastDay, -(days - 1));
  const store = await scratchStore(flags['database-url']);
  const rss = rssSampler();
  const adminToken = randomBytes(24).toString('hex');
  let server: RunningServer | undefined;
  let bench: FastifyInstance | undefined;
  try {
    console.log(`Machine: ${machine()}; at start: ${load()}`);
    console.log(`Store:   ${store.label}`);
    console.log(`Scale:   ${users} users x ${days} days (${firstDay} .. ${lastDay}), seed ${seed}, ${clients} HTTP clients`);
    console.log('The server runs in this process: RSS covers server, store driver (and PGlite itself on the embedded store) and the benchmark client.\n');

    const config = loadConfig({
      ...store.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_TOKEN: adminToken,
      LOG_LEVEL: 'warn',
      // The benchmark is one caller sending far more than a client would; the rollup runs when the
      // benchmark says so, not on the timer.
      RATE_LIMIT_PER_MINUTE: '10000000',
      ROLLUP_INTERVAL_MS: '86400000',
      ANALYTICS_HISTORY_START: firstDay,
    });
    server = await startServer(config);
    const { db } = server.app.services;
    const baseUrl = server.url;
    const startedMb = process.memoryUsage().rss / 2 ** 20;

    // --- The organization (through the admin API) and its users.
    const created = await fetch(`${baseUrl}/admin/v1/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Benchmark Org', ownerEmail: 'owner@bench.example' }),
    });
    if (created.status !== 201) throw new Error(`creating the organization: HTTP ${created.status} ${await created.text()}`);
    const { organization, owner, apiKey } = (await created.json()) as { organization: { id: string }; owner: { id: string }; apiKey: string };
    const organizationId = organization.id;
    const userIds = [owner.id];
    for (let i = 1; i < users; i++) userIds.push((await insertUser(db, organizationId, { email: `user${i}@bench.example`, role: 'member' })).id);
    const authorized = { authorization: `Bearer ${apiKey}` };

    // --- 1. Ingestion through HTTP, batches of up to 1000 events of one user, `clients` concurrent
    // senders each sending one user's batches in order (as that user's agent client would).
    let generated = 0;
    let accepted = 0;
    let batches = 0;
    let ingestMs = 0;
    for (let block = 0; block * USERS_PER_BLOCK < users; block++) {
      const first = block * USERS_PER_BLOCK;
      const perUser = new Map<number, object[]>();
      for (const { user, event } of generateDemoEvents({ seed: seed + block, users: Math.min(USERS_PER_BLOCK, users - first), days, lastDay })) {
        if (!perUser.has(user)) perUser.set(user, []);
        perUser.get(user)!.push({ ...event, userId: userIds[first + user] });
        generated += 1;
      }
      const queue = [...perUser.values()].map((events) => {
        const bodies: string[] = [];
        for (let i = 0; i < events.length; i += BATCH) bodies.push(JSON.stringify({ events: events.slice(i, i + BATCH) }));
        batches += bodies.length;
        return bodies;
      });
      const sender = async () => {
        for (let bodies = queue.shift(); bodies; bodies = queue.shift()) {
          for (const body of bodies) {
            const response = await fetch(`${baseUrl}/api/v1/telemetry/events`, { method: 'POST', headers: { ...authorized, 'content-type': 'application/json' }, body });
            const text = await response.text();
            if (response.status !== 202) throw new Error(`ingestion: HTTP ${response.status} ${text}`);
            accepted += (JSON.parse(text) as { accepted: number }).accepted;
          }
        }
      };
      ingestMs += (await timed(() => Promise.all(Array.from({ length: clients }, sender)))).ms;
    }
    if (accepted !== generated) throw new Error(`ingestion accepted ${accepted} of ${generated} events`);
    const httpRate = generated / (ingestMs / 1000);
    console.log(`1. Ingestion of ${generated} events (${fmt(generated / days / users, 0)} per user-day) in ${batches} batches (${fmt(generated / batches, 0)} events per batch)`);
    console.log(`   HTTP POST /api/v1/telemetry/events: ${fmt(ingestMs / 1000, 2)} s, ${fmt(httpRate, 0)} events/s`);

    // The floors write the same rows under another organization, then remove them again so the
    // table holds one organization's events for the rest of the run.
    const floors = onPostgres ? { 'COPY FROM STDIN': copyFloor, 'INSERT ... SELECT FROM unnest() x1000': unnestFloor } : { 'INSERT ... SELECT FROM unnest() x1000': unnestFloor };
    let floorRate = 0;
    for (const [name, floor] of Object.entries(floors)) {
      const target = await createOrganization(db, { name: `Benchmark floor ${name}`, ownerEmail: 'floor@bench.example' });
      const written = await floor(server.store.pool, organizationId, target.organization.id);
      if (written.rows !== generated) throw new Error(`${name} stored ${written.rows} of ${generated} rows`);
      const rate = written.rows / (written.ms / 1000);
      floorRate ||= rate;
      console.log(`   ${name} (same rows, same table): ${fmt(written.ms / 1000, 2)} s, ${fmt(rate, 0)} events/s; HTTP at ${fmt((100 * httpRate) / rate)} % of it`);
      await db.deleteFrom('telemetry_events').where('organization_id', '=', target.organization.id).execute();
    }
    await sql`VACUUM ANALYZE telemetry_events`.execute(db);
    const floorName = Object.keys(floors)[0]!;

    // --- 2. Rollup: every day, then the busiest day alone, vs one GROUP BY pass over its raw rows.
    const all = await timed(() => runAllPendingRollups(db, 30 * 60_000));
    console.log(`\n2. Rollup of all ${all.value.aggregatedDays} days: ${fmt(all.ms / 1000, 2)} s (${fmt(all.ms / Math.max(1, all.value.aggregatedDays))} ms per day)`);
    const busiest = await db
      .selectFrom('telemetry_events')
      .select(['day', (eb) => eb.fn.countAll<number>().as('events')])
      .where('organization_id', '=', organizationId)
      .groupBy('day')
      .orderBy('events', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const oneDay: number[] = [];
    for (let i = 0; i < ROLLUP_REPEATS; i++) {
      await markDaysPending(db, organizationId, [busiest.day]);
      const run = await timed(() => runPendingRollups(db));
      if (run.value !== 1) throw new Error(`the rollup aggregated ${run.value} days instead of 1`);
      oneDay.push(run.ms);
    }
    const groupByPass = await sample(ROLLUP_REPEATS, () =>
      sql`SELECT user_id, type, count(*), sum(credits), sum(input_tokens), sum(output_tokens)
          FROM telemetry_events WHERE organization_id = ${organizationId} AND day = ${busiest.day}::date
          GROUP BY user_id, type`.execute(db),
    );
    const rollupMs = quantile(oneDay, 0.5);
    const floorMs = quantile(groupByPass, 0.5);
    console.log(`   Busiest day ${busiest.day} (${busiest.events} events), median of ${ROLLUP_REPEATS}: rollup ${fmt(rollupMs)} ms, one GROUP BY pass ${fmt(floorMs)} ms, rollup / GROUP BY ${fmt(rollupMs / floorMs)}x`);

    // --- 3. Endpoints vs raw SQL per request vs a precomputed body, all over HTTP on 127.0.0.1.
    const ranges: Range[] = [...new Set([Math.min(30, days), Math.min(365, days)])].map((length) => ({ from: addDays(lastDay, -(length - 1)), to: lastDay }));
    const bodies: string[] = [];
    const floorApp = Fastify({ logger: false });
    bench = floorApp;
    floorApp.get<{ Params: { endpoint: Endpoint }; Querystring: Range }>('/raw/:endpoint', async (request) => ({
      data: await rawAnswer(db, request.params.endpoint, organizationId, request.query),
    }));
    floorApp.get<{ Params: { index: string } }>('/memory/:index', async (request, reply) => reply.type('application/json').send(bodies[Number(request.params.index)]));
    const benchUrl = await floorApp.listen({ port: 0, host: '127.0.0.1' });
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status} ${text}`);
      return text;
    };
    const measure = async (count: number, url: string, headers?: Record<string, string>) => {
      await sample(Math.min(WARMUP, count), () => get(url, headers));
      const runs = await sample(count, () => get(url, headers));
      return { p50: quantile(runs, 0.5), p99: quantile(runs, 0.99) };
    };

    console.log(`\n3. Endpoints, ms (p50 / p99): served from the rollup, raw SQL per request (${rawSamples} samples), precomputed body in memory (${samples} samples each otherwise)`);
    console.log('   endpoint       range  rollup p50/p99      raw SQL p50/p99        memory p50/p99   raw/rollup  KiB');
    const speedups: number[] = [];
    const fullRangeP50: number[] = [];
    for (const range of ranges) {
      const length = days < 365 && range.from === firstDay ? days : Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;
      for (const endpoint of ENDPOINTS) {
        const url = `${baseUrl}/api/v1/analytics/${endpoint}?startDate=${range.from}&endDate=${range.to}${endpoint === 'users' ? '&limit=100' : ''}`;
        bodies.push(await get(url, authorized));
        const memoryUrl = `${benchUrl}/memory/${bodies.length - 1}`;
        const served = await measure(samples, url, authorized);
        const raw = await measure(rawSamples, `${benchUrl}/raw/${endpoint}?from=${range.from}&to=${range.to}`);
        const memory = await measure(samples, memoryUrl);
        const kib = bodies[bodies.length - 1]!.length / 1024;
        // Only the body being measured stays in memory: the RSS is mostly the server's.
        bodies[bodies.length - 1] = '';
        speedups.push(raw.p50 / served.p50);
        if (range === ranges[ranges.length - 1]) fullRangeP50.push(served.p50);
        console.log(
          `   ${endpoint.padEnd(13)} ${String(length).padStart(4)} d  ${`${fmt(served.p50)} / ${fmt(served.p99)}`.padEnd(18)}  ${`${fmt(raw.p50)} / ${fmt(raw.p99)}`.padEnd(21)}  ${`${fmt(memory.p50, 2)} / ${fmt(memory.p99, 2)}`.padEnd(15)}  ${fmt(raw.p50 / served.p50).padStart(9)}x  ${fmt(kib, 0).padStart(5)}`,
        );
      }
    }

    // --- 4. Peak RSS, and the targets.
    const peakMb = rss.peakMb();
    console.log(`\n4. Peak RSS of this process (server + store driver + benchmark client): ${fmt(peakMb, 0)} MiB (${fmt(startedMb, 0)} MiB once the server had started)`);
    const longest = ranges[ranges.length - 1]!;
    const targets: Target[] = [
      { label: `p50 <= 50 ms for the longest range (${longest.from} .. ${longest.to}), slowest endpoint`, value: `${fmt(Math.max(...fullRangeP50))} ms`, met: Math.max(...fullRangeP50) <= 50 },
      { label: '>= 50x faster than raw aggregation per request (slowest endpoint)', value: `${fmt(Math.min(...speedups))}x`, met: Math.min(...speedups) >= 50 },
      { label: `ingestion >= 40 % of the floor (${floorName})`, value: `${fmt((100 * httpRate) / floorRate)} %`, met: httpRate >= 0.4 * floorRate },
      { label: 'ingestion >= 50,000 events/s (PostgreSQL)', value: `${fmt(httpRate, 0)} events/s`, met: onPostgres ? httpRate >= 50_000 : undefined },
      { label: 'peak RSS <= 300 MB (PostgreSQL)', value: `${fmt((peakMb * 2 ** 20) / 1e6, 0)} MB`, met: onPostgres ? peakMb * 2 ** 20 <= 300e6 : undefined },
    ];
    console.log(`   At the end: ${load()}`);
    console.log(`\nTargets (reference scale 1,000 users x 365 days; this run: ${users} x ${days}):`);
    for (const target of targets) console.log(`   ${target.met === undefined ? 'n/a (PostgreSQL only)' : target.met ? 'MET    ' : 'NOT MET'}  ${target.label}: ${target.value}`);
  } finally {
    rss.stop();
    await bench?.close();
    await server?.stop();
    await store.remove();
  }
}

main().catch((error: unknown) => {
  console.error('benchmark failed:', error);
  process.exitCode = 1;
});
