import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/roles.js';
import { accessToken, auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from './server.js';

// One shared security check for every route: each route adds one line to a matrix file, and gets
// the same tests — no credential, garbage credentials, revoked / expired keys, a deactivated
// user, JWT where it is not accepted, every role, and another organization's ids.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MatrixContext {
  server: TestServer;
  /** The caller's organization. */
  org: TestOrganization;
  /** Another organization, whose resources must stay invisible. */
  other: TestOrganization;
}

export interface RouteCase {
  method: Method;
  url: string | ((ctx: MatrixContext) => Promise<string> | string);
  payload?: unknown | ((ctx: MatrixContext) => unknown);
  /** Which credentials the route takes. */
  credentials: 'apiKey' | 'apiKeyOrJwt' | 'admin';
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
    ctx = { server, org: await createOrganization(server, 'Matrix Org'), other: await createOrganization(server, 'Other Org') };
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
    });
  }
}
