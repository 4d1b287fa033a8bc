// What a run command prints, turned into the messages the agent posts (docs/agent.md, "What the
// command prints"): plain text becomes assistant messages; a line that is a JSON object with a
// string "quarterdeck" field is the JSON-lines protocol (a tool/system/assistant message, or the
// token usage of one model call). Pure: the daemon feeds it text and posts what it emits.

export type AgentRole = 'assistant' | 'tool' | 'system';

export interface ModelCallUsage {
  modelId: string;
  modelTier: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  thinkingTokens?: number;
}

export interface ContentBlockOut {
  text: string;
  type?: string;
  id?: string;
}

export interface OutgoingMessage {
  role: AgentRole;
  content: ContentBlockOut[];
  usage?: ModelCallUsage;
}

const ROLES: readonly string[] = ['assistant', 'tool', 'system'];
const TOKEN_FIELDS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;

/** A protocol line's meaning, or a reason it is not one. */
type Parsed = { kind: 'message'; message: OutgoingMessage } | { kind: 'usage'; usage: ModelCallUsage } | { kind: 'invalid'; reason: string } | { kind: 'text' };

function usageOf(value: Record<string, unknown>): ModelCallUsage | string {
  if (typeof value.modelId !== 'string' || value.modelId === '') return 'usage needs a modelId';
  if (typeof value.modelTier !== 'string') return 'usage needs a modelTier';
  const usage: ModelCallUsage = { modelId: value.modelId, modelTier: value.modelTier, inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  for (const field of [...TOKEN_FIELDS, 'thinkingTokens'] as const) {
    const count = value[field];
    if (count === undefined) continue;
    if (!Number.isSafeInteger(count) || (count as number) < 0) return `usage ${field} must be a whole number >= 0`;
    usage[field] = count as number;
  }
  return usage;
}

function contentOf(value: Record<string, unknown>): ContentBlockOut[] | string {
  if (value.content === undefined) return typeof value.text === 'string' ? [{ type: 'text', text: value.text }] : 'a message needs text or content';
  if (!Array.isArray(value.content) || value.content.length === 0) return 'content must be a non-empty array';
  const blocks: ContentBlockOut[] = [];
  for (const block of value.content as unknown[]) {
    if (typeof block !== 'object' || block === null || typeof (block as { text?: unknown }).text !== 'string') return 'each content block needs text';
    const { text, type, id } = block as { text: string; type?: unknown; id?: unknown };
    blocks.push({ text, ...(typeof type === 'string' ? { type } : {}), ...(typeof id === 'string' ? { id } : {}) });
  }
  return blocks;
}

export function parseLine(line: string): Parsed {
  if (!line.startsWith('{')) return { kind: 'text' };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { kind: 'text' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { kind: 'text' };
  const record = value as Record<string, unknown>;
  if (typeof record.quarterdeck !== 'string') return { kind: 'text' };
  if (record.quarterdeck === 'usage') {
    const usage = usageOf(record);
    return typeof usage === 'string' ? { kind: 'invalid', reason: usage } : { kind: 'usage', usage };
  }
  if (record.quarterdeck === 'message') {
    const role = record.role ?? 'assistant';
    if (typeof role !== 'string' || !ROLES.includes(role)) return { kind: 'invalid', reason: 'role must be assistant, tool or system' };
    const content = contentOf(record);
    if (typeof content === 'string') return { kind: 'invalid', reason: content };
    let usage: ModelCallUsage | undefined;
    if (record.usage !== undefined) {
      const parsed = typeof record.usage === 'object' && record.usage !== null ? usageOf(record.usage as Record<string, unknown>) : 'usage must be an object';
      if (typeof parsed === 'string') return { kind: 'invalid', reason: parsed };
      usage = parsed;
    }
    return { kind: 'message', message: { role: role as AgentRole, content, ...(usage ? { usage } : {}) } };
  }
  return { kind: 'invalid', reason: `unknown kind "${record.quarterdeck}" (message or usage)` };
}

/**
 * Collects a command's standard output. `write` takes what it printed; `flush` ends the current
 * plain-text message (after a quiet moment, or at exit with `end`). Each message goes to `emit`
 * in order; a pending model call's usage rides on the next message (or on an empty assistant
 * message when another usage or the end comes first).
 */
export class OutputCollector {
  private text = '';
  private partial = '';
  private usage: ModelCallUsage | undefined;

  constructor(
    private readonly emit: (message: OutgoingMessage) => void,
    private readonly warn: (text: string) => void,
  ) {}

  write(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.line(line, true);
  }

  /** Ends the plain-text message so far (a partial last line included, unless it looks like the start of a protocol line). */
  flush(): void {
    if (this.partial !== '' && !this.partial.startsWith('{')) {
      this.text += this.partial;
      this.partial = '';
    }
    this.flushText();
  }

  /** The command ended: everything left is sent. */
  end(): void {
    if (this.partial !== '') this.line(this.partial, false);
    this.partial = '';
    this.flushText();
    if (this.usage) this.send({ role: 'assistant', content: [{ type: 'text', text: '' }] });
  }

  private line(line: string, newline: boolean): void {
    const parsed = parseLine(line);
    switch (parsed.kind) {
      case 'text':
        this.text += newline ? `${line}\n` : line;
        return;
      case 'invalid':
        this.warn(`ignored a protocol line: ${parsed.reason}`);
        return;
      case 'message':
        this.flushText();
        this.send(parsed.message);
        return;
      case 'usage':
        this.flushText();
        if (this.usage) this.send({ role: 'assistant', content: [{ type: 'text', text: '' }] });
        this.usage = parsed.usage;
    }
  }

  private flushText(): void {
    // Trailing newlines end a printed line; they are not part of the message.
    const text = this.text.replace(/\n+$/, '');
    this.text = '';
    if (text.trim() !== '') this.send({ role: 'assistant', content: [{ type: 'text', text }] });
  }

  private send(message: OutgoingMessage): void {
    const usage = message.usage ?? this.usage;
    if (!message.usage) this.usage = undefined;
    this.emit(usage ? { ...message, usage } : message);
  }
}
