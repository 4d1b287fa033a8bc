import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { request as http, type APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { startTestProvider, type TestProvider } from '../helpers/oidc-provider.js';
import { acceptInvitation, addUser, auth, createOrganization, expectError, json, startTestServer, TEST_PASSWORD, type TestOrganization, type TestServer } from '../helpers/server.js';

// Single sign-on against a real OpenID Provider (oidc-provider) on a loopback port, with the
// server listening on its own: the start, the provider's login, the callback, over HTTP with a
// cookie jar. Then what the callback refuses (state, nonce, signature, issuer, audience, expiry,
// domain, deactivated, unknown people), "SSO required", RP-initiated logout and the audit log.

let server: TestServer;
let appUrl: string;
let provider: TestProvider;
let dns: TestDnsServer;
let org: TestOrganization;
let other: TestOrganization;
let platformTeam: string;
let dataTeam: string;
let manualTeam: string;
const domain = `sso-${randomBytes(3).toString('hex')}.test`;
const emailAt = (name: string) => `${name}-${randomBytes(3).toString('hex')}@${domain}`;
const jars: APIRequestContext[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object) =>
  server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });

function settings(overrides: Record<string, unknown> = {}) {
  return {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    allowedDomains: [domain],
    jitEnabled: true,
    jitRole: 'member',
    groupRoles: { 'eng-leads': 'manager', staff: 'member', contractors: 'guest' },
    groupTeams: { platform: platformTeam, data: dataTeam },
    ...overrides,
  };
}

async function audit(action: string, targetId?: string) {
  let query = server.store.db.selectFrom('audit_log').selectAll().where('organization_id', '=', org.id).where('action', '=', action);
  if (targetId) query = query.where('target_id', '=', targetId);
  return query.orderBy('id').execute();
}

interface SignInRun {
  jar: APIRequestContext;
  /** Where the callback sent the browser. */
  landed: string;
  callbackUrl: string;
  state: string;
}

/** A browser's single sign-on: the e-mail step, the provider's login form, the callback. */
async function ssoSignIn(email: string, options: { login?: string; alter?: (url: URL) => void } = {}): Promise<SignInRun> {
  const jar = await http.newContext();
  jars.push(jar);
  const start = await jar.post(`${appUrl}/api/v0/auth/sso/start`, { data: { email }, headers: { origin: appUrl } });
  expect(start.status()).toBe(200);
  const body = (await start.json()) as { method: string; redirectUrl: string };
  expect(body.method).toBe('sso');
  const authorization = new URL(body.redirectUrl);
  const state = authorization.searchParams.get('state')!;
  options.alter?.(authorization);
  let response = await jar.get(authorization.href, { maxRedirects: 0 });
  const interaction = new URL(response.headers().location!, provider.issuer).href;
  expect((await jar.get(interaction)).status()).toBe(200);
  response = await jar.post(`${interaction}/login`, { form: { login: options.login ?? email }, maxRedirects: 0 });
  let location = new URL(response.headers().location!, provider.issuer).href;
  for (let hops = 0; !location.startsWith(appUrl) && hops < 5; hops++) {
    response = await jar.get(location, { maxRedirects: 0 });
    location = new URL(response.headers().location!, provider.issuer).href;
  }
  expect(location.startsWith(`${appUrl}/api/v0/auth/sso/callback?`)).toBe(true);
  const callback = await jar.get(location, { maxRedirects: 0 });
  expect(callback.status()).toBe(303);
  return { jar, landed: callback.headers().location!, callbackUrl: location, state };
}

async function whoAmI(jar: APIRequestContext) {
  const response = await jar.get(`${appUrl}/api/v0/auth/session`);
  return { status: response.status(), body: response.status() === 200 ? ((await response.json()) as { user: { id: string; role: string; email: string }; csrfToken: string }) : undefined };
}

