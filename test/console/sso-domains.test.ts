import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider.js';

// Proving an e-mail domain (docs/sso.md "Proving a domain"): an organization that merely lists
// another's domain gets no one sent to its identity provider, and the domain's real owner is not
// refused; a domain routes once its owner publishes the TXT record, looked up in a real DNS
// server on loopback.

const DOMAIN = 'victim-corp.test';
const APP_URL = 'http://127.0.0.1:9';

let server: TestServer;
let dns: TestDnsServer;
let provider: TestProvider;
let owner: TestOrganization;
let claimant: TestOrganization;
beforeAll(async () => {
  dns = await startDnsServer();
  provider = await startTestProvider({ redirectUris: [`${APP_URL}/api/v0/auth/sso/callback`], postLogoutRedirectUris: [] });
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', PUBLIC_APP_URL: APP_URL, SSO_ALLOW_PRIVATE_ISSUERS: 'true', SSO_DNS_SERVERS: dns.address });
  owner = await createOrganization(server, 'Real owner');
  claimant = await createOrganization(server, 'Claimant');
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
  await dns?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, key: string, payload?: object) => server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });
const configure = (org: TestOrganization) =>
  call('PUT', '/api/v0/organization/sso', org.owner.key, { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, allowedDomains: [DOMAIN] });
/** Where the console's sign-in page sends this e-mail: a password, or an identity provider. */
const route = async (email: string) => {
  const response = await server.app.inject({ method: 'POST', url: '/api/v0/auth/sso/start', headers: { origin: APP_URL }, payload: { email } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { method: string; redirectUrl?: string };
};
const proofOf = async (org: TestOrganization) => (await call('GET', '/api/v0/organization/sso/domains', org.owner.key)).json().domains.find((proof: { domain: string }) => proof.domain === DOMAIN);

describe('proving a domain', () => {
  it('routes no one to a claimant that merely lists the domain, and does not refuse the real owner', async () => {
    expect((await configure(claimant)).statusCode).toBe(200);
    expect(await route(`alice@${DOMAIN}`)).toEqual({ method: 'password' });
    // The domain's real owner can list it too (no 409 for a domain nobody proved).
    expect((await configure(owner)).statusCode).toBe(200);
    expect(await route(`alice@${DOMAIN}`)).toEqual({ method: 'password' });
    const proof = await proofOf(claimant);
    expect(proof).toMatchObject({ domain: DOMAIN, verified: false, verifiedAt: null, record: { type: 'TXT', name: `_quarterdeck-challenge.${DOMAIN}` } });
    // Without the record, verification is refused and nothing changes.
    expect(expectError(await call('POST', `/api/v0/organization/sso/domains/${DOMAIN}/verify`, claimant.owner.key), 400).detail).toContain('no TXT record');
  });

  it("proves the domain for the organization whose token the domain's DNS publishes; the others cannot", async () => {
    const mine = await proofOf(owner);
    dns.publishTxt(mine.record.name, mine.record.value);
    const verified = await call('POST', `/api/v0/organization/sso/domains/${DOMAIN}/verify`, owner.owner.key);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ domain: DOMAIN, verified: true });
    const routed = await route(`alice@${DOMAIN}`);
    expect(routed.method).toBe('sso');
    expect(routed.redirectUrl!.startsWith(provider.issuer)).toBe(true);
    expect(new URL(routed.redirectUrl!).searchParams.get('client_id')).toBe(provider.clientId);
    // The claimant's token is not published: still refused; and once it is proved elsewhere, 409.
    expectError(await call('POST', `/api/v0/organization/sso/domains/${DOMAIN}/verify`, claimant.owner.key), 400);
    const theirs = await proofOf(claimant);
    dns.publishTxt(theirs.record.name, theirs.record.value);
    expectError(await call('POST', `/api/v0/organization/sso/domains/${DOMAIN}/verify`, claimant.owner.key), 409);
    // Listing a proved domain is refused to everyone else from now on.
    expectError(await configure(claimant), 409);
    // The proof is audited, once.
    const audit = (await call('GET', '/api/v0/organization/audit-log?action=sso.domain_verified', owner.owner.key)).json().entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ details: { domain: DOMAIN }, actor: { userId: owner.owner.id } });
    expect((await call('POST', `/api/v0/organization/sso/domains/${DOMAIN}/verify`, owner.owner.key)).statusCode).toBe(200);
    expect((await call('GET', '/api/v0/organization/audit-log?action=sso.domain_verified', owner.owner.key)).json().entries).toHaveLength(1);
  });

  it('is for owners only, and answers 404 for a domain the organization does not list', async () => {
    for (const role of ['manager', 'member', 'guest'] as const) {
      expectError(await call('GET', '/api/v0/organization/sso/domains', owner.users[role].key), 403);
      expectError(await call('POST', `/api/v0/organization/sso/domains/${DOMAIN}/verify`, owner.users[role].key), 403);
    }
    expectError(await call('POST', '/api/v0/organization/sso/domains/elsewhere.test/verify', owner.owner.key), 404);
  });
});
