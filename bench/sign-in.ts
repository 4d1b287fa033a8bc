import { parseArgs } from 'node:util';
import { fmt, load, machine, quantile, sample } from './lib/measure.js';
import { scratchStore } from './lib/scratch-store.js';
import { startServerProcess } from './lib/server-process.js';

// Whether a console sign-in's time tells anything about the e-mail (docs/console-auth.md
// "Passwords"): wrong-password sign-ins for an unknown e-mail (the floor, measured in the same
// run), an e-mail with a password in one organization and one with passwords in three. Each
// figure is the median of sequential sign-ins against the built server in a process of its own;
// the ratios to the floor are what matters. Not a test: run by hand.

const HELP = 'npx tsx bench/sign-in.ts [--count 30] [--database-url postgres://postgres@127.0.0.1:5432/postgres]';
const { values: flags } = parseArgs({ options: { count: { type: 'string', default: '30' }, 'database-url': { type: 'string' }, help: { type: 'boolean', default: false } } });
const count = Number(flags.count);
if (flags.help || !(count >= 5 && count <= 1000)) {
  console.log(HELP);
  process.exit(flags.help ? 0 : 2);
}

const ADMIN = `sign-in-admin-${Date.now()}-0123456789abcdef`;
const PASSWORD = 'the right password, long enough';
const store = await scratchStore(flags['database-url']);
const unlimited = { SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '1000000', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '1000000', AUTH_FAILURES_PER_MINUTE: '1000000' };
const server = await startServerProcess({ ...store.env, ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '10000000', REDIS_URL: '', ...unlimited });
const origin = { origin: server.url, 'content-type': 'application/json' };

async function post(path: string, body: unknown, headers: Record<string, string>): Promise<any> {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

/** A user with this e-mail and a password in a new organization. */
async function personIn(organization: string, email: string): Promise<void> {
  const created = await post('/admin/v1/organizations', { name: organization, ownerEmail: email }, { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' });
  const token = String(created.body.inviteUrl).split('/').pop();
  const accepted = await post('/api/v0/auth/invitations/accept', { token, password: PASSWORD }, origin);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

await personIn('One', 'one@sign-in.bench');
for (const name of ['First', 'Second', 'Third']) await personIn(name, 'three@sign-in.bench');

const wrongSignIn = (email: string) => async () => {
  const answer = await post('/api/v0/auth/sign-in', { email, password: 'not the password at all' }, origin);
  if (answer.status !== 401) throw new Error(`expected 401, got ${answer.status}`);
};
// Warm-up: the decoy hash and the first connections.
await sample(3, wrongSignIn('nobody@sign-in.bench'));
const cases = [
  ['unknown e-mail (floor)', 'nobody@sign-in.bench'],
  ['a password in 1 organization', 'one@sign-in.bench'],
  ['passwords in 3 organizations', 'three@sign-in.bench'],
] as const;
const medians = new Map<string, number>();
// Interleaved rounds, so that a change in the machine's load falls on every case alike.
const runs = new Map<string, number[]>(cases.map(([name]) => [name, []]));
for (let round = 0; round < count; round++) for (const [name, email] of cases) runs.get(name)!.push(...(await sample(1, wrongSignIn(email))));
for (const [name] of cases) medians.set(name, quantile(runs.get(name)!, 0.5));

console.log(`# Wrong-password sign-ins on ${store.label}: median of ${count} each`);
console.log(`${machine()}; ${load()}`);
console.log('| e-mail | median ms | p90 ms | ratio to the floor |');
console.log('|---|---:|---:|---:|');
const floor = medians.get(cases[0][0])!;
for (const [name] of cases) console.log(`| ${name} | ${fmt(medians.get(name)!)} | ${fmt(quantile(runs.get(name)!, 0.9))} | ${fmt(medians.get(name)! / floor, 2)} |`);

await server.stop();
await store.remove();
