import { UsageError } from '../command.js';
import { apiCommand } from './api-command.js';

// `quarterdeck admin ...`: platform operations with the admin token.

export const adminOrganizationsCreate = apiCommand({
  name: ['admin', 'organizations', 'create'],
  usage: '--name NAME --owner-email EMAIL',
  summary: 'Create an organization and its owner (prints the owner\'s API key once)',
  credential: 'adminToken',
  options: { name: { type: 'string', description: 'Organization name' }, 'owner-email': { type: 'string', description: 'E-mail of the first owner' } },
  async call(context) {
    const name = context.option('name');
    const ownerEmail = context.option('owner-email');
    if (!name || !ownerEmail) throw new UsageError('--name and --owner-email are required');
    return { value: await context.client.request('post', '/admin/v1/organizations', { body: { name, ownerEmail } }) };
  },
});

export const adminRollupsRun = apiCommand({
  name: ['admin', 'rollups', 'run'],
  usage: '',
  summary: 'Aggregate every pending analytics day now, and wait until done',
  credential: 'adminToken',
  async call({ client }) {
    return { value: await client.request('post', '/admin/v1/rollups/run', {}) };
  },
});
