import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/http/context.js';
import { addMessage, call, createSession, registerComputer } from '../compute/fixtures.js';
import { CLI_COMMAND } from '../hooks/helpers.js';
import { createOrganization, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// `quarterdeck agent` as a real subprocess against a real server on a real port (decisions.md
// §7, §12; docs/agent.md): provisioning, the message loop, leases after kill -9, interrupts,
// a server restart, SIGTERM and a deleted computer. Leases and heartbeats are short so each
// case takes seconds; waits poll the API with a bound, they assert no timing.

vi.setConfig({ testTimeout: 90_000 });

const LEASE_MS = 1500;

let server: TestServer;
let org: TestOrganization;
/** The app answering on the port (replaced by the restart case). */
let live: App;
let url: string;
let port: number;
const dirs: string[] = [];
const agents: ChildProcess[] = [];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', RUN_LEASE_MS: String(LEASE_MS), MODEL_CATALOGUE: '' });
  org = await createOrganization(server);
  live = server.app;
  url = await live.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(url).port);
});

afterAll(async () => {
  for (const child of agents) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (live !== server?.app) await live.close();
  await server?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The server as the fixtures see it, with the app that answers now. */
const api = (): TestServer => ({ ...server, app: live });

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'qd-agent-'));
  dirs.push(dir);
  return dir;
}

/** The run command of these tests: what it does depends on the message text. */
async function runScript(): Promise<string> {
  const path = join(await tempDir(), 'run.sh');
  const usage = JSON.stringify({ quarterdeck: 'usage', modelId: 'model-a', modelTier: 'standard', inputTokens: 100, outputTokens: 20, cacheReadTokens: 10, cacheWriteTokens: 5 });
  const tool = JSON.stringify({ quarterdeck: 'message', role: 'tool', text: 'ran ls' });
  await writeFile(
    path,
    [
      '#!/bin/sh',
      'text=$(cat)',
      'case "$text" in',
      `  usage*) printf '%s\\n' '${usage}'; echo "answer with usage";;`,
      `  tool*) printf '%s\\n' '${tool}'; echo "after the tool";;`,
      '  env*) echo "$QUARTERDECK_SESSION_ID $QUARTERDECK_MESSAGE_ID token=${QUARTERDECK_COMPUTER_TOKEN:-none}"; cat "$QUARTERDECK_ATTACHMENTS";;',
      '  slow*) sleep 60; echo "slow done";;',
      '  pause*) sleep 1; echo "paused";;',
      '  fail*) echo "it broke" >&2; exit 4;;',
      '  *) printf "%s" "$text";;',
      'esac',
      '',
    ].join('\n'),
  );
  await chmod(path, 0o755);
  return path;
}

interface RunningAgent {
  child: ChildProcess;
  output(): string;
  exit: Promise<number | null>;
  waitFor(pattern: RegExp): Promise<void>;
}

function startAgent(token: string, workdir: string, run: string, extra: string[] = [], env: Record<string, string> = {}): RunningAgent {
  const child = spawn(
    CLI_COMMAND[0]!,
    [...CLI_COMMAND.slice(1), 'agent', '--url', url, '--workdir', workdir, '--run', run, '--heartbeat-ms', '250', '--claim-wait-ms', '2000', '--flush-ms', '100', ...extra],
    { env: { PATH: process.env.PATH, HOME: process.env.HOME, QUARTERDECK_COMPUTER_TOKEN: token, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  agents.push(child);
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exit,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(output)) {
            listeners.delete(check);
            resolve();
          }
        };
        listeners.add(check);
        void exit.then(() => reject(new Error(`the agent exited before ${pattern}: ${output}`)));
        check();
      }),
  };
}

