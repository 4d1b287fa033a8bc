import { Type } from '@sinclair/typebox';
import { dayOf, parseDay } from '../../../domain/dates.js';
import { invalidInput } from '../../../domain/errors.js';
import { principalOf } from '../../../http/auth.js';
import type { App } from '../../../http/context.js';
import { FLEET_VERSION_DAYS, fleetVersions, listConnections } from '../../../repositories/telemetry-connections.js';
import { ConnectedAgent, connectedAgentView, FleetVersionSchema, fleetVersionView } from '../../../schemas/index.js';
import { UNREAD_AGENT } from '../../../telemetry/sent-events.js';

// GET /api/v0/organization/connected-agents?day=YYYY-MM-DD — per agent product and sender, what
// arrived on that UTC day (today by default) and what was refused, as the receiver counts it:
// live, not waiting for the daily rollup.
export default async function connectedAgentsRoute(app: App) {
  app.get(
    '/organization/connected-agents',
    {
      schema: {
        summary: 'Agents sending telemetry, per agent product and sender, on one UTC day',
        tags: ['telemetry'],
        querystring: Type.Object({ day: Type.Optional(Type.String({ description: 'YYYY-MM-DD (UTC); default today' })) }),
        response: {
          200: Type.Object({
            connections: Type.Array(Type.Ref(ConnectedAgent)),
            versions: Type.Array(FleetVersionSchema, { description: `The versions in use across the fleet: each agent and sender heard in the ${FLEET_VERSION_DAYS} days ending with the day, at its latest version` }),
          }),
        },
      },
    },
    async (request) => {
      const { organizationId } = principalOf(request);
      const day = request.query.day === undefined ? dayOf(Date.now()) : parseDay(request.query.day);
      if (day === undefined) throw invalidInput('day must be a calendar day, YYYY-MM-DD', [{ path: 'querystring/day', message: 'must be a calendar day, YYYY-MM-DD' }]);
      const [connections, versions] = await Promise.all([listConnections(app.services.db, organizationId, day), fleetVersions(app.services.db, organizationId, day, UNREAD_AGENT)]);
      return { connections: connections.map(connectedAgentView), versions: versions.map(fleetVersionView) };
    },
  );
}
