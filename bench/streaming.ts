import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { assembleDay, NO_STATS, type ToolCallTotal } from '../src/analytics/assemble.js';
import type { Cell } from '../src/analytics/cell.js';
import { addDays, dayOf } from '../src/domain/dates.js';
import { DEFAULT_PRICE_SETTINGS, priceBook } from '../src/domain/prices.js';
import { fmt, load, machine, quantile } from './lib/measure.js';
import { scratchStore } from './lib/scratch-store.js';

// Long analytics answers, streamed and compressed (docs/analytics.md): the built server in its own
// process on a scratch PostgreSQL database that holds rollup rows as the rollup writes them
// (assembleDay over generated cells: no ingestion, so a year at 1,000 users is seeded in a minute).
// Per endpoint and range: time to the last byte with and without compression, bytes on the wire,
// the same body served from memory by a bare Fastify route (the floor, sampled in turn with the
// server), and the server's largest RSS while answering. npx tsx bench/streaming.ts --help

const HELP = `npx tsx bench/streaming.ts --database-url postgres://... [--users 1000] [--days 365]
  [--samples 10] [--server dist/main.js]
Runs the built server (npm run build first); --server runs another build, e.g. of an earlier
commit, on data seeded the same way.`;

const { values: flags } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    users: { type: 'string', default: '1000' },
    days: { type: 'string', default: '365' },
    samples: { type: 'string', default: '10' },
    server: { type: 'string', default: 'dist/main.js' },
    help: { type: 'boolean', default: false },
  },
});

const MODELS = ['claude-opus', 'claude-sonnet', 'gpt-large'];
// Every model priced: the documents carry a cost per model, as a priced organization's do.
const PRICES = priceBook(DEFAULT_PRICE_SETTINGS, new Map(MODELS.map((model) => [model, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }])), () => undefined);
const TOOLS = ['Read', 'Edit', 'Bash', 'Grep'];

const toolCallsOf = (seed: number) => 8 + (seed % 9);

/** The same user's tool calls, counted per tool and autonomy level. */
function toolCallTotalsOf(seed: number): ToolCallTotal[] {
  return [
    { dimension: 'tool', value: TOOLS[seed % 4]!, events: toolCallsOf(seed) },
    { dimension: 'autonomy_level', value: 'auto_medium', events: toolCallsOf(seed) },
  ];
}

/** A user's cells on a day they are active: what a day of a few dozen events rolls up to. */
function cellsOf(userId: string, seed: number): Cell[] {
  const none = { model_id: null, model_tier: null, mcp: false, autonomy_mode: null, name: null, hook_event: null, hook_matcher: null, hook_command: null, extension: null, language: null, credits: null, input_tokens: null, output_tokens: null, cache_read_tokens: null, cache_write_tokens: null, cache_write_1h_tokens: null, agent: null, decision: null, reported_cost_micros: null, reported_costs: null, lines_added: null, lines_removed: null };
  const cell = (type: string, events: number, extra: Partial<Cell> = {}): Cell => ({ ...none, user_id: userId, type, client: seed % 3 === 0 ? 'web' : 'terminal-ui', repository: `example.test/team/repo-${seed % 5}`, events, ...extra });
  const tokens = (n: number) => ({ credits: n * 1.5, input_tokens: n * 900, output_tokens: n * 300, cache_read_tokens: n * 2000, cache_write_tokens: n * 100 });
  return [
    cell('session_start', 1 + (seed % 3)),
    cell('user_message', 4 + (seed % 5), { autonomy_mode: 'auto-medium' }),
    cell('assistant_message', 6 + (seed % 7)),
    cell('model_call', 5 + (seed % 4), { model_id: MODELS[seed % 3]!, model_tier: 'standard', ...tokens(5 + (seed % 4)) }),
    cell('model_call', 1 + (seed % 2), { model_id: MODELS[(seed + 1) % 3]!, model_tier: 'thinking', ...tokens(1 + (seed % 2)) }),
    cell('tool_call', toolCallsOf(seed)),
    cell('file_edited', 1 + (seed % 4), { extension: 'ts', language: 'typescript' }),
  ];
}

async function seed(pool: pg.Pool, organizationId: string, users: number, days: number, yesterday: string) {
  const userIds = Array.from({ length: users }, (_, i) => `user-${randomBytes(4).toString('hex')}-${i}`);
  const emails = new Map(userIds.map((id, i) => [id, `user${i}@bench.example`]));
  for (let d = 0; d < days; d++) {
    const day = addDays(yesterday, -d);
    // Each user is active on about four days of five: gaps in everyone's activity.
    const active = userIds.filter((_, i) => (i * 7 + d * 3) % 5 !== 0);
    const rollup = assembleDay(day, active.flatMap((id, i) => cellsOf(id, i + d)), active.flatMap((_, i) => toolCallTotalsOf(i + d)), NO_STATS, emails, PRICES);
    await pool.query('INSERT INTO analytics_daily (organization_id, day, tokens, tools, activity, productivity) VALUES ($1, $2, $3, $4, $5, $6)', [
      organizationId, day, JSON.stringify(rollup.tokens), JSON.stringify(rollup.tools), JSON.stringify(rollup.activity), JSON.stringify(rollup.productivity),
    ]);
    await pool.query('INSERT INTO analytics_user_daily (organization_id, user_id, day, row) SELECT $1, unnest($2::text[]), $3, unnest($4::json[])', [
      organizationId, rollup.users.map((row) => row.user_id), day, rollup.users.map((row) => JSON.stringify(row)),
    ]);
  }
  // What the rollup keeps in step (a build before it has no such table).
  await pool.query(`DO $$ BEGIN IF to_regclass('analytics_user_activity') IS NOT NULL THEN
    INSERT INTO analytics_user_activity SELECT organization_id, user_id, min(day), max(day) FROM analytics_user_daily GROUP BY 1, 2; END IF; END $$`);
  await pool.query('ANALYZE');
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET, timed to its last byte; the body as it came over the wire. */
function get(url: string, headers: Record<string, string>): Promise<{ ms: number; wire: Buffer; encoding: string | undefined }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`GET ${url}: HTTP ${response.statusCode}`));
          resolve({ ms: performance.now() - start, wire: Buffer.concat(chunks), encoding: response.headers['content-encoding'] });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The server's resident memory (MiB), from /proc. */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

