import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { CLI_COMMAND, cli, script, startReceiver, tempDir, type Receiver } from '../hooks/helpers.js';

// Hook-recorded commits (docs/outcomes.md "Hook-recorded commits", docs/hooks.md): the commit hook
// installed by `quarterdeck hooks install --commits`, run by the real hooks runner around commits
// made with the real git binary, reporting to a live server on a real port; the endpoint's own
// cases; and the evidence reaching the outcomes whichever arrives first, the hook's record or the
// host's delivery, through a squash merge and a cherry-pick.

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples/api.github.com/index.json') as { name: string; examples: Record<string, any>[] }[];
const example = (name: string, action?: string) => structuredClone(examples.find((event) => event.name === name)!.examples.find((item) => action === undefined || item.action === action)!);

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
let serverUrl: string;
let dir: Awaited<ReturnType<typeof tempDir>>;
let bin: string;
/** Answers 503 to agent commits while `down`, and passes everything else to the real server. */
let flaky: Receiver;
let down = false;

const DAY = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => `${DAY}T${time}Z`;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Commits Org');
  other = await createOrganization(server, 'Other Org');
  serverUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await tempDir();
  bin = join(dir.path, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  // The installed command is `quarterdeck hooks commits`: the package's bin, as npm links it.
  await script(bin, 'quarterdeck', `#!/bin/sh\nexec ${CLI_COMMAND.map((part) => `'${part}'`).join(' ')} "$@"\n`);
  flaky = await startReceiver((request, _index, response) => {
    if (down && request.url === '/api/v0/agent-commits') return void response.writeHead(503).end('{}');
    void fetch(`${serverUrl}${request.url}`, { method: request.method, headers: { authorization: String(request.headers.authorization), 'content-type': 'application/json' }, body: JSON.stringify(request.body) }).then(async (answer) => {
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    });
  });
});
afterAll(async () => {
  await flaky?.close();
  await server?.close();
  await dir?.remove();
});

// ---- A repository and the agent's turns around it.

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir.path, GIT_CONFIG_NOSYSTEM: '1' } }).trim();
}

function newRepository(name: string, email: string): string {
  const path = join(dir.path, name);
  execFileSync('mkdir', ['-p', path]);
  git(path, 'init', '-q', '-b', 'main');
  git(path, 'config', 'user.email', email);
  git(path, 'config', 'user.name', 'A Member');
  git(path, 'remote', 'add', 'origin', `https://someone:a-token@github.com/acme/${name}.git`);
  return path;
}

async function commitLines(repo: string, file: string, lines: string[], message = `Change ${file}`): Promise<string> {
  await writeFile(join(repo, file), lines.map((line) => `${line}\n`).join(''));
  git(repo, 'add', file);
  git(repo, 'commit', '-q', '-m', message);
  return git(repo, 'rev-parse', 'HEAD');
}

const cacheHome = () => join(dir.path, 'cache');

/** One hook event through the real runner (`quarterdeck hooks run`), as the agent client raises it. */
async function hookEvent(repo: string, event: string, sessionId: string, key: string) {
  const run = await cli(['hooks', 'run', event], {
    cwd: repo,
    stdin: JSON.stringify({ hook_event_name: event, session_id: sessionId, cwd: repo, ...(event === 'SessionEnd' && { reason: 'other' }) }),
    env: { PATH: `${bin}:${process.env.PATH}`, HOME: dir.path, QUARTERDECK_URL: flaky.url, QUARTERDECK_API_KEY: key, QUARTERDECK_CONFIG_HOME: join(dir.path, 'config'), XDG_CACHE_HOME: cacheHome() },
  });
  expect(run.code, run.stderr).toBe(0);
  const outcome = JSON.parse(run.stdout) as { results: { command: string; exitCode: number; stderr: string }[] };
  const hook = outcome.results.find((result) => result.command === 'quarterdeck hooks commits');
  expect(hook?.exitCode, JSON.stringify(outcome)).toBe(0);
  return hook!;
}

