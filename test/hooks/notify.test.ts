import { spawn } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationMessage } from '../../src/hooks/notify.js';
import { cli, CLI_COMMAND, startReceiver, type Receiver } from './helpers.js';

// `quarterdeck hook notify`: a message to a Slack-compatible webhook, or stdout; always exit 0.

describe('notificationMessage', () => {
  it.each([
    [{ hook_event_name: 'Notification', session_id: 'abcdef123456', cwd: '/home/ana/shop', message: 'Claude needs your permission to use Bash' }, 'Quarterdeck [shop, session abcdef12]: needs your attention: Claude needs your permission to use Bash'],
    [{ hook_event_name: 'Stop', session_id: 's1', cwd: '/srv/api' }, 'Quarterdeck [api, session s1]: the agent finished its task'],
    [{ hook_event_name: 'SubagentStop', session_id: 's1', cwd: '/srv/api' }, 'Quarterdeck [api, session s1]: a subagent finished its task'],
    [{ hook_event_name: 'SessionEnd', session_id: 's1', cwd: '/srv/api', reason: 'logout' }, 'Quarterdeck [api, session s1]: the session ended (reason: logout)'],
    [{ hook_event_name: 'PreCompact' }, 'Quarterdeck: hook event PreCompact'],
    [{}, 'Quarterdeck: hook event without a name'],
  ])('%j', (payload, expected) => {
    expect(notificationMessage(JSON.stringify(payload))).toBe(expected);
  });

  it('turns anything else into a message, short and on one line', () => {
    expect(notificationMessage('garbage {')).toBe('Quarterdeck: hook event with an unreadable payload');
    expect(notificationMessage('[1, 2]')).toBe('Quarterdeck: hook event with an unreadable payload');
    const long = notificationMessage(JSON.stringify({ hook_event_name: 'Notification', message: `a\nb ${'z'.repeat(1000)}` }));
    expect(long).toHaveLength(500);
    expect(long).toMatch(/^Quarterdeck: needs your attention: a b z+…$/);
  });

  it('never throws, and gives one line of at most 500 characters for any input', () => {
    const payloads = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.json(),
      fc.record({ hook_event_name: fc.constantFrom('Notification', 'Stop', 'SessionEnd'), message: fc.anything(), cwd: fc.anything(), reason: fc.string({ unit: 'binary' }) }).map((v) => JSON.stringify(v) ?? ''),
    );
    fc.assert(
      fc.property(payloads, (stdin) => {
        const message = notificationMessage(stdin);
        expect(Array.from(message).length).toBeLessThanOrEqual(500);
        expect(message).not.toMatch(/[\n\r]/);
      }),
    );
  });
});

describe('the notify command', () => {
  let webhook: Receiver;
  let slow: Receiver;
  let failing: Receiver;
  let downUrl: string;
  beforeAll(async () => {
    webhook = await startReceiver((_request, _index, response) => response.writeHead(200).end('ok'));
    // Never answers: the command must give up at its HTTP timeout.
    slow = await startReceiver(() => undefined);
    failing = await startReceiver((_request, _index, response) => response.writeHead(500).end());
    const down = await startReceiver();
    downUrl = down.url;
    await down.close();
  });
  afterAll(async () => {
    await Promise.all([webhook.close(), slow.close(), failing.close()]);
  });

  it('prints the message when no webhook is configured', async () => {
    const run = await cli(['hook', 'notify'], { stdin: JSON.stringify({ hook_event_name: 'Stop', session_id: 's', cwd: '/x/web' }) });
    expect(run).toEqual({ code: 0, stdout: 'Quarterdeck [web, session s]: the agent finished its task\n', stderr: '' });
  });

  it('posts {"text"} to the webhook for each notify event', async () => {
    const events = [
      { hook_event_name: 'Notification', session_id: 'n1', cwd: '/p/one', message: 'waiting for input' },
      { hook_event_name: 'SessionEnd', session_id: 'n2', cwd: '/p/two', reason: 'other' },
    ];
    const runs = await Promise.all(events.map((payload) => cli(['hook', 'notify'], { stdin: JSON.stringify(payload), env: { QUARTERDECK_NOTIFY_WEBHOOK: `${webhook.url}/hooks/T0` } })));
    expect(runs).toEqual([
      { code: 0, stdout: '', stderr: '' },
      { code: 0, stdout: '', stderr: '' },
    ]);
    const bodies = webhook.received.map((request) => request.body.text).sort();
    expect(bodies).toEqual(['Quarterdeck [one, session n1]: needs your attention: waiting for input', 'Quarterdeck [two, session n2]: the session ended (reason: other)']);
    expect(webhook.received.every((request) => request.url === '/hooks/T0' && request.headers['content-type'] === 'application/json')).toBe(true);
  });

  it('exits 0 at its HTTP timeout when the webhook is slow', async () => {
    const run = await cli(['hook', 'notify'], { stdin: JSON.stringify({ hook_event_name: 'Stop', session_id: 's' }), env: { QUARTERDECK_NOTIFY_WEBHOOK: slow.url, QUARTERDECK_NOTIFY_TIMEOUT_MS: '1000' } });
    const exitedAt = Date.now();
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^quarterdeck hook notify: the notification was not delivered: /);
    const [request] = slow.received;
    expect(request?.body).toEqual({ text: 'Quarterdeck [session s]: the agent finished its task' });
    // From the request to the exit: the HTTP timeout, not the receiver, decides (the hook timeout is 10 s).
    expect(exitedAt - request!.at).toBeLessThan(5_000);
  });

  it.each([
    ['down', () => downUrl],
    ['answering 500', () => failing.url],
    ['not a URL', () => 'not a url'],
  ])('exits 0 when the webhook is %s', async (_name, url) => {
    const run = await cli(['hook', 'notify'], { stdin: JSON.stringify({ hook_event_name: 'Stop', session_id: 's' }), env: { QUARTERDECK_NOTIFY_WEBHOOK: url() } });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/not delivered/);
  });

  it('exits 0 with garbage on stdin, still sending a message', async () => {
    const before = webhook.received.length;
    const run = await cli(['hook', 'notify'], { stdin: '\u0000\u0001 not json', env: { QUARTERDECK_NOTIFY_WEBHOOK: `${webhook.url}/garbage` } });
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(webhook.received.slice(before).map((request) => request.body)).toContainEqual({ text: 'Quarterdeck: hook event with an unreadable payload' });
  });

  it('exits 0 when stdin never ends', async () => {
    const child = spawn(CLI_COMMAND[0]!, [...CLI_COMMAND.slice(1), 'hook', 'notify'], { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: process.env.PATH } });
    child.stdin.write('{"hook_event_name": "Sto');
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    child.stdin.destroy();
    expect(code).toBe(0);
    expect(stdout).toBe('Quarterdeck: hook event with an unreadable payload\n');
  });
});
