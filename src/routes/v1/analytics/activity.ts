import { Type } from '@sinclair/typebox';
import { ActivityRow, AgentActivityRow, GroupedRow } from '../../../analytics/schemas.js';
import type { App } from '../../../http/context.js';
import { dailyRoute } from './daily-route.js';

// GET /api/v1/analytics/activity — active users, sessions and messages per day; group_by=client
// per client type present that day, group_by=agent per agent product.
export default async function activityRoute(app: App) {
  dailyRoute(app, {
    kind: 'activity',
    summary: 'Active users, sessions and messages per day',
    row: ActivityRow,
    agentRow: AgentActivityRow,
    groupBy: {
      value: 'client',
      row: GroupedRow({ daily_active_users: Type.Number() }),
      groups: (row) =>
        Object.entries(row.daily_active_users_by_client)
          .filter(([, users]) => users > 0)
          .map(([client, users]) => ({ group_key: client, daily_active_users: users })),
    },
  });
}
