import { lookup } from 'node:dns/promises';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/domain/public-address.js';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider.js';

// Which single sign-on issuers the server fetches (docs/sso.md "Which issuers are fetched"):
// without SSO_ALLOW_PRIVATE_ISSUERS no loopback or private issuer, by address or by a name that
// resolves to one; with it, a provider on loopback works; and a failed discovery answers one
// sentence whatever sits at the address (a closed port, an HTTP service, a TCP service), so the
// settings endpoint cannot be used to tell the server's ports apart.

let strict: TestServer;
let permissive: TestServer;
let strictOrg: TestOrganization;
let permissiveOrg: TestOrganization;
let provider: TestProvider;
let web: HttpServer;
let tcp: TcpServer;
beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: ['http://127.0.0.1:9/api/v0/auth/sso/callback'], postLogoutRedirectUris: [] });
  strict = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  permissive = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', SSO_ALLOW_PRIVATE_ISSUERS: 'true' });
  strictOrg = await createOrganization(strict, 'Strict SSO');
  permissiveOrg = await createOrganization(permissive, 'Permissive SSO');
  // An HTTP service that is not a provider, and a TCP service that answers in its own protocol
  // (as Redis or PostgreSQL would) and hangs up.
  web = createHttpServer((_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not here</h1>'));
  tcp = createTcpServer((socket) => socket.end('-ERR unknown command\r\n'));
  await Promise.all([new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve)), new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve))]);
});
afterAll(async () => {
  web?.close();
  tcp?.close();
  await Promise.all([strict?.close(), permissive?.close(), provider?.close()]);
});

const portOf = (server: HttpServer | TcpServer) => (server.address() as AddressInfo).port;
const put = (server: TestServer, org: TestOrganization, issuer: string) =>
  server.app.inject({ method: 'PUT', url: '/api/v0/organization/sso', headers: auth(org.owner.key), payload: { issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, allowedDomains: ['issuers.test'] } });

async function closedPort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = portOf(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('SSO issuers without SSO_ALLOW_PRIVATE_ISSUERS', () => {
  it('refuses loopback and private issuers, by address or by name, and fetches nothing', async () => {
    const port = new URL(provider.issuer).port;
    for (const issuer of [provider.issuer, `https://127.0.0.1:${port}`, `https://localhost:${port}`, 'https://[::1]', 'https://[::127.0.0.1]', 'https://10.0.0.8/realms/x']) {
      const error = expectError(await put(strict, strictOrg, issuer), 400);
      expect(error.errors?.[0]?.path, issuer).toBe('body/issuer');
    }
    // A host name is resolved, and every address checked, before any connection.
    const name = hostname();
    const addresses = await lookup(name, { all: true });
    expect(addresses.some((entry) => !isPublicAddress(entry.address)), `${name} should resolve to a loopback address on a test machine`).toBe(true);
    const byName = expectError(await put(strict, strictOrg, `https://${name}:${port}`), 400);
    expect(byName.detail).toContain('is not a public address');
    expect((await strict.app.inject({ method: 'GET', url: '/api/v0/organization/sso', headers: auth(strictOrg.owner.key) })).json().sso).toBeNull();
  });
});

describe('SSO issuers with SSO_ALLOW_PRIVATE_ISSUERS', () => {
  it('accepts a provider on loopback', async () => {
    const saved = await put(permissive, permissiveOrg, provider.issuer);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('answers the same sentence for a closed port, an HTTP service and a TCP service', async () => {
    const details = [];
    for (const port of [await closedPort(), portOf(web), portOf(tcp)]) {
      const { detail } = expectError(await put(permissive, permissiveOrg, `http://127.0.0.1:${port}`), 400);
      details.push(detail.replace(String(port), 'PORT'));
    }
    expect(new Set(details).size, details.join(' | ')).toBe(1);
  });
});
