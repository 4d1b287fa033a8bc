import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Requests Node's HTTP parser refuses before any route sees them still get the one error body
// with an X-Request-Id, sent over a real socket.

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as { port: number }).port;
});
afterAll(async () => server.close());

/** Sends raw bytes and collects everything the server writes until it closes the connection. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(answer) : reject(error)));
    socket.write(bytes, 'latin1');
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

function expectErrorAnswer(answer: string, status: number) {
  const { status: got, headers, body } = parse(answer);
  expect(got, answer.slice(0, 200)).toBe(status);
  expect(headers['content-type']).toMatch(/^application\/json/);
  expect(headers['x-request-id']).toMatch(/^[\w.:-]{1,128}$/);
  const parsed = JSON.parse(body);
  expect(Object.keys(parsed).sort()).toEqual(['detail', 'requestId', 'status', 'title']);
  expect(parsed.status).toBe(status);
  expect(parsed.requestId).toBe(headers['x-request-id']);
  expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
}

describe('HTTP framing errors', () => {
  it('answers a 20 KB header with 431 in the error body', async () => {
    expectErrorAnswer(await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431);
  });

  it('answers a malformed Content-Length with 400', async () => {
    expectErrorAnswer(await raw('POST /api/v0/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 12abc\r\n\r\n{}'), 400);
  });

  it('answers Content-Length together with Transfer-Encoding with 400', async () => {
    expectErrorAnswer(await raw('POST /api/v0/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'), 400);
  });

  it('answers a malformed request line with 400', async () => {
    expectErrorAnswer(await raw('THIS IS NOT HTTP\r\n\r\n'), 400);
    expectErrorAnswer(await raw('GET /healthz HTTP/9.9 extra\r\n\r\n'), 400);
  });

  it('answers a bad chunked encoding with 400', async () => {
    expectErrorAnswer(await raw('POST /api/v0/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'), 400);
  });

  it('still serves a well-formed request on a fresh connection', async () => {
    const { status, headers } = parse(await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(status).toBe(200);
    expect(headers['x-request-id']).toBeTruthy();
  });
});
