import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Metadata } from '@grpc/grpc-js';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPLogExporter as LogsGrpc } from '@opentelemetry/exporter-logs-otlp-grpc';
import { OTLPLogExporter as LogsJson } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as LogsProto } from '@opentelemetry/exporter-logs-otlp-proto';
import { OTLPMetricExporter as MetricsGrpc } from '@opentelemetry/exporter-metrics-otlp-grpc';
import { OTLPMetricExporter as MetricsJson } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as MetricsProto } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPTraceExporter as TracesGrpc } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as TracesJson } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as TracesProto } from '@opentelemetry/exporter-trace-otlp-proto';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../src/domain/dates.js';
import { freePort } from '../helpers/built-console.js';
import { bootstrapOrganization, killHard, launchedStore, launchServer, type LaunchedServer } from '../helpers/server-process.js';
import { AggregationTemporality, apiRequestLogs, chatSpans, ClaudeCodeProcess, DAYS_BACK, type ApiRequest } from './agent-exports.js';

// kill -9 of the server mid-export, on the store the suite runs on (embedded, or PostgreSQL with
// TEST_DATABASE_URL): the server is a real process on real ports (OTLP/HTTP and OTLP/gRPC), the
// agents export through the real OpenTelemetry JS exporters (protobuf, JSON, gRPC), which retry
// on their own and are handed the same batch again until it is acknowledged, as a batch
// processor's next attempt would. Afterwards every exported usage is counted exactly once:
// tokens (api_request events and GenAI spans) and cumulative counters, compared with what was
// exported.

const ADMIN_TOKEN = `otlp-kill9-${randomBytes(12).toString('hex')}`;
const TRANSPORTS = ['protobuf', 'json', 'grpc'] as const;
const BATCHES_PER_AGENT = 6;
const CALLS_PER_BATCH = 25;
const KILLS = 2;

const cleanup: (() => Promise<unknown>)[] = [];
const servers: LaunchedServer[] = [];
afterAll(async () => {
  for (const { child } of servers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const step of cleanup) await step();
});

function launch(env: Record<string, string>): LaunchedServer {
  const server = launchServer(env);
  servers.push(server);
  return server;
}

type Transport = (typeof TRANSPORTS)[number];

function exporters(transport: Transport, base: string, grpcPort: number, key: string) {
  if (transport === 'grpc') {
    const metadata = new Metadata();
    metadata.set('authorization', `Bearer ${key}`);
    const options = { url: `http://127.0.0.1:${grpcPort}`, metadata };
    return { logs: new LogsGrpc(options), traces: new TracesGrpc(options), metrics: new MetricsGrpc(options) };
  }
  const options = (signal: string) => ({ url: `${base}/v1/${signal}`, headers: { authorization: `Bearer ${key}` } });
  if (transport === 'json') return { logs: new LogsJson(options('logs')), traces: new TracesJson(options('traces')), metrics: new MetricsJson(options('metrics')) };
  return { logs: new LogsProto(options('logs')), traces: new TracesProto(options('traces')), metrics: new MetricsProto(options('metrics')) };
}

describe('kill -9 of the server mid-export', () => {
  it('counts every exported usage exactly once after the exporters retry', async () => {
    const [port, grpcPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      OTLP_GRPC_PORT: String(grpcPort),
      ADMIN_TOKEN,
      LOG_LEVEL: 'info',
      ROLLUP_INTERVAL_MS: '3600000',
      RATE_LIMIT_PER_MINUTE: '10000000',
      REDIS_URL: '',
    };
    Object.assign(env, await launchedStore(cleanup));
    let server = launch(env);
    await server.listening;
    const apiKey = await bootstrapOrganization(base, ADMIN_TOKEN, 'owner@otlp-crash.test');

    let acknowledged = 0;
    const exported = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, commits: 0 };
    const untilAcknowledged = async <T>(exporter: { export(items: T, done: (result: ExportResult) => void): void }, items: T) => {
      for (;;) {
        const result = await new Promise<ExportResult>((resolve) => exporter.export(items, resolve));
        if (result.code === ExportResultCode.SUCCESS) return void (acknowledged += 1);
        await sleep(100);
      }
    };
    const agents = TRANSPORTS.map(async (transport, a) => {
      const { logs, traces, metrics } = exporters(transport, base, grpcPort, apiKey);
      const claudeCode = new ClaudeCodeProcess(AggregationTemporality.CUMULATIVE, { 'service.instance.id': `laptop-${a}` });
      for (let batch = 0; batch < BATCHES_PER_AGENT; batch += 1) {
        const calls: ApiRequest[] = Array.from({ length: CALLS_PER_BATCH }, (_, i) => ({ model: 'claude-sonnet-4-5', input: 100 + i, output: 10 * a + batch, cacheRead: i, cacheCreation: batch }));
        const spans = Array.from({ length: 5 }, (_, i) => ({ model: 'gpt-5', input: 1000 * (a + 1) + i, output: batch + 1 }));
        for (const call of calls) Object.assign(exported, { input: exported.input + call.input, output: exported.output + call.output, cacheRead: exported.cacheRead + call.cacheRead, cacheWrite: exported.cacheWrite + call.cacheCreation });
        for (const span of spans) Object.assign(exported, { input: exported.input + span.input, output: exported.output + span.output });
        claudeCode.add({ commits: batch + 1 });
        exported.commits += batch + 1;
        await untilAcknowledged(logs, await apiRequestLogs(calls, { 'session.id': `agent-${a}-batch-${batch}` }));
        await untilAcknowledged(traces, await chatSpans(spans, { 'service.instance.id': `laptop-${a}` }));
        await untilAcknowledged(metrics, await claudeCode.collect());
      }
      await claudeCode.shutdown();
      await Promise.all([logs.shutdown(), traces.shutdown(), metrics.shutdown()]);
    });
    const total = TRANSPORTS.length * BATCHES_PER_AGENT * 3;
    const acknowledgedAtKills: number[] = [];
    const killer = (async () => {
      for (let kill = 0; kill < KILLS; kill += 1) {
        while (acknowledged < ((kill + 1) * total) / (KILLS + 1)) await sleep(5);
        acknowledgedAtKills.push(acknowledged);
        await killHard(server);
        server = launch(env);
        await server.listening;
      }
    })();
    await Promise.all([...agents, killer]);
    expect(acknowledged).toBe(total);
    expect(acknowledgedAtKills.every((count) => count < total)).toBe(true);

    const run = await fetch(`${base}/admin/v1/rollups/run`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(run.status).toBe(200);
    const day = addDays(dayOf(Date.now()), -DAYS_BACK);
    const range = `startDate=${addDays(day, -1)}&endDate=${addDays(day, 1)}`;
    const read = async (endpoint: string) => ((await (await fetch(`${base}/api/v1/analytics/${endpoint}?${range}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as { data: Record<string, number>[] }).data;
    const [tokens, productivity] = [await read('tokens'), await read('productivity')];
    const sum = (rows: Record<string, number>[], field: string) => rows.reduce((t, row) => t + row[field]!, 0);
    expect({
      input: sum(tokens, 'input_tokens'),
      output: sum(tokens, 'output_tokens'),
      cacheRead: sum(tokens, 'cache_read_tokens'),
      cacheWrite: sum(tokens, 'cache_write_tokens'),
      commits: sum(productivity, 'git_commits'),
    }).toEqual(exported);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }, 480_000);
});
