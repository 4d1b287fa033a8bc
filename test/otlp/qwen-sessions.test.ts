import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { auth, createOrganization, json, startTestServer, type TestServer } from '../helpers/server.js';
import { attributeOf, capturedLogs, daysBack, named, replay, runNamed, type JsonLog } from './captured.js';
import { percentile } from '../helpers/percentile.js';

// Qwen Code 0.24's session events and time to first token, from its real capture
// (test/fixtures/otlp/qwen/http-identity), read back from outside: the sessions of the activity
// analytics, the agent session's start and end, and the time to first token of its model calls
// (GET /api/v1/analytics/model-latency), each compared with a reference read here from the
// captured files themselves and from what the mock model API served (the manifest). Its spans
// repeat the api_response events: the calls count once. Sent again, nothing counts twice; the
// gRPC capture counts the same; and the records of a version before 0.24 (the configuration event
// without session events) still count their session.

const NANOS_PER_MS = 1_000_000n;
const FIXTURES = new URL('../fixtures/otlp/', import.meta.url).pathname;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
});
afterAll(async () => server?.close());

/** A record's instant, moved `days` back as the replay moves it. */
const instantOf = (log: JsonLog, days: number) => Number(BigInt(log.timeUnixNano) / NANOS_PER_MS) - days * 86_400_000;

async function rollUp(): Promise<void> {
  expect((await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: auth(server.adminToken) })).statusCode).toBe(200);
}

async function read(key: string, day: string) {
  const range = `startDate=${addDays(day, -1)}&endDate=${addDays(day, 1)}`;
  const get = async (path: string) => json(await server.app.inject({ url: `/api/v1/analytics/${path}?${range}`, headers: auth(key) })).data;
  const activity = await get('activity');
  const tokens = await get('tokens');
  const sessions = json(await server.app.inject({ url: '/api/v0/agent-sessions?limit=100', headers: auth(key) })).agentSessions;
  return {
    sessions: activity.reduce((n: number, row: { sessions: number }) => n + row.sessions, 0),
    calls: tokens.flatMap((row: { by_model: { model_id: string; calls?: number; input_tokens: number; output_tokens: number; cache_read_tokens: number }[] }) => row.by_model),
    latency: await get('model-latency'),
    agentSessions: sessions,
  };
}