async function main() {
  if (flags.help || !flags['database-url']) return console.log(HELP);
  const [users, days, samples] = [Number(flags.users), Number(flags.days), Number(flags.samples)];
  const store = await scratchStore(flags['database-url']);
  const yesterday = addDays(dayOf(new Date()), -1);
  const adminToken = `bench-${randomBytes(12).toString('hex')}`;
  const port = await freePort();
  const child = spawn(process.execPath, [flags.server], {
    env: { ...process.env, ...store.env, PORT: String(port), HOST: '127.0.0.1', ADMIN_TOKEN: adminToken, ANALYTICS_HISTORY_START: addDays(yesterday, -days - 30), RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const floor = Fastify({ logger: false });
  const pool = new pg.Pool({ connectionString: store.env.DATABASE_URL, max: 2 });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if ((await fetch(`${base}/healthz`).catch(() => undefined))?.ok) break;
      if (i > 300) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const created = await fetch(`${base}/admin/v1/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Benchmark Org', ownerEmail: 'owner@bench.example' }),
    });
    const { organization, apiKey } = (await created.json()) as { organization: { id: string }; apiKey: string };
    const seeding = performance.now();
    await seed(pool, organization.id, users, days, yesterday);
    console.log(`${machine()}; ${store.label}; server ${flags.server} (pid ${child.pid})`);
    console.log(`Seeded ${users} users x ${days} days in ${fmt((performance.now() - seeding) / 1000)} s; ${load()}\n`);

    let body: Buffer = Buffer.alloc(0);
    floor.get('/memory', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
    const floorUrl = `${await floor.listen({ port: 0, host: '127.0.0.1' })}/memory`;

    const cases: [string, number][] = [
      ...[30, 90, 180, 365].filter((n) => n <= days).map((n): [string, number] => ['tokens', n]),
      ['users?limit=100', Math.min(30, days)],
      ['users?limit=100', days],
    ];
    const authorized = { authorization: `Bearer ${apiKey}` };
    console.log(`p50 of ${samples} (ms, time to the last byte); identity / floor = the same body from memory; server RSS = its largest VmRSS while answering`);
    console.log('endpoint         days     KiB  identity    floor  ratio   gzip KiB     ms    br KiB     ms  server RSS MiB');
    for (const [endpoint, length] of cases) {
      const [path, query = ''] = endpoint.split('?');
      const url = `${base}/api/v1/analytics/${path}?startDate=${addDays(yesterday, 1 - length)}&endDate=${yesterday}${query ? `&${query}` : ''}`;
      let rss = 0;
      const sampler = setInterval(() => (rss = Math.max(rss, rssOf(child.pid!))), 10);
      body = (await get(url, authorized)).wire;
      const timesOf = { identity: [] as number[], floor: [] as number[], gzip: [] as number[], br: [] as number[] };
      const wire = { gzip: 0, br: 0 };
      for (let i = 0; i < samples + 1; i++) {
        const runs = {
          identity: await get(url, authorized),
          floor: await get(floorUrl, {}),
          gzip: await get(url, { ...authorized, 'accept-encoding': 'gzip' }),
          br: await get(url, { ...authorized, 'accept-encoding': 'br' }),
        };
        if (runs.gzip.encoding !== 'gzip' || runs.br.encoding !== 'br') console.log(`   (not compressed: ${runs.gzip.encoding ?? 'identity'}, ${runs.br.encoding ?? 'identity'})`);
        [wire.gzip, wire.br] = [runs.gzip.wire.length, runs.br.wire.length];
        // The first round warms up.
        if (i > 0) for (const [name, run] of Object.entries(runs)) timesOf[name as keyof typeof timesOf].push(run.ms);
      }
      clearInterval(sampler);
      const [identity, floorMs, gzip, br] = [timesOf.identity, timesOf.floor, timesOf.gzip, timesOf.br].map((runs) => quantile(runs, 0.5)) as [number, number, number, number];
      console.log(
        `${endpoint.padEnd(16)} ${String(length).padStart(4)} ${fmt(body.length / 1024, 0).padStart(7)} ${fmt(identity).padStart(9)} ${fmt(floorMs).padStart(8)} ${fmt(identity / floorMs, 2).padStart(5)}x ${fmt(wire.gzip / 1024, 0).padStart(9)} ${fmt(gzip).padStart(6)} ${fmt(wire.br / 1024, 0).padStart(9)} ${fmt(br).padStart(6)} ${fmt(rss, 0).padStart(15)}`,
      );
    }
    console.log(`\nAt the end: ${load()}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    agent.destroy();
    await floor.close();
    await pool.end();
    await store.remove();
  }
}

await main();
