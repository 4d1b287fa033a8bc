import { ORDER_OPTION, apiCommand, ONE, orderQuery, v0List } from './api-command.js';

// `quarterdeck messages list|get|send`: the messages of one session.

const COMPUTER = { 'computer-id': { type: 'string', description: 'Computer to route to / query' } } as const;

export const messagesList = apiCommand({
  name: ['messages', 'list'],
  usage: '<sessionId> [--order desc|asc]',
  summary: 'Messages of a session, newest first (--order asc: from the start)',
  list: true,
  options: ORDER_OPTION,
  positionals: ONE,
  call: (context) => v0List(context, '/api/v0/sessions/{sessionId}/messages', 'messages', { sessionId: context.args.positionals[0]! }, orderQuery(context)),
});

export const messagesGet = apiCommand({
  name: ['messages', 'get'],
  usage: '<sessionId> <messageId> [--computer-id ID]',
  summary: 'One message',
  options: COMPUTER,
  positionals: { min: 2, max: 2 },
  async call(context) {
    const [sessionId, messageId] = context.args.positionals as [string, string];
    const computerId = context.option('computer-id');
    return { value: await context.client.request('get', '/api/v0/sessions/{sessionId}/messages/{messageId}', { path: { sessionId, messageId }, query: computerId ? { computerId } : {} }) };
  },
});

export const messagesSend = apiCommand({
  name: ['messages', 'send'],
  usage: '<sessionId> <text> [--computer-id ID]',
  summary: 'Add a user message to a session; prints its id and the agent status',
  options: COMPUTER,
  positionals: { min: 2, max: 2 },
  async call(context) {
    const [sessionId, text] = context.args.positionals as [string, string];
    const computerId = context.option('computer-id');
    return { value: await context.client.request('post', '/api/v0/sessions/{sessionId}/messages', { path: { sessionId }, body: { text, ...(computerId ? { computerId } : {}) } }) };
  },
});
