import type { RequestBody } from '../../sdk/client.js';
import { apiCommand, givenOptions, ONE, v0List } from './api-command.js';

// `quarterdeck computers list|get|get-by-name|create|update|install-deps|restart|refresh|metrics|delete`.

const EDITABLE = {
  name: { type: 'string', description: 'Name, 1-63 characters' },
  'host-id': { type: 'string', description: 'Host id (UUID)' },
  'remote-user': { type: 'string', description: 'Remote user, 1-63 characters' },
} as const;
const EDITABLE_FIELDS = { name: 'name', 'host-id': 'hostId', 'remote-user': 'remoteUser' };

export const computersList = apiCommand({
  name: ['computers', 'list'],
  usage: '',
  summary: 'Computers of the organization',
  list: true,
  call: (context) => v0List(context, '/api/v0/computers', 'computers'),
});

export const computersGet = apiCommand({
  name: ['computers', 'get'],
  usage: '<computerId>',
  summary: 'One computer',
  positionals: ONE,
  async call({ client, args }) {
    return { value: await client.request('get', '/api/v0/computers/{computerId}', { path: { computerId: args.positionals[0]! } }) };
  },
});

export const computersCreate = apiCommand({
  name: ['computers', 'create'],
  usage: '--name NAME [--remote-user U] [--provider-type byom|hosted] [--hostname H] [--host-id UUID] [--repos URL,URL]',
  summary: 'Register a computer (prints its computerToken once; byom unless --provider-type says otherwise)',
  options: {
    ...EDITABLE,
    'provider-type': { type: 'string', description: 'byom (the default) or hosted' },
    hostname: { type: 'string', description: 'Host name' },
    repos: { type: 'string', description: 'Repositories the agent clones, comma-separated URLs' },
  },
  async call(context) {
    const repos = context.option('repos')?.split(',').map((url) => url.trim()).filter((url) => url !== '');
    const body = { ...givenOptions(context, { ...EDITABLE_FIELDS, 'provider-type': 'providerType', hostname: 'hostname' }), ...(repos?.length ? { repos } : {}) };
    // The options are text; the server checks their values (a missing --name is its 400).
    return { value: await context.client.request('post', '/api/v0/computers', { body: body as Partial<RequestBody<'/api/v0/computers', 'post'>> as RequestBody<'/api/v0/computers', 'post'> }) };
  },
});

export const computersUpdate = apiCommand({
  name: ['computers', 'update'],
  usage: '<computerId> [--name NAME] [--host-id UUID] [--remote-user U]',
  summary: 'Change a computer\'s name, host id or remote user',
  options: EDITABLE,
  positionals: ONE,
  async call(context) {
    const body = givenOptions(context, EDITABLE_FIELDS);
    return { value: await context.client.request('patch', '/api/v0/computers/{computerId}', { path: { computerId: context.args.positionals[0]! }, body }) };
  },
});

export const computersInstallDeps = apiCommand({
  name: ['computers', 'install-deps'],
  usage: '<computerId>',
  summary: 'Retry the install-dependencies step of a computer',
  positionals: ONE,
  async call({ client, args }) {
    return { value: await client.request('post', '/api/v0/computers/{computerId}/install-deps', { path: { computerId: args.positionals[0]! } }) };
  },
});

export const computersGetByName = apiCommand({
  name: ['computers', 'get-by-name'],
  usage: '<name>',
  summary: 'The computer of that name (the oldest when several share it)',
  positionals: ONE,
  async call({ client, args }) {
    return { value: await client.request('get', '/api/v0/computers/name/{name}', { path: { name: args.positionals[0]! } }) };
  },
});

export const computersRestart = apiCommand({
  name: ['computers', 'restart'],
  usage: '<computerId>',
  summary: 'Provision a computer again (its run in progress returns to the queue)',
  positionals: ONE,
  async call({ client, args }) {
    return { value: await client.request('post', '/api/v0/computers/{computerId}/restart', { path: { computerId: args.positionals[0]! } }) };
  },
});

export const computersRefresh = apiCommand({
  name: ['computers', 'refresh'],
  usage: '<computerId>',
  summary: "Bring a computer's repositories up to date (prints how many)",
  positionals: ONE,
  async call({ client, args }) {
    return { value: await client.request('post', '/api/v0/computers/{computerId}/refresh', { path: { computerId: args.positionals[0]! } }) };
  },
});

export const computersMetrics = apiCommand({
  name: ['computers', 'metrics'],
  usage: '<computerId> [--start ISO-TIME]',
  summary: 'CPU, memory and disk samples of the last hour, oldest first',
  options: { start: { type: 'string', description: 'Samples from this time on' } },
  positionals: ONE,
  async call(context) {
    const start = context.option('start');
    return { items: await context.client.request('get', '/api/v0/computers/{computerId}/metrics', { path: { computerId: context.args.positionals[0]! }, query: start ? { start } : {} }) };
  },
});

export const computersDelete = apiCommand({
  name: ['computers', 'delete'],
  usage: '<computerId>',
  summary: 'Delete a computer (its token stops working; its run ends and queued messages are dropped)',
  positionals: ONE,
  async call({ client, args }) {
    await client.request('delete', '/api/v0/computers/{computerId}', { path: { computerId: args.positionals[0]! } });
    return { none: true };
  },
});
