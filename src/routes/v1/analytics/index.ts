import { MANAGERS } from '../../../domain/roles.js';
import { requireRole } from '../../../http/auth.js';
import { acceptsCsv } from '../../../http/csv.js';
import { toCsv } from '../../../sdk/csv.js';
import type { App } from '../../../http/context.js';
import activity from './activity.js';
import attributedCosts from './attributed-costs.js';
import modelLatency from './model-latency.js';
import premiumRequests from './premium-requests.js';
import outcomes from './outcomes.js';
import productivity from './productivity.js';
import repositories from './repositories.js';
import today from './today.js';
import tokens from './tokens.js';
import tools from './tools.js';
import users from './users.js';

// Analytics out: owner and manager only (api.md).
export default async function analytics(app: App) {
  app.addHook('preHandler', requireRole(MANAGERS));
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, description: 'JSON by default; `Accept: text/csv` answers the `data` rows as CSV (see docs/cli.md).' };
  });
  // Accept: text/csv turns a successful JSON answer's `data` into CSV (errors stay JSON). /users
  // writes its CSV itself.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string' || !acceptsCsv(request.headers.accept)) return payload;
    if (!String(reply.getHeader('content-type')).startsWith('application/json')) return payload;
    const { data } = JSON.parse(payload) as { data: Record<string, unknown>[] };
    reply.type('text/csv; charset=utf-8');
    return toCsv(data);
  });
  await app.register(tokens);
  await app.register(tools);
  await app.register(activity);
  await app.register(productivity);
  await app.register(users);
  await app.register(repositories);
  await app.register(outcomes);
  await app.register(attributedCosts);
  await app.register(today);
  await app.register(modelLatency);
  await app.register(premiumRequests);
}
