import { OTLPMetricExporter as MetricsJson } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as MetricsProto } from '@opentelemetry/exporter-metrics-otlp-proto';
import { ExportResultCode } from '@opentelemetry/core';
import type { ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openStore } from '../../src/db/store.js';
import { addDays, dayOf } from '../../src/domain/dates.js';
import { auth, createOrganization, json, startTestServer, type TestServer } from '../helpers/server.js';
import { AggregationTemporality, apiRequestLogs, chatSpans, ClaudeCodeProcess, CONTENT_TYPES, DAYS_BACK, merged, serialize, type ApiRequest, type Encoding } from './agent-exports.js';

// Counted exactly once (docs/otel.md): exports made by the real OpenTelemetry JS SDK and sent to
// the real app on loopback, retried, reordered, raced and repeated over other signals; the
// analytics that come out are compared with figures computed here from what was exported.

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => server?.close());

type Signal = 'metrics' | 'logs' | 'traces';

async function post(base: string, key: string, signal: Signal, body: Uint8Array, encoding: Encoding): Promise<void> {
  const response = await fetch(`${base}/v1/${signal}`, { method: 'POST', body, headers: { ...auth(key), 'content-type': CONTENT_TYPES[encoding] } });
  const text = encoding === 'json' ? await response.text() : '';
  expect(response.status, text).toBe(200);
  // A full success: no partial_success, nothing refused.
  if (encoding === 'json') expect(JSON.parse(text)).toEqual({});
}

const postMetrics = (key: string, metrics: ResourceMetrics, encoding: Encoding = 'protobuf', base = baseUrl) => post(base, key, 'metrics', serialize.metrics(metrics, encoding), encoding);

interface Figures {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  byModel: Record<string, { input: number; output: number }>;
  sessions: number;
  commits: number;
  pullRequests: number;
}

/** The analytics of the day the exports were moved to, once it is rolled up. */
async function figures(key: string): Promise<Figures> {
  const rollup = await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: auth(server.adminToken) });
  expect(rollup.statusCode, rollup.body).toBe(200);
  const day = addDays(dayOf(Date.now()), -DAYS_BACK);
  const range = `startDate=${addDays(day, -1)}&endDate=${addDays(day, 1)}`;
  const read = async (endpoint: string) => json(await server.app.inject({ url: `/api/v1/analytics/${endpoint}?${range}`, headers: auth(key) })).data as Record<string, any>[];
  const [tokens, activity, productivity] = [await read('tokens'), await read('activity'), await read('productivity')];
  const sum = (rows: Record<string, any>[], field: string) => rows.reduce((total, row) => total + (row[field] as number), 0);
  const byModel: Figures['byModel'] = {};
  for (const row of tokens) {
    for (const model of row.by_model as { model_id: string; input_tokens: number; output_tokens: number }[]) {
      const own = (byModel[model.model_id] ??= { input: 0, output: 0 });
      own.input += model.input_tokens;
      own.output += model.output_tokens;
    }
  }
  return {
    input: sum(tokens, 'input_tokens'),
    output: sum(tokens, 'output_tokens'),
    cacheRead: sum(tokens, 'cache_read_tokens'),
    cacheWrite: sum(tokens, 'cache_write_tokens'),
    byModel,
    sessions: sum(activity, 'sessions'),
    commits: sum(productivity, 'git_commits'),
    pullRequests: sum(productivity, 'git_prs_created'),
  };
}

/** What the analytics should say, computed from the exported values alone. */
function reference(counted: { calls?: readonly ApiRequest[]; spans?: readonly { model: string; input: number; output: number }[]; sessions?: number; commits?: number; pullRequests?: number }): Figures {
  const byModel: Figures['byModel'] = {};
  const total = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  for (const call of counted.calls ?? []) {
    const own = (byModel[call.model] ??= { input: 0, output: 0 });
    own.input += call.input;
    own.output += call.output;
    total.input += call.input;
    total.output += call.output;
    total.cacheRead += call.cacheRead;
    total.cacheWrite += call.cacheCreation;
  }
  for (const span of counted.spans ?? []) {
    const own = (byModel[span.model] ??= { input: 0, output: 0 });
    own.input += span.input;
    own.output += span.output;
    total.input += span.input;
    total.output += span.output;
  }
  return { ...total, byModel, sessions: counted.sessions ?? 0, commits: counted.commits ?? 0, pullRequests: counted.pullRequests ?? 0 };
}

