import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHooksConfig, HooksConfigError, loadHooksConfig, projectConfigFile, userConfigFile } from '../../src/hooks/config.js';
import { hookInputOf, PayloadError, selectHooks } from '../../src/hooks/runner.js';
import { tempDir } from './helpers.js';

const command = (text: string, timeout?: number) => ({ type: 'command', command: text, ...(timeout === undefined ? {} : { timeout }) });

describe('checkHooksConfig', () => {
  it('reads the wrapped and the bare form alike, with the default timeout of 60 s', () => {
    const entries = [{ matcher: 'Write', hooks: [command('echo a', 5)] }, { hooks: [command('echo b')] }];
    const wrapped = checkHooksConfig({ hooks: { PreToolUse: entries } });
    const bare = checkHooksConfig({ PreToolUse: entries });
    expect(wrapped.errors).toEqual([]);
    expect(bare).toEqual(wrapped);
    expect(wrapped.config).toEqual({
      PreToolUse: [
        { matcher: 'Write', hooks: [{ type: 'command', command: 'echo a', timeout: 5 }] },
        { matcher: '', hooks: [{ type: 'command', command: 'echo b', timeout: 60 }] },
      ],
    });
  });

  it('names the JSON path of every problem, in the file as written', () => {
    const value = {
      hooks: {
        Stop: [{ hooks: [command('ok'), { type: 'command', command: 'x', timeout: 0 }] }],
        PreToolUse: [{ matcher: '(unclosed', hooks: [] }, 'not an entry', { matcher: 7, hooks: {} }],
        Notification: { hooks: [] },
        SessionEnd: [{ hooks: [{ type: 'script', command: '' }, { type: 'command', command: 'y', timeout: '10' }, { type: 'command', command: 'z', timeout: 1e9 }]}],
      },
    };
    const { errors } = checkHooksConfig(value);
    expect(errors).toEqual([
      { path: 'hooks.Stop[0].hooks[1].timeout', message: 'must be a positive number' },
      { path: 'hooks.PreToolUse[0].matcher', message: expect.stringMatching(/^invalid regular expression: /) },
      { path: 'hooks.PreToolUse[1]', message: expect.stringMatching(/^must be an object/) },
      { path: 'hooks.PreToolUse[2].matcher', message: 'must be a string (a regular expression)' },
      { path: 'hooks.PreToolUse[2].hooks', message: 'must be an array of hook commands' },
      { path: 'hooks.Notification', message: expect.stringMatching(/^must be an array/) },
      { path: 'hooks.SessionEnd[0].hooks[0].type', message: 'must be "command"' },
      { path: 'hooks.SessionEnd[0].hooks[0].command', message: 'must be a non-empty string' },
      { path: 'hooks.SessionEnd[0].hooks[1].timeout', message: 'must be a positive number' },
      { path: 'hooks.SessionEnd[0].hooks[2].timeout', message: 'must be at most 86400 (seconds)' },
    ]);
    expect(checkHooksConfig({ Stop: [{ hooks: [command('x', -1)] }] }).errors).toEqual([{ path: 'Stop[0].hooks[0].timeout', message: 'must be a positive number' }]);
  });

  it('never throws on any JSON, and every problem has a path and a message', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (value, entries) => {
        for (const document of [value, { hooks: { Stop: entries } }, { PreToolUse: [{ matcher: value, hooks: entries }] }]) {
          const { errors, warnings } = checkHooksConfig(document);
          for (const problem of [...errors, ...warnings]) expect(problem).toEqual({ path: expect.any(String), message: expect.any(String) });
        }
      }),
    );
  });

  it('rejects a document that is not an object, or whose hooks is not one', () => {
    expect(checkHooksConfig([]).errors).toEqual([{ path: '', message: 'must be a JSON object' }]);
    expect(checkHooksConfig({ hooks: [] }).errors).toEqual([{ path: 'hooks', message: 'must be an object keyed by hook event name' }]);
  });

  it('warns about unknown events and fields without failing', () => {
    const { config, errors, warnings } = checkHooksConfig({ hooks: { Stopp: 'anything', 'Odd name': [], Stop: [{ hooks: [], when: 'always' }] } });
    expect(errors).toEqual([]);
    expect(config).toEqual({ Stop: [{ matcher: '', hooks: [] }] });
    expect(warnings).toEqual([
      { path: 'hooks.Stopp', message: 'unknown hook event, ignored' },
      { path: 'hooks["Odd name"]', message: 'unknown hook event, ignored' },
      { path: 'hooks.Stop[0].when', message: 'unknown field, ignored' },
    ]);
  });
});

