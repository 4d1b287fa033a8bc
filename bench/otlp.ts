import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { create, toBinary } from '@bufbuild/protobuf';
import { openStore } from '../src/db/store.js';
import { ExportLogsServiceRequestSchema } from '../src/otlp/generated/opentelemetry/proto/collector/logs/v1/logs_service_pb.js';
import { ExportMetricsServiceRequestSchema } from '../src/otlp/generated/opentelemetry/proto/collector/metrics/v1/metrics_service_pb.js';
import type { KeyValue } from '../src/otlp/generated/opentelemetry/proto/common/v1/common_pb.js';
import type { LogRecord } from '../src/otlp/generated/opentelemetry/proto/logs/v1/logs_pb.js';
import { AggregationTemporality } from '../src/otlp/generated/opentelemetry/proto/metrics/v1/metrics_pb.js';
import { createOrganization as insertOrganization } from '../src/repositories/organizations.js';
import { copyFloor } from './lib/copy-floor.js';
import { createOrganization } from './lib/demo-load.js';
import { fmt, load, machine, quantile, timed } from './lib/measure.js';
import { scratchStore } from './lib/scratch-store.js';
import { startServerProcess, type ServerProcess } from './lib/server-process.js';
import { SYSTEM_ACTOR } from '../src/domain/audit.js';

// The OTLP ingestion benchmark (docs/performance.md "OTLP ingestion"), on PostgreSQL: the built
// server in a process of its own on a scratch database. In one run: the same usage (model calls
// and tool calls) sent as native events (POST /api/v1/telemetry/events) and as OTLP/HTTP protobuf
// log records shaped like Claude Code's and Codex's, in alternating rounds, and the COPY floor (the
// native rows written again by COPY FROM STDIN); then the server's RSS while a simulated fleet of
// agents sends its cumulative counters, each agent a resource of its own, in rounds as fast as the
// server takes them (an agent exports every 60 s; the rounds compress that time); then a fleet's
// hour of agent sessions (every agent's calls of an hour, timestamped across it, sent as fast as
// the server takes them) and the p50 of the session list and of a 1,000-call timeline against the
// floor of the same route answering a not-found. Run by hand: npm run bench:otlp -- --help

const HELP = `npm run bench:otlp -- [--database-url postgres://postgres@127.0.0.1:5432/postgres]
  [--events 120000] [--batch 500] [--rounds 4] [--clients 4] [--agents 10000] [--fleet-rounds 3] [--fleet-clients 32]
  [--session-agents 2000] [--session-calls 60] [--samples 40]`;

const { values: flags } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    events: { type: 'string', default: '120000' },
    batch: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '4' },
    clients: { type: 'string', default: '4' },
    agents: { type: 'string', default: '10000' },
    'fleet-rounds': { type: 'string', default: '3' },
    'fleet-clients': { type: 'string', default: '32' },
    'session-agents': { type: 'string', default: '2000' },
    'session-calls': { type: 'string', default: '60' },
    samples: { type: 'string', default: '40' },
    help: { type: 'boolean', default: false },
  },
});

function count(name: keyof typeof flags, min: number, max: number): number {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return value;
}

const agent = new http.Agent({ keepAlive: true });

/** One POST; throws unless the answer is `expect`. Returns the answer's body. */
function post(url: string, token: string, body: Uint8Array | string, contentType: string, expect: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const answer = Buffer.concat(chunks);
        if (response.statusCode === expect) resolve(answer);
        else reject(new Error(`POST ${url}: HTTP ${response.statusCode} ${answer.toString().slice(0, 500)}`));
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** One GET; throws unless the answer is `expect`. */
function get(url: string, token: string, expect: number): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
        response.resume();
        response.on('error', reject);
        response.on('end', () => (response.statusCode === expect ? resolve() : reject(new Error(`GET ${url}: HTTP ${response.statusCode}`))));
      })
      .on('error', reject);
  });
}

/** Sends the bodies with `clients` concurrent senders; the time it took. */
async function sendAll(bodies: readonly (() => Promise<unknown>)[], clients: number): Promise<number> {
  let next = 0;
  const { ms } = await timed(() =>
    Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < bodies.length) await bodies[next++]!();
      }),
    ),
  );
  return ms;
}

// --- The usage: model calls and tool calls, alike for both ways in ------------------------------

interface Usage {
  kind: 'model' | 'tool';
  agent: 'claude-code' | 'codex';
  session: string;
  at: number;
  model: string;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  tool: string;
}

