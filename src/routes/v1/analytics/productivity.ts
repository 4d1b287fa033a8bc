import { AgentProductivityRow, ProductivityRow } from '../../../analytics/schemas.js';
import type { App } from '../../../http/context.js';
import { dailyRoute } from './daily-route.js';

// GET /api/v1/analytics/productivity — files and git activity per day; group_by=agent per agent product.
export default async function productivityRoute(app: App) {
  dailyRoute(app, { kind: 'productivity', summary: 'Files created and edited, commits and pull requests per day', row: ProductivityRow, agentRow: AgentProductivityRow });
}
