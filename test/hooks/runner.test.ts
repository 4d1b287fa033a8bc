import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHooksConfig } from '../../src/hooks/config.js';
import { HOOK_EVENTS, type HookEvent } from '../../src/hooks/events.js';
import { OUTPUT_LIMIT_BYTES } from '../../src/hooks/run-command.js';
import { hookInputOf, runHooks } from '../../src/hooks/runner.js';
import type { HookTelemetryEvent } from '../../src/hooks/telemetry.js';
import { isRunning, readJson, script, tempDir } from './helpers.js';

// The runner with real hook scripts (bash and node) in a temporary folder.

let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(() => dir.remove());

const configOf = (value: unknown) => {
  const checked = checkHooksConfig(value);
  expect(checked.errors).toEqual([]);
  return checked.config;
};
const hooksFor = (event: HookEvent, commands: (string | { command: string; timeout: number })[], matcher?: string) =>
  configOf({ hooks: { [event]: [{ ...(matcher === undefined ? {} : { matcher }), hooks: commands.map((c) => (typeof c === 'string' ? { type: 'command', command: c } : { type: 'command', ...c })) }] } });

const PAYLOADS: Record<HookEvent, Record<string, unknown>> = {
  PreToolUse: { tool_name: 'Write', tool_input: { file_path: 'a.ts', content: 'x' } },
  PostToolUse: { tool_name: 'Write', tool_input: { file_path: 'a.ts' }, tool_response: { success: true } },
  Notification: { message: 'The agent needs your permission to use Bash' },
  UserPromptSubmit: { prompt: 'Add a test' },
  Stop: { stop_hook_active: false },
  SubagentStop: { stop_hook_active: false },
  PreCompact: { trigger: 'manual', custom_instructions: '' },
  SessionStart: { source: 'startup' },
  SessionEnd: { reason: 'prompt_input_exit' },
};

describe('the stdin contract', () => {
  it.each(HOOK_EVENTS)('%s: bash and node hooks read the event JSON on stdin, in the session directory', async (event) => {
    const out = join(dir.path, `stdin-${event}`);
    const bash = await script(dir.path, 'dump.sh', '#!/usr/bin/env bash\ncat > "$1/bash.json"\npwd > "$1/bash.cwd"\n');
    const node = await script(
      dir.path,
      'dump.mjs',
      "import { writeFileSync } from 'node:fs';\nlet s = '';\nprocess.stdin.on('data', (c) => (s += c));\nprocess.stdin.on('end', () => writeFileSync(process.argv[2] + '/node.json', s));\n",
    );
    await mkdir(out, { recursive: true });
    const input = hookInputOf(event, { session_id: `session-${event}`, cwd: out, ...PAYLOADS[event] }, '/');
    const outcome = await runHooks(hooksFor(event, [`"${bash}" "${out}"`, `node "${node}" "${out}"`]), input);
    expect(outcome.results.map((result) => result.exitCode)).toEqual([0, 0]);
    const expected = { hook_event_name: event, session_id: `session-${event}`, cwd: out, ...PAYLOADS[event] };
    expect(await readJson(join(out, 'bash.json'))).toEqual(expected);
    expect(await readJson(join(out, 'node.json'))).toEqual(expected);
    expect((await readFile(join(out, 'bash.cwd'), 'utf8')).trim()).toBe(out);
  });
});

describe('outcomes', () => {
  const stop = (cwd = dir.path) => hookInputOf('Stop', { session_id: 's-outcomes', cwd }, '/');

  it('exit 2 blocks with stderr as the reason; other non-zero codes do not block', async () => {
    const outcome = await runHooks(
      hooksFor('Stop', ['echo "tests are failing, keep going" >&2; exit 2', 'echo "a warning" >&2; exit 1', 'exit 3', 'echo fine']),
      stop(),
    );
    expect(outcome.blocked).toBe(true);
    expect(outcome.reason).toBe('tests are failing, keep going');
    expect(outcome.results.map((result) => [result.exitCode, result.blocked])).toEqual([
      [2, true],
      [1, false],
      [3, false],
      [0, false],
    ]);
    expect(outcome.results[1]?.stderr).toBe('a warning\n');
    expect(outcome.results[3]?.stdout).toBe('fine\n');
  });

  it('does not block when no hook exits 2; a silent blocker gets a reason naming it', async () => {
    const passing = await runHooks(hooksFor('Stop', ['exit 1', 'exit 0']), stop());
    expect(passing).toMatchObject({ event: 'Stop', blocked: false, reason: null });
    const silent = await runHooks(hooksFor('Stop', ['exit 2']), stop());
    expect(silent.reason).toBe('hook "exit 2" exited with code 2');
  });

  it('runs nothing when no entry matches', async () => {
    const input = hookInputOf('PreToolUse', { session_id: 's', tool_name: 'Read', cwd: dir.path }, '/');
    const outcome = await runHooks(hooksFor('PreToolUse', ['exit 2'], 'Write|Edit'), input);
    expect(outcome).toEqual({ event: 'PreToolUse', blocked: false, reason: null, results: [] });
  });

  it('keeps a bounded part of large output and says it was cut', async () => {
    const outcome = await runHooks(hooksFor('Stop', ['head -c 200000 /dev/zero | tr "\\0" a; echo small >&2']), stop());
    const [result] = outcome.results;
    expect(result?.stdout).toBe('a'.repeat(OUTPUT_LIMIT_BYTES));
    expect(result?.stdoutTruncated).toBe(true);
    expect(result).toMatchObject({ stderr: 'small\n', stderrTruncated: false, exitCode: 0 });
  });

  it('reports a hook that cannot start, without blocking', async () => {
    const outcome = await runHooks(hooksFor('Stop', ['echo never']), stop(join(dir.path, 'no-such-directory')));
    expect(outcome.blocked).toBe(false);
    expect(outcome.results[0]).toMatchObject({ exitCode: null, timedOut: false });
    expect(outcome.results[0]?.error).toEqual(expect.any(String));
  });
});