/** Polls until `check` returns a value (not undefined); fails with the last state after `limitMs`. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, limitMs = 30_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const get = async (path: string) => json(await call(api(), org.owner.key, 'GET', path));

async function messagesOf(sessionId: string): Promise<{ id: string; role: string; parentId?: string; content: { text: string; type?: string }[] }[]> {
  return (await get(`/api/v0/sessions/${sessionId}/messages?limit=100&order=asc`)).messages;
}

async function sessionWhen(sessionId: string, status: string, minMessages = 0): Promise<any> {
  return eventually(`session ${sessionId} ${status} with ${minMessages} messages`, async () => {
    const session = await get(`/api/v0/sessions/${sessionId}`);
    return session.status === status && session.messageCount >= minMessages ? session : undefined;
  });
}

async function send(sessionId: string, text: string): Promise<string> {
  const response = await addMessage(api(), org.owner.key, sessionId, { text });
  if (response.statusCode !== 200) throw new Error(`add message: ${response.statusCode} ${response.body}`);
  return json(response).messageId;
}

/** A local repository to clone (file paths work offline). */
async function originRepository(): Promise<string> {
  const dir = join(await tempDir(), 'origin-repo');
  await mkdir(dir);
  await writeFile(join(dir, 'README.md'), 'the origin\n');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.test', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.test' } });
  git('init', '-q', '-b', 'main');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  return dir;
}

