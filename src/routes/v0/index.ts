import type { App } from '../../http/context.js';
import { authenticate } from '../../http/auth.js';
import { byCredential, limitRequests } from '../../http/rate-limit.js';
import agentCommits from './agent-commits/index.js';
import agentSessions from './agent-sessions/index.js';
import apiKeys from './api-keys/index.js';
import auditLog from './audit-log/index.js';
import budgets from './budgets/index.js';
import createToken from './auth/create-token.js';
import gitHosts from './git-hosts/index.js';
import enterpriseControls from './enterprise-controls/index.js';
import computers from './computers/index.js';
import organizationTelemetry from './organization-telemetry/index.js';
import organizationSso from './organization-sso/index.js';
import organizationUsers from './organization-users/index.js';
import sessions from './sessions/index.js';
import teams from './teams/index.js';
import creditLimits from './credit-limits/index.js';
import preferences from './preferences/index.js';
import prices from './prices/index.js';
import pullRequests from './pull-requests/index.js';
import readiness from './readiness/index.js';
import scimTokens from './scim-tokens/index.js';
import webhooks from './webhooks/index.js';

// /api/v0: API key, JWT or the console session cookie. Each resource folder is its own context
// and declares its roles in
// its index.ts.
export default async function v0Routes(app: App) {
  app.addHook('onRequest', authenticate(app.services, ['apiKey', 'jwt', 'session']));
  app.addHook('preHandler', limitRequests(app, byCredential));
  await app.register(createToken);
  await app.register(apiKeys);
  await app.register(organizationUsers);
  await app.register(auditLog);
  await app.register(organizationSso);
  await app.register(preferences);
  await app.register(teams);
  await app.register(organizationTelemetry);
  await app.register(enterpriseControls);
  await app.register(creditLimits);
  await app.register(prices);
  await app.register(webhooks);
  await app.register(gitHosts);
  await app.register(agentCommits);
  await app.register(pullRequests);
  await app.register(scimTokens);
  await app.register(budgets);
  await app.register(computers);
  await app.register(sessions);
  await app.register(agentSessions);
  await app.register(readiness);
}