describe('timeouts', () => {
  it('kill the whole process group: neither the hook nor its sleeping child survives', async () => {
    const pids = join(dir.path, 'timeout-pids');
    const hook = await script(dir.path, 'sleepy.sh', `#!/usr/bin/env bash\nsleep 30 &\necho "$! $$" > "${pids}"\nwait\n`);
    // Timeouts leave a busy machine time to start bash and write the pids before the kill.
    const outcome = await runHooks(hooksFor('Stop', [{ command: hook, timeout: 2 }]), hookInputOf('Stop', { session_id: 's', cwd: dir.path }, '/'));
    expect(outcome.results[0]).toMatchObject({ timedOut: true, exitCode: null, blocked: false });
    expect(outcome.blocked).toBe(false);
    const [grandchild, shell] = (await readFile(pids, 'utf8')).trim().split(' ').map(Number);
    await expect.poll(() => isRunning(shell!), { timeout: 5000 }).toBe(false);
    await expect.poll(() => isRunning(grandchild!), { timeout: 5000 }).toBe(false);
  });

  it('end with SIGKILL a group that ignores SIGTERM', async () => {
    const pids = join(dir.path, 'stubborn-pids');
    const hook = await script(dir.path, 'stubborn.sh', `#!/usr/bin/env bash\ntrap '' TERM\nsleep 30 &\necho "$! $$" > "${pids}"\nwhile :; do sleep 0.1; done\n`);
    const outcome = await runHooks(hooksFor('Stop', [{ command: hook, timeout: 2 }]), hookInputOf('Stop', { session_id: 's', cwd: dir.path }, '/'));
    expect(outcome.results[0]).toMatchObject({ timedOut: true, exitCode: null, signal: 'SIGKILL' });
    const [grandchild, shell] = (await readFile(pids, 'utf8')).trim().split(' ').map(Number);
    await expect.poll(() => isRunning(shell!), { timeout: 5000 }).toBe(false);
    await expect.poll(() => isRunning(grandchild!), { timeout: 5000 }).toBe(false);
  });
});

describe('parallel runs and de-duplication', () => {
  it('runs matching hooks at the same time', async () => {
    const marks = join(dir.path, 'parallel');
    await mkdir(marks);
    const hook = await script(dir.path, 'second.sh', `#!/usr/bin/env bash\ndate +%s%N > "${marks}/$1.start"\nsleep 1\ndate +%s%N > "${marks}/$1.end"\n`);
    await runHooks(hooksFor('Stop', [`"${hook}" a`, `"${hook}" b`]), hookInputOf('Stop', { session_id: 's', cwd: dir.path }, '/'));
    const mark = async (name: string) => BigInt((await readFile(join(marks, name), 'utf8')).trim());
    const [startA, startB, endA, endB] = await Promise.all(['a.start', 'b.start', 'a.end', 'b.end'].map(mark));
    // Each hook started before the other one ended: they overlapped.
    expect(startA! < endB!).toBe(true);
    expect(startB! < endA!).toBe(true);
  });

  it('runs a command configured twice (even in two entries) once', async () => {
    const log = join(dir.path, 'dedup.log');
    const config = configOf({
      Stop: [{ hooks: [{ type: 'command', command: `echo run >> "${log}"` }] }, { hooks: [{ type: 'command', command: `echo run >> "${log}"`, timeout: 5 }] }],
    });
    const outcome = await runHooks(config, hookInputOf('Stop', { session_id: 's', cwd: dir.path }, '/'));
    expect(outcome.results).toHaveLength(1);
    expect(await readFile(log, 'utf8')).toBe('run\n');
  });
});

describe('telemetry', () => {
  it('reports every execution as a hook event with its event, matcher and command', async () => {
    const events: HookTelemetryEvent[] = [];
    const config = configOf({ PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'exit 0' }, { type: 'command', command: 'exit 2' }] }, { matcher: 'Read', hooks: [{ type: 'command', command: 'exit 1' }] }] });
    const before = Date.now();
    const input = hookInputOf('PostToolUse', { session_id: 'sess-42', tool_name: 'Edit', cwd: dir.path }, '/');
    await runHooks(config, input, { reporter: { report: (event) => events.push(event) }, client: 'non-interactive-cli' });
    expect(events.map(({ id, timestamp, ...rest }) => rest).sort((a, b) => a.command.localeCompare(b.command))).toEqual(
      ['exit 0', 'exit 2'].map((command) => ({ type: 'hook', sessionId: 'sess-42', client: 'non-interactive-cli', event: 'PostToolUse', matcher: 'Edit|Write', command })),
    );
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
    for (const event of events) expect(event.timestamp).toBeGreaterThanOrEqual(before);
  });
});
