import { normaliseModel } from '../../domain/model-id.js';
import type { EventRecord, PointRecord } from '../records.js';
import { durationOf, modelCallDetail, promptDetail, successOf, toolCallDetail } from './step-detail.js';
import { attribute, count, modelCall, standardIdentity, text, times, tokens, type Draft, type RecordDetail, type Translator } from './translator.js';

// Claude Code: `claude_code.*` metrics and events (the event's name without the prefix in the
// `event.name` attribute). Model calls, prompts, tool calls and decisions come from the events;
// sessions, lines of code, commits and pull requests from the counters. The token and cost
// counters (claude_code.token.usage, claude_code.cost.usage) repeat the api_request events'
// figures and are not counted as calls: what they add is the attribution labels of Claude Code
// 2.1.332 (which skill, sub-agent, plugin or MCP server the usage went to), read from them into
// usage shares of their own (below), a breakdown beside the calls.

const COUNTERS: Record<string, (point: PointRecord, amount: number) => Draft[]> = {
  'claude_code.session.count': (_point, amount) => [{ type: 'session_start', times: times(amount) }],
  'claude_code.commit.count': (_point, amount) => [{ type: 'git_commit', times: times(amount) }],
  'claude_code.pull_request.count': (_point, amount) => [{ type: 'pr_created', times: times(amount) }],
  'claude_code.lines_of_code.count': (point, amount) => {
    const kind = text(point.attributes, 'type');
    const lines = times(amount);
    if (kind === 'added') return [{ type: 'lines_changed', linesAdded: lines, linesRemoved: 0 }];
    if (kind === 'removed') return [{ type: 'lines_changed', linesAdded: 0, linesRemoved: lines }];
    return [];
  },
};

/** The attribution labels of the token and cost counters, and the usage kind each names. */
const ATTRIBUTIONS = [
  ['skill.name', 'skill_usage'],
  ['agent.name', 'subagent_usage'],
  ['plugin.name', 'plugin_usage'],
  ['mcp_server.name', 'mcp_server_usage'],
] as const;

/** `claude_code.token.usage`'s `type` as our token fields. */
const TOKEN_TYPES: Record<string, 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens'> = {
  input: 'inputTokens',
  output: 'outputTokens',
  cacheRead: 'cacheReadTokens',
  cacheCreation: 'cacheWriteTokens',
};

const attributed = (point: PointRecord) => ATTRIBUTIONS.some(([label]) => text(point.attributes, label) !== undefined);

/**
 * A token or cost counter's increment, once per label it carries (a plugin's MCP server's usage is
 * the server's and the plugin's): the kinds are breakdowns of their own, never added together.
 */
function usageShares(point: PointRecord, amount: number): Draft[] {
  if (!(amount > 0)) return [];
  const model = text(point.attributes, 'model');
  const figures = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  let reportedCostUsd: number | undefined;
  if (point.name === 'claude_code.cost.usage') reportedCostUsd = Math.max(0, amount);
  else {
    const field = TOKEN_TYPES[text(point.attributes, 'type') ?? ''];
    if (!field) return [];
    figures[field] = times(amount);
  }
  const drafts: Draft[] = [];
  for (const [label, type] of ATTRIBUTIONS) {
    const name = text(point.attributes, label);
    if (name === undefined) continue;
    drafts.push({ type, name, ...(model ? { modelId: normaliseModel(model) } : {}), ...figures, ...(reportedCostUsd === undefined ? {} : { reportedCostUsd }) });
  }
  return drafts;
}

const USAGE_COUNTERS = new Set(['claude_code.token.usage', 'claude_code.cost.usage']);

/**
 * A call's cache writes: the total when sent, else the sum of the 5-minute and 1-hour tiers Claude
 * Code 2.1.332 reports; and of them, the 1-hour ones when it says (priced apart: docs/prices.md).
 */
function cacheWrites(attributes: EventRecord['attributes']): { cacheWriteTokens: number; cacheWrite1hTokens?: number } {
  const total = count(attributes, 'cache_creation_tokens');
  const oneHour = count(attributes, 'cache_creation_1h_tokens');
  const cacheWriteTokens = total !== undefined ? Math.round(total) : tokens(attributes, 'cache_creation_5m_tokens') + tokens(attributes, 'cache_creation_1h_tokens');
  return oneHour === undefined ? { cacheWriteTokens } : { cacheWriteTokens, cacheWrite1hTokens: Math.round(oneHour) };
}

