import type { RequestBody } from '../../sdk/client.js';
import { UsageError } from '../command.js';
import { apiCommand, v0List, type ApiContext } from './api-command.js';

// `quarterdeck users list|add|update|remove|invite`: the organization's members.

const PROFILE = {
  role: { type: 'string', description: 'owner, manager, member or guest' },
  name: { type: 'string', description: 'Display name' },
} as const;

type Role = RequestBody<'/api/v0/organization/users', 'post'>['role'];

function profileOf(context: ApiContext): { role?: Role; name?: string } {
  const role = context.option('role');
  const name = context.option('name');
  return { ...(role !== undefined ? { role: role as Role } : {}), ...(name !== undefined ? { name } : {}) };
}

export const usersList = apiCommand({
  name: ['users', 'list'],
  usage: '[--limit N] [--cursor C] [--all]',
  summary: 'Members of the organization',
  list: true,
  call: (context) => v0List(context, '/api/v0/organization/users', 'users'),
});

export const usersAdd = apiCommand({
  name: ['users', 'add'],
  usage: '<email> --role ROLE [--name NAME]',
  summary: 'Add a member (prints its first API key once)',
  options: PROFILE,
  positionals: { min: 1, max: 1 },
  async call(context) {
    if (!context.option('role')) throw new UsageError('--role is required');
    const body = { email: context.args.positionals[0]!, ...profileOf(context) } as { email: string; role: never; name?: string };
    return { value: await context.client.request('post', '/api/v0/organization/users', { body }) };
  },
});

export const usersUpdate = apiCommand({
  name: ['users', 'update'],
  usage: '<userId> [--role ROLE] [--name NAME]',
  summary: 'Change a member\'s role or name',
  options: PROFILE,
  positionals: { min: 1, max: 1 },
  async call(context) {
    return { value: await context.client.request('patch', '/api/v0/organization/users/{userId}', { path: { userId: context.args.positionals[0]! }, body: profileOf(context) }) };
  },
});

export const usersRemove = apiCommand({
  name: ['users', 'remove'],
  usage: '<userId>',
  summary: 'Deactivate a member (its keys and tokens stop working)',
  positionals: { min: 1, max: 1 },
  async call({ client, args, io }) {
    await client.request('delete', '/api/v0/organization/users/{userId}', { path: { userId: args.positionals[0]! } });
    io.stderr(`removed ${args.positionals[0]}\n`);
    return { none: true };
  },
});

export const usersInvite = apiCommand({
  name: ['users', 'invite'],
  usage: '<userId>',
  summary: 'Issue a new console invitation link for a member (the old one dies)',
  positionals: { min: 1, max: 1 },
  async call({ client, args, io }) {
    const invitation = await client.request('post', '/api/v0/organization/users/{userId}/invite', { path: { userId: args.positionals[0]! } });
    io.stderr('send this one-time link to the member: it sets a console password (valid 7 days)\n');
    return { value: invitation };
  },
});