describe('loadHooksConfig', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let env: NodeJS.ProcessEnv;
  let project: string;
  beforeAll(async () => {
    dir = await tempDir();
    env = { QUARTERDECK_CONFIG_HOME: join(dir.path, 'home') };
    project = join(dir.path, 'project');
    await mkdir(join(dir.path, 'home'), { recursive: true });
    await mkdir(join(project, '.quarterdeck'), { recursive: true });
  });
  afterAll(() => dir.remove());

  it('finds the user file under QUARTERDECK_CONFIG_HOME (else ~/.quarterdeck) and the project file', () => {
    expect(userConfigFile(env)).toBe(join(dir.path, 'home', 'hooks.json'));
    expect(userConfigFile({ HOME: '/home/someone' })).toMatch(/\/\.quarterdeck\/hooks\.json$/);
    expect(projectConfigFile(project)).toBe(join(project, '.quarterdeck', 'hooks.json'));
  });

  it('merges user entries before project entries; missing files are empty', async () => {
    expect((await loadHooksConfig({ env, projectDir: project })).config).toEqual({});
    await writeFile(userConfigFile(env), JSON.stringify({ hooks: { Stop: [{ hooks: [command('user')] }] } }));
    await writeFile(projectConfigFile(project), JSON.stringify({ Stop: [{ hooks: [command('project')] }], Notification: [{ hooks: [command('n')] }] }));
    const { config, files } = await loadHooksConfig({ env, projectDir: project });
    expect(files.map((loaded) => loaded.file)).toEqual([userConfigFile(env), projectConfigFile(project)]);
    expect(config.Stop?.map((entry) => entry.hooks[0]?.command)).toEqual(['user', 'project']);
    expect(config.Notification?.[0]?.hooks[0]?.command).toBe('n');
  });

  it('fails on invalid JSON or an invalid entry, naming the file and the path', async () => {
    const bad = join(dir.path, 'bad.json');
    await writeFile(bad, '{"hooks": ');
    await expect(loadHooksConfig({ env, projectDir: project, file: bad })).rejects.toThrow(/bad\.json:\n {2}\(top level\): not valid JSON/);
    await writeFile(bad, JSON.stringify({ hooks: { Stop: [{ hooks: [command('a'), command('b', -5)] }] } }));
    const error = await loadHooksConfig({ env, projectDir: project, file: bad }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HooksConfigError);
    expect((error as Error).message).toContain('hooks.Stop[0].hooks[1].timeout: must be a positive number');
    await expect(loadHooksConfig({ env, projectDir: project, file: join(dir.path, 'none.json') })).rejects.toThrow(/file not found/);
  });
});

describe('selectHooks', () => {
  const input = (event: 'PreToolUse' | 'Stop', extra: Record<string, unknown> = {}) => hookInputOf(event, { session_id: 's', ...extra }, '/tmp');

  it('matches tool events by a whole-name regular expression on tool_name', () => {
    const { config } = checkHooksConfig({
      PreToolUse: [
        { matcher: 'Write', hooks: [command('write only')] },
        { matcher: 'Edit|Write', hooks: [command('edit or write')] },
        { matcher: 'Notebook.*', hooks: [command('notebook')] },
        { matcher: '*', hooks: [command('star')] },
        { matcher: '', hooks: [command('empty')] },
        { hooks: [command('none')] },
      ],
    });
    const names = (tool: string) => selectHooks(config, input('PreToolUse', { tool_name: tool })).map((hook) => hook.command);
    expect(names('Write')).toEqual(['write only', 'edit or write', 'star', 'empty', 'none']);
    expect(names('Edit')).toEqual(['edit or write', 'star', 'empty', 'none']);
    expect(names('NotebookEdit')).toEqual(['notebook', 'star', 'empty', 'none']);
    expect(names('Rewrite')).toEqual(['star', 'empty', 'none']);
  });

  it('runs every entry of other events, whatever their matcher', () => {
    const { config } = checkHooksConfig({ Stop: [{ matcher: 'Write', hooks: [command('a')] }, { hooks: [command('b')] }] });
    expect(selectHooks(config, input('Stop')).map((hook) => hook.command)).toEqual(['a', 'b']);
  });

  it('runs an identical command once, with its first matcher and timeout', () => {
    const { config } = checkHooksConfig({
      PreToolUse: [{ matcher: 'Bash', hooks: [command('same', 3), command('other')] }, { hooks: [command('same', 9)] }],
    });
    expect(selectHooks(config, input('PreToolUse', { tool_name: 'Bash' }))).toEqual([
      { matcher: 'Bash', command: 'same', timeout: 3 },
      { matcher: 'Bash', command: 'other', timeout: 60 },
    ]);
  });
});

describe('hookInputOf', () => {
  it('completes the payload with the event name and the working directory', () => {
    expect(hookInputOf('Stop', { session_id: 's1', stop_hook_active: false }, '/work')).toEqual({ hook_event_name: 'Stop', session_id: 's1', cwd: '/work', stop_hook_active: false });
    expect(hookInputOf('Stop', { session_id: 's1', cwd: '/elsewhere' }, '/work').cwd).toBe('/elsewhere');
  });

  it.each([
    ['Stop', [], /must be a JSON object/],
    ['Stop', {}, /session_id/],
    ['Stop', { session_id: 's', cwd: 5 }, /cwd/],
    ['Stop', { session_id: 's', hook_event_name: 'Notification' }, /hook_event_name/],
    ['Notification', { session_id: 's' }, /Notification needs message/],
    ['SessionEnd', { session_id: 's' }, /SessionEnd needs reason/],
    ['PreToolUse', { session_id: 's' }, /PreToolUse needs tool_name/],
  ] as const)('refuses a %s payload %j', (event, payload, message) => {
    expect(() => hookInputOf(event, payload, '/')).toThrow(PayloadError);
    expect(() => hookInputOf(event, payload, '/')).toThrow(message);
  });
});
