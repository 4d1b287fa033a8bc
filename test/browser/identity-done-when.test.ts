import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, sharedChromium } from '../helpers/browser.js';
import { createOrganization, startConsoleServer, type ConsoleServer } from '../helpers/console-server.js';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider.js';

// Enterprise identity end to end, as an organization sets it up: the built server (`npm start`)
// and a real OpenID Provider on loopback. A person of the allowed domain signs in through the
// provider in Chromium and lands in the console as a member of their group's team; the identity
// provider then deactivates them through SCIM, which ends their console session and makes their
// API key 401 at once; the audit log holds each step.

const DOMAIN = 'identity-done.test';
const PERSON = `dana@${DOMAIN}`;
let running: ConsoleServer;
let provider: TestProvider;
let dns: TestDnsServer;
let browser: Browser;
let ownerKey: string;

const call = (method: string, path: string, token: string, body?: unknown, contentType = 'application/json') =>
  fetch(`${running.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': contentType }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

beforeAll(async () => {
  dns = await startDnsServer();
  running = await startConsoleServer({ RATE_LIMIT_PER_MINUTE: '1000000', SSO_ALLOW_PRIVATE_ISSUERS: 'true', SSO_DNS_SERVERS: dns.address });
  const url = running.server.url;
  provider = await startTestProvider({ redirectUris: [`${url}/api/v0/auth/sso/callback`], postLogoutRedirectUris: [`${url}/sign-in`] });
  ({ apiKey: ownerKey } = await createOrganization(running, 'Identity Org', `owner@${DOMAIN}`));
  browser = await sharedChromium();
}, 120_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
  await provider?.close();
  await dns?.close();
});

describe('enterprise identity, done when', () => {
  it('signs a person in through the provider into their team, and a SCIM deactivation ends their session and key at once, all in the audit log', { timeout: 180_000 }, async () => {
    const { team } = await json<{ team: { id: string } }>(await call('POST', '/api/v0/teams', ownerKey, { name: 'Platform' }), 201);
    await json(
      await call('PUT', '/api/v0/organization/sso', ownerKey, {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        allowedDomains: [DOMAIN],
        jitEnabled: true,
        groupTeams: { 'platform-engineers': team.id },
      }),
      200,
    );
    // The domain sends people to the provider once proved by its DNS (docs/sso.md "Proving a domain").
    const { domains } = await json<{ domains: { record: { name: string; value: string } }[] }>(await call('GET', '/api/v0/organization/sso/domains', ownerKey), 200);
    dns.publishTxt(domains[0]!.record.name, domains[0]!.record.value);
    await json(await call('POST', `/api/v0/organization/sso/domains/${DOMAIN}/verify`, ownerKey), 200);
    const { token: scimToken } = await json<{ token: string }>(await call('POST', '/api/v0/organization/scim-tokens', ownerKey, { name: 'Identity provider' }), 201);
    provider.accounts.set(PERSON, { email: PERSON, name: 'Dana Scully', groups: ['platform-engineers'] });

    // The person signs in through the provider in Chromium and lands in the console.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${running.server.url}/sign-in`);
    await page.getByLabel('E-mail').fill(PERSON);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${provider.issuer}/interaction/**`);
    await page.getByRole('button', { name: 'Sign in at the provider' }).click();
    await page.waitForURL(`${running.server.url}/settings/api-keys`);
    await page.getByRole('heading', { name: 'API keys' }).first().waitFor();
    const signedIn = await page.request.get(`${running.server.url}/api/v0/auth/session`);
    expect(signedIn.status()).toBe(200);
    const session = (await signedIn.json()) as { user: { id: string; email: string; role: string }; csrfToken: string };
    expect(session.user).toMatchObject({ email: PERSON, role: 'member' });
    const { members } = await json<{ members: { email: string }[] }>(await call('GET', `/api/v0/teams/${team.id}/members`, ownerKey), 200);
    expect(members.map((member) => member.email)).toEqual([PERSON]);

    // Signed in, they make an API key that works.
    const created = await page.request.post(`${running.server.url}/api/v0/api-keys`, {
      data: { name: 'laptop' },
      headers: { origin: new URL(running.server.url).origin, 'x-csrf-token': session.csrfToken },
    });
    expect(created.status(), await created.text()).toBe(201);
    const personKey = ((await created.json()) as { key: string }).key;
    expect((await call('GET', '/api/v0/api-keys', personKey)).status).toBe(200);

    // The identity provider deactivates them, as Okta sends it.
    const found = await json<{ Resources: { id: string }[] }>(await call('GET', `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${PERSON}"`)}`, scimToken), 200);
    expect(found.Resources).toHaveLength(1);
    await json(
      await call('PATCH', `/scim/v2/Users/${found.Resources[0]!.id}`, scimToken, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: false } }] }, 'application/scim+json'),
      200,
    );
    // At once: the key is refused, the console session is over.
    expect((await call('GET', '/api/v0/api-keys', personKey)).status).toBe(401);
    expect((await page.request.get(`${running.server.url}/api/v0/auth/session`)).status()).toBe(401);
    await page.reload();
    await page.waitForURL(/\/sign-in/);
    await context.close();

    // Each step is in the audit log, with who did it.
    const { entries } = await json<{ entries: { action: string; actor: { type: string }; target: { id: string } | null }[] }>(await call('GET', '/api/v0/organization/audit-log?limit=100', ownerKey), 200);
    const steps = entries
      .filter((entry) => entry.target?.id === session.user.id || entry.actor.type === 'sso')
      .map((entry) => `${entry.actor.type} ${entry.action}`)
      .reverse();
    expect(steps).toEqual(expect.arrayContaining(['sso member.created', 'sso member.joined', 'sso team.member_added', 'scim member.deactivated']));
    expect(entries.map((entry) => `${entry.actor.type} ${entry.action}`)).toEqual(
      expect.arrayContaining(['user sso.settings_changed', 'user scim.token_created', 'user api_key.created', 'scim member.deactivated']),
    );
    expect(entries.some((entry) => entry.action === 'sign_in.succeeded' && entry.target?.id === session.user.id)).toBe(true);
  });
});
