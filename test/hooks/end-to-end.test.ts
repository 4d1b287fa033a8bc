import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkHooksConfig } from '../../src/hooks/config.js';
import { hookInputOf, runHooks } from '../../src/hooks/runner.js';
import { TelemetryReporter, type HookTelemetryEvent } from '../../src/hooks/telemetry.js';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { startReceiver, type Receiver } from './helpers.js';

// Hook telemetry through the real server. A proxy in front of it loses the server's first answer
// (the events are stored, the client hears 503): the retry must count as duplicates, not twice.

let server: TestServer;
let org: TestOrganization;
let proxy: Receiver;
const serverAnswers: { status: number; body: unknown }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  const serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startReceiver((request, index, response) => {
    void fetch(`${serverUrl}${request.url}`, {
      method: request.method,
      headers: { authorization: String(request.headers.authorization), 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    }).then(async (answer) => {
      const body = await answer.json();
      serverAnswers.push({ status: answer.status, body });
      if (index === 0) response.writeHead(503).end();
      else response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

it('stores each hook execution once, even when the first answer is lost', async () => {
  const reported: HookTelemetryEvent[] = [];
  const reporter = new TelemetryReporter({ url: proxy.url, apiKey: org.users.member.key, retryBaseMs: 20 });
  const { config } = checkHooksConfig({
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 0' }, { type: 'command', command: 'echo no >&2; exit 2' }] }] },
  });
  const input = hookInputOf('PreToolUse', { session_id: 'e2e-session', tool_name: 'Bash', cwd: '/' }, '/');
  const outcome = await runHooks(config, input, { reporter: { report: (event) => (reported.push(event), reporter.report(event)) }, client: 'terminal-ui' });
  expect(outcome.blocked).toBe(true);
  expect(await reporter.flush(5_000)).toBe(true);
  expect(serverAnswers).toEqual([
    { status: 202, body: { accepted: 2, duplicates: 0 } },
    { status: 202, body: { accepted: 0, duplicates: 2 } },
  ]);
  // The server validated the events as sent: resending them is accepted as duplicates only.
  const again = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(org.users.member.key), payload: { events: reported } });
  expect(again.statusCode).toBe(202);
  expect(again.json()).toEqual({ accepted: 0, duplicates: 2 });
});
