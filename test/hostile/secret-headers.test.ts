import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, acceptInvitation, auth, createOrganization, invitationToken, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// Secrets stay out of logs and caches (docs/security.md "Secrets in transit"): the access log
// never holds an invitation or setup token, answers carrying a secret are not stored by any
// cache, API answers are not sniffed, and the API reference page cannot be framed or load
// scripts from elsewhere.

const logLines: string[] = [];
let server: TestServer;
let org: TestOrganization;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  server = await startTestServer({}, { logger: { level: 'info', stream } });
  org = await createOrganization(server);
});
afterAll(async () => server?.close());

describe('secrets in logs and caches', () => {
  it('writes invitation and setup links to the access log without their token', async () => {
    const token = invitationToken(org.users.member.inviteUrl);
    const setupToken = `qdsetup_${'s'.repeat(43)}`;
    await server.app.inject({ method: 'GET', url: `/invite/${token}` });
    await server.app.inject({ method: 'GET', url: `/setup/${setupToken}?from=mail` });
    await server.app.inject({ method: 'GET', url: `/api/v0/organization/users?next=${token}`, headers: auth(org.owner.key) });
    const access = logLines.map((line) => JSON.parse(line) as { url?: string }).filter((line) => line.url);
    expect(access.map((line) => line.url)).toEqual(expect.arrayContaining(['/invite/[redacted]', '/setup/[redacted]?from=mail', '/api/v0/organization/users?next=qdi_[redacted]']));
    const everything = logLines.join('\n');
    expect(everything).not.toContain(token.slice(4));
    expect(everything).not.toContain(setupToken.slice(8));
  });

  it('answers every secret with Cache-Control: no-store, and API answers with nosniff', async () => {
    const origin = { origin: server.config.publicAppUrl };
    const secretAnswers = [
      await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(org.owner.key), payload: { name: 'cached?' } }),
      await server.app.inject({ method: 'POST', url: '/api/v0/auth/token', headers: auth(org.owner.key) }),
      await server.app.inject({ method: 'POST', url: '/api/v0/organization/users', headers: auth(org.owner.key), payload: { email: 'no-store@example.test', role: 'member' } }),
      await server.app.inject({ method: 'POST', url: `/api/v0/organization/users/${org.users.guest.id}/invite`, headers: auth(org.owner.key) }),
      await server.app.inject({ method: 'POST', url: '/admin/v1/organizations', headers: auth(server.adminToken), payload: { name: 'Another', ownerEmail: 'another@example.test' } }),
      await server.app.inject({ method: 'POST', url: '/api/v0/computers', headers: auth(org.owner.key), payload: { name: 'box', providerType: 'byom' } }),
      await server.app.inject({ method: 'POST', url: '/api/v0/auth/invitations/accept', headers: origin, payload: { token: invitationToken(org.users.manager.inviteUrl), password: 'a password of some length' } }),
    ];
    const browser = await acceptInvitation(server, org.users.member);
    secretAnswers.push(await server.app.inject({ method: 'GET', url: '/api/v0/auth/session', headers: { cookie: `qd_session=${browser.cookie}` } }));
    for (const answer of secretAnswers) {
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(answer.headers["cache-control"]).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const answer of [
      await server.app.inject({ method: 'GET', url: '/api/v0/nothing-here' }),
      await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: auth(`qd_${'w'.repeat(43)}`) }),
      await server.app.inject({ method: 'GET', url: '/api/v0/organization/users', headers: auth(await accessToken(server, org.owner.key)) }),
    ]) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves /docs with a CSP that allows nothing from elsewhere and no framing', async () => {
    for (const url of ['/docs', '/docs/', '/docs/static/swagger-initializer.js']) {
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/https:|validator\.swagger\.io|unsafe-eval/);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
