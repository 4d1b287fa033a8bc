import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runReadinessNight } from '../../src/jobs/readiness-nightly.js';
import { sweepEvaluations } from '../../src/repositories/readiness-evaluations.js';
import { readinessLevel } from '../../src/sdk/readiness-levels.js';
import { agent as agentCalls, call, registerComputer } from '../compute/fixtures.js';
import { CLI_COMMAND } from '../hooks/helpers.js';
import { createOrganization, expectError, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// Readiness on computers, end to end (docs/readiness.md, "Every repository, every night"): the
// list of repositories (listed, or named by a git host by default), evaluations queued on request,
// on a push to the default branch and nightly, and a real `quarterdeck agent` process that
// clones a local bare remote with git, evaluates it and uploads the report; failures (no computer
// online, a clone that fails, a computer that stops answering) kept and visible, tries bounded.

vi.setConfig({ testTimeout: 90_000 });

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
let url: string;
let base: string;
const agents: ChildProcess[] = [];

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.test', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.test' }, encoding: 'utf8' });

async function write(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

/** A bare remote (file://) and the work tree that pushes to it. */
async function remote(name: string, files: Record<string, string>): Promise<{ url: string; push(files: Record<string, string>, message: string): Promise<void> }> {
  const bare = join(base, `${name}.git`);
  const work = join(base, `${name}-work`);
  git(base, 'init', '-q', '--bare', '-b', 'main', bare);
  git(base, 'init', '-q', '-b', 'main', work);
  git(work, 'remote', 'add', 'origin', bare);
  const push = async (more: Record<string, string>, message: string) => {
    await write(work, more);
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', message);
    git(work, 'push', '-q', 'origin', 'main');
  };
  await push(files, 'feat: first');
  return { url: `file://${bare}`, push };
}

const README = `# Demo service\n\nA small service used to test readiness: it answers requests and keeps a log of them for later.\n\n## Getting started\n\nRun \`npm install\` then \`npm test\`.\n`;

function startAgent(token: string, workdir: string): { output(): string; stop(): void } {
  const child = spawn(CLI_COMMAND[0]!, [...CLI_COMMAND.slice(1), 'agent', '--url', url, '--workdir', workdir, '--run', 'cat', '--heartbeat-ms', '250', '--claim-wait-ms', '300'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, QUARTERDECK_COMPUTER_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  agents.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { output: () => output, stop: () => child.kill('SIGKILL') };
}

/** Polls the evaluation until it is finished (succeeded or failed), within a bound. */
async function finished(key: string, id: string, describeAgent: () => string): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const { evaluation } = json(await call(server, key, 'GET', `/api/v0/readiness/evaluations/${id}`));
    if (evaluation.status === 'succeeded' || evaluation.status === 'failed') return evaluation;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`evaluation ${id} did not finish; agent said:\n${describeAgent()}`);
}

const hostPath = (host: { webhookUrl: string }) => new URL(host.webhookUrl).pathname;

function pushDelivery(host: { webhookUrl: string; webhookSecret: string }, repository: string, ref: string) {
  const body = JSON.stringify({
    ref,
    repository: { html_url: `https://${repository}`, default_branch: 'main' },
    commits: [{ id: 'a'.repeat(40), message: 'fix: a thing', timestamp: '2026-12-01T10:00:00Z', author: { name: 'A', email: 'a@example.test' } }],
  });
  return server.app.inject({
    method: 'POST',
    url: hostPath(host),
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-github-delivery': `d-${Math.random().toString(16).slice(2)}`,
      'x-hub-signature-256': `sha256=${createHmac('sha256', host.webhookSecret).update(body).digest('hex')}`,
    },
  });
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'qd-readiness-nightly-'));
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', READINESS_LOCAL_REMOTES: 'true', READINESS_RETRY_DELAY_MS: '0', MODEL_CATALOGUE: '' });
  org = await createOrganization(server);
  other = await createOrganization(server, 'Other Org');
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const child of agents) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await server?.close();
  await rm(base, { recursive: true, force: true });
});

