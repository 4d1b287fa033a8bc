import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sign } from '@octokit/webhooks-methods';
import { QuarterdeckClient, type RequestBody } from '../sdk/client.js';
import type { DemoGitDelivery } from './git-history.js';
import { startDemoAgentExports } from './agent-exports.js';

// What `npm run demo` does through the API once the server is up, as an organization would:
// enterprise controls changed a few times (a history), a global credit limit and members near,
// at and over theirs, an organization budget just above this month's spend and a team budget
// below its first threshold, a GitHub host connected whose webhook receives the repositories'
// history (signed deliveries, as GitHub sends them), a webhook endpoint on a loopback receiver
// the demo runs (its deliveries succeed), four members' agents exporting OpenTelemetry with an
// ingest key (Connected agents, Today so far: agent-exports.ts), and a computer with `quarterdeck agent` running for it, whose scripted coding agent answers the demo's sessions with tool calls.

/** The owner's budget is set so that this month's spend is this share of it. */
export const DEMO_BUDGET_SHARE = 0.78;
/** The first team's budget in credits, likewise: below its first threshold (75 %). */
export const DEMO_TEAM_BUDGET_SHARE = 0.6;
/** Members given their own limit, as the share of it their month's credits make. */
const DEMO_LIMIT_SHARES = [0.8, 0.95, 1.05];
/** Members whose agents export live (the least spending ones: the limits above take the most). */
const DEMO_EXPORTING_MEMBERS = 4;
const DEMO_SESSIONS = [
  { title: 'Fix the flaky checkout test', message: 'The checkout test fails one run in ten; find out why.' },
  { title: 'Upgrade the logging library', message: 'Upgrade the logging library and fix what breaks.' },
  { title: 'Document the billing API', message: 'Write the reference of the billing endpoints.' },
];

export interface LiveDemo {
  computerId: string;
  sessionIds: string[];
  /** The loopback receiver of the demo's webhook endpoint. */
  webhookUrl: string;
  /** Stops the agent and the webhook receiver. */
  stop(): void;
}

/**
 * The demo's webhook receiver: a real HTTP server on loopback that takes every delivery (200),
 * so the webhooks page shows an endpoint with deliveries that succeed.
 */
async function startWebhookReceiver(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('received'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/quarterdeck-events` };
}

/** A script of this checkout run by Node: the TypeScript sources under tsx, or the build. */
function nodeCommand(script: string): string[] {
  const self = fileURLToPath(import.meta.url);
  const file = join(self, '..', `${script}${extname(self)}`);
  return extname(self) === '.ts' ? [process.execPath, '--import', import.meta.resolve('tsx'), file] : [process.execPath, file];
}

/** `quarterdeck agent` as this checkout runs it. */
const agentCommand = () => nodeCommand('../cli/main');

/** The agent's run command: the demo's scripted coding agent (coding-agent.ts), a real process making tool calls on the session's files. */
export function demoRunCommand(): string {
  return nodeCommand('coding-agent')
    .map((part) => `'${part.replaceAll("'", "'\\''")}'`)
    .join(' ');
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

  // A webhook endpoint for every event, on the demo's own receiver, with a first (test) delivery.
  const receiver = await startWebhookReceiver();
  const webhook = await api.request('post', '/api/v0/webhooks', { body: { url: receiver.url, description: 'Demo receiver (loopback)' } });
  await api.request('post', '/api/v0/webhooks/{webhookId}/test', { path: { webhookId: webhook.webhook.id } });

  // Four members' Claude Code and Codex installations, exporting with one ingest key.
  const ingestKey = await api.request('post', '/api/v0/api-keys', { body: { name: 'Demo fleet (agents\' OpenTelemetry)', kind: 'ingest' } });
  const exporters = members.filter((member) => member.email !== owner.email).slice(-DEMO_EXPORTING_MEMBERS).map((member) => member.email);
  const exports = startDemoAgentExports(url, ingestKey.key, exporters);
  await exports.first;

  const computer = await api.request('post', '/api/v0/computers', { body: { name: 'demo-box', providerType: 'byom', hostname: 'demo-box.local' } });
  const workdir = await mkdtemp(join(tmpdir(), 'quarterdeck-demo-agent-'));
  const [command, ...args] = agentCommand();
  const agent: ChildProcess = spawn(command!, [...args, 'agent', '--url', url, '--workdir', workdir, '--run', demoRunCommand()], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, QUARTERDECK_COMPUTER_TOKEN: computer.computerToken },
    stdio: 'ignore',
  });

  const sessionIds: string[] = [];
  for (const { title, message } of DEMO_SESSIONS) {
    const { sessionId } = await api.request('post', '/api/v0/sessions', { body: { title, computerId: computer.id } });
    await api.request('post', '/api/v0/sessions/{sessionId}/messages', { path: { sessionId }, body: { text: message } });
    sessionIds.push(sessionId);
  }
  const stop = () => {
    agent.kill('SIGTERM');
    exports.stop();
    receiver.server.close();
  };
  return { computerId: computer.id, sessionIds, webhookUrl: receiver.url, stop };
}
