// The hook events an agent client raises (decisions.md §10) and what each one carries on top of
// the common `hook_event_name`, `session_id` and `cwd` (api.md "Events").

export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'Notification',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
  'PreCompact',
  'SessionStart',
  'SessionEnd',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Events whose entries are filtered by `matcher`, a regular expression on `tool_name`. */
export const TOOL_EVENTS: ReadonlySet<HookEvent> = new Set(['PreToolUse', 'PostToolUse']);

/** String fields the payload of an event must carry, beyond the common three. */
export const REQUIRED_FIELDS: Readonly<Partial<Record<HookEvent, readonly string[]>>> = {
  PreToolUse: ['tool_name'],
  PostToolUse: ['tool_name'],
  Notification: ['message'],
  SessionEnd: ['reason'],
};

/** Seconds a hook may run when its entry sets no timeout (decisions.md §10). */
export const DEFAULT_TIMEOUT_SECONDS = 60;

export function isHookEvent(name: string): name is HookEvent {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}