const MODELS = { 'claude-code': ['claude-sonnet-4-5', 'claude-haiku-4-5'], codex: ['gpt-5-codex', 'gpt-5'] };
const TOOLS = ['Read', 'Edit', 'Bash', 'Grep', 'mcp__github__create_issue', 'shell', 'apply_patch'];

function usageOf(n: number, now: number): Usage {
  const agentName = n % 3 === 2 ? 'codex' : 'claude-code';
  return {
    kind: n % 2 === 0 ? 'model' : 'tool',
    agent: agentName,
    session: `session-${Math.floor(n / 200)}`,
    at: now - 3_600_000 + (n % 3_000_000),
    model: MODELS[agentName][n % 2]!,
    input: 200 + (n % 997),
    output: 50 + (n % 311),
    cacheRead: (n * 7) % 5000,
    cacheWrite: n % 13 === 0 ? 400 : 0,
    tool: TOOLS[n % TOOLS.length]!,
  };
}

/**
 * A native event as a real client sends it. Its id is random, as a client's idempotency key must be
 * unique (the hooks send `hook-<UUID>`): ids in sequence would go into the id index at one end,
 * cheaper for the database than the OTLP records' digests, which land anywhere in it.
 */
function nativeEvent(usage: Usage, id: string) {
  const base = { id, timestamp: usage.at, sessionId: usage.session, client: 'terminal-ui' as const };
  if (usage.kind === 'tool') return { ...base, type: 'tool_call', tool: usage.tool, autonomyLevel: 'manual' };
  return { ...base, type: 'model_call', modelId: usage.model, modelTier: 'standard', inputTokens: usage.input, outputTokens: usage.output, cacheReadTokens: usage.cacheRead, cacheWriteTokens: usage.cacheWrite };
}

const kv = (key: string, value: string | number): KeyValue =>
  ({ key, value: { value: typeof value === 'string' ? { case: 'stringValue', value } : Number.isInteger(value) ? { case: 'intValue', value: BigInt(value) } : { case: 'doubleValue', value } } }) as KeyValue;

const nanos = (ms: number) => BigInt(ms) * 1_000_000n;

/** A log record as the agent's exporter sends it: Claude Code's events, or Codex's (time 0, the observed time set). */
function logRecord(usage: Usage, n: number): Partial<LogRecord> {
  const common = [kv('user.email', 'dev@example.test'), kv('event.timestamp', new Date(usage.at).toISOString()), kv('event.sequence', n)];
  if (usage.agent === 'claude-code') {
    const attributes =
      usage.kind === 'model'
        ? [kv('event.name', 'api_request'), kv('model', usage.model), kv('input_tokens', usage.input), kv('output_tokens', usage.output), kv('cache_read_tokens', usage.cacheRead), kv('cache_creation_tokens', usage.cacheWrite), kv('cost_usd', 0.0123), kv('duration_ms', 2100)]
        : [kv('event.name', 'tool_result'), kv('tool_name', usage.tool), kv('success', 'true'), kv('duration_ms', 35), kv('decision_type', 'accept'), kv('decision_source', 'config')];
    return { timeUnixNano: nanos(usage.at), observedTimeUnixNano: nanos(usage.at), body: { value: { case: 'stringValue', value: `claude_code.${attributes[0]!.value!.value.value}` } }, attributes: [...attributes, kv('session.id', usage.session), ...common] } as Partial<LogRecord>;
  }
  const attributes =
    usage.kind === 'model'
      ? [kv('event.name', 'codex.sse_event'), kv('event.kind', 'response.completed'), kv('model', usage.model), kv('input_token_count', usage.input + usage.cacheRead), kv('cached_token_count', usage.cacheRead), kv('output_token_count', usage.output), kv('reasoning_token_count', 0), kv('tool_token_count', 0)]
      : [kv('event.name', 'codex.tool_result'), kv('tool_name', usage.tool), kv('call_id', `call_${n}`), kv('arguments', '{"command":["ls"]}'), kv('duration_ms', 40), kv('success', 'true')];
  return { timeUnixNano: 0n, observedTimeUnixNano: nanos(usage.at), attributes: [...attributes, kv('conversation.id', usage.session), kv('originator', 'codex_exec'), kv('app.version', '0.63.0'), ...common] } as Partial<LogRecord>;
}

const RESOURCES = {
  'claude-code': { service: 'claude-code', version: '2.1.0', scope: 'com.anthropic.claude_code.events' },
  codex: { service: 'codex_exec', version: '0.63.0', scope: 'codex_otel' },
};

