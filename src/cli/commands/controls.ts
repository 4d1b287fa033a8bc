import type { RequestBody } from '../../sdk/client.js';
import { UsageError } from '../command.js';
import { apiCommand, ONE, v0List } from './api-command.js';

// `quarterdeck controls get|patch|history|diff`: the organization's enterprise controls.

export const controlsGet = apiCommand({
  name: ['controls', 'get'],
  usage: '',
  summary: 'Current enterprise controls (revision, settings, who, when)',
  async call({ client }) {
    return { value: await client.request('get', '/api/v0/organization/enterprise-controls', {}) };
  },
});

export const controlsPatch = apiCommand({
  name: ['controls', 'patch'],
  usage: '<merge-patch.json> [--if-revision N]',
  summary: 'Change settings with a JSON Merge Patch (null removes a property)',
  options: { 'if-revision': { type: 'string', description: 'Apply only if the current revision is N (else 412)' } },
  positionals: ONE,
  async call(context) {
    const patch = await context.readJson(context.args.positionals[0]!);
    const revision = context.option('if-revision');
    const headers = revision !== undefined ? { 'if-match': `"${revision}"` } : undefined;
    return { value: await context.client.request('patch', '/api/v0/organization/enterprise-controls', { body: patch as RequestBody<'/api/v0/organization/enterprise-controls', 'patch'>, ...(headers ? { headers } : {}) }) };
  },
});

export const controlsHistory = apiCommand({
  name: ['controls', 'history'],
  usage: '',
  summary: 'Changes of the enterprise controls, newest revision first',
  list: true,
  call: (context) => v0List(context, '/api/v0/organization/enterprise-controls/history', 'changes'),
});

export const controlsDiff = apiCommand({
  name: ['controls', 'diff'],
  usage: '<revision>',
  summary: 'What one revision changed (JSON Pointer, old, new)',
  positionals: ONE,
  async call(context) {
    const text = context.args.positionals[0]!;
    if (!/^\d+$/.test(text)) throw new UsageError(`revision must be a positive integer, got "${text}"`);
    const answer = await context.client.request('get', '/api/v0/organization/enterprise-controls/history/{revision}/diff', { path: { revision: Number(text) } });
    return { items: answer.changes };
  },
});