const record = (key: string, commits: object[]) => server.app.inject({ method: 'POST', url: '/api/v0/agent-commits', headers: auth(key), payload: { commits } });
const report = (sha: string, extra: object = {}) => ({ sha, repository: 'github.com/acme/shop', branch: 'feature', sessionId: 's-1', agent: 'claude-code', committedAt: at('09:00:00'), linesAdded: 3, linesRemoved: 1, ...extra });
/** Whether the organization of the caller has a record of the SHA (read in the store: reporting it again would record it). */
async function isRecorded(organization: TestOrganization, sha: string): Promise<boolean> {
  const row = await server.app.services.db.selectFrom('agent_commits').select('sha').where('organization_id', '=', organization.id).where('sha', '=', sha).executeTakeFirst();
  return row !== undefined;
}

// ---- The git host side: a connected GitHub host and signed deliveries.

type Host = { webhookUrl: string; webhookSecret: string };
async function connect(organization: TestOrganization): Promise<Host> {
  return (await server.app.inject({ method: 'POST', url: '/api/v0/git-hosts', headers: auth(organization.users.manager.key), payload: { provider: 'github' } })).json();
}
async function deliver(host: Host, event: string, payload: object) {
  const body = JSON.stringify(payload);
  const response = await server.app.inject({
    method: 'POST',
    url: new URL(host.webhookUrl).pathname,
    headers: { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': `d-${Math.random().toString(16).slice(2)}`, 'x-hub-signature-256': `sha256=${createHmac('sha256', host.webhookSecret).update(body).digest('hex')}` },
    payload: body,
  });
  expect(response.json()).toEqual({ outcome: 'stored' });
}
function push(repo: string, branch: string, commits: { sha: string; email: string; message: string; at: string }[]) {
  const payload = example('push');
  payload.ref = `refs/heads/${branch}`;
  payload.repository.html_url = `https://github.com/${repo}`;
  payload.commits = commits.map((commit) => ({ ...payload.commits[0], id: commit.sha, message: commit.message, timestamp: commit.at, author: { name: 'A Member', email: commit.email }, committer: { name: 'A Member', email: commit.email } }));
  return payload;
}
function mergedPull(repo: string, number: number, branch: string, squashSha: string) {
  const payload = example('pull_request', 'closed');
  payload.repository.html_url = `https://github.com/${repo}`;
  Object.assign(payload.pull_request, { number, html_url: `https://github.com/${repo}/pull/${number}`, created_at: at('08:00:00'), merged_at: at('12:00:00'), closed_at: at('12:00:00'), merged: true, merge_commit_sha: squashSha, additions: 3, deletions: 0 });
  payload.pull_request.head.ref = branch;
  return payload;
}
async function outcomesOf(organization: TestOrganization, groupBy?: string) {
  const response = await server.app.inject({ method: 'GET', url: `/api/v1/analytics/outcomes?startDate=${DAY}&endDate=${DAY}${groupBy ? `&group_by=${groupBy}` : ''}`, headers: auth(organization.owner.key) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown>[];
}

describe('the commit hook, through the real runner and git', () => {
  it('installs on the turn events, once', async () => {
    const repo = newRepository('install', org.users.member.email);
    const first = await cli(['hooks', 'install', '--project', '--commits'], { cwd: repo, env: { QUARTERDECK_CONFIG_HOME: join(dir.path, 'config') } });
    expect(first.code, first.stderr).toBe(0);
    const config = JSON.parse(await readFile(join(repo, '.quarterdeck/hooks.json'), 'utf8'));
    expect(Object.keys(config.hooks)).toEqual(['SessionStart', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'SessionEnd']);
    expect(config.hooks.Stop).toEqual([{ hooks: [{ type: 'command', command: 'quarterdeck hooks commits', timeout: 15 }] }]);
    expect((await cli(['hooks', 'install', '--project', '--commits'], { cwd: repo })).stdout).toContain('nothing changed');
    expect((await cli(['hooks', 'install', '--budget', '--commits'], { cwd: repo })).code).toBe(1);
  });

  it("reports the turn's commits with git's line counts, branch and repository id, and not the person's own commits between turns", async () => {
    const { member } = org.users;
    const repo = newRepository('shop', member.email);
    expect((await cli(['hooks', 'install', '--project', '--commits'], { cwd: repo })).code).toBe(0);
    const base = await commitLines(repo, 'README.md', ['hello']);
    git(repo, 'checkout', '-q', '-b', 'feature');
    await hookEvent(repo, 'SessionStart', 'session-a', member.key);
    const first = await commitLines(repo, 'a.txt', ['one', 'two', 'three']);
    await writeFile(join(repo, 'README.md'), 'hello again\nand more\n');
    git(repo, 'commit', '-q', '-am', 'Edit the readme');
    const second = git(repo, 'rev-parse', 'HEAD');
    await hookEvent(repo, 'Stop', 'session-a', member.key);
    expect(await isRecorded(org, first)).toBe(true);
    expect(await isRecorded(org, second)).toBe(true);
    expect(await isRecorded(org, base)).toBe(false);

    // Between turns the person commits by hand: the next prompt moves the note past it.
    const byHand = await commitLines(repo, 'b.txt', ['mine'], 'A message that must stay local');
    await hookEvent(repo, 'UserPromptSubmit', 'session-a', member.key);
    const third = await commitLines(repo, 'c.txt', ['agent']);
    await hookEvent(repo, 'SessionEnd', 'session-a', member.key);
    expect(await isRecorded(org, third)).toBe(true);
    expect(await isRecorded(org, byHand)).toBe(false);
    // The repository's id, never the remote URL with its token; git's line counts; no message or code.
    const rows = await server.app.services.db.selectFrom('agent_commits').selectAll().where('organization_id', '=', org.id).where('sha', 'in', [first, second, third]).orderBy('committed_at').orderBy('lines_added').execute();
    expect(rows.map((row) => [row.sha, row.lines_added, row.lines_removed])).toEqual(expect.arrayContaining([[first, 3, 0], [second, 2, 1], [third, 1, 0]]));
    expect(rows[0]).toMatchObject({ repository: 'github.com/acme/shop', branch: 'feature', session_id: 'session-a', agent: 'claude-code', user_id: member.id });
    expect(JSON.stringify(rows)).not.toMatch(/a-token|message that must|README|a\.txt|three/);

    // What was recorded, read from the outcomes' side: a delivered push of the turn's commits.
    const host = await connect(org);
    await deliver(host, 'push', push('acme/shop', 'feature', [{ sha: first, email: member.email, message: 'Change a.txt', at: at('09:00:00') }]));
    await deliver(host, 'pull_request', mergedPull('acme/shop', 1, 'feature', 'f'.repeat(40)));
    const [byAgent] = await outcomesOf(org, 'agent');
    expect(byAgent).toMatchObject({ group_key: 'claude-code', pull_requests_merged: 1, pull_requests_merged_agent_assisted: 1, pull_requests_merged_agent_authored: 0 });
  });

  it('never fails the agent: with the server down the commits wait in the queue, and go when the next turn ends', async () => {
    const { manager } = org.users;
    const repo = newRepository('queue', manager.email);
    expect((await cli(['hooks', 'install', '--project', '--commits'], { cwd: repo })).code).toBe(0);
    await commitLines(repo, 'README.md', ['start']);
    down = true;
    try {
      await hookEvent(repo, 'SessionStart', 'session-q', manager.key);
      const made = await commitLines(repo, 'x.txt', ['x']);
      const hook = await hookEvent(repo, 'Stop', 'session-q', manager.key);
      expect(hook.stderr).toContain('the server answered 503; the commits wait for the next turn');
      expect(await isRecorded(org, made)).toBe(false);
      down = false;
      // The next turn's start sends nothing (a prompt waits for no server); its end sends the queue.
      await hookEvent(repo, 'UserPromptSubmit', 'session-q', manager.key);
      expect(await isRecorded(org, made)).toBe(false);
      await hookEvent(repo, 'Stop', 'session-q', manager.key);
      expect(await isRecorded(org, made)).toBe(true);
    } finally {
      down = false;
    }
  });
});

describe('POST /api/v0/agent-commits', () => {
  it('records each SHA once per organization, whoever reports it again', async () => {
    const sha = '1'.repeat(40);
    expect((await record(org.users.member.key, [report(sha), report(sha, { sessionId: 'again' })])).json()).toEqual({ recorded: 1, duplicates: 1 });
    expect((await record(org.users.manager.key, [report(sha)])).json()).toEqual({ recorded: 0, duplicates: 1 });
    // Another organization's record of the same SHA is its own.
    expect((await record(other.users.member.key, [report(sha)])).json()).toEqual({ recorded: 1, duplicates: 0 });
    expect((await record(org.users.member.key, [report('2'.repeat(64), { repository: 'git@github.com:Acme/Shop.git', branch: null })])).json()).toEqual({ recorded: 1, duplicates: 0 });
  });

  it('refuses bad input with the one error body, and writes nothing', async () => {
    const good = '3'.repeat(40);
    const cases: [object, string][] = [
      [{ commits: [] }, 'body/commits'],
      [{ commits: [report('ABC')] }, 'body/commits/0/sha'],
      [{ commits: [report(good, { repository: 'not a repository' })] }, 'body/commits/0/repository'],
      [{ commits: [report(good, { agent: 'Claude Code' })] }, 'body/commits/0/agent'],
      [{ commits: [report(good, { linesAdded: -1 })] }, 'body/commits/0/linesAdded'],
      [{ commits: [report(good, { committedAt: 'yesterday' })] }, 'body/commits/0/committedAt'],
      [{ commits: [report(good), report('4'.repeat(40), { repository: 'nope' })] }, 'body/commits/1/repository'],
      [{ commits: [report(good, { message: 'not kept' })] }, 'body/commits/0'],
    ];
    for (const [payload, path] of cases) {
      const error = expectError(await server.app.inject({ method: 'POST', url: '/api/v0/agent-commits', headers: auth(org.users.member.key), payload }), 400);
      expect(error.errors?.map((item) => item.path).join(' '), JSON.stringify(payload)).toContain(path);
    }
    expect(await isRecorded(org, good)).toBe(false);
  });
});

describe('the hook evidence in the outcomes', () => {
  it('counts whichever arrives first, follows a squash merge through the branch, and a cherry-pick through its line', async () => {
    const { member } = other.users;
    const host = await connect(other);
    const [recordedFirst, deliveredFirst, picked, pickedCopy, squash, plain] = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((prefix) => prefix.padEnd(40, '0'));
    // The hook's record before the delivery.
    await record(member.key, [report(recordedFirst!, { repository: 'github.com/other/app' })]);
    await deliver(host, 'push', push('other/app', 'one', [{ sha: recordedFirst!, email: member.email, message: 'Work', at: at('09:00:00') }]));
    await deliver(host, 'pull_request', mergedPull('other/app', 1, 'one', squash!));
    await deliver(host, 'push', push('other/app', 'main', [{ sha: squash!, email: member.email, message: 'Work (#1)', at: at('12:00:00') }]));
    // The delivery before the hook's record.
    await deliver(host, 'push', push('other/app', 'two', [{ sha: deliveredFirst!, email: member.email, message: 'More', at: at('09:30:00') }]));
    await deliver(host, 'pull_request', mergedPull('other/app', 2, 'two', 'b'.repeat(40)));
    // A cherry-pick of a recorded commit, onto a branch of its own: `git cherry-pick -x` names it.
    await record(member.key, [report(picked!, { repository: 'github.com/other/app', agent: 'codex' })]);
    await deliver(host, 'push', push('other/app', 'three', [{ sha: pickedCopy!, email: member.email, message: `Fix\n\n(cherry picked from commit ${picked})`, at: at('10:00:00') }]));
    await deliver(host, 'pull_request', mergedPull('other/app', 3, 'three', 'c'.repeat(40)));
    // A person's pull request with no record.
    await deliver(host, 'push', push('other/app', 'four', [{ sha: plain!, email: member.email, message: 'By hand', at: at('10:30:00') }]));
    await deliver(host, 'pull_request', mergedPull('other/app', 4, 'four', 'd'.repeat(40)));

    const before = (await outcomesOf(other))[0]!;
    expect(before).toMatchObject({ pull_requests_merged: 4, pull_requests_merged_agent_assisted: 2 });
    await record(member.key, [report(deliveredFirst!, { repository: 'github.com/other/app' })]);
    // Reported again, and redelivered: counted once.
    await record(member.key, [report(deliveredFirst!, { repository: 'github.com/other/app' })]);
    await deliver(host, 'push', push('other/app', 'two', [{ sha: deliveredFirst!, email: member.email, message: 'More', at: at('09:30:00') }]));
    const after = (await outcomesOf(other))[0]!;
    expect(after).toMatchObject({ pull_requests_merged: 4, pull_requests_merged_agent_assisted: 3, pull_requests_merged_agent_authored: 0 });
    const byAgent = Object.fromEntries((await outcomesOf(other, 'agent')).map((row) => [row.group_key, row.pull_requests_merged]));
    expect(byAgent).toEqual({ '(none)': 1, 'claude-code': 2, codex: 1 });
  });
});