const CALLS: ApiRequest[] = [
  { model: 'claude-sonnet-4-5', input: 1200, output: 340, cacheRead: 5000, cacheCreation: 700 },
  { model: 'claude-sonnet-4-5', input: 80, output: 1210, cacheRead: 6100, cacheCreation: 0 },
  { model: 'claude-haiku-4-5', input: 310, output: 45, cacheRead: 0, cacheCreation: 120 },
];
const SPANS = [
  { model: 'gpt-5', input: 900, output: 120 },
  { model: 'gpt-5', input: 40, output: 8 },
];

describe('a retried export', () => {
  it('counts once, sent again in the same bytes or in the other encoding', async () => {
    const org = await createOrganization(server, 'Retried');
    const key = org.owner.key;
    const logs = await apiRequestLogs(CALLS);
    const spans = await chatSpans(SPANS);
    const agent = new ClaudeCodeProcess(AggregationTemporality.CUMULATIVE);
    agent.add({ sessions: 2, commits: 3, pullRequests: 1 });
    const metrics = await agent.collect();
    await agent.shutdown();

    for (const encoding of ['protobuf', 'protobuf', 'json', 'protobuf'] as const) {
      await post(baseUrl, key, 'logs', serialize.logs(logs, encoding), encoding);
      await post(baseUrl, key, 'traces', serialize.traces(spans, encoding), encoding);
      await postMetrics(key, metrics, encoding);
    }
    expect(await figures(key)).toEqual(reference({ calls: CALLS, spans: SPANS, sessions: 2, commits: 3, pullRequests: 1 }));
  });
});

describe('cumulative series', () => {
  const ROUNDS = [
    { sessions: 1, commits: 2 },
    { commits: 3, pullRequests: 1 },
    {},
    { sessions: 2, pullRequests: 1 },
    { commits: 4 },
  ];
  const TOTALS = { sessions: 3, commits: 9, pullRequests: 2 };

  it('delta and cumulative temporality, through the real exporters, give the same figures', async () => {
    const results: Figures[] = [];
    for (const temporality of [AggregationTemporality.DELTA, AggregationTemporality.CUMULATIVE]) {
      const org = await createOrganization(server, `Temporality ${temporality}`);
      const agent = new ClaudeCodeProcess(temporality);
      for (const round of ROUNDS) {
        agent.add(round);
        const collected = await agent.collect();
        // Each collection exported by the protobuf exporter, then once more by the JSON one (a retry).
        for (const exporter of [new MetricsProto({ url: `${baseUrl}/v1/metrics`, headers: auth(org.owner.key) }), new MetricsJson({ url: `${baseUrl}/v1/metrics`, headers: auth(org.owner.key) })]) {
          const result = await new Promise<{ code: ExportResultCode; error?: Error }>((resolve) => exporter.export(collected, resolve));
          expect(result.code, String(result.error)).toBe(ExportResultCode.SUCCESS);
          await exporter.shutdown();
        }
      }
      await agent.shutdown();
      results.push(await figures(org.owner.key));
    }
    const [delta, cumulative] = results;
    expect(delta).toEqual(reference(TOTALS));
    expect(cumulative).toEqual(delta);
  });

  it('a restarted process (a new start time, values from zero again) is a reset, counted, not dropped', async () => {
    const org = await createOrganization(server, 'Restarted');
    const first = new ClaudeCodeProcess(AggregationTemporality.CUMULATIVE);
    first.add({ sessions: 1, commits: 4 });
    await postMetrics(org.owner.key, await first.collect());
    first.add({ commits: 2 });
    await postMetrics(org.owner.key, await first.collect());
    await first.shutdown();
    // The same agent on the same machine, started again: the same series, a later start time,
    // counts below the last ones sent.
    const second = new ClaudeCodeProcess(AggregationTemporality.CUMULATIVE);
    second.add({ sessions: 1, commits: 1 });
    const restarted = await second.collect();
    await postMetrics(org.owner.key, restarted);
    second.add({ commits: 1 });
    await postMetrics(org.owner.key, await second.collect());
    await second.shutdown();
    // The restarted process's first export, retried late: already counted.
    await postMetrics(org.owner.key, restarted, 'json');
    expect(await figures(org.owner.key)).toEqual(reference({ sessions: 2, commits: 8 }));
  });

  it('points arriving out of order or repeated count each increment once', async () => {
    const org = await createOrganization(server, 'Out of order');
    const agent = new ClaudeCodeProcess(AggregationTemporality.CUMULATIVE);
    const collections: ResourceMetrics[] = [];
    for (const round of ROUNDS.slice(0, 4)) {
      agent.add(round);
      collections.push(await agent.collect());
    }
    const [c1, c2, c3, c4] = collections as [ResourceMetrics, ResourceMetrics, ResourceMetrics, ResourceMetrics];
    for (const [collection, encoding] of [[c3, 'protobuf'], [c1, 'json'], [c2, 'protobuf'], [c3, 'json'], [c1, 'protobuf'], [merged([c2, c1]), 'protobuf']] as const) {
      await postMetrics(org.owner.key, collection, encoding);
    }
    // After the reordered ones, the series goes on from the latest point counted.
    await postMetrics(org.owner.key, c4);
    agent.add(ROUNDS[4]!);
    await postMetrics(org.owner.key, await agent.collect());
    await agent.shutdown();
    expect(await figures(org.owner.key)).toEqual(reference(TOTALS));
  });
});

