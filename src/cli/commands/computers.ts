import type { RequestBody } from '../../sdk/client.js';
import { apiCommand, v0List, type ApiContext } from './api-command.js';

// `quarterdeck computers list|get|create|update|install-deps`.

const ONE = { min: 1, max: 1 };

/** The body fields given as options (only those given). */
function fields(context: ApiContext, names: Record<string, string>): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [option, field] of Object.entries(names)) {
    const value = context.option(option);
    if (value !== undefined) body[field] = value;
  }
  return body;
}

const EDITABLE = {
  name: { type: 'string', description: 'Name, 1-63 characters' },
  'host-id': { type: 'string', description: 'Host id (UUID)' },
  'remote-user': { type: 'string', description: 'Remote user, 1-63 characters' },
} as const;
const EDITABLE_FIELDS = { name: 'name', 'host-id': 'hostId', 'remote-user': 'remoteUser' };

export const computersList = apiCommand({
  name: ['computers', 'list'],
  usage: '[--limit N] [--cursor C] [--all]',
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
  usage: '--name NAME --provider-type byom|hosted [--hostname H] [--remote-user U] [--host-id UUID]',
  summary: 'Register a computer (prints its computerToken once)',
  options: { ...EDITABLE, 'provider-type': { type: 'string', description: 'byom or hosted' }, hostname: { type: 'string', description: 'Host name' } },
  async call(context) {
    const body = fields(context, { ...EDITABLE_FIELDS, 'provider-type': 'providerType', hostname: 'hostname' });
    return { value: await context.client.request('post', '/api/v0/computers', { body: body as RequestBody<'/api/v0/computers', 'post'> }) };
  },
});

export const computersUpdate = apiCommand({
  name: ['computers', 'update'],
  usage: '<computerId> [--name NAME] [--host-id UUID] [--remote-user U]',
  summary: 'Change a computer\'s name, host id or remote user',
  options: EDITABLE,
  positionals: ONE,
  async call(context) {
    const body = fields(context, EDITABLE_FIELDS);
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