/** One OTLP/HTTP protobuf body: the batch's records under their agents' resources. */
function otlpBody(usages: readonly { usage: Usage; n: number }[]): Uint8Array {
  const byAgent = new Map<Usage['agent'], Partial<LogRecord>[]>();
  for (const { usage, n } of usages) byAgent.set(usage.agent, [...(byAgent.get(usage.agent) ?? []), logRecord(usage, n)]);
  const request = create(ExportLogsServiceRequestSchema, {
    resourceLogs: [...byAgent].map(([name, logRecords]) => ({
      resource: { attributes: [kv('service.name', RESOURCES[name].service), kv('service.version', RESOURCES[name].version), kv('host.arch', 'amd64'), kv('os.type', 'linux')] },
      scopeLogs: [{ scope: { name: RESOURCES[name].scope, version: RESOURCES[name].version }, logRecords }],
    })),
  } as never);
  return toBinary(ExportLogsServiceRequestSchema, request);
}

// --- A fleet's hour of agent sessions -----------------------------------------------------------

/** Records per export of the sessions' fleet: an exporter batches what it logged (Claude Code's and Codex's batch every few seconds). */
const SESSION_RECORDS_PER_EXPORT = 20;

/**
 * The exports of an agent's hour: one session of `calls` calls (model and tool calls alternating)
 * spread evenly over the hour from `hourStart`, in Claude Code's shape for even agents and Codex's
 * for odd ones, in exports of SESSION_RECORDS_PER_EXPORT records.
 */
function sessionExports(agentIndex: number, calls: number, hourStart: number, firstN: number): Uint8Array[] {
  const name: Usage['agent'] = agentIndex % 2 === 0 ? 'claude-code' : 'codex';
  const usages = Array.from({ length: calls }, (_, i) => {
    const n = firstN + i;
    const usage: Usage = {
      kind: i % 2 === 0 ? 'model' : 'tool',
      agent: name,
      session: `fleet-session-${agentIndex}`,
      at: hourStart + Math.floor((i * 3_600_000) / calls) + (agentIndex % 997),
      model: MODELS[name][agentIndex % 2]!,
      input: 200 + (n % 997),
      output: 50 + (n % 311),
      cacheRead: (n * 7) % 5000,
      cacheWrite: 0,
      tool: TOOLS[n % TOOLS.length]!,
    };
    return { usage, n };
  });
  const bodies: Uint8Array[] = [];
  for (let at = 0; at < usages.length; at += SESSION_RECORDS_PER_EXPORT) bodies.push(otlpBody(usages.slice(at, at + SESSION_RECORDS_PER_EXPORT)));
  return bodies;
}

// --- The fleet: each agent a resource with its cumulative counters ------------------------------

function fleetBody(agentIndex: number, round: number, startNanos: bigint, now: number): Uint8Array {
  const point = (value: number, attributes: KeyValue[] = []) => ({ attributes, startTimeUnixNano: startNanos, timeUnixNano: nanos(now), value: { case: 'asInt' as const, value: BigInt(value) } });
  const sum = (name: string, dataPoints: ReturnType<typeof point>[]) => ({ name, unit: 'count', data: { case: 'sum' as const, value: { aggregationTemporality: AggregationTemporality.CUMULATIVE, isMonotonic: true, dataPoints } } });
  const request = create(ExportMetricsServiceRequestSchema, {
    resourceMetrics: [
      {
        resource: { attributes: [kv('service.name', 'claude-code'), kv('service.version', '2.1.0'), kv('service.instance.id', `laptop-${agentIndex}`), kv('user.email', 'dev@example.test')] },
        scopeMetrics: [
          {
            scope: { name: 'com.anthropic.claude_code', version: '2.1.0' },
            metrics: [
              sum('claude_code.session.count', [point(1 + Math.floor(round / 2))]),
              sum('claude_code.commit.count', [point(round)]),
              sum('claude_code.lines_of_code.count', [point(10 * round, [kv('type', 'added')]), point(3 * round, [kv('type', 'removed')])]),
              sum('claude_code.token.usage', [point(1000 * round, [kv('type', 'input'), kv('model', 'claude-sonnet-4-5')])]),
            ],
          },
        ],
      },
    ],
  } as never);
  return toBinary(ExportMetricsServiceRequestSchema, request);
}

