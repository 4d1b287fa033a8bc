import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvitation,
  addUser,
  auth,
  consoleHeaders,
  createOrganization,
  expectError,
  invitationToken,
  json,
  sessionCookieFrom,
  startTestServer,
  TEST_PASSWORD,
  uniqueEmail,
  type ConsoleBrowser,
  type TestOrganization,
  type TestServer,
} from '../helpers/server.js';

// People get into the console: invitations, passwords, sign-in and its limits, sessions and
// their expiry, sign-out, CSRF on the console routes themselves (decisions.md §11).

let server: TestServer;
let org: TestOrganization;

beforeAll(async () => {
  server = await startTestServer({ SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '6', RATE_LIMIT_PER_MINUTE: '1000000', TRUST_PROXY: 'true' });
  org = await createOrganization(server, 'Console Org');
});
afterAll(async () => server?.close());

const origin = () => ({ origin: server.config.publicAppUrl });
const accept = (token: string, password = TEST_PASSWORD, headers: Record<string, string> = origin()) =>
  server.app.inject({ method: 'POST', url: '/api/v0/auth/invitations/accept', headers, payload: { token, password } });
const signIn = (email: string, password: string, headers: Record<string, string> = origin()) =>
  server.app.inject({ method: 'POST', url: '/api/v0/auth/sign-in', headers, payload: { email, password } });
const whoAmI = (browser: ConsoleBrowser) => server.app.inject({ method: 'GET', url: '/api/v0/auth/session', headers: consoleHeaders(server, browser, { csrf: false }) });
const reinvite = (userId: string, key = org.owner.key) => server.app.inject({ method: 'POST', url: `/api/v0/organization/users/${userId}/invite`, headers: auth(key) });

describe('invitations', () => {
  it('answers a one-time inviteUrl on the app host when a user is added', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    expect(user.inviteUrl).toMatch(new RegExp(`^${server.config.publicAppUrl}/invite/qdi_[\\w-]{43}$`));
    const stored = await server.store.db.selectFrom('invitations').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(invitationToken(user.inviteUrl));
    expect(stored[0]!.expires_at.getTime() - Date.now()).toBeGreaterThan(6.99 * 86_400_000);
  });

  it('sets the password and signs the person in with a cookie, once', async () => {
    const user = await addUser(server, org.owner.key, 'manager');
    const response = await accept(invitationToken(user.inviteUrl));
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'manager', active: true });
    expect(body.organization).toEqual({ id: org.id, name: 'Console Org' });
    expect(body.csrfToken).toMatch(/^[\w-]{43}$/);
    const cookie = response.cookies.find((c) => c.name === 'qd_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^qds_/);
    const hash = await server.store.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);

    expectError(await accept(invitationToken(user.inviteUrl)), 404);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a password under 12 characters and keeps the invitation', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    const error = expectError(await accept(invitationToken(user.inviteUrl), 'short-11chr'), 400);
    expect(error.errors?.[0]?.path).toBe('body/password');
    expect((await accept(invitationToken(user.inviteUrl), 'twelve chars')).statusCode).toBe(200);
  });

  it('refuses unknown, expired and cross-site acceptances', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    expectError(await accept('qdi_unknown'), 404);
    expectError(await accept(invitationToken(user.inviteUrl), TEST_PASSWORD, {}), 403);
    expectError(await accept(invitationToken(user.inviteUrl), TEST_PASSWORD, { origin: 'https://evil.example' }), 403);
    await server.store.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
    expectError(await accept(invitationToken(user.inviteUrl)), 404);
  });

  it('issues a new invitation that kills the old one (owner/manager; a manager not for an owner)', async () => {
    const user = await addUser(server, org.owner.key, 'guest');
    const fresh = await reinvite(user.id, org.users.manager.key);
    expect(fresh.statusCode).toBe(201);
    expect(json(fresh).inviteUrl).toMatch(/\/invite\/qdi_/);
    expect(json(fresh).expiresAt).toBeGreaterThan(Date.now());
    expectError(await accept(invitationToken(user.inviteUrl)), 404);
    expect((await accept(invitationToken(json(fresh).inviteUrl))).statusCode).toBe(200);

    expectError(await reinvite(org.owner.id, org.users.manager.key), 403);
    expectError(await reinvite('usr_unknown'), 404);
  });

  it('cannot take over a peer: once a user has a password, only a higher role re-invites them', async () => {
    const managers = [await addUser(server, org.owner.key, 'manager'), await addUser(server, org.owner.key, 'manager')];
    const owners = [await addUser(server, org.owner.key, 'owner'), await addUser(server, org.owner.key, 'owner')];
    // Before a password is set, a peer may send the lost link again.
    expect((await reinvite(managers[1]!.id, managers[0]!.key)).statusCode).toBe(201);
    for (const person of [...managers, ...owners]) await acceptInvitation(server, { inviteUrl: json(await reinvite(person.id, org.owner.key)).inviteUrl });
    expectError(await reinvite(managers[1]!.id, managers[0]!.key), 403);
    expectError(await reinvite(owners[1]!.id, owners[0]!.key), 403);
    // The peer keeps their password: their sign-in still works.
    expect((await signIn(managers[1]!.email, TEST_PASSWORD, { ...origin(), 'x-forwarded-for': '10.7.0.1' })).statusCode).toBe(200);
    // A higher role still can (a forgotten password).
    expect((await reinvite(managers[1]!.id, owners[0]!.key)).statusCode).toBe(201);
  });

  it("dies with its user: a deactivated user's invitation is refused, and re-inviting one is 409", async () => {
    const user = await addUser(server, org.owner.key, 'member');
    await server.app.inject({ method: 'DELETE', url: `/api/v0/organization/users/${user.id}`, headers: auth(org.owner.key) });
    expectError(await accept(invitationToken(user.inviteUrl)), 404);
    expectError(await reinvite(user.id), 409);
  });

  it('a new password ends the other sessions of that user', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    const first = await acceptInvitation(server, user);
    const again = json(await reinvite(user.id));
    const second = await acceptInvitation(server, { inviteUrl: again.inviteUrl }, 'another long password');
    expectError(await whoAmI(first), 401);
    expect((await whoAmI(second)).statusCode).toBe(200);
    expectError(await signIn(user.email, TEST_PASSWORD), 401);
    expect((await signIn(user.email, 'another long password')).statusCode).toBe(200);
  });
});

