import type { App } from '../../../http/context.js';
import { touchComputer } from '../../../repositories/computers.js';
import { computerOf } from './auth.js';
import { AgentComputerResponse, agentComputer } from './computer.js';

// POST /api/v0/agent/heartbeat — the agent is alive; answers its computer.
export default async function heartbeatRoute(app: App) {
  app.post('/heartbeat', { schema: { summary: 'Agent heartbeat', tags: ['agent'], response: { 200: AgentComputerResponse } } }, async (request) => {
    const { organizationId, computerId } = computerOf(request);
    await touchComputer(app.services.db, organizationId, computerId, new Date());
    return agentComputer(app, organizationId, computerId);
  });
}
