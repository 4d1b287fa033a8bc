import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { accessToken, auth, createOrganization, expectError, startTestServer, type TestServer } from '../helpers/server.js';

// The limit of failed authentications per client address (docs/security.md "Rate limits",
// docs/decisions.md "Failed authentications from one address"): decided on the route a request
// matched, whatever its URL looks like (over a real socket: inject normalises the URL), and it
// limits the guesses, not the credentials already proven good from behind the same address.

// Each case starts a server of its own.
vi.setConfig({ testTimeout: 120_000 });

async function withServer(env: Record<string, string>, run: (server: TestServer, port: number) => Promise<void>) {
  const server = await startTestServer(env);
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    await run(server, (server.app.server.address() as { port: number }).port);
  } finally {
    await server.close();
  }
}

/** One request written as is on a socket; answers its status code. */
function rawStatus(port: number, requestLine: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(Number(answer.split(' ')[1])));
    socket.on('error', reject);
    const lines = [requestLine, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  });
}

const guessHeaders = (i: number) => ({ Authorization: `Bearer qd_${'g'.repeat(40)}${i}` });
const adminGuessHeaders = (i: number) => ({ Authorization: `Bearer admin-${'h'.repeat(40)}${i}` });

describe('failed authentications per address', () => {
  const disguises = [
    { name: 'a percent-encoded /api', line: 'GET /%61pi/v0/organization/users HTTP/1.1', headers: guessHeaders },
    { name: 'an absolute-form target', line: 'GET http://127.0.0.1/api/v0/organization/users HTTP/1.1', headers: guessHeaders },
    { name: 'a percent-encoded /admin', line: 'POST /%61dmin/v1/rollups/run HTTP/1.1', headers: adminGuessHeaders },
    { name: 'an encoded path segment', line: 'GET /api/v0/organization/%75sers HTTP/1.1', headers: guessHeaders },
  ];
  for (const disguise of disguises) {
    it(`counts guesses sent to ${disguise.name} like any other, and refuses them past the limit`, () =>
      withServer({ AUTH_FAILURES_PER_MINUTE: '3' }, async (_server, port) => {
        const statuses = [];
        for (let i = 0; i < 5; i++) statuses.push(await rawStatus(port, disguise.line, disguise.headers(i)));
        // The disguised URL reaches the route (401, not 404) and counts like the plain one.
        expect(statuses).toEqual([401, 401, 401, 429, 429]);
        expect(await rawStatus(port, 'GET /api/v0/organization/users HTTP/1.1', guessHeaders(9))).toBe(429);
      }));
  }

  it('keeps valid credentials working from an address that sent 120 bad ones, and refuses the guesses before any lookup', () =>
    withServer({ AUTH_FAILURES_PER_MINUTE: '30' }, async (server) => {
      const office = '203.0.113.40';
      const org = await createOrganization(server);
      const call = (key: string) => server.app.inject({ method: 'GET', url: '/api/v0/api-keys', remoteAddress: office, headers: auth(key) });
      // The office works, then someone behind the same address guesses.
      expect((await call(org.users.member.key)).statusCode).toBe(200);
      const token = await accessToken(server, org.users.manager.key);
      const guesses = [];
      for (let i = 0; i < 120; i++) guesses.push((await call(`qd_${'r'.repeat(40)}${i}`)).statusCode);
      expect(guesses.filter((status) => status === 401)).toHaveLength(30);
      expect(guesses.filter((status) => status === 429)).toHaveLength(90);
      // Every valid request of the office answers 200: its keys and a signed access token.
      const valid = [];
      for (let i = 0; i < 21; i++) valid.push((await call(i % 3 === 2 ? token : i % 3 === 1 ? org.owner.key : org.users.member.key)).statusCode);
      expect(valid).toEqual(Array(21).fill(200));
      // A guess is refused before authentication: a revoked key this server verified before is
      // still looked up (401, and it counts), a random one never is (429).
      const keys = await server.app.inject({ method: 'GET', url: '/api/v0/api-keys', headers: auth(org.users.member.key) });
      const memberKeyId = keys.json().apiKeys[0].id;
      expect((await server.app.inject({ method: 'DELETE', url: `/api/v0/api-keys/${memberKeyId}`, headers: auth(org.owner.key) })).statusCode).toBe(204);
      expectError(await call(org.users.member.key), 401);
      expectError(await call(`qd_${'r'.repeat(40)}x`), 429);
      // A forged access token is refused like any guess.
      expectError(await call(`${token.slice(0, -4)}AAAA`), 429);
    }));
});
