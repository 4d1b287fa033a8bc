import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { addDays, dayOf, daysFrom } from '../src/domain/dates.js';
import { call, createOrganization, sendTelemetry } from './lib/demo-load.js';
import { fmt, load, machine, quantile, sample, timed } from './lib/measure.js';
import { scratchStore } from './lib/scratch-store.js';
import { startServerProcess } from './lib/server-process.js';

// The benchmark of the two extensions that read the day cells directly (docs/performance.md,
// "Attributed costs and today so far"): GET /api/v1/analytics/attributed-costs over the range and
// GET /api/v1/analytics/today, each against the same answer's bytes served from memory by a bare
// Fastify route in this process (the floor: what moving the answer costs), one request of each in
// turn so that whatever else the machine does falls on both. The built server runs in a process of
// its own on a scratch store, fed through its API: the demo generator's telemetry for the range,
// usage shares attributed to skills, sub-agents, plugins and MCP servers, and today's model calls.
// Run by hand: npx tsx bench/fleet-costs.ts [--users 20] [--days 30] [--database-url postgres://...]

const { values: flags } = parseArgs({
  options: {
    users: { type: 'string', default: '20' },
    days: { type: 'string', default: '30' },
    'shares-per-user-day': { type: 'string', default: '40' },
    'calls-today': { type: 'string', default: '200' },
    samples: { type: 'string', default: '50' },
    'database-url': { type: 'string' },
  },
});

const USAGE_TYPES = ['skill_usage', 'subagent_usage', 'plugin_usage', 'mcp_server_usage'] as const;
const NAMES = 12;
const MODELS = ['claude-sonnet-4-5', 'claude-opus-4-1', 'gpt-5'];
const WARMUP = 3;

async function main() {
  const users = Number(flags.users);
  const days = Number(flags.days);
  const sharesPerUserDay = Number(flags['shares-per-user-day']);
  const callsToday = Number(flags['calls-today']);
  const samples = Number(flags.samples);
  const today = dayOf(new Date());
  const lastDay = addDays(today, -1);
  const firstDay = addDays(lastDay, -(days - 1));
  const store = await scratchStore(flags['database-url']);
  const adminToken = randomBytes(24).toString('hex');
  console.log(`Machine: ${machine()}; at start: ${load()}`);
  console.log(`Store:   ${store.label}`);
  const server = await startServerProcess({ ...store.env, ADMIN_TOKEN: adminToken, LOG_LEVEL: 'warn', REDIS_URL: '', RATE_LIMIT_PER_MINUTE: '10000000', ROLLUP_INTERVAL_MS: '86400000', ANALYTICS_HISTORY_START: firstDay });
  const floor = Fastify({ logger: false });
  const bodies: string[] = [];
  floor.get<{ Params: { index: string } }>('/memory/:index', async (request, reply) => reply.type('application/json').send(bodies[Number(request.params.index)]));
  const floorUrl = await floor.listen({ port: 0, host: '127.0.0.1' });
  try {
    const org = await createOrganization(server.url, adminToken, 'Fleet Bench', users, 4);
    const ingested = await sendTelemetry(server.url, org, { seed: 42, days, lastDay, clients: 4, eventsPerUserDay: undefined, mixUsers: false });
    // The shares: each user-day, `sharesPerUserDay` events spread over the four kinds, NAMES names and the models.
    let id = 0;
    const shares = daysFrom(firstDay, lastDay).flatMap((day) =>
      Array.from({ length: users * sharesPerUserDay }, (_, i) => ({
        userId: org.userIds[i % users],
        id: `share-${++id}`,
        type: USAGE_TYPES[i % USAGE_TYPES.length],
        timestamp: `${day}T${String(8 + (i % 10)).padStart(2, '0')}:00:00Z`,
        sessionId: `bench-${i % users}`,
        client: 'terminal-ui',
        agent: 'claude-code',
        name: `name-${i % NAMES}`,
        modelId: MODELS[i % MODELS.length],
        inputTokens: 1000 + (i % 97),
        outputTokens: 200 + (i % 13),
        cacheReadTokens: 5000,
        cacheWriteTokens: 300,
        reportedCostUsd: 0.0123,
      })),
    );
    const calls = Array.from({ length: callsToday }, (_, i) => ({
      userId: org.userIds[i % users],
      id: `today-${i}`,
      type: 'model_call',
      timestamp: Date.now() - 1000 * (i + 1),
      sessionId: `today-${i % users}`,
      client: 'terminal-ui',
      ...(i % 4 === 3 ? {} : { agent: ['claude-code', 'codex', 'gemini-cli'][i % 4] }),
      modelId: MODELS[i % MODELS.length],
      modelTier: 'standard',
      inputTokens: 2000,
      outputTokens: 400,
      cacheReadTokens: 8000,
      cacheWriteTokens: 0,
    }));
    const events = [...shares, ...calls];
    for (let i = 0; i < events.length; i += 1000) {
      await call(`${server.url}/api/v1/telemetry/events`, { method: 'POST', token: org.apiKey, body: { events: events.slice(i, i + 1000) }, expect: [202] });
    }
    console.log(`Scale:   ${users} users x ${days} days (${firstDay} .. ${lastDay}): ${ingested.events} demo events, ${shares.length} usage shares, ${calls.length} model calls today\n`);

    const endpoints = [
      { name: `attributed-costs, ${days} days`, url: `${server.url}/api/v1/analytics/attributed-costs?startDate=${firstDay}&endDate=${lastDay}` },
      { name: `attributed-costs, ${days} days, group_by=skill`, url: `${server.url}/api/v1/analytics/attributed-costs?startDate=${firstDay}&endDate=${lastDay}&group_by=skill` },
      { name: 'today', url: `${server.url}/api/v1/analytics/today` },
    ];
    console.log('endpoint                                   served p50 / p99 ms   floor p50 / p99 ms   ratio (p50)   KiB');
    for (const endpoint of endpoints) {
      const body = await call(endpoint.url, { token: org.apiKey });
      const memoryUrl = `${floorUrl}/memory/${bodies.push(body) - 1}`;
      const served: number[] = [];
      const memory: number[] = [];
      await sample(WARMUP, () => call(endpoint.url, { token: org.apiKey }));
      await sample(WARMUP, () => call(memoryUrl));
      for (let i = 0; i < samples; i++) {
        served.push((await timed(() => call(endpoint.url, { token: org.apiKey }))).ms);
        memory.push((await timed(() => call(memoryUrl))).ms);
      }
      const s = { p50: quantile(served, 0.5), p99: quantile(served, 0.99) };
      const m = { p50: quantile(memory, 0.5), p99: quantile(memory, 0.99) };
      console.log(
        `${endpoint.name.padEnd(42)} ${`${fmt(s.p50)} / ${fmt(s.p99)}`.padStart(19)}   ${`${fmt(m.p50)} / ${fmt(m.p99)}`.padStart(18)}   ${`${fmt(s.p50 / m.p50, 2)}x`.padStart(11)}   ${fmt(Buffer.byteLength(body) / 1024, 1).padStart(5)}`,
      );
    }
    console.log(`\nAt the end: ${load()}`);
  } finally {
    await floor.close();
    await server.stop();
    await store.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
