import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { benchServerEnv } from './lib/server-process.js';

// The native ingestion path (POST /api/v1/telemetry/events) measured with figures that do not
// depend on the machine's load: the server's and PostgreSQL's CPU seconds per batch, and what
// PostgreSQL counted for the database meanwhile (transactions, rows, blocks, trigger functions'
// calls and times). Run from the root of the checkout to measure, with its server built
// (`npx tsc -p tsconfig.build.json`): it loads that checkout's bench/lib, starts its dist/main.js,
// and feeds it as `bench:analytics --growth` does. So two commits compare with one command each:
//   cd /work/old && npx tsx /path/to/bench/ingest-probe.ts --users 1000 --database-url postgres://...

const HELP = `npx tsx bench/ingest-probe.ts --database-url postgres://... [--users 1000] [--days 30] [--clients 4] [--seed 42]
  [--events-per-user-day 4] [--functions 12] [--keep]
Run from the root of the checkout to measure (its dist/main.js and bench/lib are used).`;

const { values: flags } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    users: { type: 'string', default: '1000' },
    days: { type: 'string', default: '30' },
    clients: { type: 'string', default: '4' },
    seed: { type: 'string', default: '42' },
    'events-per-user-day': { type: 'string', default: '4' },
    functions: { type: 'string', default: '12' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

interface Checkout {
  demoLoad: {
    createOrganization(baseUrl: string, adminToken: string, name: string, users: number, clients: number): Promise<{ id: string; apiKey: string; userIds: string[] }>;
    sendTelemetry(
      baseUrl: string,
      organization: { id: string; apiKey: string; userIds: string[] },
      options: { seed: number; days: number; lastDay: string; clients: number; eventsPerUserDay: number | undefined; mixUsers: boolean },
    ): Promise<{ events: number; batches: number; ms: number }>;
  };
  builtConsole: { startBuiltServer(env: Record<string, string>): Promise<{ url: string; child: { pid?: number }; stop(): Promise<void> }> };
}

async function loadCheckout(): Promise<Checkout> {
  const load = (path: string) => import(pathToFileURL(resolve(path)).href);
  return { demoLoad: await load('bench/lib/demo-load.ts'), builtConsole: await load('test/helpers/built-console.ts') };
}

/** The CPU seconds of the database's backends, polled: a backend's last reading stands after it exits. */
function backendCpu(client: pg.Client, database: string) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let polling = true;
  const poll = async () => {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    for (const { pid } of rows) {
      const seconds = cpuSecondsOf(pid);
      if (seconds === undefined) continue;
      if (!first.has(pid)) first.set(pid, seconds);
      last.set(pid, seconds);
    }
  };
  const loop = (async () => {
    while (polling) {
      await poll();
      await sleep(200);
    }
  })();
  return {
    /** Before the phase: each backend's reading then is its start; backends opened later start from 0. */
    started: poll().then(() => [...first.keys()]),
    async end(startedPids: number[]): Promise<number> {
      polling = false;
      await loop;
      await poll();
      let total = 0;
      for (const [pid, seconds] of last) total += seconds - (startedPids.includes(pid) ? first.get(pid)! : 0);
      return total;
    },
  };
}

async function databaseCounts(client: pg.Client) {
  // Backends report their counts when idle, within a second.
  await sleep(1_500);
  const database = await client.query<Record<string, string>>(
    `SELECT xact_commit + xact_rollback AS transactions, tup_returned + tup_fetched AS rows_read, tup_inserted AS rows_inserted,
            tup_updated AS rows_updated, blks_hit + blks_read AS blocks, deadlocks FROM pg_stat_database WHERE datname = current_database()`,
  );
  const functions = await client.query<{ name: string; calls: string; self_ms: string }>(
    `SELECT funcname AS name, calls, self_time AS self_ms FROM pg_stat_user_functions`,
  );
  const tables = await client.query<{ name: string; seq_scan: string; seq_read: string; idx_scan: string; idx_fetch: string; written: string }>(
    `SELECT relname AS name, coalesce(seq_scan, 0) AS seq_scan, coalesce(seq_tup_read, 0) AS seq_read, coalesce(idx_scan, 0) AS idx_scan,
            coalesce(idx_tup_fetch, 0) AS idx_fetch, n_tup_ins + n_tup_upd + n_tup_del AS written FROM pg_stat_user_tables`,
  );
  return {
    tables: new Map(tables.rows.map((row) => [row.name, Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'name').map(([key, value]) => [key, Number(value)]))])),
    database: Object.fromEntries(Object.entries(database.rows[0]!).map(([name, value]) => [name, Number(value)])),
    functions: new Map(functions.rows.map((row) => [row.name, { calls: Number(row.calls), selfMs: Number(row.self_ms) }])),
  };
}

