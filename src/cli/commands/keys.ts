import { apiCommand, ONE, integerOption, timeOption, v0List } from './api-command.js';

// `quarterdeck keys list|create|revoke`: API keys (your own; an owner or manager sees all).

export const keysList = apiCommand({
  name: ['keys', 'list'],
  usage: '[--expiring-within DAYS]',
  summary: 'API keys (without their secrets)',
  list: true,
  options: { 'expiring-within': { type: 'string', description: 'Only working keys that expire within this many days' } },
  call(context) {
    const days = integerOption(context, 'expiring-within');
    return v0List(context, '/api/v0/api-keys', 'apiKeys', undefined, days !== undefined ? { expiringWithinDays: String(days) } : {});
  },
});

export const keysCreate = apiCommand({
  name: ['keys', 'create'],
  usage: '<name> [--expires-at ISO_TIME]',
  summary: 'Create an API key for yourself (the key is shown once)',
  options: { 'expires-at': { type: 'string', description: 'Expiry, an ISO 8601 time or Unix milliseconds' } },
  positionals: ONE,
  async call(context) {
    const expiresAt = timeOption(context, 'expires-at');
    const body = { name: context.args.positionals[0]!, ...(expiresAt !== undefined ? { expiresAt } : {}) };
    return { value: await context.client.request('post', '/api/v0/api-keys', { body }) };
  },
});

export const keysRevoke = apiCommand({
  name: ['keys', 'revoke'],
  usage: '<keyId>',
  summary: 'Revoke an API key',
  positionals: ONE,
  async call({ client, args, io }) {
    await client.request('delete', '/api/v0/api-keys/{id}', { path: { id: args.positionals[0]! } });
    io.stderr(`revoked ${args.positionals[0]}\n`);
    return { none: true };
  },
});
