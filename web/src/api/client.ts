import { QuarterdeckClient, QuarterdeckError } from '../../../src/sdk/client.js';
import type { components, paths } from '../../../src/sdk/openapi.js';

// The console talks to the server through the project's SDK, with the session cookie (sent by
// the browser) and the session's CSRF token. No retries: a person sees the answer at once.

export type ConsoleSession = components['schemas']['ConsoleSession'];
export type User = components['schemas']['User'];
export type Team = components['schemas']['Team'];
export type TeamMember = components['schemas']['TeamMember'];
/** A user of the members list, with the teams it is in and its last day of agent activity. */
export type ListedUser = paths['/api/v0/organization/users']['get']['responses'][200]['content']['application/json']['users'][number];
export type ApiKey = components['schemas']['ApiKey'];
export type AuditLogEntry = components['schemas']['AuditLogEntry'];
export type AuditLogQuery = NonNullable<paths['/api/v0/organization/audit-log']['get']['parameters']['query']>;
export type AuditAction = NonNullable<AuditLogQuery['action']>[number];
export type Role = components['schemas']['Role'];
export type ConnectedAgent = components['schemas']['ConnectedAgent'];
export type FleetVersion = paths['/api/v0/organization/connected-agents']['get']['responses'][200]['content']['application/json']['versions'][number];
export type TelemetryIdentity = components['schemas']['TelemetryIdentity'];
export type Budget = components['schemas']['Budget'];
export type MemberLimitStatus = components['schemas']['MemberLimitStatus'];
export type Preferences = components['schemas']['Preferences'];
export type Webhook = components['schemas']['WebhookEndpoint'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookAttempt = components['schemas']['WebhookAttempt'];
export type GitHost = components['schemas']['GitHost'];
export type GitDelivery = components['schemas']['GitDelivery'];
export type PullRequest = components['schemas']['PullRequest'];
export type AgentSession = components['schemas']['AgentSession'];
export type AgentSessionStep = components['schemas']['AgentSessionStep'];
export type AgentSessionFinding = components['schemas']['AgentSessionFinding'];
export type AgentSessionQuery = Omit<NonNullable<paths['/api/v0/agent-sessions']['get']['parameters']['query']>, 'limit' | 'cursor'>;
export type ReadinessRepository = components['schemas']['ReadinessRepository'];
export type ReadinessEvaluation = components['schemas']['ReadinessEvaluation'];
/** What may be changed of an endpoint (PATCH); its creation takes the same fields with a url. */
export type WebhookChanges = NonNullable<paths['/api/v0/webhooks/{webhookId}']['patch']['requestBody']>['content']['application/json'];

/** The single sign-on settings as PUT takes them. */
export type SsoSettingsInput = NonNullable<paths['/api/v0/organization/sso']['put']['requestBody']>['content']['application/json'];
export type SsoSettings = NonNullable<paths['/api/v0/organization/sso']['get']['responses'][200]['content']['application/json']['sso']>;

let csrfToken: string | undefined;

export function rememberCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export const api = new QuarterdeckClient({ baseUrl: window.location.origin, csrfToken: () => csrfToken, maxRetries: 0 });

/** What to tell a person about a failed call: the server's detail when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof QuarterdeckError) return error.body.detail;
  return error instanceof Error ? error.message : String(error);
}

/** The server's id of the failed request (its logs carry it), for a person to quote. */
export function errorRequestId(error: unknown): string | undefined {
  return error instanceof QuarterdeckError && error.requestId ? error.requestId : undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof QuarterdeckError ? error.status : undefined;
}

/** An answer the same request would get again: 400-499 (a 429 aside, which passes with time). */
export function isClientError(error: unknown): boolean {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
}

export function isManager(role: Role): boolean {
  return role === 'owner' || role === 'manager';
}
