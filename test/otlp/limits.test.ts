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
