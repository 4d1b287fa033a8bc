import type { LightMyRequestResponse } from 'fastify';
import { appendRevision } from '../../src/repositories/enterprise-controls.js';
import { auth, type TestOrganization, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/audit.js';

// Steps shared by the compute tests: register a computer, drive its agent, open sessions.

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function call(server: TestServer, key: string, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return server.app.inject({ method, url, headers: auth(key), ...(payload === undefined ? {} : { payload: payload as object }) });
}

export interface RegisteredComputer {
  id: string;
  token: string;
  body: any;
}

export async function registerComputer(server: TestServer, key: string, body: Record<string, unknown> = {}): Promise<RegisteredComputer> {
  const response = await call(server, key, 'POST', '/api/v0/computers', { name: 'box', providerType: 'byom', ...body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const created = response.json();
  return { id: created.id, token: created.computerToken, body: created };
}

export async function createSession(server: TestServer, key: string, body: Record<string, unknown> = {}): Promise<any> {
  const response = await call(server, key, 'POST', '/api/v0/sessions', body);
  if (response.statusCode !== 201) throw new Error(`session failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function addMessage(server: TestServer, key: string, sessionId: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return call(server, key, 'POST', `/api/v0/sessions/${sessionId}/messages`, body);
}

const runQuery = (runId: string | undefined) => (runId ? `?runId=${encodeURIComponent(runId)}` : '');

/** The agent of a computer, calling /api/v0/agent/* with its token. */
export function agent(server: TestServer, token: string) {
  return {
    heartbeat: (runIds?: string[]) => call(server, token, 'POST', '/api/v0/agent/heartbeat', runIds ? { runIds } : undefined),
    step: (stepId: string, body: Record<string, unknown>) => call(server, token, 'PATCH', `/api/v0/agent/provisioning-steps/${stepId}`, body),
    claim: (waitMs = 0) => call(server, token, 'POST', `/api/v0/agent/claim?waitMs=${waitMs}`),
    post: (sessionId: string, body: Record<string, unknown>, runId?: string) => call(server, token, 'POST', `/api/v0/agent/sessions/${sessionId}/messages${runQuery(runId)}`, body),
    finish: (sessionId: string, runId?: string) => call(server, token, 'POST', `/api/v0/agent/sessions/${sessionId}/finish${runQuery(runId)}`),
  };
}

/** Writes the organization's enterprise control settings (as a new revision). */
export async function setControls(server: TestServer, org: TestOrganization, settings: Record<string, unknown>): Promise<void> {
  await appendRevision(server.store.db, org.id, org.owner.id, () => settings, SYSTEM_ACTOR);
}
