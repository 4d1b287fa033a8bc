import { Type } from '@sinclair/typebox';
import { AgentToolRow, GroupedRow, ToolRow } from '../../../analytics/schemas.js';
import type { App } from '../../../http/context.js';
import { dailyRoute } from './daily-route.js';

// GET /api/v1/analytics/tools — tool, MCP, skill, slash command and hook usage per day;
// group_by=tool_name per tool, group_by=agent per agent product.
export default async function toolsRoute(app: App) {
  dailyRoute(app, {
    kind: 'tools',
    summary: 'Tool and automation usage per day',
    row: ToolRow,
    agentRow: AgentToolRow,
    groupBy: {
      value: 'tool_name',
      row: GroupedRow({ tool_calls: Type.Number() }),
      groups: (row) => row.by_tool.map((tool) => ({ group_key: tool.tool, tool_calls: tool.invocations })),
    },
  });
}