async function teamsOf(userId: string): Promise<string[]> {
  const rows = await server.store.db.selectFrom('team_members').select('team_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.team_id).sort();
}

beforeAll(async () => {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({ redirectUris: [`${appUrl}/api/v0/auth/sso/callback`], postLogoutRedirectUris: [`${appUrl}/sign-in`] });
  dns = await startDnsServer();
  // The provider runs on loopback: the operator's switch lets the server fetch it. The domain is
  // proved through the DNS server on loopback (test/console/sso-domains.test.ts).
  server = await startTestServer({ PUBLIC_APP_URL: appUrl, RATE_LIMIT_PER_MINUTE: '1000000', SSO_ALLOW_PRIVATE_ISSUERS: 'true', SSO_DNS_SERVERS: dns.address });
  await server.app.listen({ port, host: '127.0.0.1' });
  org = await createOrganization(server, 'SSO Org');
  other = await createOrganization(server, 'Other Org');
  const team = async (name: string) => json(await call('POST', '/api/v0/teams', org.owner.key, { name })).team.id as string;
  platformTeam = await team('Platform');
  dataTeam = await team('Data');
  manualTeam = await team('Hand-made');
});
afterAll(async () => {
  await Promise.all(jars.map((jar) => jar.dispose()));
  await server?.close();
  await provider?.close();
  await dns?.close();
});

describe('SSO settings', () => {
  it('answers null and the redirect URI before anything is set', async () => {
    const response = await call('GET', '/api/v0/organization/sso', org.owner.key);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ sso: null, redirectUri: `${appUrl}/api/v0/auth/sso/callback` });
  });

  it('refuses what is malformed or not the organization’s, before discovery', async () => {
    const put = (overrides: Record<string, unknown>) => call('PUT', '/api/v0/organization/sso', org.owner.key, settings(overrides));
    expect(expectError(await put({ clientSecret: undefined }), 400).errors?.[0]?.path).toBe('body/clientSecret');
    expectError(await put({ issuer: 'http://idp.example.com' }), 400);
    expectError(await put({ issuer: 'not a url' }), 400);
    // Never fetched, even with SSO_ALLOW_PRIVATE_ISSUERS: link-local (cloud metadata) and other
    // non-private addresses (private ones without the switch: test/console/sso-issuers.test.ts).
    for (const issuer of ['https://169.254.169.254', 'https://[fe80::1]', 'https://[::ffff:169.254.169.254]']) {
      expect(expectError(await put({ issuer }), 400).detail).toContain('is not a public address');
    }
    expect(expectError(await put({ allowedDomains: ['not a domain'] }), 400).errors?.[0]?.path).toBe('body/allowedDomains/0');
    expectError(await put({ jitRole: 'owner' }), 400);
    expectError(await put({ groupRoles: { admins: 'owner' } }), 400);
    expect(expectError(await put({ ssoRequired: true }), 400).errors?.[0]?.path).toBe('body/breakGlassUserId');
    expectError(await put({ ssoRequired: true, breakGlassUserId: org.users.manager.id }), 400);
    expectError(await put({ ssoRequired: true, breakGlassUserId: other.owner.id }), 400);
    const foreignTeam = json(await call('POST', '/api/v0/teams', other.owner.key, { name: 'Theirs' })).team.id;
    expectError(await put({ groupTeams: { platform: foreignTeam } }), 404);
    expectError(await put({ unknownField: true }), 400);
    expect(json(await call('GET', '/api/v0/organization/sso', org.owner.key)).sso).toBeNull();
  });

  it('answers a clear 400 when OpenID discovery fails', async () => {
    const closed = await freePort();
    const error = expectError(await call('PUT', '/api/v0/organization/sso', org.owner.key, settings({ issuer: `http://127.0.0.1:${closed}` })), 400);
    expect(error.detail).toMatch(/^OpenID discovery of http:\/\/127\.0\.0\.1:\d+ failed/);
    const wrongIssuer = expectError(await call('PUT', '/api/v0/organization/sso', org.owner.key, settings({ issuer: `${provider.issuer}/elsewhere` })), 400);
    expect(wrongIssuer.detail).toContain('OpenID discovery');
  });

  it('stores the settings with the secret sealed, answers its mask and audits the fields changed', async () => {
    const response = await call('PUT', '/api/v0/organization/sso', org.owner.key, settings({ allowedDomains: [`@${domain.toUpperCase()}`] }));
    expect(response.statusCode).toBe(200);
    // The domain sends people to the provider once proved (docs/sso.md "Proving a domain").
    const { record } = json(await call('GET', '/api/v0/organization/sso/domains', org.owner.key)).domains[0];
    dns.publishTxt(record.name, record.value);
    expect((await call('POST', `/api/v0/organization/sso/domains/${domain}/verify`, org.owner.key)).statusCode).toBe(200);
    const body = json(response);
    expect(body.redirectUri).toBe(`${appUrl}/api/v0/auth/sso/callback`);
    expect(body.sso).toMatchObject({ issuer: provider.issuer, clientId: provider.clientId, allowedDomains: [domain], jitEnabled: true, jitRole: 'member', groupsClaim: 'groups', ssoRequired: false, breakGlassUserId: null });
    expect(body.sso.clientSecret).toBe(`****${provider.clientSecret.slice(-4)}`);
    expect(response.body).not.toContain(provider.clientSecret);
    const row = await server.store.db.selectFrom('organization_sso').select('client_secret').where('organization_id', '=', org.id).executeTakeFirstOrThrow();
    expect(row.client_secret).toMatch(/^qdsec1:/);
    expect(row.client_secret).not.toContain(provider.clientSecret);
    const [entry] = await audit('sso.settings_changed');
    expect(entry!.details).toMatchObject({ created: true });
    expect((entry!.details as { fields: string[] }).fields).toEqual(expect.arrayContaining(['issuer', 'clientId', 'clientSecret', 'allowedDomains']));
    expect(JSON.stringify(entry)).not.toContain(provider.clientSecret);
  });

  it('keeps the stored secret when it comes back masked, refuses a mask of something else', async () => {
    const current = json(await call('GET', '/api/v0/organization/sso', org.owner.key)).sso;
    const response = await call('PUT', '/api/v0/organization/sso', org.owner.key, settings({ clientSecret: current.clientSecret, jitRole: 'guest' }));
    expect(response.statusCode).toBe(200);
    const entries = await audit('sso.settings_changed');
    expect(entries.at(-1)!.details).toEqual({ created: false, fields: ['jitRole'] });
    expectError(await call('PUT', '/api/v0/organization/sso', org.owner.key, settings({ clientSecret: '****nope' })), 400);
    expect((await call('PUT', '/api/v0/organization/sso', org.owner.key, settings({ clientSecret: undefined }))).statusCode).toBe(200);
  });

  it('keeps a proved domain to one organization (409)', async () => {
    const error = expectError(await call('PUT', '/api/v0/organization/sso', other.owner.key, settings({ allowedDomains: ['other.test', domain], groupTeams: {} })), 409);
    expect(error.detail).toContain(domain);
  });

  it('is for owners only', async () => {
    for (const role of ['manager', 'member', 'guest'] as const) {
      expectError(await call('GET', '/api/v0/organization/sso', org.users[role].key), 403);
      expectError(await call('PUT', '/api/v0/organization/sso', org.users[role].key, settings()), 403);
      expectError(await call('DELETE', '/api/v0/organization/sso', org.users[role].key), 403);
    }
    expectError(await server.app.inject({ method: 'GET', url: '/api/v0/organization/sso' }), 401);
    // Another organization sees its own (none), never this one's.
    expect(json(await call('GET', '/api/v0/organization/sso', other.owner.key)).sso).toBeNull();
    expectError(await call('DELETE', '/api/v0/organization/sso', other.owner.key), 404);
  });
});

