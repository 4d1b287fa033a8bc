import { hash } from 'node:crypto';
import { READING_TOOL, WRITING_TOOL, type StepContent } from '../../domain/agent-sessions.js';
import type { EventRecord } from '../records.js';
import { count, flag, text, type RecordDetail } from './translator.js';

// What a record says of its step in an agent session beyond the event it counts
// (docs/agent-sessions.md): how long it took, whether it failed, and digests of what a tool call
// was given — which call it was, which file it read or changed — never the arguments themselves.
// The content a record carries (a prompt, a tool's input and output) travels beside, raw, to be
// redacted and kept only for organizations that turn the content control on (session-steps.ts).

const digest = (...parts: string[]) => hash('sha256', parts.join('\u0000'), 'base64url').slice(0, 22);

const PATH_KEYS = ['file_path', 'absolute_path', 'filePath', 'path', 'target_file', 'filename'];

/** The arguments a tool call was given, as the JSON text the agent sent (maybe cut short), parsed when it is an object. */
function parsedArguments(argumentsText: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(argumentsText);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** What agents send in place of content their own switch keeps back (Claude Code's, Codex's). */
const PLACEHOLDERS = new Set(['<REDACTED>', '[REDACTED]']);
const sent = (value: string | undefined) => (value === undefined || PLACEHOLDERS.has(value.trim()) ? undefined : value);

/** The content of a step, when the record carries some. */
function contentOf(input: string | undefined, output: string | undefined): StepContent | undefined {
  const [kept, result] = [sent(input), sent(output)];
  return kept === undefined && result === undefined ? undefined : { input: kept, output: result };
}

/** A prompt's detail: its text, when the agent sends it (Claude Code with OTEL_LOG_USER_PROMPTS=1, Codex with log_user_prompt, Gemini and Qwen with logPrompts). */
export function promptDetail(record: EventRecord, key = 'prompt'): RecordDetail | undefined {
  const content = contentOf(text(record.attributes, key), undefined);
  return content === undefined ? undefined : { content };
}

/** A tool call's detail: its outcome, duration, the digests of its arguments and of the file they name, and its input and output as sent. */
export function toolCallDetail(tool: string, argumentsText: string | undefined, succeeded: boolean | undefined, durationMs: number | undefined, outputText?: string): RecordDetail {
  const detail: RecordDetail = { durationMs, outcome: succeeded === undefined ? undefined : succeeded ? 'success' : 'failure', content: contentOf(argumentsText, outputText) };
  if (argumentsText === undefined) return detail;
  detail.callDigest = digest(tool, argumentsText);
  const parsed = parsedArguments(argumentsText);
  const path = PATH_KEYS.map((key) => parsed?.[key]).find((value): value is string => typeof value === 'string' && value !== '');
  if (path !== undefined) {
    detail.fileDigest = digest(path);
    detail.fileAccess = READING_TOOL.test(tool) ? 'read' : WRITING_TOOL.test(tool) ? 'write' : undefined;
  }
  return detail;
}

/** A duration in ms from an attribute (agents send numbers or strings). */
export const durationOf = (record: EventRecord, key = 'duration_ms') => count(record.attributes, key);

/** A success flag from an attribute: `success` true/false, as a boolean or a string. */
export const successOf = (record: EventRecord, key = 'success') => flag(record.attributes, key);

/** The detail of a GenAI `execute_tool` span or an AI SDK `ai.toolCall` span: failed when its status or `error.type` says so. */
export function toolSpanDetail(record: EventRecord, tool: string, argumentsKey: string, resultKey: string): RecordDetail {
  const failed = (record.span?.failed ?? false) || text(record.attributes, 'error.type') !== undefined;
  return toolCallDetail(tool, text(record.attributes, argumentsKey), !failed, undefined, text(record.attributes, resultKey));
}

/** A model call's detail: its duration, and a failure when the span or the status code says so. */
export function modelCallDetail(record: EventRecord, statusKey?: string): RecordDetail {
  const status = statusKey === undefined ? undefined : count(record.attributes, statusKey);
  const failed = (record.span?.failed ?? false) || (status !== undefined && status >= 400);
  return { durationMs: durationOf(record), outcome: failed ? 'failure' : 'success' };
}
