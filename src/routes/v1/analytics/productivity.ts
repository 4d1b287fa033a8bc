import { ProductivityRow } from '../../../analytics/schemas.js';
import type { App } from '../../../http/context.js';
import { dailyRoute } from './daily-route.js';

// GET /api/v1/analytics/productivity — files and git activity per day (no group_by).
export default async function productivityRoute(app: App) {
  dailyRoute(app, { kind: 'productivity', summary: 'Files created and edited, commits and pull requests per day', row: ProductivityRow });
}