/**
 * Agents whose three collections are sent as overlapping requests, all at once: the increments of
 * a series the server has not seen yet race each other.
 */
async function overlappingExports(agents: number): Promise<{ requests: ResourceMetrics[]; totals: Figures }> {
  const requests: ResourceMetrics[] = [];
  for (let a = 0; a < agents; a += 1) {
    const agent = new ClaudeCodeProcess(AggregationTemporality.CUMULATIVE, { 'service.instance.id': `laptop-${a}` });
    const collections: ResourceMetrics[] = [];
    for (const round of [{ sessions: 1, commits: 2 }, { commits: 3 + a }, { commits: 1, pullRequests: 1 }]) {
      agent.add(round);
      collections.push(await agent.collect());
    }
    await agent.shutdown();
    const [c1, c2, c3] = collections as [ResourceMetrics, ResourceMetrics, ResourceMetrics];
    requests.push(c2, merged([c1, c2]), merged([c1, c2, c3]), c3, merged([c2, c3]), c2);
  }
  const commits = Array.from({ length: agents }, (_, a) => 6 + a).reduce((sum, n) => sum + n, 0);
  return { requests, totals: reference({ sessions: agents, commits, pullRequests: agents }) };
}

describe('concurrent exports of overlapping cumulative points', () => {
  it('count each increment once (all at once against one server)', async () => {
    const org = await createOrganization(server, 'Concurrent');
    const { requests, totals } = await overlappingExports(6);
    await Promise.all(requests.map((request, i) => postMetrics(org.owner.key, request, i % 3 === 0 ? 'json' : 'protobuf')));
    expect(await figures(org.owner.key)).toEqual(totals);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('count each increment once (two app instances on one PostgreSQL database)', async () => {
    const store = await openStore(server.config);
    const other = await buildApp({ config: server.config, store, adminToken: server.adminToken });
    try {
      const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
      const org = await createOrganization(server, 'Two instances');
      const { requests, totals } = await overlappingExports(6);
      await Promise.all(requests.map((request, i) => postMetrics(org.owner.key, request, 'protobuf', i % 2 === 0 ? baseUrl : otherUrl)));
      expect(await figures(org.owner.key)).toEqual(totals);
    } finally {
      await other.close();
      await store.close();
    }
  });
});

describe('the same usage over two signals', () => {
  it("Claude Code's token usage metric and its api_request events count once: the events", async () => {
    const org = await createOrganization(server, 'Two signals');
    const agent = new ClaudeCodeProcess(AggregationTemporality.CUMULATIVE);
    for (const call of CALLS) {
      agent.addTokens(call.model, 'input', call.input);
      agent.addTokens(call.model, 'output', call.output);
      agent.addTokens(call.model, 'cacheRead', call.cacheRead);
      agent.addTokens(call.model, 'cacheCreation', call.cacheCreation);
    }
    agent.add({ sessions: 1 });
    const metrics = await agent.collect();
    await agent.shutdown();
    await postMetrics(org.owner.key, metrics);
    await post(baseUrl, org.owner.key, 'logs', serialize.logs(await apiRequestLogs(CALLS), 'protobuf'), 'protobuf');
    await postMetrics(org.owner.key, metrics, 'json');
    expect(await figures(org.owner.key)).toEqual(reference({ calls: CALLS, sessions: 1 }));
  });
});
