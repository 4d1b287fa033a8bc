import type { App } from '../../../http/context.js';
import { limitRequests } from '../../../http/rate-limit.js';
import { authenticateComputer } from './auth.js';
import claim from './claim.js';
import createSession from './create-session.js';
import finish from './finish.js';
import heartbeat from './heartbeat.js';
import postMessage from './post-message.js';
import readinessClaim from './readiness-claim.js';
import readinessFinish from './readiness-finish.js';
import updateStep from './update-step.js';

// /api/v0/agent: what a computer's agent calls, with its computer token.
export default async function agentRoutes(app: App) {
  app.decorateRequest('computer', null);
  app.addHook('onRequest', authenticateComputer(app.services));
  app.addHook('preHandler', limitRequests(app, (request) => `computer:${request.computer?.computerId}`));
  await app.register(heartbeat);
  await app.register(updateStep);
  await app.register(claim);
  await app.register(postMessage);
  await app.register(finish);
  await app.register(createSession);
  await app.register(readinessClaim);
  await app.register(readinessFinish);
}