describe('the repositories evaluated', () => {
  it('defaults to those the git hosts name; a push to the default branch queues one, failed at once with no computer online', async () => {
    const fresh = await createOrganization(server, 'Default Org');
    expect(json(await call(server, fresh.users.guest.key, 'GET', '/api/v0/readiness/repositories'))).toEqual({ repositories: [], listed: false });
    const host = json(await call(server, fresh.owner.key, 'POST', '/api/v0/git-hosts', { provider: 'github' }));
    expect((await pushDelivery(host, 'github.example.test/acme/pushed', 'refs/heads/feature')).statusCode).toBe(200);
    const { repositories } = json(await call(server, fresh.owner.key, 'GET', '/api/v0/readiness/repositories'));
    expect(repositories).toEqual([expect.objectContaining({ id: null, repoId: 'github.example.test/acme/pushed', cloneUrl: 'https://github.example.test/acme/pushed.git', source: 'git-host', lastEvaluation: null })]);
    // A push to another branch queued nothing; one to the default branch does.
    expect(json(await call(server, fresh.owner.key, 'GET', '/api/v0/readiness/evaluations')).evaluations).toEqual([]);
    expect((await pushDelivery(host, 'github.example.test/acme/pushed', 'refs/heads/main')).statusCode).toBe(200);
    const { evaluations } = json(await call(server, fresh.owner.key, 'GET', '/api/v0/readiness/evaluations'));
    expect(evaluations).toEqual([expect.objectContaining({ repoId: 'github.example.test/acme/pushed', trigger: 'push', status: 'failed', attempts: 0 })]);
    expect(evaluations[0].error).toMatch(/no computer of the organization is online/);
    const listed = json(await call(server, fresh.owner.key, 'GET', '/api/v0/readiness/repositories')).repositories[0];
    expect(listed.lastEvaluation).toEqual(evaluations[0]);
    // GitLab's push hook the same way; the same delivery again queues nothing more.
    const gitlab = json(await call(server, fresh.owner.key, 'POST', '/api/v0/git-hosts', { provider: 'gitlab' }));
    const body = JSON.stringify({ object_kind: 'push', ref: 'refs/heads/trunk', after: 'b'.repeat(40), project: { web_url: 'https://gitlab.example.test/acme/lab', default_branch: 'trunk' }, commits: [{ id: 'b'.repeat(40), message: 'fix: x', timestamp: '2026-12-01T10:00:00Z', author: { name: 'B', email: 'b@example.test' } }] });
    const headers = { 'content-type': 'application/json', 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': gitlab.webhookSecret, 'x-gitlab-event-uuid': 'gl-1' };
    for (let i = 0; i < 2; i++) expect((await server.app.inject({ method: 'POST', url: hostPath(gitlab), payload: body, headers })).statusCode).toBe(200);
    const pushes = json(await call(server, fresh.owner.key, 'GET', '/api/v0/readiness/evaluations?repoId=gitlab.example.test/acme/lab')).evaluations;
    expect(pushes).toEqual([expect.objectContaining({ trigger: 'push', repoId: 'gitlab.example.test/acme/lab' })]);
  });

  it('lists, refuses and removes repositories (roles, bad input, other organizations)', async () => {
    const owner = org.owner.key;
    const first = await call(server, owner, 'POST', '/api/v0/readiness/repositories', { cloneUrl: 'git@github.example.test:acme/listed.git' });
    expect(first.statusCode).toBe(201);
    const entry = json(first).repository;
    expect(entry).toMatchObject({ repoId: 'github.example.test/acme/listed', source: 'listed', cloneUrl: 'git@github.example.test:acme/listed.git', lastEvaluation: null });
    expectError(await call(server, owner, 'POST', '/api/v0/readiness/repositories', { cloneUrl: 'https://github.example.test/acme/listed' }), 409);
    expectError(await call(server, org.users.member.key, 'POST', '/api/v0/readiness/repositories', { cloneUrl: 'https://github.example.test/acme/x' }), 403);
    for (const body of [{ cloneUrl: 'ext::sh -c touch% /tmp/x' }, { cloneUrl: '--upload-pack=touch' }, { cloneUrl: 'https://user:secret@github.example.test/acme/y' }, { cloneUrl: 'file:///tmp/x' }, { cloneUrl: 'https://github.example.test/acme/z', extra: 1 }, {}]) {
      const refused = expectError(await call(server, owner, 'POST', '/api/v0/readiness/repositories', body), 400);
      expect(refused.detail).not.toBe('');
    }
    // A file:// URL names no repository: its id must be given.
    expect(expectError(await call(server, owner, 'POST', '/api/v0/readiness/repositories', { cloneUrl: `file://${base}/none.git` }), 400).errors).toEqual([{ path: 'body/cloneUrl', message: 'names no repository' }]);
    // Everyone reads; the list replaces the default.
    const read = json(await call(server, org.users.guest.key, 'GET', '/api/v0/readiness/repositories'));
    expect(read.listed).toBe(true);
    expect(read.repositories.map((repository: any) => repository.repoId)).toEqual(['github.example.test/acme/listed']);
    expectError(await call(server, other.owner.key, 'DELETE', `/api/v0/readiness/repositories/${entry.id}`), 404);
    expect(json(await call(server, other.owner.key, 'GET', '/api/v0/readiness/repositories')).repositories).toEqual([]);
    expect((await call(server, org.users.manager.key, 'DELETE', `/api/v0/readiness/repositories/${entry.id}`)).statusCode).toBe(204);
    expectError(await call(server, owner, 'DELETE', `/api/v0/readiness/repositories/${entry.id}`), 404);
  });
});

describe('evaluations on a computer, with a real quarterdeck agent', () => {
  it('clones a local remote, evaluates, uploads; fetches after a push; nightly once per night; failures retried then kept', async () => {
    const owner = org.owner.key;
    const repoId = 'github.example.test/acme/service';
    const service = await remote('service', { 'README.md': README, 'package.json': '{"name":"service","scripts":{"test":"vitest"}}' });
    expect((await call(server, owner, 'POST', '/api/v0/readiness/repositories', { cloneUrl: service.url, repoId })).statusCode).toBe(201);
    const broken = 'github.example.test/acme/broken';
    expect((await call(server, owner, 'POST', '/api/v0/readiness/repositories', { cloneUrl: `file://${base}/missing.git`, repoId: broken })).statusCode).toBe(201);
    expectError(await call(server, owner, 'POST', '/api/v0/readiness/evaluations', { repoId: 'github.example.test/acme/unknown' }), 404);
    expectError(await call(server, org.users.member.key, 'POST', '/api/v0/readiness/evaluations', {}), 403);

    const computer = await registerComputer(server, owner);
    const workdir = join(base, 'agent');
    const running = startAgent(computer.token, workdir);
    // Online once its first heartbeat arrived.
    for (let i = 0; i < 300 && !json(await call(server, owner, 'GET', `/api/v0/computers/${computer.id}`)).lastSeenAt; i++) await new Promise((resolve) => setTimeout(resolve, 100));

    const queued = json(await call(server, owner, 'POST', '/api/v0/readiness/evaluations', { repoId: `https://${repoId}` })).evaluations;
    expect(queued).toEqual([expect.objectContaining({ repoId, trigger: 'request', status: 'queued', attempts: 0 })]);
    const done = await finished(owner, queued[0].id, running.output);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, computerId: computer.id, error: null });
    const { reports } = json(await call(server, owner, 'GET', `/api/organization/maturity-level-reports?repoId=${repoId}`));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reportId: done.reportId, repoId, repoUrl: `https://${repoId}`, branch: 'main', hasLocalChanges: false, hasNonRemoteCommits: false });
    expect(reports[0].commitHash).toBe(git(join(base, 'service.git'), 'rev-parse', 'HEAD').trim());
    const before = readinessLevel(reports[0].report);
    expect(reports[0].report.agent_instructions.numerator).toBe(0);

    // A push, then a second evaluation: the checkout is fetched, not cloned again.
    await service.push({ 'AGENTS.md': `# Agents\n\nThis service is small; keep it so. Before you hand work back, run the whole suite with \`npm test\` and fix what fails. The code lives in src/, the tests beside it. ${'Explain every change in the commit message. '.repeat(6)}\n`, '.gitignore': 'node_modules\n' }, 'docs: agent instructions');
    const second = json(await call(server, owner, 'POST', '/api/v0/readiness/evaluations', { repoId })).evaluations[0];
    expect(await finished(owner, second.id, running.output)).toMatchObject({ status: 'succeeded' });
    const newest = json(await call(server, owner, 'GET', `/api/organization/maturity-level-reports?repoId=${repoId}`)).reports[0];
    expect(newest.commitHash).toBe(git(join(base, 'service.git'), 'rev-parse', 'HEAD').trim());
    expect(newest.report.agent_instructions.numerator).toBe(1);
    expect(newest.report.gitignore.numerator).toBe(1);
    expect(readinessLevel(newest.report).levels[0]!.passed).toBeGreaterThan(before.levels[0]!.passed);

    // Nightly: every repository once for the night, however many passes.
    // (The night is today's, from its hour: the computer is online now, not at a made-up time.)
    const now = new Date();
    const hour = now.getUTCHours();
    if (hour < 23) expect(await runReadinessNight(server.store.db, hour + 1, now)).toBe(0);
    expect(await runReadinessNight(server.store.db, hour, now)).toBeGreaterThanOrEqual(2);
    expect(await runReadinessNight(server.store.db, hour, new Date(now.getTime() + 1000))).toBe(0);
    const ofNight = json(await call(server, owner, 'GET', '/api/v0/readiness/evaluations?limit=100')).evaluations.filter((evaluation: any) => evaluation.trigger === 'nightly');
    expect(ofNight.map((evaluation: any) => evaluation.repoId).sort()).toEqual([broken, repoId]);
    for (const evaluation of ofNight) await finished(owner, evaluation.id, running.output);
    const states = json(await call(server, owner, 'GET', '/api/v0/readiness/evaluations?limit=100')).evaluations.filter((evaluation: any) => evaluation.trigger === 'nightly');
    const failed = states.find((evaluation: any) => evaluation.repoId === broken);
    // The clone failed each time: tried three times, then failed with git's own words.
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, computerId: computer.id });
    expect(failed.error).toMatch(/git clone .*missing\.git failed/);
    expect(states.find((evaluation: any) => evaluation.repoId === repoId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(json(await call(server, owner, 'GET', `/api/v0/readiness/evaluations?status=failed&repoId=${broken}`)).evaluations).toEqual([failed]);
    const repositories = json(await call(server, org.users.guest.key, 'GET', '/api/v0/readiness/repositories')).repositories;
    expect(repositories.find((repository: any) => repository.repoId === broken).lastEvaluation).toEqual(failed);
    expect(running.output()).toMatch(/readiness evaluation .* failed: git clone/);

    // Another organization sees none of it.
    expectError(await call(server, other.owner.key, 'GET', `/api/v0/readiness/evaluations/${failed.id}`), 404);
    expect(json(await call(server, other.owner.key, 'GET', '/api/v0/readiness/evaluations')).evaluations).toEqual([]);
    running.stop();
  });

  it('a computer that stops answering loses its evaluation (lease), which is tried again, and only the computer holding it may finish it', async () => {
    const owner = org.owner.key;
    const computer = await registerComputer(server, owner, { name: 'quiet' });
    const calls = agentCalls(server, computer.token);
    expect((await calls.heartbeat()).statusCode).toBe(200);
    const queued = json(await call(server, owner, 'POST', '/api/v0/readiness/evaluations', { repoId: 'github.example.test/acme/service' })).evaluations[0];
    const claim = await call(server, computer.token, 'POST', '/api/v0/agent/readiness-evaluations/claim');
    expect(claim.statusCode).toBe(200);
    expect(json(claim).evaluation).toMatchObject({ id: queued.id, status: 'running', attempts: 1 });
    expect((await call(server, computer.token, 'POST', '/api/v0/agent/readiness-evaluations/claim')).statusCode).toBe(204);
    // Another computer may not finish it; a report of another repository is refused.
    const second = await registerComputer(server, owner, { name: 'other' });
    expectError(await call(server, second.token, 'POST', `/api/v0/agent/readiness-evaluations/${queued.id}/failure`, { error: 'x' }), 409);
    const otherOrgComputer = await registerComputer(server, other.owner.key);
    expectError(await call(server, otherOrgComputer.token, 'POST', `/api/v0/agent/readiness-evaluations/${queued.id}/failure`, { error: 'x' }), 404);
    const wrong = { repoUrl: 'https://github.example.test/acme/else', apps: {}, report: { readme: { numerator: 1, denominator: 1, rationale: 'ok' } } };
    expectError(await call(server, computer.token, 'POST', `/api/v0/agent/readiness-evaluations/${queued.id}/report`, wrong), 400);
    expectError(await call(server, computer.token, 'POST', `/api/v0/agent/readiness-evaluations/${queued.id}/report`, { ...wrong, repoUrl: 'https://github.example.test/acme/service', report: { readme: { numerator: 2, denominator: 1, rationale: 'x' } } }), 400);
    expectError(await call(server, org.owner.key, 'POST', '/api/v0/agent/readiness-evaluations/claim'), 401);
    // The lease lapses: back in the queue with the reason kept.
    expect(await sweepEvaluations(server.store.db, new Date(Date.now() + 16 * 60_000), org.id)).toBe(1);
    const back = json(await call(server, owner, 'GET', `/api/v0/readiness/evaluations/${queued.id}`)).evaluation;
    expect(back).toMatchObject({ status: 'queued', attempts: 1 });
    expect(back.error).toMatch(/stopped answering/);
    expectError(await call(server, computer.token, 'POST', `/api/v0/agent/readiness-evaluations/${queued.id}/failure`, { error: 'late' }), 409);
  });
});
