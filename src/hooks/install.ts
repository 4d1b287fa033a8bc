import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { checkHooksConfig, documentOf, HooksConfigError } from './config.js';
import type { HookEvent } from './events.js';

// Installs a ready-made hook (notify, budget) into a hooks configuration file: adds what is
// missing, keeps every other hook as it is, and leaves a file it cannot read as configuration
// untouched.

/** A ready-made hook: the command and the events it is installed on. */
export interface ReadyMadeHook {
  /** The command installed; it needs the `quarterdeck` package's bin on the PATH. */
  command: string;
  timeoutSeconds: number;
  events: readonly HookEvent[];
}

export const NOTIFY_HOOK: ReadyMadeHook = { command: 'quarterdeck hook notify', timeoutSeconds: 10, events: ['Notification', 'Stop', 'SubagentStop', 'SessionEnd'] };

/**
 * The budget hook runs before each prompt and at session start. Its own server timeout (1.5 s by
 * default) lets the prompt through well before this one would stop it.
 */
export const BUDGET_HOOK: ReadyMadeHook = { command: 'quarterdeck hooks budget', timeoutSeconds: 5, events: ['UserPromptSubmit', 'SessionStart'] };

/** The commit hook notes HEAD when a turn starts and reports the turn's commits when it ends (docs/hooks.md). */
export const COMMITS_HOOK: ReadyMadeHook = { command: 'quarterdeck hooks commits', timeoutSeconds: 15, events: ['SessionStart', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'SessionEnd'] };

export interface InstallResult {
  file: string;
  /** Events that got the hook now; empty when it was installed already. */
  added: HookEvent[];
}

/** The document with the hook on every one of its events that lacks it (the input is not changed). */
export function withReadyMadeHook(value: unknown, file: string, hook: ReadyMadeHook): { document: unknown; added: HookEvent[] } {
  const { config, errors } = checkHooksConfig(value);
  if (errors.length > 0) throw new HooksConfigError(file, errors);
  const isEmpty = typeof value === 'object' && value !== null && Object.keys(value).length === 0;
  // A new or empty file gets the wrapped form; an existing one keeps its form.
  const document = structuredClone(isEmpty ? { hooks: {} } : value);
  const { events } = documentOf(document) as { events: Record<string, unknown[]> };
  const added: HookEvent[] = [];
  for (const event of hook.events) {
    // Matchers do not filter these events, so the command in any entry means it runs.
    const installed = (config[event] ?? []).some((entry) => entry.hooks.some((existing) => existing.command === hook.command));
    if (installed) continue;
    events[event] = [...(events[event] ?? []), { hooks: [{ type: 'command', command: hook.command, timeout: hook.timeoutSeconds }] }];
    added.push(event);
  }
  return { document, added };
}

export async function installReadyMadeHook(file: string, hook: ReadyMadeHook): Promise<InstallResult> {
  let current: unknown = {};
  try {
    current = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      const why = error instanceof SyntaxError ? `not valid JSON: ${error.message}` : `cannot be read: ${(error as Error).message}`;
      throw new HooksConfigError(file, [{ path: '', message: why }]);
    }
  }
  const { document, added } = withReadyMadeHook(current, file, hook);
  if (added.length === 0) return { file, added };
  await mkdir(dirname(file), { recursive: true });
  // Write a sibling and rename it over the file, so a crash never leaves half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(document, null, 2)}\n`);
  await rename(temporary, file);
  return { file, added };
}
