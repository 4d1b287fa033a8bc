import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/roles.js';
import { createBrowserSession } from '../../src/repositories/browser-sessions.js';
import {
  acceptInvitation,
  accessToken,
  auth,
  consoleHeaders,
  createOrganization,
  expectError,
  startTestServer,
  type ConsoleBrowser,
  type TestOrganization,
  type TestServer,
} from './server.js';

// One shared security check for every route: each route adds one line to a matrix file, and gets
// the same tests — no credential, garbage credentials, revoked / expired keys, a deactivated
// user, JWT where it is not accepted, every role, and another organization's ids; and the console
// session cookie as a credential of its own: every role, another organization's ids, ended
// sessions, and CSRF (Origin and token) on state-changing requests — or 401 where it is refused.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MatrixContext {
  server: TestServer;
  /** The caller's organization. */
  org: TestOrganization;
  /** Another organization, whose resources must stay invisible. */
  other: TestOrganization;
  /** A signed-in console browser per role of `org`. */
  browsers: Record<Role, ConsoleBrowser>;
}

export interface RouteCase {
  method: Method;
  url: string | ((ctx: MatrixContext) => Promise<string> | string);
  payload?: unknown | ((ctx: MatrixContext) => unknown);
  /** Which credentials the route takes. */
  credentials: 'apiKey' | 'apiKeyOrJwt' | 'admin';
  /**
   * Whether the console session cookie is a credential here (decisions.md §11): by default on
   * every route that takes a JWT (/api/v0/*); the analytics and readiness routes say so.
   */
  session?: boolean;
  /** Roles allowed to call it (ignored for admin routes). */
  roles?: readonly Role[];
  /** A URL naming a resource of the other organization: must answer 404 to an allowed role. */
  foreignUrl?: (ctx: MatrixContext) => Promise<string> | string;
}

async function resolve<T>(value: T | ((ctx: MatrixContext) => T | Promise<T>), ctx: MatrixContext): Promise<T> {
  return typeof value === 'function' ? (value as (ctx: MatrixContext) => T | Promise<T>)(ctx) : value;
}

