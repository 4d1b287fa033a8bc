import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CLI_COMMAND } from '../hooks/helpers.js';
import { cli, cliJson } from './helpers.js';

// `quarterdeck serve` and `quarterdeck demo` as real processes: they start, answer, and stop on
// SIGTERM / SIGINT.

vi.setConfig({ testTimeout: 300_000 });

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'qd-serve-'));
  dirs.push(dir);
  return dir;
}

/** Starts the CLI and waits until its output matches `ready`. */
function startCli(args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpMatchArray; output: () => string; exit: Promise<number | null> }> {
  const child = spawn(CLI_COMMAND[0]!, [...CLI_COMMAND.slice(1), ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) resolve({ child, match, output: () => output, exit });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then((code) => reject(new Error(`exited ${code} before ready: ${output}`)));
  });
}

describe('quarterdeck serve', () => {
  it('serves with the environment\'s configuration and stops on SIGTERM', async () => {
    const adminToken = 'admin-token-for-the-serve-test-0123456789';
    const started = await startCli(['serve'], { PORT: '0', DATA_DIR: await dataDir(), ADMIN_TOKEN: adminToken, LOG_LEVEL: 'warn' }, /serving on (http:\/\/\S+)/);
    const url = started.match[1]!;
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
    const created = await cliJson(['admin', 'organizations', 'create', '--name', 'Served', '--owner-email', 'owner@served.example'], { QUARTERDECK_URL: url, QUARTERDECK_ADMIN_TOKEN: adminToken });
    const users = await cliJson(['users', 'list'], { QUARTERDECK_URL: url, QUARTERDECK_API_KEY: created.apiKey });
    expect(users).toEqual([expect.objectContaining({ email: 'owner@served.example', role: 'owner' })]);
    started.child.kill('SIGTERM');
    expect(await started.exit).toBe(0);
    expect(started.output()).toContain('SIGTERM, stopping');
  });

  it('exits 1 with the configuration error', async () => {
    const result = await cli(['serve'], { PORT: 'eighty', DATA_DIR: await dataDir() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT');
  });
});

describe('quarterdeck demo', () => {
  it('starts a demo server whose every page has data — analytics, controls history, limits, budgets, sessions answered by a running agent — and stops on SIGINT', async () => {
    const started = await startCli(['demo'], { DATA_DIR: await dataDir(), PORT: '0', LOG_LEVEL: 'warn' }, /Owner API key:\s+(qd_\S+)[\s\S]*?'(http:\/\/[^/']+)\/api/);
    const [, key, url] = started.match;
    const env = { QUARTERDECK_URL: url!, QUARTERDECK_API_KEY: key! };
    const activity = await cliJson(['analytics', 'activity'], env);
    expect(activity).toHaveLength(7);
    expect(activity.some((row: { daily_active_users: number }) => row.daily_active_users > 0)).toBe(true);
    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${key}` } });
      expect(response.status, path).toBe(200);
      return (await response.json()) as any;
    };
    expect((await get('/api/v0/organization/enterprise-controls/history?limit=10')).changes.length).toBeGreaterThanOrEqual(3);
    const limits = await get('/api/v0/budgets/members?sort=percent');
    expect(limits.members.filter((member: { percent: number }) => member.percent >= 75).length).toBeGreaterThanOrEqual(2);
    const { budgets } = await get('/api/v0/budgets');
    expect(budgets.map((budget: { scope: string }) => budget.scope).sort()).toEqual(['organization', 'team']);
    const organizationBudget = budgets.find((budget: { scope: string }) => budget.scope === 'organization');
    // This month's spend at 78 % of the budget (none on a month's first day: nothing has ended yet).
    if (organizationBudget.spent > 0) expect(organizationBudget.percent).toBeCloseTo(78, 0);
    const teamBudget = budgets.find((budget: { scope: string }) => budget.scope === 'team');
    if (teamBudget.spent > 0) expect(teamBudget.percent).toBeCloseTo(60, 0);
    // The demo computer's scripted coding agent works on each session: tool calls on the
    // session's files, then its answer naming the task (not an echo of the message).
    const { sessions } = await get('/api/v0/sessions');
    expect(sessions.length).toBe(3);
    for (const session of sessions) {
      await vi.waitFor(
        async () => {
          const { messages } = await get(`/api/v0/sessions/${session.sessionId}/messages`);
          const texts = (role: string) => messages.filter((message: { role: string }) => message.role === role).flatMap((message: { content: { text?: string }[] }) => message.content.map((block) => block.text ?? ''));
          expect(texts('tool').some((text: string) => text.startsWith('list_files '))).toBe(true);
          expect(texts('tool').some((text: string) => text.startsWith('search '))).toBe(true);
          expect(texts('assistant').some((text: string) => text.startsWith('Task: ') && text.includes('I listed '))).toBe(true);
        },
        { timeout: 30_000, interval: 500 },
      );
    }
    // A webhook endpoint on the demo's own loopback receiver, its deliveries succeeding.
    const { webhooks } = await get('/api/v0/webhooks');
    expect(webhooks).toHaveLength(1);
    await vi.waitFor(
      async () => {
        const { deliveries } = await get(`/api/v0/webhooks/${webhooks[0].id}/deliveries`);
        expect(deliveries.some((delivery: { status: string }) => delivery.status === 'succeeded')).toBe(true);
      },
      { timeout: 30_000, interval: 500 },
    );
    // Members' agents exporting with an ingest key: each agent listed with the version it sends.
    const { connections } = await get('/api/v0/organization/connected-agents');
    const heard = connections.filter((connection: { accepted: number }) => connection.accepted > 0).map((connection: { agent: string; version: string | null }) => `${connection.agent} ${connection.version}`);
    expect(new Set(heard)).toEqual(new Set(['claude-code 2.1.332', 'codex 0.63.0']));
    started.child.kill('SIGINT');
    expect(await started.exit).toBe(0);
  });
});
