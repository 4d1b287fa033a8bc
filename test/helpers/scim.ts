import { expect } from 'vitest';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from './server.js';

// SCIM tests' plumbing: the server on a loopback port (providers call over real HTTP), an
// organization with a SCIM token, and a caller that speaks application/scim+json.

export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export interface ScimWorld {
  server: TestServer;
  baseUrl: string;
  org: TestOrganization;
  token: string;
  tokenId: string;
}

export async function createScimToken(server: TestServer, ownerKey: string, name = 'Identity provider'): Promise<{ id: string; token: string }> {
  const response = await server.app.inject({ method: 'POST', url: '/api/v0/organization/scim-tokens', headers: auth(ownerKey), payload: { name } });
  if (response.statusCode !== 201) throw new Error(`SCIM token: ${response.statusCode} ${response.body}`);
  return { id: response.json().id, token: response.json().token };
}

export async function startScimWorld(): Promise<ScimWorld> {
  const server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const org = await createOrganization(server, 'SCIM Org');
  const { id, token } = await createScimToken(server, org.owner.key, 'Okta');
  return { server, baseUrl, org, token, tokenId: id };
}

export interface ScimAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/** A SCIM request over HTTP, as a provider sends it. */
export async function scim(world: Pick<ScimWorld, 'baseUrl' | 'token'>, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ScimAnswer> {
  const response = await fetch(`${world.baseUrl}/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${world.token}`, accept: 'application/scim+json', ...(body !== undefined && { 'content-type': 'application/scim+json; charset=utf-8' }), ...headers },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** Asserts SCIM's error body (RFC 7644 §3.12) with the status, and the scimType when given. */
export function expectScimError(answer: { status: number; body: any; headers: { get(name: string): string | null } | Record<string, unknown> }, status: number, scimType?: string): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.schemas).toEqual([SCIM_ERROR]);
  expect(answer.body.status).toBe(String(status));
  expect(typeof answer.body.detail).toBe('string');
  if (scimType) expect(answer.body.scimType).toBe(scimType);
  const type = 'get' in answer.headers && typeof answer.headers.get === 'function' ? answer.headers.get('content-type') : (answer.headers as Record<string, unknown>)['content-type'];
  expect(String(type)).toContain('application/scim+json');
}
