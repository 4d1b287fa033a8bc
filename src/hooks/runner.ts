import { matcherRegExp, matchesEverything, type HooksConfig } from './config.js';
import { REQUIRED_FIELDS, TOOL_EVENTS, type HookEvent } from './events.js';
import { runCommand, type CommandResult } from './run-command.js';
import { hookEvent, type HookReporter, type TelemetryClient } from './telemetry.js';

// What an agent client calls when it raises a hook event: pick the matching commands, run them
// in parallel, and say whether one of them blocks (exit code 2, its stderr being the reason).

/** The JSON object a hook reads on standard input (api.md "Events", hook contract 1). */
export interface HookInput {
  hook_event_name: HookEvent;
  session_id: string;
  cwd: string;
  [field: string]: unknown;
}

export class PayloadError extends Error {}

/** The exit code with which a hook blocks the agent. */
export const BLOCKING_EXIT_CODE = 2;

/** Checks an event's payload and completes it into the hook input. */
export function hookInputOf(event: HookEvent, payload: unknown, defaultCwd: string): HookInput {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new PayloadError('the payload must be a JSON object');
  const fields = payload as Record<string, unknown>;
  if (fields.hook_event_name !== undefined && fields.hook_event_name !== event) {
    throw new PayloadError(`hook_event_name is "${String(fields.hook_event_name)}" but the event run is ${event}`);
  }
  if (typeof fields.session_id !== 'string' || fields.session_id === '') throw new PayloadError('session_id must be a non-empty string');
  if (fields.cwd !== undefined && (typeof fields.cwd !== 'string' || fields.cwd === '')) throw new PayloadError('cwd must be a non-empty string');
  for (const name of REQUIRED_FIELDS[event] ?? []) {
    if (typeof fields[name] !== 'string') throw new PayloadError(`${event} needs ${name} (a string)`);
  }
  return { ...fields, hook_event_name: event, session_id: fields.session_id, cwd: (fields.cwd as string | undefined) ?? defaultCwd };
}

export interface SelectedHook {
  matcher: string;
  command: string;
  /** Seconds. */
  timeout: number;
}

/**
 * The commands to run, in configuration order. Tool events filter entries by matcher on
 * `tool_name`; other events run every entry. A command configured twice runs once, with the
 * matcher and timeout of its first appearance.
 */
export function selectHooks(config: HooksConfig, input: HookInput): SelectedHook[] {
  const event = input.hook_event_name;
  const selected = new Map<string, SelectedHook>();
  for (const entry of config[event] ?? []) {
    const filtered = TOOL_EVENTS.has(event) && !matchesEverything(entry.matcher);
    if (filtered && !matcherRegExp(entry.matcher).test(String(input.tool_name))) continue;
    for (const hook of entry.hooks) {
      if (!selected.has(hook.command)) selected.set(hook.command, { matcher: entry.matcher, command: hook.command, timeout: hook.timeout });
    }
  }
  return [...selected.values()];
}

export interface HookRunResult extends SelectedHook, CommandResult {
  blocked: boolean;
}

export interface HookOutcome {
  event: HookEvent;
  blocked: boolean;
  /** The blocking hooks' stderr, for the agent to show or act on; null when nothing blocked. */
  reason: string | null;
  results: HookRunResult[];
}

export interface RunnerOptions {
  /** Where each execution is reported; nothing is reported without one. */
  reporter?: HookReporter;
  client?: TelemetryClient;
  env?: NodeJS.ProcessEnv;
}

function blockReason(result: HookRunResult): string {
  return result.stderr.trim() || `hook "${result.command}" exited with code ${BLOCKING_EXIT_CODE}`;
}

export async function runHooks(config: HooksConfig, input: HookInput, options: RunnerOptions = {}): Promise<HookOutcome> {
  const serialized = JSON.stringify(input);
  const results = await Promise.all(
    selectHooks(config, input).map(async (hook): Promise<HookRunResult> => {
      const result = await runCommand({
        command: hook.command,
        input: serialized,
        cwd: input.cwd,
        timeoutMs: hook.timeout * 1000,
        ...(options.env ? { env: options.env } : {}),
      });
      options.reporter?.report(
        hookEvent({
          timestamp: result.startedAt,
          sessionId: input.session_id,
          client: options.client ?? 'terminal-ui',
          event: input.hook_event_name,
          matcher: hook.matcher,
          command: hook.command,
        }),
      );
      return { ...hook, ...result, blocked: result.exitCode === BLOCKING_EXIT_CODE };
    }),
  );
  const blocking = results.filter((result) => result.blocked);
  return {
    event: input.hook_event_name,
    blocked: blocking.length > 0,
    reason: blocking.length > 0 ? blocking.map(blockReason).join('\n') : null,
    results,
  };
}
