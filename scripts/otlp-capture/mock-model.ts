// A local stand-in for the vendors' model APIs, so an agent CLI runs a whole conversation offline.
// One server answers the four wire formats the captured agents speak:
//   Anthropic Messages       POST /v1/messages (stream or not), /v1/messages/count_tokens
//   OpenAI Responses         POST /v1/responses (SSE)
//   OpenAI Chat Completions  POST /v1/chat/completions (stream or not)
//   Gemini                   POST /v1beta/models/<model>:generateContent | :streamGenerateContent | :countTokens
// The conversation is always the same: while the agent offers tools and has not sent a tool result
// yet, the model asks for one tool call that writes hello.txt; after a tool result it answers with
// text. Requests without tools (titles, summaries, checks) get a short text answer. Every answer
// reports the configured token usage, and every call is written down: that record is the ground
// truth the fixtures' expected figures come from.
// A run can script its conversation instead (Anthropic Messages only, `script`): the conversation
// that began with the script's prompt asks for the script's tool calls one after the other, then
// answers text; every other conversation (a sub-agent's, a title) answers text at once.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

export interface MockUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /**
   * Of cacheWrite, the tokens written to the 1-hour cache (the rest to the 5-minute one). Only
   * Anthropic reports the split (`usage.cache_creation`); the other wire formats have no cache writes.
   */
  cacheWrite1h?: number;
}

export interface ServedCall {
  seq: number;
  api: 'anthropic-messages' | 'openai-responses' | 'openai-chat' | 'gemini';
  path: string;
  model: string;
  stream: boolean;
  /** what the model answered: a tool call, or text */
  answer: 'tool_call' | 'text';
  toolCall?: { name: string; arguments: Record<string, unknown> };
  /** the usage exactly as the vendor's wire format reported it */
  reportedUsage: Record<string, unknown>;
  /** the same usage in one vocabulary: input excludes cache reads and writes */
  usage: MockUsage;
  toolsOffered: string[];
}

/** One tool call of a scripted conversation: the first offered tool named in `tools`, with these arguments. */
export interface ScriptedToolCall {
  tools: string[];
  arguments: Record<string, unknown>;
}

export interface ConversationScript {
  /** the conversation whose first user message contains this text follows the script */
  prompt: string;
  toolCalls: ScriptedToolCall[];
}