describe('sign-in through the provider', () => {
  it('routes an e-mail without single sign-on to the password step', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/v0/auth/sso/start', headers: { origin: appUrl }, payload: { email: 'someone@elsewhere.test' } });
    expect(json(response)).toEqual({ method: 'password' });
    expectError(await server.app.inject({ method: 'POST', url: '/api/v0/auth/sso/start', payload: { email: `a@${domain}` } }), 403);
    expectError(await server.app.inject({ method: 'POST', url: '/api/v0/auth/sso/start', headers: { origin: appUrl }, payload: {} }), 400);
  });

  it('signs an invited member in: joined, the session started with the ID token sealed, audited', async () => {
    const email = emailAt('invited');
    const member = await addUser(server, org.owner.key, 'member', email);
    provider.accounts.set(email, { email, name: 'Invited Person' });
    const run = await ssoSignIn(email);
    expect(run.landed).toBe('/');
    const session = await whoAmI(run.jar);
    expect(session.status).toBe(200);
    expect(session.body!.user).toMatchObject({ id: member.id, email, role: 'member' });
    const stored = await server.store.db.selectFrom('browser_sessions').select('id_token').where('user_id', '=', member.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id_token).toMatch(/^qdsec1:/);
    for (const token of provider.issuedIdTokens) expect(stored[0]!.id_token).not.toContain(token.split('.')[1]);
    const user = await server.store.db.selectFrom('users').select('joined_at').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(user.joined_at).toBeInstanceOf(Date);
    expect(await audit('member.joined', member.id)).toHaveLength(1);
    const [succeeded] = await audit('sign_in.succeeded', member.id);
    expect(succeeded).toMatchObject({ actor_type: 'user', actor_user_id: member.id, details: { method: 'sso' } });
  });

  it("names a member without a name from the ID token's name claim, and keeps a name already given", async () => {
    const unnamed = await addUser(server, org.owner.key, 'member', emailAt('unnamed'));
    provider.accounts.set(unnamed.email, { email: unnamed.email, name: ' Katherine Johnson ' });
    await ssoSignIn(unnamed.email);
    const named = await server.store.db.selectFrom('users').select(['name', 'last_sign_in_at']).where('id', '=', unnamed.id).executeTakeFirstOrThrow();
    expect(named.name).toBe('Katherine Johnson');
    expect(named.last_sign_in_at).toBeInstanceOf(Date);
    expect(await audit('member.updated', unnamed.id)).toEqual([expect.objectContaining({ actor_type: 'sso', details: { name: { from: null, to: 'Katherine Johnson' } } })]);

    // The person renamed themselves: the provider's name does not overwrite it.
    expect((await call('PATCH', '/api/v0/organization/users/me', unnamed.key, { name: 'Kathy J.' })).statusCode).toBe(200);
    await ssoSignIn(unnamed.email);
    expect((await server.store.db.selectFrom('users').select('name').where('id', '=', unnamed.id).executeTakeFirstOrThrow()).name).toBe('Kathy J.');
  });

  it('creates an unknown person just in time with the role and teams of their groups', async () => {
    const email = emailAt('jit');
    provider.accounts.set(email, { email, name: 'New Lead', groups: ['eng-leads', 'staff', 'platform', 'unmapped'] });
    const run = await ssoSignIn(email);
    const session = await whoAmI(run.jar);
    expect(session.body!.user).toMatchObject({ email, role: 'manager' });
    const userId = session.body!.user.id;
    expect(await teamsOf(userId)).toEqual([platformTeam]);
    const [created] = await audit('member.created', userId);
    expect(created).toMatchObject({ actor_type: 'sso', details: { role: 'manager', jit: true } });
    expect(await audit('team.member_added', platformTeam)).toEqual(expect.arrayContaining([expect.objectContaining({ actor_type: 'sso', details: { userId, email } })]));

    // Groups changed at the provider: the highest role wins, mapped teams follow, a hand-made team stays.
    expect((await call('POST', `/api/v0/teams/${manualTeam}/members`, org.owner.key, { userId })).statusCode).toBe(201);
    provider.accounts.set(email, { email, groups: ['contractors', 'data'] });
    const again = await ssoSignIn(email);
    expect((await whoAmI(again.jar)).body!.user.role).toBe('guest');
    expect(await teamsOf(userId)).toEqual([dataTeam, manualTeam].sort());
    // The role change ended the earlier session.
    expect((await whoAmI(run.jar)).status).toBe(401);
    expect(await audit('member.role_changed', userId)).toEqual([expect.objectContaining({ actor_type: 'sso', details: { from: 'manager', to: 'guest', source: 'sso' } })]);
    expect(await audit('team.member_removed', platformTeam)).toEqual([expect.objectContaining({ actor_type: 'sso', details: { userId, email } })]);
  });

  it('leaves roles and teams alone when the groups claim is absent, and never changes an owner', async () => {
    const email = emailAt('owner');
    const owner = await addUser(server, org.owner.key, 'owner', email);
    provider.accounts.set(email, { email, groups: ['contractors'] });
    const run = await ssoSignIn(email);
    expect((await whoAmI(run.jar)).body!.user).toMatchObject({ id: owner.id, role: 'owner' });

    const plain = emailAt('nogroups');
    const member = await addUser(server, org.owner.key, 'manager', plain);
    provider.accounts.set(plain, { email: plain });
    const second = await ssoSignIn(plain);
    expect((await whoAmI(second.jar)).body!.user).toMatchObject({ id: member.id, role: 'manager' });
  });

  it('signs out at the provider too (RP-initiated logout)', async () => {
    const email = emailAt('logout');
    provider.accounts.set(email, { email });
    const run = await ssoSignIn(email);
    const { body } = await whoAmI(run.jar);
    const response = await run.jar.delete(`${appUrl}/api/v0/auth/session`, { headers: { origin: appUrl, 'x-csrf-token': body!.csrfToken } });
    expect(response.status()).toBe(200);
    const logout = new URL(((await response.json()) as { endSessionUrl: string }).endSessionUrl);
    expect(`${logout.origin}${logout.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(`${appUrl}/sign-in`);
    expect(logout.searchParams.get('id_token_hint')).toBe(provider.issuedIdTokens.at(-1));
    // The provider accepts the hint and the registered return address (it asks to confirm).
    expect((await run.jar.get(logout.href, { maxRedirects: 0 })).status()).toBe(200);
    expect((await whoAmI(run.jar)).status).toBe(401);
    expect(await audit('sign_out', body!.user.id)).toEqual([expect.objectContaining({ details: { method: 'sso' } })]);
  });
});

describe('refused sign-ins', () => {
  async function expectRefused(run: SignInRun, reason: string, email?: string) {
    expect(run.landed).toBe(`/sign-in?sso_error=${reason}`);
    expect((await whoAmI(run.jar)).status).toBe(401);
    if (email) {
      const failed = await server.store.db.selectFrom('audit_log').selectAll().where('organization_id', '=', org.id).where('action', '=', 'sign_in.failed').where('actor_label', '=', email).execute();
      expect(failed.at(-1)?.details).toEqual({ method: 'sso', reason });
    }
  }

  it('refuses a replayed or foreign state', async () => {
    const email = emailAt('replay');
    provider.accounts.set(email, { email });
    const run = await ssoSignIn(email);
    expect(run.landed).toBe('/');
    // The same answer again, even with the state's cookie put back: the state was spent.
    const replay = await http.newContext({ extraHTTPHeaders: { cookie: `qd_sso_state=${run.state}` } });
    jars.push(replay);
    const again = await replay.get(run.callbackUrl, { maxRedirects: 0 });
    expect(again.headers().location).toBe('/sign-in?sso_error=state');
    // Someone else's answer in this browser (no state cookie of its own): refused, not spent.
    const stranger = await http.newContext();
    jars.push(stranger);
    expect((await stranger.get(`${appUrl}/api/v0/auth/sso/callback?code=x&state=${run.state}`, { maxRedirects: 0 })).headers().location).toBe('/sign-in?sso_error=state');
    expect((await stranger.get(`${appUrl}/api/v0/auth/sso/callback`, { maxRedirects: 0 })).headers().location).toBe('/sign-in?sso_error=state');
  });

  it('refuses an ID token with another nonce', async () => {
    const email = emailAt('nonce');
    provider.accounts.set(email, { email });
    await expectRefused(await ssoSignIn(email, { alter: (url) => url.searchParams.set('nonce', 'not-the-nonce') }), 'token');
  });

  for (const [fault, tamper] of [
    ['a bad signature', { foreignKey: true }],
    ['another issuer', { claims: (claims: Record<string, unknown>) => ({ ...claims, iss: 'http://127.0.0.1:9/impostor' }) }],
    ['another audience', { claims: (claims: Record<string, unknown>) => ({ ...claims, aud: 'someone-else' }) }],
    ['an expired ID token', { claims: (claims: Record<string, unknown>) => ({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }) }],
  ] as const) {
    it(`refuses ${fault}`, async () => {
      const email = emailAt('tampered');
      provider.accounts.set(email, { email });
      provider.tamper = tamper;
      try {
        await expectRefused(await ssoSignIn(email), 'token');
      } finally {
        provider.tamper = undefined;
      }
      expect(await server.store.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
      const failed = await audit('sign_in.failed');
      expect(failed.at(-1)!.details).toEqual({ method: 'sso', reason: 'token' });
    });
  }

  it('refuses an e-mail outside the allowed domains, an unverified e-mail and a deactivated member', async () => {
    const outsider = `someone-${randomBytes(3).toString('hex')}@elsewhere.test`;
    const typed = emailAt('typed');
    provider.accounts.set(outsider, { email: outsider });
    await expectRefused(await ssoSignIn(typed, { login: outsider }), 'domain', outsider);

    const unverified = emailAt('unverified');
    provider.accounts.set(unverified, { email: unverified, emailVerified: false });
    await expectRefused(await ssoSignIn(unverified), 'email_unverified', unverified);

    const leaver = emailAt('leaver');
    const member = await addUser(server, org.owner.key, 'member', leaver);
    expect((await call('DELETE', `/api/v0/organization/users/${member.id}`, org.owner.key)).statusCode).toBeLessThan(300);
    provider.accounts.set(leaver, { email: leaver });
    await expectRefused(await ssoSignIn(leaver), 'deactivated', leaver);
  });

  it('refuses an unknown person when just-in-time creation is off', async () => {
    expect((await call('PUT', '/api/v0/organization/sso', org.owner.key, settings({ clientSecret: undefined, jitEnabled: false }))).statusCode).toBe(200);
    const email = emailAt('stranger');
    provider.accounts.set(email, { email });
    try {
      await expectRefused(await ssoSignIn(email), 'unknown_user', email);
      expect(await server.store.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    } finally {
      await call('PUT', '/api/v0/organization/sso', org.owner.key, settings({ clientSecret: undefined }));
    }
  });
});

describe('SSO required', () => {
  it('refuses passwords but the break-glass owner’s; invitations cannot set one', async () => {
    const passwordMember = await addUser(server, org.owner.key, 'member', emailAt('pw'));
    await acceptInvitation(server, passwordMember);
    await acceptInvitation(server, org.owner);
    const laterMember = await addUser(server, org.owner.key, 'member', emailAt('later'));
    const signIn = (email: string) =>
      server.app.inject({ method: 'POST', url: '/api/v0/auth/sign-in', headers: { origin: appUrl }, payload: { email, password: TEST_PASSWORD } });
    expect((await signIn(passwordMember.email)).statusCode).toBe(200);

    expect((await call('PUT', '/api/v0/organization/sso', org.owner.key, settings({ clientSecret: undefined, ssoRequired: true, breakGlassUserId: org.owner.id }))).statusCode).toBe(200);
    const refused = expectError(await signIn(passwordMember.email), 403);
    expect(refused.detail).toContain('single sign-on');
    expect((await audit('sign_in.failed', passwordMember.id)).at(-1)!.details).toEqual({ method: 'password', reason: 'sso_required' });
    expect((await signIn(org.owner.email)).statusCode).toBe(200);
    expect((await audit('sign_in.succeeded', org.owner.id)).at(-1)!.details).toEqual({ method: 'password' });
    const accept = await server.app.inject({
      method: 'POST',
      url: '/api/v0/auth/invitations/accept',
      headers: { origin: appUrl },
      payload: { token: laterMember.inviteUrl.slice(laterMember.inviteUrl.lastIndexOf('/') + 1), password: TEST_PASSWORD },
    });
    expectError(accept, 403);
    // The break-glass owner cannot be left out: removing SSO required lifts it all.
    expect((await call('DELETE', '/api/v0/organization/sso', org.owner.key)).statusCode).toBe(204);
    expect((await signIn(passwordMember.email)).statusCode).toBe(200);
    expect(await audit('sso.settings_removed')).toHaveLength(1);
    expect((await server.app.inject({ method: 'POST', url: '/api/v0/auth/sso/start', headers: { origin: appUrl }, payload: { email: passwordMember.email } })).json()).toEqual({ method: 'password' });
  });

  it('audits failed password sign-ins without the password', async () => {
    const wrong = 'a wrong password, surely';
    await acceptInvitation(server, org.users.manager);
    const response = await server.app.inject({ method: 'POST', url: '/api/v0/auth/sign-in', headers: { origin: appUrl }, payload: { email: org.users.manager.email, password: wrong } });
    expectError(response, 401);
    const failed = await audit('sign_in.failed', org.users.manager.id);
    expect(failed.at(-1)).toMatchObject({ details: { method: 'password', reason: 'wrong_password' }, actor_label: org.users.manager.email });
    const all = await server.store.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(all)).not.toContain(wrong);
    expect(JSON.stringify(all)).not.toContain(TEST_PASSWORD);
  });
});