describe('Qwen Code 0.24 (qwen/http-identity)', () => {
  const manifest = runNamed('qwen', 'http-identity');
  const logs = capturedLogs(manifest);

  it('counts one session from its start and configuration events, spans not counted, ttft stored; the same when sent again', async () => {
    const org = await createOrganization(server, 'qwen sessions');
    const { day, days } = daysBack(manifest);
    await replay(server, manifest, org.owner.key, days);
    await rollUp();
    const first = await read(org.owner.key, day);

    // One CLI run: one session, whatever records report it.
    const sessionIds = new Set(named(logs, 'session.start').map((log) => attributeOf(log, 'session.id')));
    expect(sessionIds.size).toBe(1);
    expect(first.sessions).toBe(1);

    // The calls the mock served, once each (the spans repeat them).
    const served = manifest.expected.tokensByModel['qwen3-coder-plus']!;
    const input = first.calls.reduce((n: number, model: { input_tokens: number }) => n + model.input_tokens, 0);
    const output = first.calls.reduce((n: number, model: { output_tokens: number }) => n + model.output_tokens, 0);
    expect({ input, output }).toEqual({ input: served.input, output: served.output });

    // Time to first token: the api_response events' ttft_ms, one per call the mock served.
    const ttfts = named(logs, 'qwen-code.api_response').map((log) => Number(attributeOf(log, 'ttft_ms')));
    expect(ttfts).toHaveLength(served.calls);
    expect(first.latency).toEqual([{ date: day, model_id: 'qwen3-coder-plus', timed_calls: served.calls, ttft_ms_p50: percentile(ttfts, 0.5), ttft_ms_p90: percentile(ttfts, 0.9) }]);

    // The agent session runs from session.start to session.end, which are its first and last steps.
    expect(first.agentSessions).toHaveLength(1);
    const [session] = first.agentSessions;
    const [start] = named(logs, 'session.start');
    const [end] = named(logs, 'session.end');
    expect({ startedAt: session.startedAt, endedAt: session.endedAt }).toEqual({ startedAt: instantOf(start!, days), endedAt: instantOf(end!, days) });
    expect({ modelCalls: session.modelCalls, toolCalls: session.toolCalls }).toEqual({ modelCalls: served.calls, toolCalls: manifest.expected.toolCallsAsked.length });
    const detail = json(await server.app.inject({ url: `/api/v0/agent-sessions/${session.id}`, headers: auth(org.owner.key) }));
    const kinds = detail.timeline.map((step: { kind: string }) => step.kind);
    expect([kinds[0], kinds[kinds.length - 1]]).toEqual(['session_start', 'session_end']);

    await replay(server, manifest, org.owner.key, days);
    await rollUp();
    expect(await read(org.owner.key, day)).toEqual(first);
  });

  it('counts one session when its start and configuration events come in separate exports, in either order', async () => {
    const { day, days } = daysBack(manifest);
    for (const order of ['start first', 'configuration first']) {
      const org = await createOrganization(server, `qwen split ${order}`);
      const [logsRequest] = manifest.requests.filter((request) => request.file === '001-logs.json');
      const body = JSON.parse(readFileSync(`${FIXTURES}qwen/http-identity/${logsRequest!.file}`, 'utf8'));
      const records: JsonLog[] = body.resourceLogs[0].scopeLogs[0].logRecords;
      const parts = [records.filter((log) => attributeOf(log, 'event.name') === 'session.start'), records.filter((log) => attributeOf(log, 'event.name') === 'qwen-code.config')];
      if (order === 'configuration first') parts.reverse();
      for (const part of parts) {
        const shifted = part.map((log) => ({ ...log, timeUnixNano: String(BigInt(log.timeUnixNano) - BigInt(days) * 86_400_000_000_000n) }));
        const payload = { resourceLogs: [{ ...body.resourceLogs[0], scopeLogs: [{ ...body.resourceLogs[0].scopeLogs[0], logRecords: shifted }] }] };
        const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload });
        expect(response.statusCode, response.body).toBe(200);
      }
      await rollUp();
      expect((await read(org.owner.key, day)).sessions, order).toBe(1);
    }
  });
});

describe('Qwen Code 0.24 over gRPC (qwen/grpc)', () => {
  it('counts one session from the protobuf-exported start and configuration events, once when sent again', async () => {
    const manifest = runNamed('qwen', 'grpc');
    const org = await createOrganization(server, 'qwen grpc');
    const { day, days } = daysBack(manifest);
    await replay(server, manifest, org.owner.key, days);
    await rollUp();
    expect((await read(org.owner.key, day)).sessions).toBe(1);
    await replay(server, manifest, org.owner.key, days);
    await rollUp();
    expect((await read(org.owner.key, day)).sessions).toBe(1);
  });
});

describe('Qwen Code before 0.24: no session events', () => {
  it('counts its session from the configuration event alone, once when sent again', async () => {
    // Qwen Code 0.15 (whose capture 0.24.4's replaced) sent its configuration event and no session
    // events: here the 0.24.4 capture's log exports with session.start and session.end removed.
    const manifest = runNamed('qwen', 'http-identity');
    const org = await createOrganization(server, 'qwen before 0.24');
    const { day, days } = daysBack(manifest);
    const send = async () => {
      for (const request of manifest.requests.filter((one) => one.signal === 'logs')) {
        const body = JSON.parse(readFileSync(`${FIXTURES}qwen/http-identity/${request.file}`, 'utf8'));
        for (const resource of body.resourceLogs) {
          for (const scope of resource.scopeLogs) {
            scope.logRecords = (scope.logRecords as JsonLog[])
              .filter((log) => !['session.start', 'session.end'].includes(attributeOf(log, 'event.name') ?? ''))
              .map((log) => ({ ...log, timeUnixNano: String(BigInt(log.timeUnixNano) - BigInt(days) * 86_400_000_000_000n) }));
          }
        }
        const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload: body });
        expect(response.statusCode, response.body).toBe(200);
      }
    };
    expect(named(capturedLogs(manifest), 'qwen-code.config')).toHaveLength(1);
    await send();
    await rollUp();
    expect((await read(org.owner.key, day)).sessions).toBe(1);
    await send();
    await rollUp();
    expect((await read(org.owner.key, day)).sessions).toBe(1);
  });
});
