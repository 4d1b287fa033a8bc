import type { RequestBody } from '../../sdk/client.js';
import { ORDER_OPTION, apiCommand, ONE, orderQuery, v0List, type ApiContext } from './api-command.js';

// `quarterdeck sessions list|get|create|update|rename|interrupt|delete|children`. Session settings come from a JSON file.

const SETTINGS = { settings: { type: 'string', description: 'JSON file with sessionSettings' } } as const;

type SessionSettingsInput = NonNullable<RequestBody<'/api/v0/sessions', 'post'>['sessionSettings']>;

async function settingsOf(context: ApiContext): Promise<{ sessionSettings?: SessionSettingsInput }> {
  const file = context.option('settings');
  return file ? { sessionSettings: (await context.readJson(file)) as SessionSettingsInput } : {};
}

export const sessionsList = apiCommand({
  name: ['sessions', 'list'],
  usage: '[--owner USER_ID] [--order desc|asc]',
  summary: 'Sessions you may see, newest first',
  list: true,
  options: { ...ORDER_OPTION, owner: { type: 'string', description: "Only this user's sessions (a member sees only their own)" } },
  call(context) {
    const owner = context.option('owner');
    return v0List(context, '/api/v0/sessions', 'sessions', undefined, { ...orderQuery(context), ...(owner ? { ownerId: owner } : {}) });
  },
});

export const sessionsChildren = apiCommand({
  name: ['sessions', 'children'],
  usage: '<sessionId> [--order desc|asc]',
  summary: 'Sessions started from a session, newest first',
  list: true,
  options: ORDER_OPTION,
  positionals: ONE,
  call: (context) => v0List(context, '/api/v0/sessions/{sessionId}/children', 'sessions', { sessionId: context.args.positionals[0]! }, orderQuery(context)),
});

export const sessionsGet = apiCommand({
  name: ['sessions', 'get'],
  usage: '<sessionId>',
  summary: 'One session',
  positionals: ONE,
  async call({ client, args }) {
    return { value: await client.request('get', '/api/v0/sessions/{sessionId}', { path: { sessionId: args.positionals[0]! } }) };
  },
});

export const sessionsCreate = apiCommand({
  name: ['sessions', 'create'],
  usage: '[--title T] [--computer-id ID] [--cwd DIR] [--parent-session-id ID] [--settings settings.json]',
  summary: 'Start a session',
  options: {
    title: { type: 'string', description: 'Title (default: the beginning of its first message)' },
    'computer-id': { type: 'string', description: 'Computer that runs it' },
    cwd: { type: 'string', description: 'Working directory on the computer' },
    'parent-session-id': { type: 'string', description: 'The session it is started from' },
    ...SETTINGS,
  },
  async call(context) {
    const title = context.option('title');
    const computerId = context.option('computer-id');
    const cwd = context.option('cwd');
    const parentSessionId = context.option('parent-session-id');
    const body = {
      ...(title !== undefined ? { title } : {}),
      ...(computerId ? { computerId } : {}),
      ...(cwd !== undefined ? { cwd } : {}),
      ...(parentSessionId ? { parentSessionId } : {}),
      ...(await settingsOf(context)),
    };
    return { value: await context.client.request('post', '/api/v0/sessions', { body }) };
  },
});

export const sessionsUpdate = apiCommand({
  name: ['sessions', 'update'],
  usage: '<sessionId> [--settings settings.json] [--cwd DIR]',
  summary: 'Replace the given session settings (and the working directory)',
  options: { ...SETTINGS, cwd: { type: 'string', description: 'Working directory on the computer' } },
  positionals: ONE,
  async call(context) {
    const cwd = context.option('cwd');
    const body = { ...(await settingsOf(context)), ...(cwd !== undefined ? { cwd } : {}) };
    return { value: await context.client.request('patch', '/api/v0/sessions/{sessionId}', { path: { sessionId: context.args.positionals[0]! }, body }) };
  },
});

export const sessionsRename = apiCommand({
  name: ['sessions', 'rename'],
  usage: '<sessionId> <title>',
  summary: 'Give a session a new title',
  positionals: { min: 2, max: 2 },
  async call({ client, args }) {
    const [sessionId, title] = args.positionals as [string, string];
    return { value: await client.request('patch', '/api/v0/sessions/{sessionId}', { path: { sessionId }, body: { title } }) };
  },
});

export const sessionsInterrupt = apiCommand({
  name: ['sessions', 'interrupt'],
  usage: '<sessionId>',
  summary: 'Stop a running or pending session (queued messages are dropped; an idle one stays as it is)',
  positionals: ONE,
  async call({ client, args }) {
    return { value: await client.request('post', '/api/v0/sessions/{sessionId}/interrupt', { path: { sessionId: args.positionals[0]! } }) };
  },
});

export const sessionsDelete = apiCommand({
  name: ['sessions', 'delete'],
  usage: '<sessionId>',
  summary: 'Delete a session and its messages',
  positionals: ONE,
  async call({ client, args }) {
    await client.request('delete', '/api/v0/sessions/{sessionId}', { path: { sessionId: args.positionals[0]! } });
    return { none: true };
  },
});