async function main() {
  if (flags.help || !flags['database-url']) return console.log(HELP);
  const users = Number(flags.users);
  const days = Number(flags.days);
  const clients = Number(flags.clients);
  const checkout = await loadCheckout();
  const adminUrl = flags['database-url'];
  const name = `quarterdeck_probe_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  // Trigger functions' calls and times (pg_stat_user_functions), for this database only.
  await admin.query(`ALTER DATABASE ${name} SET track_functions = 'pl'`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const lastDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const firstDay = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const adminToken = randomBytes(24).toString('hex');
  const server = await checkout.builtConsole.startBuiltServer({ DATABASE_URL: url.toString(), DATA_DIR: '', ...benchServerEnv(adminToken, firstDay) });
  const database = new pg.Client({ connectionString: url.toString() });
  await database.connect();
  try {
    const organization = await checkout.demoLoad.createOrganization(server.url, adminToken, `Growth ${users}`, users, clients);
    const before = await databaseCounts(database);
    const cpu = backendCpu(database, name);
    const startedPids = await cpu.started;
    const serverBefore = cpuSecondsOf(server.child.pid!)!;
    const ingested = await checkout.demoLoad.sendTelemetry(server.url, organization, {
      seed: Number(flags.seed),
      days,
      lastDay,
      clients,
      eventsPerUserDay: Number(flags['events-per-user-day']),
      mixUsers: true,
    });
    const serverCpu = cpuSecondsOf(server.child.pid!)! - serverBefore;
    const postgresCpu = await cpu.end(startedPids);
    const after = await databaseCounts(database);
    const perBatch = (value: number) => (value / ingested.batches).toFixed(value / ingested.batches < 10 ? 2 : 0);
    console.log(
      `${process.cwd()}: ${ingested.events} events in ${ingested.batches} batches, ${(ingested.ms / 1000).toFixed(1)} s (${Math.round(ingested.events / (ingested.ms / 1000))} events/s); ` +
        `CPU per batch: server ${((serverCpu * 1000) / ingested.batches).toFixed(1)} ms, PostgreSQL ${((postgresCpu * 1000) / ingested.batches).toFixed(1)} ms ` +
        `(in all ${serverCpu.toFixed(2)} s, ${postgresCpu.toFixed(2)} s; load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`,
    );
    console.log(
      '  per batch: ' +
        Object.entries(after.database)
          .map(([counter, value]) => `${counter} ${perBatch(value - before.database[counter]!)}`)
          .join(', '),
    );
    const functions = [...after.functions]
      .map(([fn, { calls, selfMs }]) => ({ fn, calls: calls - (before.functions.get(fn)?.calls ?? 0), selfMs: selfMs - (before.functions.get(fn)?.selfMs ?? 0) }))
      .filter(({ calls }) => calls > 0)
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, Number(flags.functions));
    const tableRows = [...after.tables]
      .map(([table, counts]) => ({ table, delta: Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, value - (before.tables.get(table)?.[key] ?? 0)])) }))
      .filter(({ delta }) => Object.values(delta).some((value) => value > 0))
      .sort((a, b) => b.delta.seq_read! + b.delta.idx_fetch! - (a.delta.seq_read! + a.delta.idx_fetch!))
      .slice(0, Number(flags.functions));
    for (const { table, delta } of tableRows) console.log(`  ${table.padEnd(44)} ${Object.entries(delta).map(([key, value]) => `${key} ${perBatch(value)}`).join(', ')}`);
    for (const { fn, calls, selfMs } of functions) console.log(`  ${fn.padEnd(44)} calls/batch ${perBatch(calls).padStart(8)}  self ms/batch ${(selfMs / ingested.batches).toFixed(2)}`);
  } finally {
    await database.end();
    await server.stop();
    if (flags.keep) console.log(`Kept: ${url.toString()}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error('probe failed:', error);
  process.exitCode = 1;
});
