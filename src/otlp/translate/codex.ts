import type { Client } from '../../telemetry/events.js';
import { attributeValue, type EventRecord } from '../records.js';

import { durationOf, promptDetail, successOf, toolCallDetail } from './step-detail.js';
import { attribute, count, flag, modelCall, standardIdentity, text, tokens, type Draft, type RecordDetail, type Translator } from './translator.js';

// OpenAI Codex: `codex.*` log events (name in the `event.name` attribute, time often only in the
// observed time). Everything counted comes from the events: a model call is the
// `response.completed` server-sent event that carries token counts; Codex's metrics do not carry
// per-call usage and are not counted. Input tokens as OpenAI reports them include the cached
// ones: the cached part is counted as cache reads only.

const DECISIONS: Record<string, 'accept' | 'reject'> = {
  approved: 'accept',
  approved_for_session: 'accept',
  approved_execpolicy_amendment: 'accept',
  denied: 'reject',
  abort: 'reject',
};

function event(record: EventRecord): Draft[] {
  if (record.signal !== 'logs') return [];
  const { attributes } = record;
  switch (record.name) {
    case 'codex.conversation_starts':
      return [{ type: 'session_start' }];
    case 'codex.user_prompt':
      return [{ type: 'user_message' }];
    case 'codex.sse_event': {
      const model = attribute(record, 'model');
      if (text(attributes, 'event.kind') !== 'response.completed' || attributeValue(attributes, 'input_token_count') === undefined || !model) return [];
      const input = tokens(attributes, 'input_token_count');
      const cached = Math.min(input, tokens(attributes, 'cached_token_count'));
      return [
        modelCall(
          model,
          { inputTokens: input - cached, outputTokens: tokens(attributes, 'output_token_count'), cacheReadTokens: cached, cacheWriteTokens: tokens(attributes, 'cache_write_token_count') },
          { reasoningTokens: tokens(attributes, 'reasoning_token_count') },
        ),
      ];
    }
    case 'codex.tool_result': {
      const tool = text(attributes, 'tool_name');
      return tool ? [{ type: 'tool_call', tool, mcpServer: text(attributes, 'mcp_server') }] : [];
    }
    case 'codex.tool_decision': {
      const tool = text(attributes, 'tool_name');
      const decision = DECISIONS[text(attributes, 'decision')?.toLowerCase() ?? ''];
      return tool && decision ? [{ type: 'tool_decision', tool, decision }] : [];
    }
    default:
      return [];
  }
}

/** Tool results carry outcome, duration and arguments; a failed request or response is an error; cut tool output is context pressure. */
function detail(record: EventRecord): RecordDetail | undefined {
  if (record.signal !== 'logs') return undefined;
  const { attributes } = record;
  switch (record.name) {
    case 'codex.user_prompt':
      return promptDetail(record);
    case 'codex.tool_result': {
      const tool = text(attributes, 'tool_name');
      if (tool === undefined) return undefined;
      const toolDetail = toolCallDetail(tool, text(attributes, 'arguments'), successOf(record), durationOf(record), text(attributes, 'output'));
      return flag(attributes, 'output_truncated') === true ? { ...toolDetail, also: { kind: 'compaction', name: 'tool_output_truncated' } } : toolDetail;
    }
    case 'codex.api_request': {
      const status = count(attributes, 'http.response.status_code');
      return status !== undefined && status >= 400 ? { durationMs: durationOf(record), also: { kind: 'error', name: `http ${status}` } } : undefined;
    }
    case 'codex.sse_event': {
      const kind = text(attributes, 'event.kind');
      return kind === 'response.failed' || kind === 'error' ? { also: { kind: 'error', name: kind } } : undefined;
    }
    default:
      return undefined;
  }
}

/** `codex exec` runs headless; the other originators are the interactive clients. */
function client(record: EventRecord | { attributes: EventRecord['attributes']; resource: EventRecord['resource'] }): Client | undefined {
  const originator = text(record.attributes, 'originator') ?? text(record.resource, 'service.name');
  if (!originator) return undefined;
  return originator === 'codex_exec' ? 'non-interactive-cli' : 'terminal-ui';
}

export const codex: Translator = {
  agent: 'codex',
  event,
  countsPoint: () => false,
  point: () => [],
  identity: (record) => standardIdentity(record, ['user.account_id'], []),
  session: (record) => attribute(record, 'conversation.id'),
  client,
  detail,
};