export function authMatrix(cases: RouteCase[]): void {
  let ctx: MatrixContext;
  beforeAll(async () => {
    const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
    const org = await createOrganization(server, 'Matrix Org');
    const browsers = {} as Record<Role, ConsoleBrowser>;
    for (const role of ROLES) browsers[role] = await acceptInvitation(server, org.users[role]);
    ctx = { server, org, other: await createOrganization(server, 'Other Org'), browsers };
  });
  afterAll(async () => ctx?.server.close());

  const call = async (route: RouteCase, headers: Record<string, string>, url?: string) => {
    const payload = route.payload === undefined ? undefined : await resolve(route.payload, ctx);
    return ctx.server.app.inject({
      method: route.method,
      url: url ?? (await resolve(route.url, ctx)),
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };

  const newKey = async (role: Role = 'owner') => {
    const response = await ctx.server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(ctx.org.users[role].key), payload: { name: 'matrix' } });
    return response.json() as { id: string; key: string };
  };

  for (const route of cases) {
    const label = `${route.method} ${typeof route.url === 'string' ? route.url : route.url.toString().match(/`([^`]*)`/)?.[1] ?? 'route'}`;
    describe(`security: ${label}`, () => {
      it('answers 401 without a credential', async () => {
        expectError(await call(route, {}), 401);
      });

      it('answers 401 to garbage credentials', async () => {
        for (const token of ['qd_not-a-real-key', 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl', 'garbage', 'qda_admin-guess-0123456789abcdef']) {
          expectError(await call(route, auth(token)), 401);
        }
        expectError(await call(route, { authorization: 'Basic dXNlcjpwYXNz' }), 401);
      });

      if (route.credentials === 'admin') {
        it('answers 401 to an organization API key', async () => {
          expectError(await call(route, auth(ctx.org.owner.key)), 401);
        });
        it('accepts the admin token', async () => {
          expect((await call(route, auth(ctx.server.adminToken))).statusCode).not.toBe(401);
        });
        return;
      }

      const allowed = route.roles ?? ROLES;
      const firstAllowed: Role = allowed[0] ?? 'owner';

      it('answers 401 to a revoked key', async () => {
        const key = await newKey(firstAllowed);
        await ctx.server.app.inject({ method: 'DELETE', url: `/api/v0/api-keys/${key.id}`, headers: auth(ctx.org.owner.key) });
        expectError(await call(route, auth(key.key)), 401);
      });

      it('answers 401 to an expired key', async () => {
        const key = await newKey(firstAllowed);
        await ctx.server.store.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', key.id).execute();
        expectError(await call(route, auth(key.key)), 401);
      });

      if (route.credentials === 'apiKey') {
        it('answers 401 to a JWT', async () => {
          const token = await accessToken(ctx.server, ctx.org.users[firstAllowed].key);
          expectError(await call(route, auth(token)), 401);
        });
      } else {
        it('accepts a JWT of an allowed role', async () => {
          const token = await accessToken(ctx.server, ctx.org.users[firstAllowed].key);
          expect([401, 403]).not.toContain((await call(route, auth(token))).statusCode);
        });
      }

      for (const role of ROLES) {
        if (allowed.includes(role)) {
          it(`lets a ${role} through`, async () => {
            expect([401, 403]).not.toContain((await call(route, auth(ctx.org.users[role].key))).statusCode);
          });
        } else {
          it(`answers 403 to a ${role}`, async () => {
            expectError(await call(route, auth(ctx.org.users[role].key)), 403);
          });
        }
      }

      if (route.foreignUrl) {
        it("answers 404 for another organization's resource", async () => {
          const url = await route.foreignUrl!(ctx);
          for (const role of allowed) expectError(await call(route, auth(ctx.org.users[role].key), url), 404);
        });
      }

      const writes = route.method !== 'GET';
      const takesSession = route.session ?? route.credentials === 'apiKeyOrJwt';
      if (!takesSession) {
        it('answers 401 to the console session cookie', async () => {
          expectError(await call(route, consoleHeaders(ctx.server, ctx.browsers[firstAllowed])), 401);
        });
        return;
      }

      for (const role of ROLES) {
        if (allowed.includes(role)) {
          it(`lets a ${role} through with the session cookie`, async () => {
            expect([401, 403]).not.toContain((await call(route, consoleHeaders(ctx.server, ctx.browsers[role]))).statusCode);
          });
        } else {
          it(`answers 403 to a ${role} with the session cookie`, async () => {
            expectError(await call(route, consoleHeaders(ctx.server, ctx.browsers[role])), 403);
          });
        }
      }

      it('answers 401 to an ended console session', async () => {
        const ended = await createBrowserSession(ctx.server.store.db, ctx.org.id, ctx.org.users[firstAllowed].id);
        const browser = { cookie: ended.token, csrfToken: ended.csrfToken };
        await ctx.server.store.db.updateTable('browser_sessions').set({ last_seen_at: new Date(Date.now() - 13 * 3600_000) }).where('id', '=', ended.id).execute();
        expectError(await call(route, consoleHeaders(ctx.server, browser)), 401);
        expectError(await call(route, { cookie: 'qd_session=qds_not-a-session' }), 401);
      });

      if (route.foreignUrl) {
        it("answers 404 for another organization's resource with the session cookie", async () => {
          const url = await route.foreignUrl!(ctx);
          for (const role of allowed) expectError(await call(route, consoleHeaders(ctx.server, ctx.browsers[role]), url), 404);
        });
      }

      if (writes) {
        it('refuses a cookie write without the CSRF token or from another origin (403)', async () => {
          const browser = ctx.browsers[firstAllowed];
          const cookieOnly = consoleHeaders(ctx.server, browser, { csrf: false });
          expectError(await call(route, cookieOnly), 403);
          expectError(await call(route, { ...cookieOnly, origin: ctx.server.config.publicAppUrl }), 403);
          expectError(await call(route, { ...cookieOnly, origin: ctx.server.config.publicAppUrl, 'x-csrf-token': ctx.browsers.guest === browser ? ctx.browsers.owner.csrfToken : ctx.browsers.guest.csrfToken }), 403);
          expectError(await call(route, { ...cookieOnly, origin: 'https://evil.example', 'x-csrf-token': browser.csrfToken }), 403);
          expectError(await call(route, { ...cookieOnly, 'x-csrf-token': browser.csrfToken }), 403);
        });
      }
    });
  }
}
