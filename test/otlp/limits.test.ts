import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// An export may carry at most OTLP_MAX_ITEMS items (data points, log records, spans): each becomes
// a record in memory before anything is stored, so a larger one is refused whole (413), and
// nothing of it is kept.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ OTLP_MAX_ITEMS: '5' });
  org = await createOrganization(server);
});
afterAll(async () => server?.close());

const logs = (count: number) => ({
  resourceLogs: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'claude-code' } }] },
      scopeLogs: [
        {
          logRecords: Array.from({ length: count }, (_, i) => ({
            timeUnixNano: String(BigInt(Date.now() - 60_000) * 1_000_000n + BigInt(i)),
            attributes: [
              { key: 'event.name', value: { stringValue: 'user_prompt' } },
              { key: 'session.id', value: { stringValue: 's-1' } },
            ],
          })),
        },
      ],
    },
  ],
});

const post = (payload: object) => server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload });
const stored = async () => (await server.store.db.selectFrom('telemetry_events').select('id').where('organization_id', '=', org.id).execute()).length;

it('refuses an export with more items than OTLP_MAX_ITEMS, keeping none of it', async () => {
  const body = expectError(await post(logs(6)), 413);
  expect(body.detail).toContain('OTLP_MAX_ITEMS');
  expect(await stored()).toBe(0);
  expect((await post(logs(5))).statusCode).toBe(200);
  expect(await stored()).toBe(5);
});

it('refuses a cumulative point more than 5 minutes in the future, without moving its series', async () => {
  const nanos = (ms: number) => String(BigInt(ms) * 1_000_000n);
  const point = (atMs: number, value: number) => ({
    resourceMetrics: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'claude-code' } }] },
        scopeMetrics: [
          {
            metrics: [
              {
                name: 'claude_code.commit.count',
                sum: { aggregationTemporality: 2, isMonotonic: true, dataPoints: [{ startTimeUnixNano: nanos(Date.now() - 600_000), timeUnixNano: nanos(atMs), asInt: String(value), attributes: [{ key: 'session.id', value: { stringValue: 'future' } }] }] },
              },
            ],
          },
        ],
      },
    ],
  });
  const send = (payload: object) => server.app.inject({ method: 'POST', url: '/v1/metrics', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload });
  const commits = async () => (await server.store.db.selectFrom('telemetry_events').select('id').where('organization_id', '=', org.id).where('type', '=', 'git_commit').execute()).length;
  const future = await send(point(Date.now() + 3_600_000, 5));
  expect(future.statusCode).toBe(200);
  expect(future.json().partialSuccess).toMatchObject({ rejectedDataPoints: '1' });
  expect(await commits()).toBe(0);
  // The series did not move: a real point now counts whole.
  expect((await send(point(Date.now() - 1_000, 3))).statusCode).toBe(200);
  expect(await commits()).toBe(3);
});
