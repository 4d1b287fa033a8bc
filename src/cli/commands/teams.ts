import { apiCommand, ONE, v0List } from './api-command.js';

// `quarterdeck teams list|get|create|rename|delete|members|add-member|remove-member`: teams of
// members (docs/teams.md). A member may be in several teams.

export const teamsList = apiCommand({
  name: ['teams', 'list'],
  usage: '',
  summary: 'Teams of the organization',
  list: true,
  call: (context) => v0List(context, '/api/v0/teams', 'teams'),
});

export const teamsGet = apiCommand({
  name: ['teams', 'get'],
  usage: '<teamId>',
  summary: 'One team',
  positionals: ONE,
  async call({ client, args }) {
    return { value: (await client.request('get', '/api/v0/teams/{teamId}', { path: { teamId: args.positionals[0]! } })).team };
  },
});

const EXTERNAL_ID = { 'external-id': { type: 'string', description: 'The id of the identity-provider group the team mirrors' } } as const;

export const teamsCreate = apiCommand({
  name: ['teams', 'create'],
  usage: '<name> [--external-id ID]',
  summary: 'Create a team',
  options: EXTERNAL_ID,
  positionals: ONE,
  async call(context) {
    const externalId = context.option('external-id');
    const body = { name: context.args.positionals[0]!, ...(externalId !== undefined ? { externalId } : {}) };
    return { value: (await context.client.request('post', '/api/v0/teams', { body })).team };
  },
});

export const teamsRename = apiCommand({
  name: ['teams', 'rename'],
  usage: '<teamId> <name>',
  summary: 'Rename a team',
  positionals: { min: 2, max: 2 },
  async call({ client, args }) {
    const [teamId, name] = args.positionals as [string, string];
    return { value: (await client.request('patch', '/api/v0/teams/{teamId}', { path: { teamId }, body: { name } })).team };
  },
});

export const teamsDelete = apiCommand({
  name: ['teams', 'delete'],
  usage: '<teamId>',
  summary: 'Delete a team (its members stay in the organization)',
  positionals: ONE,
  async call({ client, args, io }) {
    await client.request('delete', '/api/v0/teams/{teamId}', { path: { teamId: args.positionals[0]! } });
    io.stderr(`deleted ${args.positionals[0]}\n`);
    return { none: true };
  },
});

export const teamsMembers = apiCommand({
  name: ['teams', 'members'],
  usage: '<teamId>',
  summary: 'Members of a team',
  list: true,
  positionals: ONE,
  call: (context) => v0List(context, '/api/v0/teams/{teamId}/members', 'members', { teamId: context.args.positionals[0]! }),
});

export const teamsAddMember = apiCommand({
  name: ['teams', 'add-member'],
  usage: '<teamId> <userId>',
  summary: 'Add a member to a team',
  positionals: { min: 2, max: 2 },
  async call({ client, args }) {
    const [teamId, userId] = args.positionals as [string, string];
    return { value: (await client.request('post', '/api/v0/teams/{teamId}/members', { path: { teamId }, body: { userId } })).member };
  },
});

export const teamsRemoveMember = apiCommand({
  name: ['teams', 'remove-member'],
  usage: '<teamId> <userId>',
  summary: 'Remove a member from a team',
  positionals: { min: 2, max: 2 },
  async call({ client, args, io }) {
    const [teamId, userId] = args.positionals as [string, string];
    await client.request('delete', '/api/v0/teams/{teamId}/members/{userId}', { path: { teamId, userId } });
    io.stderr(`removed ${userId} from ${teamId}\n`);
    return { none: true };
  },
});
