import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_HOOK, NOTIFY_HOOK } from '../../src/hooks/install.js';
import { cli, CLI_COMMAND, tempDir } from './helpers.js';

// `quarterdeck hooks install`: the notify (or budget) hook merged into the user or project file, once.

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(() => dir.remove());

const notifyEntry = { hooks: [{ type: 'command', command: NOTIFY_HOOK.command, timeout: 10 }] };
const readConfig = async (file: string) => JSON.parse(await readFile(file, 'utf8'));

describe('hooks install', () => {
  it('creates the folder and the user file, then changes nothing on a second run', async () => {
    const home = join(dir.path, 'fresh', 'nested', 'config-home');
    const file = join(home, 'hooks.json');
    const first = await cli(['hooks', 'install'], { env: { QUARTERDECK_CONFIG_HOME: home } });
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`Installed "${NOTIFY_HOOK.command}" (timeout 10 s) for Notification, Stop, SubagentStop, SessionEnd in ${file}\n`);
    expect(await readConfig(file)).toEqual({ hooks: { Notification: [notifyEntry], Stop: [notifyEntry], SubagentStop: [notifyEntry], SessionEnd: [notifyEntry] } });
    const before = { text: await readFile(file, 'utf8'), mtime: (await stat(file)).mtimeMs };
    const second = await cli(['hooks', 'install', '--user'], { env: { QUARTERDECK_CONFIG_HOME: home } });
    expect(second).toEqual({ code: 0, stdout: `"${NOTIFY_HOOK.command}" is already installed in ${file}; nothing changed.\n`, stderr: '' });
    expect({ text: await readFile(file, 'utf8'), mtime: (await stat(file)).mtimeMs }).toEqual(before);
  });

  it('keeps every other hook, the file form and unknown events, adding only what is missing', async () => {
    const home = join(dir.path, 'existing');
    await mkdir(home);
    const file = join(home, 'hooks.json');
    const existing = {
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh', timeout: 5 }] }],
      Stop: [{ hooks: [{ type: 'command', command: 'say done' }] }],
      Notification: [{ matcher: 'ignored', hooks: [{ type: 'command', command: NOTIFY_HOOK.command, timeout: 3 }] }],
      FutureEvent: [{ anything: true }],
    };
    await writeFile(file, JSON.stringify(existing));
    const run = await cli(['hooks', 'install'], { env: { QUARTERDECK_CONFIG_HOME: home } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('for Stop, SubagentStop, SessionEnd in');
    expect(await readConfig(file)).toEqual({
      ...existing,
      Stop: [...existing.Stop, notifyEntry],
      SubagentStop: [notifyEntry],
      SessionEnd: [notifyEntry],
    });
  });

  it('installs the budget hook on UserPromptSubmit and SessionStart with --budget, beside the notify hook, once', async () => {
    const home = join(dir.path, 'budget');
    const file = join(home, 'hooks.json');
    await cli(['hooks', 'install'], { env: { QUARTERDECK_CONFIG_HOME: home } });
    const run = await cli(['hooks', 'install', '--budget'], { env: { QUARTERDECK_CONFIG_HOME: home } });
    expect(run).toEqual({ code: 0, stdout: `Installed "${BUDGET_HOOK.command}" (timeout 5 s) for UserPromptSubmit, SessionStart in ${file}\n`, stderr: '' });
    const budgetEntry = { hooks: [{ type: 'command', command: BUDGET_HOOK.command, timeout: 5 }] };
    expect(await readConfig(file)).toEqual({
      hooks: { Notification: [notifyEntry], Stop: [notifyEntry], SubagentStop: [notifyEntry], SessionEnd: [notifyEntry], UserPromptSubmit: [budgetEntry], SessionStart: [budgetEntry] },
    });
    const again = await cli(['hooks', 'install', '--budget'], { env: { QUARTERDECK_CONFIG_HOME: home } });
    expect(again.stdout).toBe(`"${BUDGET_HOOK.command}" is already installed in ${file}; nothing changed.\n`);
  });

  it('writes .quarterdeck/hooks.json of the current directory with --project', async () => {
    const project = join(dir.path, 'project');
    await mkdir(project);
    const run = await cli(['hooks', 'install', '--project'], { cwd: project, env: { QUARTERDECK_CONFIG_HOME: join(dir.path, 'unused-home') } });
    expect(run.code).toBe(0);
    expect(Object.keys((await readConfig(join(project, '.quarterdeck', 'hooks.json'))).hooks)).toEqual(['Notification', 'Stop', 'SubagentStop', 'SessionEnd']);
    await expect(stat(join(dir.path, 'unused-home'))).rejects.toThrow();
  });

  it.each([
    ['invalid JSON', '{"hooks": {"Stop": [', /not valid JSON/],
    ['an invalid entry', JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: -1 }] }] } }), /hooks\.Stop\[0\]\.hooks\[0\]\.timeout: must be a positive number/],
    ['not an object', '[]', /must be a JSON object/],
  ])('refuses a file with %s and leaves it untouched', async (name, text, message) => {
    const home = join(dir.path, `refuse-${name.replace(/\W/g, '-')}`);
    await mkdir(home);
    const file = join(home, 'hooks.json');
    await writeFile(file, text);
    const run = await cli(['hooks', 'install'], { env: { QUARTERDECK_CONFIG_HOME: home } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(await readFile(file, 'utf8')).toBe(text);
  });

  it('refuses --user with --project', async () => {
    const run = await cli(['hooks', 'install', '--user', '--project'], { env: { QUARTERDECK_CONFIG_HOME: join(dir.path, 'both') } });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/choose --user or --project, not both/);
  });
});

it('the installed hook works: hooks run Stop calls quarterdeck hook notify from the PATH', async () => {
  const home = join(dir.path, 'working');
  const bin = join(dir.path, 'bin');
  await mkdir(bin);
  // What `npm install -g` provides: a quarterdeck executable on the PATH.
  await writeFile(join(bin, 'quarterdeck'), `#!/bin/sh\nexec ${CLI_COMMAND.map((part) => `"${part}"`).join(' ')} "$@"\n`, { mode: 0o755 });
  const env = { QUARTERDECK_CONFIG_HOME: home, PATH: `${bin}:${process.env.PATH}` };
  expect((await cli(['hooks', 'install'], { env })).code).toBe(0);
  const run = await cli(['hooks', 'run', 'Stop'], { env, stdin: JSON.stringify({ session_id: 'inst-1', cwd: dir.path }) });
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout).results).toMatchObject([{ command: NOTIFY_HOOK.command, exitCode: 0, stdout: expect.stringMatching(/session inst-1\]: the agent finished its task\n$/) }]);
});