describe('sign-in', () => {
  it('signs in with the e-mail in any case and answers who is signed in', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    await acceptInvitation(server, user);
    const response = await signIn(user.email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const browser = { cookie: sessionCookieFrom(response)!, csrfToken: json(response).csrfToken };
    const me = await whoAmI(browser);
    expect(me.statusCode).toBe(200);
    expect(json(me)).toEqual({
      user: expect.objectContaining({ id: user.id, role: 'member' }),
      organization: { id: org.id, name: 'Console Org' },
      csrfToken: browser.csrfToken,
      apiUrl: server.config.publicApiUrl,
      expiresAt: expect.any(Number),
    });
    expect(json(me).expiresAt - Date.now()).toBeGreaterThan(6.99 * 86_400_000);
  });

  it('gives one answer to a wrong password and an unknown e-mail', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    await acceptInvitation(server, user);
    const wrong = expectError(await signIn(user.email, 'not the password at all', { ...origin(), 'x-forwarded-for': '10.0.0.1' }), 401);
    const unknown = expectError(await signIn(uniqueEmail('nobody'), 'not the password at all', { ...origin(), 'x-forwarded-for': '10.0.0.1' }), 401);
    expect(wrong.detail).toBe(unknown.detail);
    // A user who never accepted an invitation has no password.
    const invited = await addUser(server, org.owner.key, 'member');
    expect(expectError(await signIn(invited.email, 'not the password at all', { ...origin(), 'x-forwarded-for': '10.0.0.2' }), 401).detail).toBe(wrong.detail);
  });

  it('refuses a cross-site sign-in (403)', async () => {
    expectError(await signIn('a@example.test', 'whatever password', { origin: 'https://evil.example' }), 403);
    expectError(await signIn('a@example.test', 'whatever password', {}), 403);
  });

  it('limits failed attempts per account: 429 with Retry-After, even for the right password', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    await acceptInvitation(server, user);
    for (let i = 0; i < 3; i++) expectError(await signIn(user.email, `wrong password ${i}`, { ...origin(), 'x-forwarded-for': `10.1.0.${i}` }), 401);
    const limited = await signIn(user.email, TEST_PASSWORD, { ...origin(), 'x-forwarded-for': '10.1.1.1' });
    expectError(limited, 429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The window passes: the account opens again.
    await server.store.db.updateTable('sign_in_failures').set({ window_start: new Date(Date.now() - 16 * 60_000) }).where('scope', '=', `account:${user.email.toLowerCase()}`).execute();
    expect((await signIn(user.email, TEST_PASSWORD, { ...origin(), 'x-forwarded-for': '10.1.1.1' })).statusCode).toBe(200);
  });

  it('limits failed attempts per client address across accounts', async () => {
    const headers = { ...origin(), 'x-forwarded-for': '10.2.0.1' };
    for (let i = 0; i < 6; i++) expectError(await signIn(uniqueEmail('spray'), 'some wrong password', headers), 401);
    const user = await addUser(server, org.owner.key, 'member');
    await acceptInvitation(server, user);
    const limited = await signIn(user.email, TEST_PASSWORD, headers);
    expectError(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(user.email, TEST_PASSWORD, { ...origin(), 'x-forwarded-for': '10.2.0.2' })).statusCode).toBe(200);
  });

  it('checks at most the limit of a burst of concurrent wrong passwords at one account', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    await acceptInvitation(server, user);
    // 40 guesses at once, each from its own address, so that only the account's limit (3) holds.
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(user.email, `wrong password ${i}`, { ...origin(), 'x-forwarded-for': `10.3.${i}.1` })));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    for (const response of burst) expectError(response, response.statusCode);
    // A second burst after the first: still no more than the limit checked in all.
    const again = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(user.email, `wrong password ${i}`, { ...origin(), 'x-forwarded-for': `10.3.${i}.2` })));
    expect([...burst, ...again].filter((response) => response.statusCode === 401).length).toBeLessThanOrEqual(3);
  });

  it('checks at most the limit of a burst of concurrent sign-ins from one address', async () => {
    const headers = { ...origin(), 'x-forwarded-for': '10.4.0.1' };
    const burst = await Promise.all(Array.from({ length: 40 }, () => signIn(uniqueEmail('burst'), 'some wrong password', headers)));
    expect(burst.filter((response) => response.statusCode === 401).length).toBeLessThanOrEqual(6);
    expect(burst.filter((response) => response.statusCode === 429).length).toBeGreaterThanOrEqual(34);
  });

  it('gives back the attempt of a successful sign-in to its address', async () => {
    const headers = { ...origin(), 'x-forwarded-for': '10.5.0.1' };
    const user = await addUser(server, org.owner.key, 'member');
    await acceptInvitation(server, user);
    // Twice the address limit of successful sign-ins: none of them counts against the address.
    for (let i = 0; i < 12; i++) expect((await signIn(user.email, TEST_PASSWORD, headers)).statusCode).toBe(200);
  });

  it('signs a person with passwords in several organizations in to the one the password opens', async () => {
    const email = uniqueEmail('many');
    const others = [await createOrganization(server, 'Second Org'), await createOrganization(server, 'Third Org')];
    const people = [await addUser(server, org.owner.key, 'member', email), ...(await Promise.all(others.map((other) => addUser(server, other.owner.key, 'member', email))))];
    for (const [i, person] of people.entries()) await acceptInvitation(server, person, `${TEST_PASSWORD} ${i}`);
    for (const [i, person] of people.entries()) {
      const response = await signIn(email, `${TEST_PASSWORD} ${i}`, { ...origin(), 'x-forwarded-for': `10.6.0.${i}` });
      expect(response.statusCode).toBe(200);
      expect(json(response).user.id).toBe(person.id);
    }
    expectError(await signIn(email, 'none of the three passwords', { ...origin(), 'x-forwarded-for': '10.6.1.1' }), 401);
  });

  it('validates the body with the one error body', async () => {
    expectError(await server.app.inject({ method: 'POST', url: '/api/v0/auth/sign-in', headers: origin(), payload: { email: 'a@b.test' } }), 400);
    expectError(await server.app.inject({ method: 'POST', url: '/api/v0/auth/sign-in', headers: origin(), payload: { email: 'a@b.test', password: 'x', extra: 1 } }), 400);
  });
});

