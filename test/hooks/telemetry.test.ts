import type { ServerResponse } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { checkWireEvents } from '../../src/telemetry/events.js';
import { checkHooksConfig } from '../../src/hooks/config.js';
import { hookInputOf, runHooks } from '../../src/hooks/runner.js';
import { hookEvent, TelemetryReporter } from '../../src/hooks/telemetry.js';
import { startReceiver, type Receiver } from './helpers.js';

// The reporter against a local receiver standing in for POST /api/v1/telemetry/events.

const receivers: Receiver[] = [];
async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const event = (command: string) => hookEvent({ timestamp: Date.now(), sessionId: 'sess-1', client: 'terminal-ui', event: 'Stop', matcher: '', command });
const eventIds = (body: { events: { id: string }[] }) => body.events.map((e) => e.id);

describe('TelemetryReporter', () => {
  it('sends the events reported together in one batch, with the API key', async () => {
    const service = await receiver();
    const reporter = new TelemetryReporter({ url: `${service.url}/`, apiKey: 'qd_test_key' });
    const sent = [event('a'), event('b'), event('c')];
    sent.forEach((e) => reporter.report(e));
    const [request] = await service.waitFor(1);
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/telemetry/events' });
    expect(request?.headers.authorization).toBe('Bearer qd_test_key');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ events: sent });
    expect(await reporter.flush(1_000)).toBe(true);
    expect(service.received).toHaveLength(1);
  });

  it('retries a batch the service could not take (503), with the same event ids', async () => {
    const service = await receiver((_request, index, response) => response.writeHead(index === 0 ? 503 : 202).end('{}'));
    const reporter = new TelemetryReporter({ url: service.url, apiKey: 'k', retryBaseMs: 20 });
    reporter.report(event('a'));
    reporter.report(event('b'));
    const [first, second] = await service.waitFor(2);
    expect(eventIds(second!.body)).toEqual(eventIds(first!.body));
    expect(await reporter.flush(1_000)).toBe(true);
    expect(reporter.pending).toBe(0);
  });

  it('drops a batch the service rejects (400) instead of retrying it', async () => {
    const problems: string[] = [];
    const service = await receiver((_request, _index, response) => response.writeHead(400).end('{}'));
    const reporter = new TelemetryReporter({ url: service.url, apiKey: 'k', retryBaseMs: 10, onProblem: (message) => problems.push(message) });
    reporter.report(event('a'));
    expect(await reporter.flush(1_000)).toBe(true);
    expect(service.received).toHaveLength(1);
    expect(problems).toEqual(['telemetry batch of 1 rejected: HTTP 400']);
  });

  it('gives a batch up after maxAttempts failures', async () => {
    const problems: string[] = [];
    const service = await receiver((_request, _index, response) => response.writeHead(503).end());
    const reporter = new TelemetryReporter({ url: service.url, apiKey: 'k', retryBaseMs: 10, maxAttempts: 3, onProblem: (message) => problems.push(message) });
    reporter.report(event('a'));
    expect(await reporter.flush(3_000)).toBe(true);
    expect(service.received).toHaveLength(3);
    expect(problems).toEqual(['telemetry batch of 1 dropped after 3 attempts: HTTP 503']);
  });

  it('flush gives up at its bound when the service is down, keeping the events', async () => {
    // Down: every connection is dropped at once. (A closed receiver's port could be taken by another
    // test file's server in the meantime, which then answered.)
    const down = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => down.close(() => resolve())));
    const url = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
    const reporter = new TelemetryReporter({ url, apiKey: 'k', retryBaseMs: 50 });
    reporter.report(event('a'));
    const startedAt = Date.now();
    expect(await reporter.flush(300)).toBe(false);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(reporter.pending).toBe(1);
  });

  it('counts the batch on its way as pending when flush gives up before the service answers', async () => {
    // Silent: connections are taken and never answered, so the batch is still being sent at the bound.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const reporter = new TelemetryReporter({ url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, apiKey: 'k' });
    reporter.report(event('a'));
    reporter.report(event('b'));
    expect(await reporter.flush(300)).toBe(false);
    expect(reporter.pending).toBe(2);
  });

  it('keeps at most maxQueued events, dropping the oldest', async () => {
    const service = await receiver();
    const reporter = new TelemetryReporter({ url: service.url, apiKey: 'k', maxQueued: 2, onProblem: () => undefined });
    const sent = [event('a'), event('b'), event('c')];
    sent.forEach((e) => reporter.report(e));
    const [request] = await service.waitFor(1);
    expect(request?.body.events.map((e: { command: string }) => e.command)).toEqual(['b', 'c']);
  });
});

describe('hookEvent', () => {
  it('fits the fields to what the service accepts: no control characters, bounded lengths', () => {
    const built = hookEvent({ timestamp: 1, sessionId: 's'.repeat(200), client: 'web', event: 'Stop', matcher: '', command: `line one\nline two\t${'x'.repeat(5000)}` });
    expect(built.id).toMatch(/^hook-[0-9a-f-]{36}$/);
    expect(built.command.startsWith('line one line two x')).toBe(true);
    expect(built.command).toHaveLength(4000);
    expect(built.sessionId).toHaveLength(128);
    expect(built).toMatchObject({ type: 'hook', timestamp: 1, client: 'web', event: 'Stop', matcher: '' });
  });

  it('always builds an event the service accepts, whatever the configured strings', () => {
    const text = (minLength: number) => fc.string({ unit: 'binary', minLength, maxLength: 6000 });
    fc.assert(
      fc.property(text(1), text(1), text(0), text(1), (sessionId, event, matcher, command) => {
        const built = hookEvent({ timestamp: Date.now(), sessionId, client: 'terminal-ui', event, matcher, command });
        expect(() => checkWireEvents([built], 'events', new Date())).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});

it('the runner returns before the service has answered', async () => {
  let answer: ServerResponse | undefined;
  const service = await receiver((_request, _index, response) => {
    answer = response;
  });
  const reporter = new TelemetryReporter({ url: service.url, apiKey: 'k' });
  const { config } = checkHooksConfig({ Stop: [{ hooks: [{ type: 'command', command: 'exit 0' }] }] });
  const outcome = await runHooks(config, hookInputOf('Stop', { session_id: 's', cwd: '/' }, '/'), { reporter });
  expect(outcome.results).toHaveLength(1);
  // The request arrives after the runner returned, and is still unanswered.
  await service.waitFor(1);
  expect(answer?.headersSent).toBe(false);
  answer?.writeHead(202).end('{}');
  expect(await reporter.flush(1_000)).toBe(true);
});