async function main() {
  if (flags.help) return console.log(HELP);
  const events = count('events', 1000, 10_000_000);
  const batch = count('batch', 1, 10_000);
  const rounds = count('rounds', 1, 100);
  const clients = count('clients', 1, 64);
  const agents = count('agents', 1, 1_000_000);
  const fleetRounds = count('fleet-rounds', 1, 100);
  const fleetClients = count('fleet-clients', 1, 256);
  const sessionAgents = count('session-agents', 1, 100_000);
  const sessionCalls = count('session-calls', 2, 10_000);
  const samples = count('samples', 5, 10_000);
  const store = await scratchStore(flags['database-url']);
  const adminToken = randomBytes(24).toString('hex');
  let server: ServerProcess | undefined;
  const direct = await openStore({ databaseUrl: store.env.DATABASE_URL, dataDir: store.env.DATA_DIR, databasePoolSize: 2 });
  try {
    console.log(`Machine: ${machine()}; at start: ${load()}`);
    console.log(`Store:   ${store.label}`);
    server = await startServerProcess({ ...store.env, ADMIN_TOKEN: adminToken, LOG_LEVEL: 'warn', REDIS_URL: '', RATE_LIMIT_PER_MINUTE: '10000000', ROLLUP_INTERVAL_MS: '86400000' });
    console.log(`Server:  node dist/main.js in its own process at ${server.url}; the senders and the COPY floor run in this process; RSS is the server process's.\n`);

    // --- 1. Throughput: native vs OTLP, alternating rounds of the same usage.
    const native = await createOrganization(server.url, adminToken, 'Native', 1, 1);
    const otlp = await createOrganization(server.url, adminToken, 'OTLP', 1, 1);
    const now = Date.now();
    const perRound = Math.ceil(events / rounds);
    let nativeMs = 0;
    let otlpMs = 0;
    let nativeCpu = 0;
    let otlpCpu = 0;
    let nativeAccepted = 0;
    for (let round = 0; round < rounds; round += 1) {
      const first = round * perRound;
      const last = Math.min(events, first + perRound);
      const nativeBodies: string[] = [];
      const otlpBodies: Uint8Array[] = [];
      for (let start = first; start < last; start += batch) {
        const usages = Array.from({ length: Math.min(batch, last - start) }, (_, i) => ({ usage: usageOf(start + i, now), n: start + i }));
        nativeBodies.push(JSON.stringify({ events: usages.map(({ usage }) => nativeEvent(usage, `hook-${randomUUID()}`)) }));
        otlpBodies.push(otlpBody(usages));
      }
      const nativePhase = server.phase();
      nativeMs += await sendAll(
        nativeBodies.map((body) => async () => {
          const answer = await post(`${server!.url}/api/v1/telemetry/events`, native.apiKey, body, 'application/json', 202);
          nativeAccepted += (JSON.parse(answer.toString()) as { accepted: number }).accepted;
        }),
        clients,
      );
      nativeCpu += nativePhase.end().cpuSeconds;
      const otlpPhase = server.phase();
      otlpMs += await sendAll(
        otlpBodies.map((body) => async () => {
          const answer = await post(`${server!.url}/v1/logs`, otlp.apiKey, body, 'application/x-protobuf', 200);
          // A full success is an empty response; anything else is a partial success.
          if (answer.length !== 0) throw new Error(`OTLP partial success: ${answer.toString('hex')}`);
        }),
        clients,
      );
      otlpCpu += otlpPhase.end().cpuSeconds;
    }
    const stored = async (organizationId: string) =>
      Number((await direct.db.selectFrom('telemetry_events').select((eb) => eb.fn.countAll<string>().as('n')).where('organization_id', '=', organizationId).executeTakeFirstOrThrow()).n);
    const [nativeRows, otlpRows] = [await stored(native.id), await stored(otlp.id)];
    if (nativeAccepted !== events || nativeRows !== events || otlpRows !== events) throw new Error(`stored native ${nativeRows} (accepted ${nativeAccepted}), OTLP ${otlpRows}, of ${events}`);
    const nativeRate = events / (nativeMs / 1000);
    const otlpRate = events / (otlpMs / 1000);
    const floorOrg = await insertOrganization(direct.db, { name: 'COPY floor', ownerEmail: 'floor@bench.example' }, SYSTEM_ACTOR);
    const floor = await copyFloor(direct.pool, native.id, floorOrg.organization.id);
    const copyRate = floor.rows / (floor.ms / 1000);
    await direct.db.deleteFrom('telemetry_events').where('organization_id', '=', floorOrg.organization.id).execute();
    console.log(`1. ${events} events (model calls and tool calls, half Claude Code's and a third Codex's shape), batches of ${batch}, ${clients} concurrent senders, ${rounds} alternating rounds`);
    console.log(`   native POST /api/v1/telemetry/events (JSON):   ${fmt(nativeMs / 1000, 2)} s, ${fmt(nativeRate, 0)} events/s; server CPU ${fmt((1e6 * nativeCpu) / events, 0)} µs/event`);
    console.log(`   OTLP/HTTP POST /v1/logs (protobuf log records): ${fmt(otlpMs / 1000, 2)} s, ${fmt(otlpRate, 0)} events/s; server CPU ${fmt((1e6 * otlpCpu) / events, 0)} µs/event`);
    console.log(`   COPY FROM STDIN (the native rows, same table without the day tallies' triggers, from this process): ${fmt(floor.ms / 1000, 2)} s, ${fmt(copyRate, 0)} events/s`);
    console.log(`   OTLP / native ${fmt((100 * otlpRate) / nativeRate)} %; OTLP / COPY ${fmt((100 * otlpRate) / copyRate)} %; native / COPY ${fmt((100 * nativeRate) / copyRate)} %`);
    // Both endpoints build agent sessions in the events' transaction (docs/agent-sessions.md): the rates above include it.
    const countOf = async (table: 'agent_sessions' | 'agent_session_steps', organizationId: string) =>
      Number((await direct.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('organization_id', '=', organizationId).executeTakeFirstOrThrow()).n);
    const [otlpSessions, otlpSteps] = [await countOf('agent_sessions', otlp.id), await countOf('agent_session_steps', otlp.id)];
    if (otlpSteps !== events) throw new Error(`stored ${otlpSteps} agent-session steps of ${events} OTLP events`);
    console.log(`   agent sessions built at ingestion: ${otlpSessions} sessions of ${otlpSteps} steps; OTLP with sessions / COPY floor ${fmt((100 * otlpRate) / copyRate)} %`);

    // --- 2. The fleet: RSS with every agent's series state.
    const fleet = await createOrganization(server.url, adminToken, 'Fleet', 1, 1);
    const phase = server.phase();
    const startNanos = nanos(Date.now() - 3_600_000);
    const rssAfterRound: number[] = [];
    let fleetMs = 0;
    for (let round = 1; round <= fleetRounds; round += 1) {
      const at = Date.now();
      fleetMs += await sendAll(
        Array.from({ length: agents }, (_, a) => async () => {
          const answer = await post(`${server!.url}/v1/metrics`, fleet.apiKey, fleetBody(a, round, startNanos, at), 'application/x-protobuf', 200);
          if (answer.length !== 0) throw new Error(`OTLP partial success: ${answer.toString('hex')}`);
        }),
        fleetClients,
      );
      rssAfterRound.push(server.rssMb());
    }
    const use = phase.end();
    const series = Number((await direct.db.selectFrom('otlp_cumulative_series').select((eb) => eb.fn.countAll<string>().as('n')).where('organization_id', '=', fleet.id).executeTakeFirstOrThrow()).n);
    const peakMb = (use.peakMb * 2 ** 20) / 1e6;
    console.log(`\n2. Fleet: ${agents} agents (a resource each: cumulative sessions, commits, lines added and removed, and the token counter, which is not counted), ${fleetRounds} rounds of one export per agent, ${fleetClients} concurrent senders`);
    console.log(`   ${agents * fleetRounds} exports in ${fmt(fleetMs / 1000, 1)} s (${fmt((agents * fleetRounds) / (fleetMs / 1000), 0)} exports/s; one round stands for 60 s of a real fleet); ${series} series stored`);
    console.log(`   server RSS after each round: ${rssAfterRound.map((mb) => `${fmt(mb, 0)} MiB`).join(', ')}; peak ${fmt(use.peakMb, 0)} MiB (${fmt(peakMb, 0)} MB); ${fmt(use.cpuSeconds, 1)} s CPU`);

    // --- 3. A fleet's hour of agent sessions: the list and a 1,000-call timeline, read.
    const hour = await createOrganization(server.url, adminToken, 'Sessions fleet', 1, 1);
    const hourStart = Date.now() - 2 * 3_600_000;
    // Every agent's hour, and one agent (the last) whose session made 1,000 calls: the timeline read below.
    const bodies: Uint8Array[] = [];
    for (let a = 0; a < sessionAgents; a += 1) bodies.push(...sessionExports(a, sessionCalls, hourStart, a * sessionCalls));
    bodies.push(...sessionExports(sessionAgents, 1000, hourStart, sessionAgents * sessionCalls));
    const hourEvents = sessionAgents * sessionCalls + 1000;
    const hourPhase = server.phase();
    const hourMs = await sendAll(
      bodies.map((body) => async () => {
        const answer = await post(`${server!.url}/v1/logs`, hour.apiKey, body, 'application/x-protobuf', 200);
        if (answer.length !== 0) throw new Error(`OTLP partial success: ${answer.toString('hex')}`);
      }),
      fleetClients,
    );
    const hourCpu = hourPhase.end().cpuSeconds;
    const [hourSessions, hourSteps] = [await countOf('agent_sessions', hour.id), await countOf('agent_session_steps', hour.id)];
    if (hourSessions !== sessionAgents + 1 || hourSteps !== hourEvents) throw new Error(`stored ${hourSessions} sessions of ${hourSteps} steps, not ${sessionAgents + 1} of ${hourEvents}`);
    const longest = await direct.db.selectFrom('agent_sessions').select('id').where('organization_id', '=', hour.id).where('session_key', '=', `fleet-session-${sessionAgents}`).executeTakeFirstOrThrow();
    const reads = {
      floor: `${server.url}/api/v0/agent-sessions/ags_no_such_session`,
      list: `${server.url}/api/v0/agent-sessions`,
      listByCost: `${server.url}/api/v0/agent-sessions?sort=cost`,
      timeline: `${server.url}/api/v0/agent-sessions/${longest.id}`,
    };
    const statusOf = (name: keyof typeof reads) => (name === 'floor' ? 404 : 200);
    const names = Object.keys(reads) as (keyof typeof reads)[];
    // Warm-up, then the reads interleaved, one at a time, so that whatever the machine does falls on all of them.
    for (const name of names) for (let i = 0; i < 3; i += 1) await get(reads[name], hour.apiKey, statusOf(name));
    const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<keyof typeof reads, number[]>;
    for (let i = 0; i < samples; i += 1) {
      for (const name of names) times[name].push((await timed(() => get(reads[name], hour.apiKey, statusOf(name)))).ms);
    }
    const p50 = (name: keyof typeof reads) => quantile(times[name], 0.5);
    console.log(`\n3. A fleet's hour of agent sessions: ${sessionAgents} agents, each a session of ${sessionCalls} calls (model and tool calls) timestamped across one hour, and one session of 1,000 calls; exports of ${SESSION_RECORDS_PER_EXPORT} records, ${fleetClients} concurrent senders, as fast as the server takes them`);
    console.log(`   ${hourEvents} events in ${bodies.length} exports: ${fmt(hourMs / 1000, 1)} s, ${fmt(hourEvents / (hourMs / 1000), 0)} events/s (the hour in ${fmt((100 * hourMs) / 3_600_000, 2)} % of an hour); server CPU ${fmt((1e6 * hourCpu) / hourEvents, 0)} µs/event; ${hourSessions} sessions of ${hourSteps} steps`);
    console.log(`   reads, ${samples} each, interleaved (p50 / p90 ms):`);
    const line = (label: string, name: keyof typeof reads) =>
      console.log(`     ${label.padEnd(58)} ${fmt(p50(name), 1)} / ${fmt(quantile(times[name], 0.9), 1)}${name === 'floor' ? '' : `  (${fmt(p50(name) / p50('floor'), 1)}x the floor)`}`);
    line('floor: GET /api/v0/agent-sessions/{unknown id} (404)', 'floor');
    line(`session list, newest first (20 of ${hourSessions})`, 'list');
    line('session list, costliest first', 'listByCost');
    line('timeline of the 1,000-call session', 'timeline');

    console.log(`\nTargets (issue 21; issue 48: the same with agent sessions built, as both ways in build them):`);
    console.log(`   ${otlpRate >= 0.7 * nativeRate ? 'MET    ' : 'NOT MET'}  OTLP >= 70 % of the native endpoint's events/s: ${fmt((100 * otlpRate) / nativeRate)} %`);
    console.log(`   ${peakMb <= 300 ? 'MET    ' : 'NOT MET'}  server RSS <= 300 MB with ${agents} agents' series: ${fmt(peakMb, 0)} MB`);
    console.log(`At the end: ${load()}`);
  } finally {
    await direct.close();
    await server?.stop();
    await store.remove();
  }
}

main().catch((error: unknown) => {
  console.error('benchmark failed:', error);
  process.exitCode = 1;
});
