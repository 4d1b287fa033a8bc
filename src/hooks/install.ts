import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { checkHooksConfig, documentOf, HooksConfigError } from './config.js';
import type { HookEvent } from './events.js';

// Installs the notify hook into a hooks configuration file: adds what is missing, keeps every
// other hook as it is, and leaves a file it cannot read as configuration untouched.

/** The command installed; it needs the `quarterdeck` package's bin on the PATH. */
export const NOTIFY_COMMAND = 'quarterdeck hook notify';
export const NOTIFY_TIMEOUT_SECONDS = 10;
export const NOTIFY_EVENTS = ['Notification', 'Stop', 'SubagentStop', 'SessionEnd'] as const satisfies readonly HookEvent[];

export interface InstallResult {
  file: string;
  /** Events that got the notify hook now; empty when it was installed already. */
  added: HookEvent[];
}

/** The document with the notify hook on every notify event that lacks it (the input is not changed). */
export function withNotifyHooks(value: unknown, file: string): { document: unknown; added: HookEvent[] } {
  const { config, errors } = checkHooksConfig(value);
  if (errors.length > 0) throw new HooksConfigError(file, errors);
  const isEmpty = typeof value === 'object' && value !== null && Object.keys(value).length === 0;
  // A new or empty file gets the wrapped form; an existing one keeps its form.
  const document = structuredClone(isEmpty ? { hooks: {} } : value);
  const { events } = documentOf(document) as { events: Record<string, unknown[]> };
  const added: HookEvent[] = [];
  for (const event of NOTIFY_EVENTS) {
    // Matchers do not filter these events, so the command in any entry means it runs.
    const installed = (config[event] ?? []).some((entry) => entry.hooks.some((hook) => hook.command === NOTIFY_COMMAND));
    if (installed) continue;
    events[event] = [...(events[event] ?? []), { hooks: [{ type: 'command', command: NOTIFY_COMMAND, timeout: NOTIFY_TIMEOUT_SECONDS }] }];
    added.push(event);
  }
  return { document, added };
}

export async function installNotifyHooks(file: string): Promise<InstallResult> {
  let current: unknown = {};
  try {
    current = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      const why = error instanceof SyntaxError ? `not valid JSON: ${error.message}` : `cannot be read: ${(error as Error).message}`;
      throw new HooksConfigError(file, [{ path: '', message: why }]);
    }
  }
  const { document, added } = withNotifyHooks(current, file);
  if (added.length === 0) return { file, added };
  await mkdir(dirname(file), { recursive: true });
  // Write a sibling and rename it over the file, so a crash never leaves half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(document, null, 2)}\n`);
  await rename(temporary, file);
  return { file, added };
}