describe('sessions', () => {
  let owner: ConsoleBrowser;
  beforeAll(async () => {
    owner = await acceptInvitation(server, org.owner);
  });

  it('ends after 12 idle hours, and 7 days after sign-in in any case', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    const idle = await acceptInvitation(server, user);
    await server.store.db.updateTable('browser_sessions').set({ last_seen_at: new Date(Date.now() - 11 * 3600_000) }).where('user_id', '=', user.id).execute();
    expect((await whoAmI(idle)).statusCode).toBe(200);
    // That request kept it alive again.
    const seen = await server.store.db.selectFrom('browser_sessions').select('last_seen_at').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Date.now() - seen.last_seen_at.getTime()).toBeLessThan(3600_000);
    await server.store.db.updateTable('browser_sessions').set({ last_seen_at: new Date(Date.now() - 12 * 3600_000 - 1000) }).where('user_id', '=', user.id).execute();
    expectError(await whoAmI(idle), 401);

    const response = await signIn(user.email, TEST_PASSWORD);
    const old = { cookie: sessionCookieFrom(response)!, csrfToken: json(response).csrfToken };
    await server.store.db.updateTable('browser_sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
    expectError(await whoAmI(old), 401);
  });

  it('sign-out deletes the session and clears the cookie; it needs the CSRF token', async () => {
    const user = await addUser(server, org.owner.key, 'member');
    const browser = await acceptInvitation(server, user);
    expectError(await server.app.inject({ method: 'DELETE', url: '/api/v0/auth/session', headers: consoleHeaders(server, browser, { csrf: false }) }), 403);
    const out = await server.app.inject({ method: 'DELETE', url: '/api/v0/auth/session', headers: consoleHeaders(server, browser) });
    expect(out.statusCode).toBe(204);
    expect(sessionCookieFrom(out)).toBe('');
    expectError(await whoAmI(browser), 401);
    expect(await server.store.db.selectFrom('browser_sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('who-am-I takes the cookie alone: an API key is 401 there', async () => {
    expectError(await server.app.inject({ method: 'GET', url: '/api/v0/auth/session', headers: auth(org.owner.key) }), 401);
    expectError(await server.app.inject({ method: 'GET', url: '/api/v0/auth/session' }), 401);
  });

  it("deactivation ends the user's sessions at once", async () => {
    const user = await addUser(server, org.owner.key, 'member');
    const browser = await acceptInvitation(server, user);
    expect((await server.app.inject({ method: 'DELETE', url: `/api/v0/organization/users/${user.id}`, headers: consoleHeaders(server, owner) })).statusCode).toBe(204);
    expectError(await whoAmI(browser), 401);
    expectError(await signIn(user.email, TEST_PASSWORD), 401);
  });

  it("a role change ends the subject's sessions, not the caller's own", async () => {
    const user = await addUser(server, org.owner.key, 'member');
    const browser = await acceptInvitation(server, user);
    const renamed = await server.app.inject({ method: 'PATCH', url: `/api/v0/organization/users/${user.id}`, headers: consoleHeaders(server, owner), payload: { name: 'Same Role' } });
    expect(renamed.statusCode).toBe(200);
    expect((await whoAmI(browser)).statusCode).toBe(200);
    const promoted = await server.app.inject({ method: 'PATCH', url: `/api/v0/organization/users/${user.id}`, headers: consoleHeaders(server, owner), payload: { role: 'manager' } });
    expect(promoted.statusCode).toBe(200);
    expectError(await whoAmI(browser), 401);
    expect((await whoAmI(owner)).statusCode).toBe(200);
    const again = await signIn(user.email, TEST_PASSWORD);
    expect(json(again).user.role).toBe('manager');
  });

  it('acts with the role rules of its user on /api/v0 and never on /admin', async () => {
    const member = await acceptInvitation(server, org.users.member);
    expectError(await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: consoleHeaders(server, member, { csrf: false }) }), 403);
    const keys = await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: consoleHeaders(server, member), payload: { name: 'from the console' } });
    expect(keys.statusCode).toBe(201);
    const key = json(keys).key;
    expect((await server.app.inject({ method: 'GET', url: '/api/v0/api-keys', headers: auth(key) })).statusCode).toBe(200);
    expectError(await server.app.inject({ method: 'POST', url: '/admin/v1/organizations', headers: consoleHeaders(server, owner), payload: { name: 'x', ownerEmail: uniqueEmail('x') } }), 401);
    expectError(await server.app.inject({ method: 'POST', url: '/api/v0/auth/token', headers: consoleHeaders(server, owner) }), 401);
  });
});

describe('on https', () => {
  it('marks the cookie Secure', async () => {
    const secure = await startTestServer({ PUBLIC_APP_URL: 'https://console.example.test' });
    try {
      const other = await createOrganization(secure, 'Secure Org');
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/v0/auth/invitations/accept',
        headers: { origin: 'https://console.example.test' },
        payload: { token: invitationToken(other.owner.inviteUrl), password: TEST_PASSWORD },
      });
      expect(other.owner.inviteUrl.startsWith('https://console.example.test/invite/')).toBe(true);
      expect(response.cookies.find((c) => c.name === 'qd_session')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await secure.close();
    }
  });
});
