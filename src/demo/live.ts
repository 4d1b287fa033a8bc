import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sign } from '@octokit/webhooks-methods';
import { QuarterdeckClient, type RequestBody } from '../sdk/client.js';
import type { DemoGitDelivery } from './git-history.js';

// What `npm run demo` does through the API once the server is up, as an organization would:
// enterprise controls changed a few times (a history), a global credit limit and members near,
// at and over theirs, an organization budget just above this month's spend and a team budget
// below its first threshold, a GitHub host connected whose webhook receives the repositories'
// history (signed deliveries, as GitHub sends them), and a computer with `quarterdeck agent` running for it, answering the demo's sessions.

/** The owner's budget is set so that this month's spend is this share of it. */
export const DEMO_BUDGET_SHARE = 0.78;
/** The first team's budget in credits, likewise: below its first threshold (75 %). */
export const DEMO_TEAM_BUDGET_SHARE = 0.6;
/** Members given their own limit, as the share of it their month's credits make. */
const DEMO_LIMIT_SHARES = [0.8, 0.95, 1.05];
/** The agent's run command: it answers each message by saying what it works on. */
export const DEMO_RUN_COMMAND = "sed -u 's/^/Working on it: /'";
const DEMO_SESSIONS = [
  { title: 'Fix the flaky checkout test', message: 'The checkout test fails one run in ten; find out why.' },
  { title: 'Upgrade the logging library', message: 'Upgrade the logging library and fix what breaks.' },
  { title: 'Document the billing API', message: 'Write the reference of the billing endpoints.' },
];

export interface LiveDemo {
  computerId: string;
  sessionIds: string[];
  /** Stops the agent. */
  stop(): void;
}

/** `quarterdeck agent` as this checkout runs it: the TypeScript sources under tsx, or the build. */
function agentCommand(): string[] {
  const self = fileURLToPath(import.meta.url);
  const cli = join(self, '..', '..', 'cli', `main${extname(self)}`);
  return extname(self) === '.ts' ? [process.execPath, '--import', import.meta.resolve('tsx'), cli] : [process.execPath, cli];
}

/** Connects a GitHub host and posts the history to its webhook, signed with its secret; answers the host's id. */
export async function postDemoGitHistory(url: string, api: QuarterdeckClient, history: readonly DemoGitDelivery[]): Promise<string> {
  const host = await api.request('post', '/api/v0/git-hosts', { body: { provider: 'github', name: 'demo-org on GitHub' } });
  for (const delivery of history) {
    const body = JSON.stringify(delivery.payload);
    const response = await fetch(`${url}/api/v1/git-hosts/${host.id}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': delivery.event, 'x-github-delivery': delivery.id, 'x-hub-signature-256': await sign(host.webhookSecret, body) },
      body,
    });
    if (!response.ok) throw new Error(`the demo's git host delivery ${delivery.id} answered ${response.status}: ${await response.text()}`);
  }
  return host.id;
}

export async function startLiveDemo(url: string, owner: { apiKey: string; email: string }, teamIds: readonly string[], gitHistory: readonly DemoGitDelivery[]): Promise<LiveDemo> {
  const api = new QuarterdeckClient({ baseUrl: url, apiKey: owner.apiKey });
  await postDemoGitHistory(url, api, gitHistory);

  for (const settings of [{ sessionRetentionDays: 90 }, { restrictApiKeyCreationToManagers: true }, { sessionRetentionDays: 30 }]) {
    await api.request('patch', '/api/v0/organization/enterprise-controls', { body: settings });
  }

  // A generous global limit, then members at 80 %, 95 % and 105 % of limits of their own (not
  // the owner, whose sessions the demo starts).
  await api.request('put', '/api/v0/organization/usage/limits/global', { body: { limit: 100_000_000 } });
  const { members } = await api.request('get', '/api/v0/budgets/members', { query: { sort: 'used' } });
  const near = members.filter((member) => member.used > 0 && member.email !== owner.email).slice(0, DEMO_LIMIT_SHARES.length);
  if (near.length > 0) {
    await api.request('put', '/api/v0/organization/usage/limits/users', {
      body: { users: near.map((member, i) => ({ email: member.email, limit: Math.max(1, Math.round(member.used / DEMO_LIMIT_SHARES[i]!)) })) },
    });
  }

  // Budgets at a share of this month's spend so far: created, read, then set to that amount.
  const budgetAt = async (body: RequestBody<'/api/v0/budgets', 'post'>, share: number) => {
    const { budget } = await api.request('post', '/api/v0/budgets', { body });
    if (budget.spent > 0) await api.request('patch', '/api/v0/budgets/{budgetId}', { path: { budgetId: budget.id }, body: { amount: Math.round((budget.spent / share) * 100) / 100 } });
  };
  await budgetAt({ scope: 'organization', unit: 'money', amount: 1 }, DEMO_BUDGET_SHARE);
  if (teamIds[0]) await budgetAt({ scope: 'team', teamId: teamIds[0], unit: 'credits', amount: 1, thresholds: [75, 90, 100] }, DEMO_TEAM_BUDGET_SHARE);

  const computer = await api.request('post', '/api/v0/computers', { body: { name: 'demo-box', providerType: 'byom', hostname: 'demo-box.local' } });
  const workdir = await mkdtemp(join(tmpdir(), 'quarterdeck-demo-agent-'));
  const [command, ...args] = agentCommand();
  const agent: ChildProcess = spawn(command!, [...args, 'agent', '--url', url, '--workdir', workdir, '--run', DEMO_RUN_COMMAND], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, QUARTERDECK_COMPUTER_TOKEN: computer.computerToken },
    stdio: 'ignore',
  });

  const sessionIds: string[] = [];
  for (const { title, message } of DEMO_SESSIONS) {
    const { sessionId } = await api.request('post', '/api/v0/sessions', { body: { title, computerId: computer.id } });
    await api.request('post', '/api/v0/sessions/{sessionId}/messages', { path: { sessionId }, body: { text: message } });
    sessionIds.push(sessionId);
  }
  return { computerId: computer.id, sessionIds, stop: () => agent.kill('SIGTERM') };
}
