import type { RequestBody } from '../../sdk/client.js';
import { UsageError } from '../command.js';
import { apiCommand, givenOptions, ONE, v0List, type ApiContext } from './api-command.js';

// `quarterdeck users list|add|update|remove|reactivate|invite`: the organization's members and
// their lifecycle (invited, active, deactivated: docs/members.md).

const PROFILE = {
  role: { type: 'string', description: 'owner, manager, member or guest' },
  name: { type: 'string', description: 'Display name' },
} as const;

type Role = RequestBody<'/api/v0/organization/users', 'post'>['role'];

// The server checks the role: anything else is its 400.
const profileOf = (context: ApiContext) => givenOptions(context, { role: 'role', name: 'name' }) as { role?: Role; name?: string };

const STATUSES = ['invited', 'active', 'deactivated'];

export const usersList = apiCommand({
  name: ['users', 'list'],
  usage: '[--status invited|active|deactivated]',
  summary: 'Members of the organization with their status',
  list: true,
  options: { status: { type: 'string', description: 'Only members in this status: invited, active or deactivated' } },
  call(context) {
    const status = context.option('status');
    if (status !== undefined && !STATUSES.includes(status)) throw new UsageError(`--status takes ${STATUSES.join(', ')}, got "${status}"`);
    return v0List(context, '/api/v0/organization/users', 'users', undefined, status ? { status } : {});
  },
});

export const usersAdd = apiCommand({
  name: ['users', 'add'],
  usage: '<email> --role ROLE [--name NAME] [--with-key]',
  summary: 'Invite a member (prints the invitation link once; with --with-key an initial API key too)',
  options: { ...PROFILE, 'with-key': { type: 'boolean', description: 'Also create an initial API key for the member (shown once)' } },
  positionals: ONE,
  async call(context) {
    if (!context.option('role')) throw new UsageError('--role is required');
    // People create their own keys once signed in: an invitation makes none unless asked.
    const createApiKey = context.args.values['with-key'] === true;
    const body = { email: context.args.positionals[0]!, ...profileOf(context), createApiKey } as { email: string; role: never; name?: string; createApiKey: boolean };
    return { value: await context.client.request('post', '/api/v0/organization/users', { body }) };
  },
});

export const usersUpdate = apiCommand({
  name: ['users', 'update'],
  usage: '<userId> [--role ROLE] [--name NAME]',
  summary: 'Change a member\'s role or name',
  options: PROFILE,
  positionals: ONE,
  async call(context) {
    return { value: await context.client.request('patch', '/api/v0/organization/users/{userId}', { path: { userId: context.args.positionals[0]! }, body: profileOf(context) }) };
  },
});

export const usersRemove = apiCommand({
  name: ['users', 'remove'],
  usage: '<userId>',
  summary: 'Deactivate a member (its keys and tokens stop working)',
  positionals: ONE,
  async call({ client, args, io }) {
    await client.request('delete', '/api/v0/organization/users/{userId}', { path: { userId: args.positionals[0]! } });
    io.stderr(`removed ${args.positionals[0]}\n`);
    return { none: true };
  },
});

export const usersReactivate = apiCommand({
  name: ['users', 'reactivate'],
  usage: '<userId>',
  summary: 'Reactivate a deactivated member (the keys the deactivation stopped work again; console sessions do not come back)',
  positionals: ONE,
  async call({ client, args }) {
    return { value: await client.request('post', '/api/v0/organization/users/{userId}/reactivate', { path: { userId: args.positionals[0]! } }) };
  },
});

export const usersInvite = apiCommand({
  name: ['users', 'invite'],
  usage: '<userId>',
  summary: 'Issue a new console invitation link for a member (the old one dies)',
  positionals: ONE,
  async call({ client, args, io }) {
    const invitation = await client.request('post', '/api/v0/organization/users/{userId}/invite', { path: { userId: args.positionals[0]! } });
    io.stderr('send this one-time link to the member: it sets a console password (valid 7 days)\n');
    return { value: invitation };
  },
});
