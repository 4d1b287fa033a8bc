import { Type } from '@sinclair/typebox';
import { AgentToolRow, GroupedRow, ToolRow } from '../../../analytics/schemas.js';
import type { App } from '../../../http/context.js';
import { dailyRoute } from './daily-route.js';

// GET /api/v1/analytics/tools — tool, MCP, skill, slash command and hook usage per day;
// group_by=tool_name per tool, group_by=agent per agent product, group_by=tool_source per tool
// source as the agent names it (Claude Code's built-in, MCP, plugin...; docs/analytics.md).
export default async function toolsRoute(app: App) {
  const toolCalls = GroupedRow({ tool_calls: Type.Number() });
  dailyRoute(app, {
    kind: 'tools',
    summary: 'Tool and automation usage per day',
    row: ToolRow,
    agentRow: AgentToolRow,
    groupBy: {
      value: 'tool_name',
      row: toolCalls,
      groups: (row) => row.by_tool.map((tool) => ({ group_key: tool.tool, tool_calls: tool.invocations })),
    },
    ownStoredGroup: { value: 'tool_source', row: toolCalls },
  });
}
