import { UsageError } from '../command.js';
import { apiCommand, ONE, v0List } from './api-command.js';

// `quarterdeck agents connected|identities|link`: agents sending telemetry, and the identities
// they carry that no member matches yet (owner/manager; docs/otel.md).

export const agentsConnected = apiCommand({
  name: ['agents', 'connected'],
  usage: '[--day YYYY-MM-DD]',
  summary: 'Agents sending telemetry on a UTC day (today by default), per agent product and sender',
  options: { day: { type: 'string', description: 'The UTC day, YYYY-MM-DD (default today)' } },
  async call(context) {
    const day = context.option('day');
    const answer = await context.client.request('get', '/api/v0/organization/connected-agents', { query: day === undefined ? {} : { day } });
    return { items: answer.connections };
  },
});

export const agentsIdentities = apiCommand({
  name: ['agents', 'identities'],
  usage: '[--status unattributed|linked|all]',
  summary: 'Identities telemetry carried (unattributed by default), with their waiting events',
  options: { status: { type: 'string', description: 'unattributed (default), linked or all' } },
  list: true,
  call(context) {
    const status = context.option('status');
    return v0List(context, '/api/v0/organization/telemetry-identities', 'identities', undefined, status === undefined ? {} : { status });
  },
});

export const agentsLink = apiCommand({
  name: ['agents', 'link'],
  usage: '<identityId> --user USER_ID',
  summary: 'Link an identity to a member: its waiting and future telemetry count for the member',
  options: { user: { type: 'string', description: 'The member (user id) the identity is' } },
  positionals: ONE,
  async call(context) {
    const userId = context.option('user');
    if (!userId) throw new UsageError('--user is required');
    const identity = await context.client.request('post', '/api/v0/organization/telemetry-identities/{id}/link', { path: { id: context.args.positionals[0]! }, body: { userId } });
    return { value: identity };
  },
});
