import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TOKENS_PER_RECORD } from '../../src/telemetry/events.js';
import { auth, createOrganization, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// Plausibility bounds per record (docs/otel.md "Plausibility bounds"): a fleet ingest key's export
// naming a member with 10^12 input tokens must not spend that member's month. The implausible
// record is refused in partial_success like any record rule; the rest of the export is kept.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Plausible');
});
afterAll(async () => server.close());

const attribute = (key: string, value: string | number) => ({ key, value: typeof value === 'number' ? { intValue: value } : { stringValue: value } });

/** One Claude Code api_request log record, as the exporter sends it. */
function apiRequest(email: string, id: number, inputTokens: number | string) {
  return {
    timeUnixNano: `${BigInt(Date.now() - 60_000 + id) * 1_000_000n}`,
    body: { stringValue: 'claude_code.api_request' },
    attributes: [
      attribute('user.email', email),
      attribute('session.id', 'plausibility-session'),
      attribute('event.name', 'api_request'),
      attribute('event.sequence', id),
      attribute('model', 'claude-sonnet-4-5-20250929'),
      { key: 'input_tokens', value: { intValue: inputTokens } },
      attribute('output_tokens', 300),
      attribute('cache_read_tokens', 0),
      attribute('cache_creation_tokens', 0),
    ],
  };
}

const exportOf = (records: object[]) => ({
  resourceLogs: [{ resource: { attributes: [attribute('service.name', 'claude-code')] }, scopeLogs: [{ scope: { name: 'com.anthropic.claude_code.events' }, logRecords: records }] }],
});

describe('plausibility bounds', () => {
  it("refuses a record of 10^12 input tokens in partial_success, keeps the others, and leaves the member's month alone", async () => {
    const ingest = json(await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(org.owner.key), payload: { name: 'fleet', kind: 'ingest' } })).key;
    expect((await server.app.inject({ method: 'PUT', url: '/api/v0/organization/usage/limits/global', headers: auth(org.owner.key), payload: { limit: 1_000_000 } })).statusCode).toBe(200);
    const owner = org.owner;
    const response = await server.app.inject({
      method: 'POST',
      url: '/v1/logs',
      headers: { ...auth(ingest), 'content-type': 'application/json' },
      payload: exportOf([apiRequest(owner.email, 1, '1000000000000'), apiRequest(owner.email, 2, MAX_TOKENS_PER_RECORD + 1), apiRequest(owner.email, 3, 1200)]),
    });
    expect(response.statusCode, response.body).toBe(200);
    const partial = response.json().partialSuccess;
    expect(partial.rejectedLogRecords).toBe('2');
    expect(partial.errorMessage).toContain('inputTokens');
    const standing = json(await server.app.inject({ method: 'GET', url: '/api/v0/organization/usage/limits/me', headers: auth(owner.key) }));
    expect(standing.used).toBeGreaterThan(0);
    expect(standing.used).toBeLessThan(standing.limit);
    // A plausible export is a full success.
    const atBound = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(ingest), 'content-type': 'application/json' }, payload: exportOf([apiRequest(owner.email, 4, 1_000)]) });
    expect(atBound.json()).toEqual({});
  });
});