/**
 * The MCP server of a tool result: in the tool's name (`mcp__<server>__<tool>`), else in
 * `mcp_server_name`, else in `tool_parameters`: Claude Code 2.1.332 names every MCP tool `mcp_tool`
 * and, with OTEL_LOG_TOOL_DETAILS=1 only, sends `{"mcp_server_name":…,"mcp_tool_name":…}` there.
 */
function mcpServerOf(attributes: EventRecord['attributes'], tool: string): string | undefined {
  const named = /^mcp__(.+?)__/.exec(tool)?.[1] ?? text(attributes, 'mcp_server_name');
  if (named !== undefined) return named;
  const parameters = text(attributes, 'tool_parameters');
  if (!parameters) return undefined;
  try {
    const server: unknown = (JSON.parse(parameters) as { mcp_server_name?: unknown } | null)?.mcp_server_name;
    return typeof server === 'string' && server !== '' ? server : undefined;
  } catch {
    return undefined; // not JSON: no server to read
  }
}

function event(record: EventRecord): Draft[] {
  if (record.signal !== 'logs') return [];
  const { attributes } = record;
  switch (record.name) {
    case 'user_prompt':
      return [{ type: 'user_message' }];
    case 'assistant_response':
      return [{ type: 'assistant_message' }];
    case 'api_request': {
      const model = text(attributes, 'model');
      if (!model) return [];
      return [
        modelCall(
          model,
          {
            inputTokens: tokens(attributes, 'input_tokens'),
            outputTokens: tokens(attributes, 'output_tokens'),
            cacheReadTokens: tokens(attributes, 'cache_read_tokens'),
            ...cacheWrites(attributes),
          },
          { reportedCostUsd: count(attributes, 'cost_usd'), ttftMs: count(attributes, 'ttft_ms') },
        ),
      ];
    }
    case 'tool_result': {
      const tool = text(attributes, 'tool_name');
      if (!tool) return [];
      return [{ type: 'tool_call', tool, mcpServer: mcpServerOf(attributes, tool), toolSource: text(attributes, 'tool_source'), toolUseId: text(attributes, 'tool_use_id') }];
    }
    case 'tool_decision': {
      const tool = text(attributes, 'tool_name');
      const decision = text(attributes, 'decision');
      if (!tool || (decision !== 'accept' && decision !== 'reject')) return [];
      // Its source is the source of the call of the same tool use too (2.1.332 sends it here only).
      return [{ type: 'tool_decision', tool, decision, toolSource: text(attributes, 'tool_source'), toolUseId: text(attributes, 'tool_use_id') }];
    }
    default:
      return [];
  }
}

/** Prompts carry their text (with OTEL_LOG_USER_PROMPTS=1); tool results their outcome, duration and (with OTEL_LOG_TOOL_DETAILS=1) their input; API errors are steps of their own. */
function detail(record: EventRecord): RecordDetail | undefined {
  if (record.signal !== 'logs') return undefined;
  const { attributes } = record;
  switch (record.name) {
    case 'user_prompt':
      return promptDetail(record);
    case 'api_request':
      return modelCallDetail(record);
    case 'tool_result': {
      const tool = text(attributes, 'tool_name');
      // The tool's input: `tool_input` as the captured exports send it, else `tool_parameters` (what was read before).
      return tool === undefined ? undefined : toolCallDetail(tool, text(attributes, 'tool_input') ?? text(attributes, 'tool_parameters'), successOf(record), durationOf(record));
    }
    case 'api_error':
      return { durationMs: durationOf(record), also: { kind: 'error', name: text(attributes, 'status_code') ?? text(attributes, 'error') ?? 'api_error' } };
    default:
      return undefined;
  }
}

export const claudeCode: Translator = {
  agent: 'claude-code',
  event,
  countsPoint: (point) => point.kind === 'sum' && (point.name in COUNTERS || (USAGE_COUNTERS.has(point.name) && attributed(point))),
  point: (point, amount) => (USAGE_COUNTERS.has(point.name) ? usageShares(point, amount) : (COUNTERS[point.name]?.(point, amount) ?? [])),
  identity: (record) => standardIdentity(record, ['user.account_uuid'], ['user.id']),
  session: (record) => attribute(record, 'session.id'),
  client: () => undefined,
  detail,
};