/** The processes whose command line holds `text` (zombies left aside). */
function processesWith(text: string): number[] {
  const found: number[] = [];
  for (const entry of execFileSync('ls', ['/proc']).toString().split('\n')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = execFileSync('cat', [`/proc/${entry}/status`, `/proc/${entry}/cmdline`]).toString();
      if (!/^State:\s+Z/m.test(status) && status.includes(text)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** A TCP server that accepts and never answers: a git transport that hangs. */
async function silentServer(): Promise<{ port: number; close(): void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('quarterdeck agent: what its commands can reach', () => {
  it.skipIf(process.getuid?.() !== 0)('keeps the token out of reach of the run command run as another user, however it was given', async () => {
    const computer = await registerComputer(api(), org.owner.key, { autoInstallDeps: false });
    const base = await tempDir();
    await chmod(base, 0o755);
    const config = join(base, 'agent.json');
    await writeFile(config, JSON.stringify({ computerToken: computer.token }), { mode: 0o600 });
    const script = join(base, 'peek.sh');
    // Everything the command could read the token from: each ancestor's environment and command
    // line (/proc/$PPID first) up to the agent (those above it, the test runner's, never had the
    // token, and vary with the machine), the config file, its own environment.
    await writeFile(
      script,
      [
        '#!/bin/sh',
        'cat >/dev/null',
        'echo "user: $(id -un)"',
        'pid=$$',
        'while [ "$pid" -gt 1 ]; do',
        '  pid=$(sed -n "s/^PPid:[[:space:]]*//p" /proc/$pid/status)',
        '  echo "environ of $pid: $({ tr "\\0" " " < /proc/$pid/environ; } 2>&1)"',
        '  cmdline=$({ tr "\\0" " " < /proc/$pid/cmdline; } 2>&1)',
        '  echo "cmdline of $pid: $cmdline"',
        '  case "$cmdline" in "quarterdeck agent"*) break;; esac',
        'done',
        `echo "config: $({ cat '${config}'; } 2>&1)"`,
        'echo "env: $(env | tr "\\n" " ")"',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const workdir = join(base, 'work');
    // Given three ways at once: the flag, the environment and the config file.
    const agent = startAgent(computer.token, workdir, script, ['--run-as', 'nobody', '--computer-token', computer.token], { QUARTERDECK_AGENT_CONFIG: config });
    await agent.waitFor(/connected/);
    const session = await createSession(api(), org.owner.key, { computerId: computer.id });
    await send(session.sessionId, 'peek');
    await sessionWhen(session.sessionId, 'idle', 2).catch((error: Error) => {
      throw new Error(`${error.message}; the agent printed: ${agent.output()}`);
    });
    // All the command printed: the agent ends a message after a quiet moment, and on a busy machine
    // the script's first line can come out alone.
    const seen = (await messagesOf(session.sessionId)).filter((message) => message.role === 'assistant').map((message) => message.content[0]!.text).join('\n');
    expect(seen).toContain('user: nobody');
    expect(seen).toMatch(/environ of \d+: .*Permission denied/);
    expect(seen).toMatch(/cmdline of \d+: quarterdeck agent/);
    expect(seen).toMatch(/config: .*Permission denied/);
    expect(seen).not.toContain(computer.token.slice(4));
    agent.child.kill('SIGTERM');
    expect(await agent.exit).toBe(0);
  });

  it('refuses to write attachments through a symbolic link, and never clones a repository over its own directory', async () => {
    // A repository named .quarterdeck is cloned beside the agent's directory, not into it.
    const named = join(await tempDir(), '.quarterdeck');
    execFileSync('git', ['clone', '-q', await originRepository(), named]);
    const computer = await registerComputer(api(), org.owner.key, { repos: [{ url: named }] });
    const outside = await tempDir();
    const workdir = await tempDir();
    await symlink(outside, join(workdir, '.quarterdeck'));
    const agent = startAgent(computer.token, workdir, 'cat "$QUARTERDECK_ATTACHMENTS"');
    await eventually('install-deps', async () => ((await get(`/api/v0/computers/${computer.id}`)).status !== 'provisioning' ? true : undefined));
    const session = await createSession(api(), org.owner.key, { computerId: computer.id });
    const added = await addMessage(api(), org.owner.key, session.sessionId, { text: 'image', images: [{ data: Buffer.from('GIF89a gif bytes').toString('base64'), mediaType: 'image/gif' }] });
    expect(added.statusCode, added.body).toBe(200);
    await sessionWhen(session.sessionId, 'idle', 2);
    const reply = (await messagesOf(session.sessionId)).at(-1)!;
    expect(reply.role).toBe('system');
    expect(reply.content[0]!.text).toContain('not a plain directory');
    expect(await readdir(outside)).toEqual([]);
    expect(await readdir(workdir)).toContain('_quarterdeck');
    agent.child.kill('SIGTERM');
    expect(await agent.exit).toBe(0);
  });

  it('never shows the password of a repository URL, and bounds a clone that hangs', async () => {
    const silent = await silentServer();
    try {
      const computer = await registerComputer(api(), org.owner.key, {
        repos: [{ url: `http://builder:s3cret-Passw0rd@127.0.0.1:${silent.port}/app.git` }],
      });
      const agent = startAgent(computer.token, await tempDir(), 'cat', ['--clone-timeout-ms', '2000']);
      const failed = await eventually('install-deps to fail', async () => {
        const body = await get(`/api/v0/computers/${computer.id}`);
        return body.status === 'error' ? body : undefined;
      });
      const error: string = failed.provisioningSteps[1].error;
      expect(error).toContain('timed out after 2 s');
      expect(error).toContain('http://builder:***@127.0.0.1');
      expect(`${error}\n${agent.output()}`).not.toContain('s3cret-Passw0rd');
      expect(processesWith(`127.0.0.1:${silent.port}`)).toEqual([]);
      agent.child.kill('SIGTERM');
      expect(await agent.exit).toBe(0);
    } finally {
      silent.close();
    }
  });

  it('refuses the fd:: and ext:: transports', async () => {
    const computer = await registerComputer(api(), org.owner.key, { repos: [{ url: 'fd::0' }] });
    const agent = startAgent(computer.token, await tempDir(), 'cat');
    const failed = await eventually('install-deps to fail', async () => {
      const body = await get(`/api/v0/computers/${computer.id}`);
      return body.status === 'error' ? body : undefined;
    });
    expect(failed.provisioningSteps[1].error).toMatch(/transport 'fd' not allowed/);
    agent.child.kill('SIGTERM');
    expect(await agent.exit).toBe(0);
  });

  it('stops its clone and its children on SIGTERM', async () => {
    const silent = await silentServer();
    try {
      const computer = await registerComputer(api(), org.owner.key, { repos: [{ url: `git://127.0.0.1:${silent.port}/hangs.git` }] });
      const agent = startAgent(computer.token, await tempDir(), 'cat');
      await agent.waitFor(/cloning git:/);
      await eventually('git to run', async () => (processesWith(`127.0.0.1:${silent.port}`).length > 0 ? true : undefined));
      agent.child.kill('SIGTERM');
      expect(await agent.exit).toBe(0);
      await eventually('git to be gone', async () => (processesWith(`127.0.0.1:${silent.port}`).length === 0 ? true : undefined));
    } finally {
      silent.close();
    }
  });
});

describe('quarterdeck agent', () => {
  it('provisions (a failing install shows its output; a retry from the API succeeds), answers messages in order with usage, and keeps its token to itself', async () => {
    const origin = await originRepository();
    const workdir = await tempDir();
    const computer = await registerComputer(api(), org.owner.key, { repos: [{ url: origin, branch: 'main' }] });
    const install = 'if [ -f ready ]; then echo installed; else echo "dependency missing: no ready file" >&2; exit 7; fi';
    const agent = startAgent(computer.token, workdir, await runScript(), ['--install', install]);

    const failed = await eventually('install-deps to fail', async () => {
      const body = await get(`/api/v0/computers/${computer.id}`);
      return body.status === 'error' ? body : undefined;
    });
    expect(failed.provisioningSteps.map((step: { status: string }) => step.status)).toEqual(['completed', 'failed']);
    expect(failed.provisioningSteps[1].error).toContain('exited with status 7');
    expect(failed.provisioningSteps[1].error).toContain('dependency missing: no ready file');
    expect(await readFile(join(workdir, 'origin-repo', 'README.md'), 'utf8')).toBe('the origin\n');

    await writeFile(join(workdir, 'ready'), '');
    expect((await call(api(), org.owner.key, 'POST', `/api/v0/computers/${computer.id}/install-deps`)).statusCode).toBe(202);
    await eventually('the computer to be active', async () => ((await get(`/api/v0/computers/${computer.id}`)).status === 'active' ? true : undefined));

    // The done-when case: "hello" comes back as an assistant message and the session is idle.
    const session = await createSession(api(), org.owner.key, { computerId: computer.id });
    const hello = await send(session.sessionId, 'hello');
    await sessionWhen(session.sessionId, 'idle', 2);
    const replies = await messagesOf(session.sessionId);
    expect(replies.map((m) => [m.role, m.content[0]!.text])).toEqual([['user', 'hello'], ['assistant', 'hello']]);
    expect(replies[1]!.parentId).toBe(hello);

    // Two messages queued at once run in order; the JSON-lines protocol posts tool messages and usage.
    await send(session.sessionId, 'usage please');
    await send(session.sessionId, 'tool please');
    const after = await sessionWhen(session.sessionId, 'idle', 7);
    const texts = (await messagesOf(session.sessionId)).slice(2).map((m) => [m.role, m.content[0]!.text]);
    expect(texts).toEqual([
      ['user', 'usage please'],
      ['user', 'tool please'],
      ['assistant', 'answer with usage'],
      ['tool', 'ran ls'],
      ['assistant', 'after the tool'],
    ]);
    expect(after.sessionSettings.tokenUsage).toEqual({ inputTokens: 100, outputTokens: 20, cacheCreationTokens: 5, cacheReadTokens: 10, thinkingTokens: 0, serviceCredits: 100 + 20 + 5 + 1 });

    // The command gets the session and message ids and its attachments, never the token.
    const image = Buffer.from('GIF89a gif bytes').toString('base64');
    const envMessage = json(await addMessage(api(), org.owner.key, session.sessionId, { text: 'env', images: [{ data: image, mediaType: 'image/gif' }] })).messageId;
    await sessionWhen(session.sessionId, 'idle', 9);
    const envReply = (await messagesOf(session.sessionId)).at(-1)!;
    expect(envReply.content[0]!.text).toBe(`${session.sessionId} ${envMessage} token=none\nGIF89a gif bytes`);

    // A failing command: a system message with its status and error output, then idle.
    await send(session.sessionId, 'fail now');
    await sessionWhen(session.sessionId, 'idle', 11);
    const failure = (await messagesOf(session.sessionId)).at(-1)!;
    expect(failure.role).toBe('system');
    expect(failure.content[0]!.text).toBe('The run command exited with status 4.\nit broke');

    expect(agent.output()).not.toContain(computer.token);
    agent.child.kill('SIGTERM');
    expect(await agent.exit).toBe(0);
  });

  it("runs in the session's cwd with its settings in the environment, reports metrics, and obeys refresh and restart", async () => {
    const origin = await originRepository();
    const workdir = await tempDir();
    const computer = await registerComputer(api(), org.owner.key, { repos: [origin] });
    const run = 'printf "%s|%s|%s|%s|%s" "$PWD" "$QUARTERDECK_SESSION_CWD" "$QUARTERDECK_INTERACTION_MODE" "$QUARTERDECK_AUTONOMY_LEVEL" "$QUARTERDECK_REASONING_EFFORT"';
    const agent = startAgent(computer.token, workdir, run);
    await eventually('the computer to be active', async () => ((await get(`/api/v0/computers/${computer.id}`)).status === 'active' ? true : undefined));

    const settings = { interactionMode: 'spec', autonomyLevel: 'low', reasoningEffort: 'high' };
    const session = await createSession(api(), org.owner.key, { computerId: computer.id, cwd: 'origin-repo', sessionSettings: settings });
    await send(session.sessionId, 'where am I');
    await sessionWhen(session.sessionId, 'idle', 2);
    const repoDir = join(workdir, 'origin-repo');
    expect((await messagesOf(session.sessionId)).at(-1)!.content[0]!.text).toBe(`${repoDir}|${repoDir}|spec|low|high`);

    // A working directory that is not there: said in the session, and the run ends.
    const lost = await createSession(api(), org.owner.key, { computerId: computer.id, cwd: 'no-such-dir' });
    await send(lost.sessionId, 'hello');
    await sessionWhen(lost.sessionId, 'idle', 2);
    expect((await messagesOf(lost.sessionId)).at(-1)).toMatchObject({ role: 'system', content: [{ text: expect.stringContaining('no-such-dir is not a directory') }] });

    const metrics = await eventually('metrics', async () => {
      const samples = await get(`/api/v0/computers/${computer.id}/metrics`);
      return samples.length > 0 ? samples : undefined;
    });
    expect(metrics.at(-1)).toMatchObject({ timestamp: expect.any(String), cpuCount: expect.any(Number), memTotal: expect.any(Number), diskTotal: expect.any(Number) });
    expect(metrics.at(-1).memTotal).toBeGreaterThan(0);
    expect(metrics.at(-1).diskUsed).toBeLessThanOrEqual(metrics.at(-1).diskTotal);

    // Refresh: a commit made in the origin arrives in the work directory.
    await writeFile(join(origin, 'NEW.md'), 'new\n');
    execFileSync('git', ['add', '.'], { cwd: origin });
    execFileSync('git', ['commit', '-q', '-m', 'second'], { cwd: origin, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.test', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.test' } });
    expect(json(await call(api(), org.owner.key, 'POST', `/api/v0/computers/${computer.id}/refresh`))).toEqual({ configured: 1 });
    await eventually('the refresh to pull', async () => ((await readFile(join(repoDir, 'NEW.md'), 'utf8').catch(() => undefined)) === 'new\n' ? true : undefined));

    // Restart: the computer provisions again, and is active once its agent has done so.
    const restarted = await call(api(), org.owner.key, 'POST', `/api/v0/computers/${computer.id}/restart`);
    expect(restarted.statusCode).toBe(202);
    expect(json(restarted).status).toBe('provisioning');
    await agent.waitFor(/asks for a restart/);
    await eventually('the computer to be active again', async () => ((await get(`/api/v0/computers/${computer.id}`)).status === 'active' ? true : undefined));
    agent.child.kill('SIGTERM');
    expect(await agent.exit).toBe(0);
  });

  it('hands a message whose agent was killed (-9) to the next agent once its lease lapses: answered exactly once', async () => {
    const computer = await registerComputer(api(), org.owner.key, { autoInstallDeps: false });
    const session = await createSession(api(), org.owner.key, { computerId: computer.id });
    const first = startAgent(computer.token, await tempDir(), 'sleep 4; cat');
    await first.waitFor(/connected/);
    await send(session.sessionId, 'hello');
    await first.waitFor(/run run_\S+: message/);
    first.child.kill('SIGKILL');
    await first.exit;

    const second = startAgent(computer.token, await tempDir(), 'sleep 4; cat');
    const done = await sessionWhen(session.sessionId, 'idle', 2);
    const replies = (await messagesOf(session.sessionId)).filter((m) => m.role === 'assistant');
    expect(replies.map((m) => m.content[0]!.text)).toEqual(['hello']);
    expect(done.messageCount).toBe(2);
    const claims = await server.store.db.selectFrom('messages').select('delivery_attempts').where('session_id', '=', session.sessionId).where('role', '=', 'user').executeTakeFirstOrThrow();
    expect(claims.delivery_attempts).toBe(2);
    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });

  it('stops a long command when the session is interrupted, and goes on with the next message', async () => {
    const computer = await registerComputer(api(), org.owner.key, { autoInstallDeps: false });
    const session = await createSession(api(), org.owner.key, { computerId: computer.id });
    const agent = startAgent(computer.token, await tempDir(), await runScript());
    await send(session.sessionId, 'slow one');
    await sessionWhen(session.sessionId, 'running');
    const interrupted = await call(api(), org.owner.key, 'POST', `/api/v0/sessions/${session.sessionId}/interrupt`);
    expect(json(interrupted).status).toBe('idle');
    await agent.waitFor(/stopping its command/);

    await send(session.sessionId, 'next');
    await sessionWhen(session.sessionId, 'idle', 3);
    expect((await messagesOf(session.sessionId)).map((m) => [m.role, m.content[0]!.text])).toEqual([['user', 'slow one'], ['user', 'next'], ['assistant', 'next']]);
    agent.child.kill('SIGTERM');
    expect(await agent.exit).toBe(0);
  });

  it('reconnects when the server restarts during a long poll, and finishes its run before stopping on SIGTERM', async () => {
    const computer = await registerComputer(api(), org.owner.key, { autoInstallDeps: false });
    const session = await createSession(api(), org.owner.key, { computerId: computer.id });
    const agent = startAgent(computer.token, await tempDir(), await runScript());
    await eventually('the computer to be active', async () => ((await get(`/api/v0/computers/${computer.id}`)).status === 'active' ? true : undefined));

    await live.close();
    await agent.waitFor(/trying again/);
    live = await buildApp({ config: server.config, store: server.store, adminToken: server.adminToken });
    await live.listen({ port, host: '127.0.0.1' });
    await agent.waitFor(/the server answers again/);

    await send(session.sessionId, 'after the restart');
    await sessionWhen(session.sessionId, 'idle', 2);
    expect((await messagesOf(session.sessionId)).at(-1)!.content[0]!.text).toBe('after the restart');

    // SIGTERM mid-run: the run finishes and is posted, then the agent exits 0.
    await send(session.sessionId, 'pause a moment');
    await sessionWhen(session.sessionId, 'running');
    agent.child.kill('SIGTERM');
    expect(await agent.exit).toBe(0);
    const finished = await get(`/api/v0/sessions/${session.sessionId}`);
    expect(finished.status).toBe('idle');
    expect((await messagesOf(session.sessionId)).at(-1)!.content[0]!.text).toBe('paused');
  });

  it('exits with a clear message when its computer is deleted', async () => {
    const computer = await registerComputer(api(), org.owner.key, { autoInstallDeps: false });
    const agent = startAgent(computer.token, await tempDir(), 'cat');
    await agent.waitFor(/connected/);
    expect((await call(api(), org.owner.key, 'DELETE', `/api/v0/computers/${computer.id}`)).statusCode).toBe(204);
    expect(await agent.exit, agent.output()).toBe(3);
    expect(agent.output()).toContain('the server refused the computer token');
    expect(agent.output()).toContain('the computer was deleted');
  });

  it('refuses to start without its settings, naming the missing one', async () => {
    const agent = startAgent('not-a-token', await tempDir(), 'cat');
    expect(await agent.exit).toBe(1);
    expect(agent.output()).toContain('computer-token must be a computer token');
  });
});