export interface MockModel {
  url: string;
  port: number;
  served: ServedCall[];
  /** requests the mock saw but that are not model turns (model lists, token counts, unknown paths) */
  other: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

interface Tool {
  name: string;
  schema: Record<string, unknown>;
}

const FILE_NAME = 'hello.txt';
const FILE_CONTENT = 'hi\n';
const FINAL_TEXT = 'done';
const SIDE_TEXT = 'Create hello.txt';

export async function startMockModel(options: {
  workDir: string;
  usage: MockUsage;
  /** wait this long before answering each model call, so periodic exports happen mid-run */
  delayMs?: number;
  script?: ConversationScript;
  log?: (line: string) => void;
}): Promise<MockModel> {
  const served: ServedCall[] = [];
  const other: MockModel['other'] = [];
  const log = options.log ?? (() => {});

  const server: Server = createServer((req, res) => {
    readBody(req)
      .then(async (body) => {
        if (options.delayMs && isModelCall(req)) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        route(req, res, body);
      })
      .catch((error: unknown) => {
        log(`mock error ${String(error)}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(error) } }));
      });
  });

  function route(req: IncomingMessage, res: ServerResponse, raw: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const json = raw.length > 0 ? safeJson(raw) : undefined;
    log(`mock ${req.method} ${req.url}`);
    if (req.method === 'GET' && /\/models\/?$/.test(path)) {
      other.push({ method: 'GET', path, status: 200 });
      return sendJson(res, { object: 'list', data: [], models: [] });
    }
    if (req.method === 'POST' && path.endsWith('/messages/count_tokens')) {
      other.push({ method: 'POST', path, status: 200 });
      return sendJson(res, { input_tokens: options.usage.input });
    }
    if (req.method === 'POST' && path.endsWith('/messages')) return anthropic(res, path, json);
    if (req.method === 'POST' && path.endsWith('/responses')) return responses(res, path, json);
    if (req.method === 'POST' && path.endsWith('/chat/completions')) return chat(res, path, json);
    const gemini = /\/models\/([^/:]+):(generateContent|streamGenerateContent|countTokens)$/.exec(path);
    if (req.method === 'POST' && gemini) {
      if (gemini[2] === 'countTokens') {
        other.push({ method: 'POST', path, status: 200 });
        return sendJson(res, { totalTokens: options.usage.input });
      }
      return geminiGenerate(res, path, decodeURIComponent(gemini[1] ?? ''), gemini[2] === 'streamGenerateContent', json);
    }
    other.push({ method: req.method ?? '', path, status: 404 });
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `mock has no ${req.method} ${path}` } }));
  }

  function decide(tools: Tool[], afterToolResult: boolean): ServedCall['toolCall'] | undefined {
    if (afterToolResult || tools.length === 0) return undefined;
    if (served.some((call) => call.answer === 'tool_call')) return undefined;
    return chooseToolCall(tools, options.workDir);
  }

  /** The scripted conversation's next tool call: the step after the tool calls it already holds. */
  function scripted(script: ConversationScript, tools: Tool[], messages: any[]): ServedCall['toolCall'] | undefined {
    const textOf = (message: any): string =>
      typeof message?.content === 'string' ? message.content : (message?.content ?? []).map((block: any) => (typeof block?.text === 'string' ? block.text : '')).join('\n');
    const firstUser = messages.find((message) => message?.role === 'user');
    if (!firstUser || !textOf(firstUser).includes(script.prompt)) return undefined;
    const asked = messages.filter((m) => m?.role === 'assistant' && Array.isArray(m.content)).flatMap((m) => m.content).filter((b: any) => b?.type === 'tool_use').length;
    const step = script.toolCalls[asked];
    if (!step) return undefined;
    const tool = step.tools.find((name) => tools.some((offered) => offered.name === name));
    if (!tool) throw new Error(`scripted step ${asked + 1} wants one of ${step.tools.join(', ')}; offered: ${tools.map((t) => t.name).join(', ')}`);
    return { name: tool, arguments: step.arguments };
  }

  function record(call: Omit<ServedCall, 'seq' | 'usage'>): void {
    served.push({ ...call, seq: served.length + 1, usage: { ...options.usage } });
  }

  // ---- Anthropic Messages -------------------------------------------------------------------
  function anthropic(res: ServerResponse, path: string, body: any): void {
    const tools: Tool[] = (body?.tools ?? []).filter((t: any) => t?.name).map((t: any) => ({ name: t.name, schema: t.input_schema ?? {} }));
    const messages: any[] = body?.messages ?? [];
    const last = messages[messages.length - 1];
    const afterToolResult = Array.isArray(last?.content) && last.content.some((b: any) => b?.type === 'tool_result');
    const toolCall = options.script ? scripted(options.script, tools, messages) : decide(tools, afterToolResult);
    const u = options.usage;
    const oneHour = u.cacheWrite1h ?? 0;
    const usage = {
      input_tokens: u.input,
      output_tokens: u.output,
      cache_read_input_tokens: u.cacheRead,
      cache_creation_input_tokens: u.cacheWrite,
      // The API's split of the cache writes by lifetime, which Claude Code reports as its cache-write tiers.
      cache_creation: { ephemeral_5m_input_tokens: u.cacheWrite - oneHour, ephemeral_1h_input_tokens: oneHour },
    };
    const model = String(body?.model ?? 'unknown');
    const id = `msg_${randomUUID().replaceAll('-', '')}`;
    const text = toolCall ? undefined : afterToolResult || options.script ? FINAL_TEXT : SIDE_TEXT;
    const toolId = `toolu_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    const content = toolCall
      ? [{ type: 'tool_use', id: toolId, name: toolCall.name, input: toolCall.arguments }]
      : [{ type: 'text', text }];
    const stopReason = toolCall ? 'tool_use' : 'end_turn';
    record({ api: 'anthropic-messages', path, model, stream: Boolean(body?.stream), answer: toolCall ? 'tool_call' : 'text', toolCall, reportedUsage: usage, toolsOffered: tools.map((t) => t.name) });
    if (!body?.stream) {
      return sendJson(res, { id, type: 'message', role: 'assistant', model, content, stop_reason: stopReason, stop_sequence: null, usage });
    }
    const sse = openSse(res);
    sse('message_start', { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } });
    if (toolCall) {
      sse('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: toolId, name: toolCall.name, input: {} } });
      sse('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(toolCall.arguments) } });
    } else {
      sse('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      sse('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });
    }
    sse('content_block_stop', { type: 'content_block_stop', index: 0 });
    sse('message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: u.output } });
    sse('message_stop', { type: 'message_stop' });
    res.end();
  }

  // ---- OpenAI Responses -----------------------------------------------------------------------
  function responses(res: ServerResponse, path: string, body: any): void {
    const tools: Tool[] = (body?.tools ?? [])
      .filter((t: any) => t?.name)
      .map((t: any) => ({ name: t.name, schema: t.parameters ?? (t.type === 'custom' ? { custom: true } : {}) }));
    const input: any[] = Array.isArray(body?.input) ? body.input : [];
    const afterToolResult = input.some((item) => item?.type === 'function_call_output' || item?.type === 'custom_tool_call_output');
    const toolCall = decide(tools, afterToolResult);
    const u = options.usage;
    const usage = {
      input_tokens: u.input + u.cacheRead,
      input_tokens_details: { cached_tokens: u.cacheRead },
      output_tokens: u.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: u.input + u.cacheRead + u.output,
    };
    const model = String(body?.model ?? 'unknown');
    const id = `resp_${randomUUID().replaceAll('-', '')}`;
    record({ api: 'openai-responses', path, model, stream: body?.stream !== false, answer: toolCall ? 'tool_call' : 'text', toolCall, reportedUsage: usage, toolsOffered: tools.map((t) => t.name) });
    const item = toolCall
      ? { type: 'function_call', id: `fc_${randomUUID().replaceAll('-', '')}`, call_id: `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`, name: toolCall.name, arguments: JSON.stringify(toolCall.arguments), status: 'completed' }
      : { type: 'message', id: `msg_${randomUUID().replaceAll('-', '')}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: afterToolResult ? FINAL_TEXT : SIDE_TEXT, annotations: [] }] };
    const response = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), model, status: 'completed', output: [item], usage };
    if (body?.stream === false) return sendJson(res, response);
    const sse = openSse(res);
    sse('response.created', { type: 'response.created', response: { ...response, status: 'in_progress', output: [], usage: null } });
    sse('response.output_item.added', { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress' } });
    if (item.type === 'message') {
      sse('response.output_text.delta', { type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta: (item as any).content[0].text });
    }
    sse('response.output_item.done', { type: 'response.output_item.done', output_index: 0, item });
    sse('response.completed', { type: 'response.completed', response });
    res.end();
  }

  // ---- OpenAI Chat Completions ----------------------------------------------------------------
  function chat(res: ServerResponse, path: string, body: any): void {
    const tools: Tool[] = (body?.tools ?? [])
      .filter((t: any) => t?.function?.name)
      .map((t: any) => ({ name: t.function.name, schema: t.function.parameters ?? {} }));
    const messages: any[] = body?.messages ?? [];
    const afterToolResult = messages.some((m) => m?.role === 'tool');
    const toolCall = decide(tools, afterToolResult);
    const u = options.usage;
    const usage = {
      prompt_tokens: u.input + u.cacheRead,
      completion_tokens: u.output,
      total_tokens: u.input + u.cacheRead + u.output,
      prompt_tokens_details: { cached_tokens: u.cacheRead },
    };
    const model = String(body?.model ?? 'unknown');
    const id = `chatcmpl-${randomUUID().replaceAll('-', '')}`;
    const created = Math.floor(Date.now() / 1000);
    const stream = Boolean(body?.stream);
    record({ api: 'openai-chat', path, model, stream, answer: toolCall ? 'tool_call' : 'text', toolCall, reportedUsage: usage, toolsOffered: tools.map((t) => t.name) });
    const callId = `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    const text = afterToolResult ? FINAL_TEXT : SIDE_TEXT;
    const finish = toolCall ? 'tool_calls' : 'stop';
    if (!stream) {
      const message = toolCall
        ? { role: 'assistant', content: null, tool_calls: [{ id: callId, type: 'function', function: { name: toolCall.name, arguments: JSON.stringify(toolCall.arguments) } }] }
        : { role: 'assistant', content: text };
      return sendJson(res, { id, object: 'chat.completion', created, model, choices: [{ index: 0, message, finish_reason: finish }], usage });
    }
    const sse = openSse(res);
    const chunk = (delta: unknown, finishReason: string | null, extra: Record<string, unknown> = {}) =>
      sse(undefined, { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra });
    if (toolCall) {
      chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: callId, type: 'function', function: { name: toolCall.name, arguments: '' } }] }, null);
      chunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(toolCall.arguments) } }] }, null);
    } else {
      chunk({ role: 'assistant', content: text }, null);
    }
    chunk({}, finish);
    sse(undefined, { id, object: 'chat.completion.chunk', created, model, choices: [], usage });
    res.write('data: [DONE]\n\n');
    res.end();
  }

  // ---- Gemini -------------------------------------------------------------------------------
  function geminiGenerate(res: ServerResponse, path: string, model: string, stream: boolean, body: any): void {
    const tools: Tool[] = [];
    for (const group of body?.tools ?? []) {
      for (const fn of group?.functionDeclarations ?? []) {
        if (fn?.name) tools.push({ name: fn.name, schema: fn.parametersJsonSchema ?? fn.parameters ?? {} });
      }
    }
    const contents: any[] = body?.contents ?? [];
    const last = contents[contents.length - 1];
    const afterToolResult = Array.isArray(last?.parts) && last.parts.some((p: any) => p?.functionResponse);
    const wantsJson = body?.generationConfig?.responseMimeType === 'application/json';
    const toolCall = wantsJson ? undefined : decide(tools, afterToolResult);
    const u = options.usage;
    const usageMetadata = {
      promptTokenCount: u.input + u.cacheRead,
      candidatesTokenCount: u.output,
      cachedContentTokenCount: u.cacheRead,
      thoughtsTokenCount: 0,
      totalTokenCount: u.input + u.cacheRead + u.output,
    };
    record({ api: 'gemini', path, model, stream, answer: toolCall ? 'tool_call' : 'text', toolCall, reportedUsage: usageMetadata, toolsOffered: tools.map((t) => t.name) });
    const text = wantsJson ? JSON.stringify({ reasoning: 'The task is complete.', next_speaker: 'user' }) : afterToolResult ? FINAL_TEXT : SIDE_TEXT;
    const parts = toolCall ? [{ functionCall: { name: toolCall.name, args: toolCall.arguments } }] : [{ text }];
    const answer = { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata, modelVersion: model, responseId: randomUUID() };
    if (!stream) return sendJson(res, answer);
    const sse = openSse(res);
    sse(undefined, answer);
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    served,
    other,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function isModelCall(req: IncomingMessage): boolean {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  return req.method === 'POST' && /(\/messages|\/responses|\/chat\/completions|:generateContent|:streamGenerateContent)$/.test(path);
}

/** Picks the tool that writes hello.txt, filling its arguments from the tool's own schema. */
export function chooseToolCall(tools: Tool[], workDir: string): ServedCall['toolCall'] | undefined {
  const absolute = join(workDir, FILE_NAME);
  const props = (tool: Tool): Record<string, any> => ((tool.schema as any)?.properties ?? {}) as Record<string, any>;
  const pathKey = (tool: Tool) => Object.keys(props(tool)).find((k) => /^(file_?path|filePath|absolute_path|path|filename)$/i.test(k));
  const contentKey = (tool: Tool) => Object.keys(props(tool)).find((k) => /^(content|contents|file_text|text)$/i.test(k));
  const writer = tools.find((t) => /^(write|write_file|writefile|create|create_file)$/i.test(t.name) && pathKey(t) && contentKey(t));
  if (writer) return { name: writer.name, arguments: { [pathKey(writer)!]: absolute, [contentKey(writer)!]: FILE_CONTENT } };
  const shell = tools.find((t) => /^(bash|shell|run_shell_command|exec_command|shell_command|execute|run_command)$/i.test(t.name));
  if (shell) {
    const keys = Object.keys(props(shell));
    const commandKey = keys.find((k) => /^(command|cmd)$/.test(k)) ?? 'command';
    const commandSchema = props(shell)[commandKey];
    const command = `printf 'hi\\n' > ${FILE_NAME}`;
    const args: Record<string, unknown> = { [commandKey]: commandSchema?.type === 'array' ? ['bash', '-lc', command] : command };
    if (keys.includes('workdir')) args.workdir = workDir;
    if (keys.includes('description')) args.description = 'Create hello.txt';
    return { name: shell.name, arguments: args };
  }
  return undefined;
}

function openSse(res: ServerResponse): (event: string | undefined, data: unknown) => void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  return (event, data) => {
    res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  };
}

function sendJson(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

function safeJson(raw: Buffer): any {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
