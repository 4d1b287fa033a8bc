// OTLP/JSON log records of agents' sessions, as the captured exports shape them (test/fixtures/otlp),
// for the crafted exports of the agent-session tests.

type Value = string | number | boolean;

/** A log record of one session (`conversation.id`, Codex's name for it; others pass their own in `attributes`). */
export function codexRecord(conversation: string, at: number, name: string, attributes: Record<string, Value>) {
  return {
    timeUnixNano: String(at * 1_000_000),
    attributes: Object.entries({ 'event.name': name, 'conversation.id': conversation, ...attributes }).map(([key, value]) => ({
      key,
      value: typeof value === 'string' ? { stringValue: value } : typeof value === 'boolean' ? { boolValue: value } : { intValue: String(value) },
    })),
  };
}

const exportOf = (service: string, scope: string) => (records: object[]) => ({
  resourceLogs: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] }, scopeLogs: [{ scope: { name: scope }, logRecords: records }] }],
});

export const geminiExport = exportOf('gemini-cli', 'gemini-cli');
export const codexExport = exportOf('codex_exec', 'codex');

/**
 * A Codex session that runs `npm test` four times, failing each time, after a model call each,
 * then a successful `git status`: a retry loop (and a burst of tool errors).
 */
export function retryLoopRecords(conversation: string, start: number, model: string): object[] {
  const records: object[] = [codexRecord(conversation, start, 'codex.user_prompt', { prompt_length: 10 })];
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const at = start + 1000 * (attempt + 1);
    records.push(codexRecord(conversation, at, 'codex.sse_event', { 'event.kind': 'response.completed', model, input_token_count: 1000 + attempt, output_token_count: 100, cached_token_count: 200 }));
    records.push(codexRecord(conversation, at + 500, 'codex.tool_result', { tool_name: 'exec_command', arguments: '{"cmd":"npm test"}', success: 'false', duration_ms: '40' }));
  }
  records.push(codexRecord(conversation, start + 6000, 'codex.sse_event', { 'event.kind': 'response.completed', model, input_token_count: 500, output_token_count: 50, cached_token_count: 0 }));
  records.push(codexRecord(conversation, start + 6500, 'codex.tool_result', { tool_name: 'exec_command', arguments: '{"cmd":"git status"}', success: 'true', duration_ms: '10' }));
  return records;
}
