import type { Client } from '../../telemetry/events.js';
import type { EventRecord, PointRecord } from '../records.js';
import { durationOf, modelCallDetail, promptDetail, successOf, toolCallDetail } from './step-detail.js';
import { attribute, count, flag, modelCall, standardIdentity, text, times, tokens, type Draft, type RecordDetail, type Translator } from './translator.js';

// Google Gemini CLI (`gemini_cli.*`) and its fork Qwen Code (`qwen-code.*`, qwen.ts): the same
// events under their own prefix. Model calls, prompts, sessions (the configuration event each
// session starts with), tool calls with their decisions and file operations come from the events;
// lines of code from Gemini's `lines.changed` counter. The token counters repeat the api_response
// events and are not counted. Input tokens as reported include the cached ones, and the thinking
// and tool-use prompt tokens are reported apart: cached tokens count as cache reads only, thinking
// tokens as output, tool-use prompt tokens as input. A response's `ttft_ms` (Qwen Code 0.24 sends
// it) is the call's time to first token.

const DECISIONS: Record<string, 'accept' | 'reject'> = { accept: 'accept', auto_accept: 'accept', modify: 'accept', reject: 'reject' };

/** The translator of Gemini CLI's events under an agent's own prefix. */
export function geminiFamily(agent: string, prefix: string): Translator {
  const linesCounter = `${prefix}.lines.changed`;

  function event(record: EventRecord): Draft[] {
    if (record.signal !== 'logs') return [];
    const { attributes } = record;
    switch (record.name) {
      case `${prefix}.config`:
        return [{ type: 'session_start' }];
      case `${prefix}.user_prompt`:
        return [{ type: 'user_message' }];
      case `${prefix}.api_response`: {
        const model = text(attributes, 'model');
        if (!model) return [];
        const input = tokens(attributes, 'input_token_count');
        const cached = Math.min(input, tokens(attributes, 'cached_content_token_count'));
        const thoughts = tokens(attributes, 'thoughts_token_count');
        return [
          modelCall(
            model,
            { inputTokens: input - cached + tokens(attributes, 'tool_token_count'), outputTokens: tokens(attributes, 'output_token_count') + thoughts, cacheReadTokens: cached },
            { reasoningTokens: thoughts, ttftMs: count(attributes, 'ttft_ms') },
          ),
        ];
      }
      case `${prefix}.tool_call`: {
        const tool = text(attributes, 'function_name');
        if (!tool) return [];
        const drafts: Draft[] = [{ type: 'tool_call', tool, mcpServer: text(attributes, 'mcp_server_name') }];
        const decision = DECISIONS[text(attributes, 'decision') ?? ''];
        if (decision) drafts.push({ type: 'tool_decision', tool, decision });
        return drafts;
      }
      case `${prefix}.file_operation`: {
        const operation = text(attributes, 'operation');
        const type = operation === 'create' ? 'file_created' : operation === 'update' ? 'file_edited' : undefined;
        if (!type) return [];
        const language = text(attributes, 'programming_language');
        return [{ type, extension: text(attributes, 'extension'), language: language === 'None' ? undefined : language }];
      }
      default:
        return [];
    }
  }

  function point(record: PointRecord, amount: number): Draft[] {
    const kind = text(record.attributes, 'type');
    const lines = times(amount);
    if (kind === 'added') return [{ type: 'lines_changed', linesAdded: lines, linesRemoved: 0 }];
    if (kind === 'removed') return [{ type: 'lines_changed', linesAdded: 0, linesRemoved: lines }];
    return [];
  }

  /** Tool calls carry outcome, duration and arguments; API errors, compressions and cut tool output are steps of their own. */
  function detail(record: EventRecord): RecordDetail | undefined {
    if (record.signal !== 'logs') return undefined;
    const { attributes } = record;
    switch (record.name) {
      case `${prefix}.user_prompt`:
        return promptDetail(record);
      case `${prefix}.api_response`:
        return modelCallDetail(record, 'status_code');
      case `${prefix}.tool_call`: {
        const tool = text(attributes, 'function_name');
        return tool === undefined ? undefined : toolCallDetail(tool, text(attributes, 'function_args'), successOf(record), durationOf(record));
      }
      case `${prefix}.api_error`:
        return { durationMs: durationOf(record), also: { kind: 'error', name: text(attributes, 'error_type') ?? text(attributes, 'status_code') ?? 'api_error' } };
      case `${prefix}.chat_compression`:
        return { also: { kind: 'compaction', name: 'chat_compression' } };
      case `${prefix}.tool_output_truncated`:
        return { also: { kind: 'compaction', name: 'tool_output_truncated' } };
      default:
        return undefined;
    }
  }

  function client(record: EventRecord | PointRecord): Client | undefined {
    const interactive = flag(record.attributes, 'interactive');
    return interactive === undefined ? undefined : interactive ? 'terminal-ui' : 'non-interactive-cli';
  }

  return {
    agent,
    event,
    countsPoint: (record) => record.kind === 'sum' && record.name === linesCounter,
    point,
    identity: (record) => standardIdentity(record, [], ['installation.id']),
    session: (record) => attribute(record, 'session.id'),
    client,
    detail,
  };
}

export const geminiCli = geminiFamily('gemini-cli', 'gemini_cli');
