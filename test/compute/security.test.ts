import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERS, ROLES } from '../../src/domain/roles.js';
import { authMatrix, type MatrixContext } from '../helpers/auth-matrix.js';
import { accessToken, auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { addMessage, createSession, registerComputer } from './fixtures.js';

// The auth matrix of the computer and session routes (members and up; another organization's
// ids are 404), and the agent routes, which take a computer token and nothing else.

const computerOf = async ({ server, org }: MatrixContext) => (await registerComputer(server, org.owner.key)).id;
const foreignComputer = async ({ server, other }: MatrixContext) => (await registerComputer(server, other.owner.key)).id;
const sessionOf = async ({ server, org }: MatrixContext) => (await createSession(server, org.owner.key, { computerId: await computerOf({ server, org } as MatrixContext) })).sessionId;
const foreignSession = async ({ server, other }: MatrixContext) => (await createSession(server, other.owner.key)).sessionId;

async function messageOf(ctx: MatrixContext, sessionId?: string): Promise<string> {
  const id = sessionId ?? (await sessionOf(ctx));
  const response = await addMessage(ctx.server, ctx.org.owner.key, id, { text: 'hi' });
  return `/api/v0/sessions/${id}/messages/${response.json().messageId}`;
}

authMatrix([
  { method: 'POST', url: '/api/v0/computers', payload: { name: 'm', providerType: 'byom' }, credentials: 'apiKeyOrJwt', roles: MEMBERS },
  { method: 'GET', url: '/api/v0/computers', credentials: 'apiKeyOrJwt', roles: MEMBERS },
  {
    method: 'GET',
    url: async (ctx) => `/api/v0/computers/${await computerOf(ctx)}`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/computers/${await foreignComputer(ctx)}`,
  },
  {
    method: 'PATCH',
    url: async (ctx) => `/api/v0/computers/${await computerOf(ctx)}`,
    payload: { name: 'renamed' },
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/computers/${await foreignComputer(ctx)}`,
  },
  {
    method: 'POST',
    url: async (ctx) => `/api/v0/computers/${await computerOf(ctx)}/install-deps`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/computers/${await foreignComputer(ctx)}/install-deps`,
  },
  {
    method: 'DELETE',
    url: async (ctx) => `/api/v0/computers/${await computerOf(ctx)}`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/computers/${await foreignComputer(ctx)}`,
  },
  {
    method: 'GET',
    url: async (ctx) => {
      await computerOf(ctx);
      return '/api/v0/computers/name/box';
    },
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => {
      await ctx.server.app.inject({ method: 'POST', url: '/api/v0/computers', headers: auth(ctx.other.owner.key), payload: { name: 'foreign-only', remoteUser: 'u' } });
      return '/api/v0/computers/name/foreign-only';
    },
  },
  {
    method: 'POST',
    url: async (ctx) => `/api/v0/computers/${await computerOf(ctx)}/restart`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/computers/${await foreignComputer(ctx)}/restart`,
  },
  {
    method: 'POST',
    url: async (ctx) => `/api/v0/computers/${await computerOf(ctx)}/refresh`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/computers/${await foreignComputer(ctx)}/refresh`,
  },
  {
    method: 'GET',
    url: async (ctx) => `/api/v0/computers/${await computerOf(ctx)}/metrics`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/computers/${await foreignComputer(ctx)}/metrics`,
  },
  {
    method: 'GET',
    url: async (ctx) => `/api/v0/sessions/${await sessionOf(ctx)}/children`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/sessions/${await foreignSession(ctx)}/children`,
  },
  { method: 'POST', url: '/api/v0/sessions', payload: { title: 't' }, credentials: 'apiKeyOrJwt', roles: MEMBERS },
  {
    method: 'DELETE',
    url: async (ctx) => `/api/v0/sessions/${await sessionOf(ctx)}`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/sessions/${await foreignSession(ctx)}`,
  },
  {
    method: 'POST',
    url: async (ctx) => {
      const id = await sessionOf(ctx);
      await addMessage(ctx.server, ctx.org.owner.key, id, { text: 'to interrupt' });
      return `/api/v0/sessions/${id}/interrupt`;
    },
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/sessions/${await foreignSession(ctx)}/interrupt`,
  },
  { method: 'GET', url: '/api/v0/sessions', credentials: 'apiKeyOrJwt', roles: MEMBERS },
  {
    method: 'GET',
    url: async (ctx) => `/api/v0/sessions/${await sessionOf(ctx)}`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/sessions/${await foreignSession(ctx)}`,
  },
  {
    method: 'PATCH',
    url: async (ctx) => `/api/v0/sessions/${await sessionOf(ctx)}`,
    payload: { sessionSettings: { runInWorktree: true } },
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/sessions/${await foreignSession(ctx)}`,
  },
  {
    method: 'POST',
    url: async (ctx) => `/api/v0/sessions/${await sessionOf(ctx)}/messages`,
    payload: { text: 'hello' },
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/sessions/${await foreignSession(ctx)}/messages`,
  },
  {
    method: 'GET',
    url: async (ctx) => `/api/v0/sessions/${await sessionOf(ctx)}/messages`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/sessions/${await foreignSession(ctx)}/messages`,
  },
  {
    method: 'GET',
    url: (ctx) => messageOf(ctx),
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => {
      const session = await createSession(ctx.server, ctx.other.owner.key, { computerId: await foreignComputer(ctx) });
      const added = await addMessage(ctx.server, ctx.other.owner.key, session.sessionId, { text: 'x' });
      return `/api/v0/sessions/${session.sessionId}/messages/${added.json().messageId}`;
    },
  },
]);

describe('security: agent routes take a computer token only', () => {
  let server: TestServer;
  let org: TestOrganization;
  let other: TestOrganization;
  let token: string;
  let foreignToken: string;
  let sessionId: string;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
    org = await createOrganization(server, 'Agent Org');
    other = await createOrganization(server, 'Other Agent Org');
    const computer = await registerComputer(server, org.users.member.key);
    token = computer.token;
    foreignToken = (await registerComputer(server, other.owner.key)).token;
    sessionId = (await createSession(server, org.users.member.key, { computerId: computer.id })).sessionId;
    await addMessage(server, org.users.member.key, sessionId, { text: 'go' });
  });
  afterAll(async () => server?.close());

  const routes = [
    { method: 'POST', url: () => '/api/v0/agent/heartbeat' },
    { method: 'PATCH', url: () => '/api/v0/agent/provisioning-steps/connect', payload: { status: 'running' } },
    { method: 'POST', url: () => '/api/v0/agent/claim' },
    { method: 'POST', url: () => `/api/v0/agent/sessions/${sessionId}/messages`, payload: { role: 'assistant', content: [{ text: 'x' }] }, sessionRoute: true },
    { method: 'POST', url: () => `/api/v0/agent/sessions/${sessionId}/finish`, sessionRoute: true },
  ] as const;

  for (const route of routes) {
    const send = (headers: Record<string, string>) =>
      server.app.inject({ method: route.method, url: route.url(), headers, ...('payload' in route ? { payload: route.payload } : {}) });

    it(`${route.method} ${route.url().replace(/ses_\w+/, '{sessionId}')}: 401 without a computer token`, async () => {
      expectError(await send({}), 401);
      for (const garbage of ['qdc_not-a-token', 'garbage', 'eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl']) expectError(await send(auth(garbage)), 401);
      for (const role of ROLES) {
        expectError(await send(auth(org.users[role].key)), 401);
        expectError(await send(auth(await accessToken(server, org.users[role].key))), 401);
      }
      expectError(await send(auth(server.adminToken)), 401);
      expect((await send(auth(token))).statusCode).not.toBe(401);
      if ('sessionRoute' in route) expectError(await send(auth(foreignToken)), 404);
    });
  }
});
