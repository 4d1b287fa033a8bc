import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, startReceiver, tempDir } from './helpers.js';

// `quarterdeck hooks run <Event>` as an agent client calls it: a subprocess, payload on stdin.

let dir: Awaited<ReturnType<typeof tempDir>>;
let home: string;
let project: string;
beforeAll(async () => {
  dir = await tempDir();
  home = join(dir.path, 'home');
  project = join(dir.path, 'project');
  await mkdir(home, { recursive: true });
  await mkdir(join(project, '.quarterdeck'), { recursive: true });
  // The user file in the wrapped form, the project file in the bare form.
  await writeFile(join(home, 'hooks.json'), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo from-user' }] }] } }));
  await writeFile(
    join(project, '.quarterdeck', 'hooks.json'),
    JSON.stringify({
      Stop: [{ hooks: [{ type: 'command', command: 'echo from-project' }] }],
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo "no shell today" >&2; exit 2' }] }],
    }),
  );
});
afterAll(() => dir.remove());

const env = () => ({ QUARTERDECK_CONFIG_HOME: home });
const payload = (fields: Record<string, unknown>) => JSON.stringify({ session_id: 'cli-session', cwd: project, ...fields });

describe('hooks run', () => {
  it('runs the user and project hooks and prints the outcome; exit 0 when nothing blocks', async () => {
    const run = await cli(['hooks', 'run', 'Stop'], { stdin: payload({}), env: env() });
    expect(run.code).toBe(0);
    const outcome = JSON.parse(run.stdout);
    expect(outcome).toMatchObject({ event: 'Stop', blocked: false, reason: null });
    expect(outcome.results.map((result: { stdout: string }) => result.stdout)).toEqual(['from-user\n', 'from-project\n']);
  });

  it('exits 2 with the reason on stderr when a hook blocks', async () => {
    const run = await cli(['hooks', 'run', 'PreToolUse'], { stdin: payload({ tool_name: 'Bash', tool_input: { command: 'ls' } }), env: env() });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ event: 'PreToolUse', blocked: true, reason: 'no shell today' });
    expect(run.stderr).toBe('no shell today\n');
    const other = await cli(['hooks', 'run', 'PreToolUse'], { stdin: payload({ tool_name: 'Read' }), env: env() });
    expect(other.code).toBe(0);
    expect(JSON.parse(other.stdout).results).toEqual([]);
  });

  it('reads only the --config file when given, and warns about unknown events', async () => {
    const file = join(dir.path, 'only.json');
    await writeFile(file, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo only' }] }], Stopp: [] } }));
    const run = await cli(['hooks', 'run', 'Stop', '--config', file], { stdin: payload({}), env: env() });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).results.map((result: { stdout: string }) => result.stdout)).toEqual(['only\n']);
    expect(run.stderr).toBe(`warning: ${file}: hooks.Stopp: unknown hook event, ignored\n`);
  });

  it('exits 1 naming the JSON path of an invalid configuration, and runs nothing', async () => {
    const file = join(dir.path, 'invalid.json');
    await writeFile(file, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `touch ${dir.path}/ran` }, { type: 'command', command: 'x', timeout: -1 }] }] } }));
    const run = await cli(['hooks', 'run', 'Stop', '--config', file], { stdin: payload({}), env: env() });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('hooks.Stop[0].hooks[1].timeout: must be a positive number');
    await expect(access(join(dir.path, 'ran'))).rejects.toThrow();
  });

  it.each([
    [['hooks', 'run'], payload({}), /expected 1 argument/],
    [['hooks', 'run', 'Finish'], payload({}), /unknown hook event "Finish"; known events: PreToolUse, /],
    [['hooks', 'run', 'Stop'], 'not json', /not valid JSON/],
    [['hooks', 'run', 'Stop'], JSON.stringify({ cwd: '/' }), /invalid payload: session_id must be a non-empty string/],
    [['hooks', 'run', 'Notification'], payload({}), /Notification needs message/],
    [['hooks', 'run', 'Stop', '--verbose'], payload({}), /Unknown option '--verbose'/],
    [['hooks', 'launch'], payload({}), /unknown command "hooks launch"/],
  ])('exits 1 with a clear message for %j', async (args, stdin, message) => {
    const run = await cli(args, { stdin, env: env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
  });

  it('refuses an unknown QUARTERDECK_CLIENT', async () => {
    const run = await cli(['hooks', 'run', 'Stop'], { stdin: payload({}), env: { ...env(), QUARTERDECK_CLIENT: 'desktop' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/QUARTERDECK_CLIENT must be one of terminal-ui, web, non-interactive-cli/);
  });
});

describe('telemetry from hooks run', () => {
  it('reports each execution, retrying after a 503, without changing the exit code', async () => {
    const service = await startReceiver((_request, index, response) => response.writeHead(index === 0 ? 503 : 202).end('{"accepted":2,"duplicates":0}'));
    try {
      const run = await cli(['hooks', 'run', 'Stop'], {
        stdin: payload({}),
        env: { ...env(), QUARTERDECK_URL: service.url, QUARTERDECK_API_KEY: 'qd_cli_key', QUARTERDECK_CLIENT: 'non-interactive-cli' },
      });
      expect(run.code).toBe(0);
      const [first, second] = await service.waitFor(2);
      expect(first?.headers.authorization).toBe('Bearer qd_cli_key');
      expect(second?.body).toEqual(first?.body);
      // Reported as each hook finishes: compare in command order.
      const events = [...first!.body.events].sort((a: { command: string }, b: { command: string }) => a.command.localeCompare(b.command));
      expect(events).toEqual(
        ['echo from-project', 'echo from-user'].map((command) => ({
          id: expect.any(String),
          type: 'hook',
          timestamp: expect.any(Number),
          sessionId: 'cli-session',
          client: 'non-interactive-cli',
          event: 'Stop',
          matcher: '',
          command,
        })),
      );
    } finally {
      await service.close();
    }
  });

  it('sends nothing without both QUARTERDECK_URL and QUARTERDECK_API_KEY', async () => {
    const service = await startReceiver();
    try {
      const run = await cli(['hooks', 'run', 'Stop'], { stdin: payload({}), env: { ...env(), QUARTERDECK_URL: service.url } });
      expect(run.code).toBe(0);
      expect(service.received).toEqual([]);
    } finally {
      await service.close();
    }
  });
});
