import type { RequestBody } from '../../sdk/client.js';
import { apiCommand, v0List, type ApiContext } from './api-command.js';

// `quarterdeck sessions list|get|create|update`. Session settings come from a JSON file.

const SETTINGS = { settings: { type: 'string', description: 'JSON file with sessionSettings' } } as const;

type SessionSettingsInput = NonNullable<RequestBody<'/api/v0/sessions', 'post'>['sessionSettings']>;

async function settingsOf(context: ApiContext): Promise<{ sessionSettings?: SessionSettingsInput }> {
  const file = context.option('settings');
  return file ? { sessionSettings: (await context.readJson(file)) as SessionSettingsInput } : {};
}

export const sessionsList = apiCommand({
  name: ['sessions', 'list'],
  usage: '[--limit N] [--cursor C] [--all]',
  summary: 'Sessions you may see',
  list: true,
  call: (context) => v0List(context, '/api/v0/sessions', 'sessions'),
});

export const sessionsGet = apiCommand({
  name: ['sessions', 'get'],
  usage: '<sessionId>',
  summary: 'One session',
  positionals: { min: 1, max: 1 },
  async call({ client, args }) {
    return { value: await client.request('get', '/api/v0/sessions/{sessionId}', { path: { sessionId: args.positionals[0]! } }) };
  },
});

export const sessionsCreate = apiCommand({
  name: ['sessions', 'create'],
  usage: '[--title T] [--computer-id ID] [--settings settings.json]',
  summary: 'Start a session',
  options: { title: { type: 'string', description: 'Title' }, 'computer-id': { type: 'string', description: 'Computer that runs it' }, ...SETTINGS },
  async call(context) {
    const title = context.option('title');
    const computerId = context.option('computer-id');
    const body = { ...(title !== undefined ? { title } : {}), ...(computerId ? { computerId } : {}), ...(await settingsOf(context)) };
    return { value: await context.client.request('post', '/api/v0/sessions', { body }) };
  },
});

export const sessionsUpdate = apiCommand({
  name: ['sessions', 'update'],
  usage: '<sessionId> --settings settings.json',
  summary: 'Replace the given session settings',
  options: SETTINGS,
  positionals: { min: 1, max: 1 },
  async call(context) {
    const body = await settingsOf(context);
    return { value: await context.client.request('patch', '/api/v0/sessions/{sessionId}', { path: { sessionId: context.args.positionals[0]! }, body }) };
  },
});
