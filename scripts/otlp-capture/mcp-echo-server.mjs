// A tiny MCP server over stdio for the capture runs (test tooling, not product code): one tool,
// `echo`, that answers its `text` back. It speaks the protocol's newline-delimited JSON-RPC 2.0
// directly (initialize, tools/list, tools/call, ping), so a run needs no MCP SDK installed.
//   node scripts/otlp-capture/mcp-echo-server.mjs
import { createInterface } from 'node:readline';

const SERVER = { name: 'capture-echo', version: '1.0.0' };
const ECHO = {
  name: 'echo',
  description: 'Answers the given text back.',
  inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'the text to answer back' } }, required: ['text'] },
};

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);

function answer(method, params) {
  switch (method) {
    case 'initialize':
      return { protocolVersion: params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: SERVER };
    case 'ping':
      return {};
    case 'tools/list':
      return { tools: [ECHO] };
    case 'tools/call':
      if (params?.name !== ECHO.name) return { error: { code: -32602, message: `unknown tool ${String(params?.name)}` } };
      return { content: [{ type: 'text', text: String(params?.arguments?.text ?? '') }], isError: false };
    default:
      return { error: { code: -32601, message: `method not found: ${method}` } };
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    return send({ id: null, error: { code: -32700, message: 'parse error' } });
  }
  // Notifications (no id), such as notifications/initialized, get no answer.
  if (request.id === undefined || request.id === null) return;
  const result = answer(request.method, request.params);
  send(result && 'error' in result ? { id: request.id, error: result.error } : { id: request.id, result });
});
