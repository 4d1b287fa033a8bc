import type { EventRecord } from '../records.js';
import { geminiFamily } from './gemini.js';
import { attribute, type Draft, type RecordDetail, type Translator } from './translator.js';

// Qwen Code (`qwen-code.*`): Gemini CLI's events under its own prefix (gemini.ts), and since 0.24
// OpenTelemetry's session events and GenAI spans besides (docs/otel.md "Qwen Code").
//
// - A session starts with `session.start` (one per session id, a new one when the person switches
//   session) and, as before 0.24, with the configuration event each run of the CLI starts with:
//   both are read, as one session start per session id (Draft.sameAs), so that a version that
//   sends only the configuration event counts its sessions too and one that sends both counts
//   each once. `session.start` and `session.end` are also the session's first and last steps:
//   its duration runs from the one to the other (docs/agent-sessions.md).
// - The spans (`qwen-code.llm_request` with gen_ai.usage.*, `qwen-code.tool`) repeat the
//   api_response and tool_call events one for one, and are not counted: the events win, as the
//   only source of every Qwen Code version, sent whether or not traces are exported, and carrying
//   all a span does (tokens, cached tokens, thinking tokens, `ttft_ms`, the tool's decision).

const SESSION_START = 'session.start';
const SESSION_END = 'session.end';
const CONFIG = 'qwen-code.config';

const family = geminiFamily('qwen-code', 'qwen-code');

/** A session start, one per session id whichever record reports it; without an id, the record's own. */
function sessionStart(record: EventRecord): Draft[] {
  const session = attribute(record, 'session.id');
  return [{ type: 'session_start', ...(session === undefined ? {} : { sameAs: `session-start:${session}` }) }];
}

function event(record: EventRecord): Draft[] {
  if (record.signal !== 'logs') return [];
  if (record.name === SESSION_START || record.name === CONFIG) return sessionStart(record);
  return family.event(record);
}

function detail(record: EventRecord): RecordDetail | undefined {
  if (record.signal !== 'logs') return undefined;
  if (record.name === SESSION_START) return { also: { kind: 'session_start', name: SESSION_START } };
  if (record.name === SESSION_END) return { also: { kind: 'session_end', name: SESSION_END } };
  return family.detail?.(record);
}

export const qwenCode: Translator = { ...family, event, detail };
