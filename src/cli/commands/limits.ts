import { UsageError } from '../command.js';
import { apiCommand, Refused } from './api-command.js';

// `quarterdeck limits get|set|global`: monthly credit limits (Standard Credits per UTC month).

/** `none` removes a limit; anything else must be a whole number of credits. */
function limitOf(text: string): number | null {
  if (text === 'none') return null;
  if (!/^\d+$/.test(text)) throw new UsageError(`limit must be a whole number or "none", got "${text}"`);
  return Number(text);
}

export const limitsGet = apiCommand({
  name: ['limits', 'get'],
  usage: '',
  summary: 'The global limit and every per-user override with credits used this month',
  async call({ client }) {
    return { value: await client.request('get', '/api/v0/organization/usage/limits/users', {}) };
  },
});

export const limitsSet = apiCommand({
  name: ['limits', 'set'],
  usage: '<email> <limit|none>',
  summary: 'Set (or with "none" remove) one user\'s monthly credit limit',
  positionals: { min: 2, max: 2 },
  async call(context) {
    const [email, text] = context.args.positionals as [string, string];
    const answer = await context.client.request('put', '/api/v0/organization/usage/limits/users', { body: { users: [{ email, limit: limitOf(text) as number }] } });
    // A refused entry comes back in `errors` with a 200: a failure for the one user asked about.
    const refused = answer.errors[0];
    if (refused) throw new Refused(`${refused.email}: ${refused.error}`);
    return { value: answer.updated[0] };
  },
});

export const limitsGlobal = apiCommand({
  name: ['limits', 'global'],
  usage: '[<limit|none>]',
  summary: 'Show, or set, the organization\'s global monthly credit limit',
  positionals: { min: 0, max: 1 },
  async call({ client, args }) {
    const text = args.positionals[0];
    if (text === undefined) return { value: await client.request('get', '/api/v0/organization/usage/limits/global', {}) };
    return { value: await client.request('put', '/api/v0/organization/usage/limits/global', { body: { limit: limitOf(text) } }) };
  },
});
