import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TIMEOUT_SECONDS, isHookEvent, type HookEvent } from './events.js';

// Hooks configuration files (decisions.md §10): reading, checking and merging them. Every problem
// names its JSON path in the file, so a user can find it; unknown event names only warn, because a
// newer agent client may know events this version does not.

export interface HookCommand {
  type: 'command';
  command: string;
  /** Seconds; DEFAULT_TIMEOUT_SECONDS when absent. */
  timeout: number;
}

export interface HookEntry {
  /** As written in the file; '' when absent. */
  matcher: string;
  hooks: HookCommand[];
}

export type HooksConfig = Partial<Record<HookEvent, HookEntry[]>>;

export interface ConfigProblem {
  path: string;
  message: string;
}

export class HooksConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: ConfigProblem[],
  ) {
    super(`Invalid hooks configuration in ${file}:\n${problems.map((p) => `  ${p.path || '(top level)'}: ${p.message}`).join('\n')}`);
  }
}

/** Longest timeout accepted, in seconds: a day (Node timers cannot wait much longer anyway). */
export const MAX_TIMEOUT_SECONDS = 86_400;

export const CONFIG_FILE_NAME = 'hooks.json';

/** `$QUARTERDECK_CONFIG_HOME`, else `~/.quarterdeck`. */
export function userConfigDir(env: NodeJS.ProcessEnv): string {
  return env.QUARTERDECK_CONFIG_HOME || join(homedir(), '.quarterdeck');
}

export function userConfigFile(env: NodeJS.ProcessEnv): string {
  return join(userConfigDir(env), CONFIG_FILE_NAME);
}

export function projectConfigFile(projectDir: string): string {
  return join(projectDir, '.quarterdeck', CONFIG_FILE_NAME);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `parent.key` for plain names, `parent["odd key"]` otherwise, as a reader would write it. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return parent ? `${parent}.${key}` : key;
  return `${parent}[${JSON.stringify(key)}]`;
}

/** The two forms of a file: `{"hooks": {Event: [...]}}` or the bare `{Event: [...]}`. */
export interface ConfigDocument {
  form: 'wrapped' | 'bare';
  /** The object keyed by event name, as parsed (not yet checked). */
  events: Record<string, unknown>;
  /** JSON path of `events` in the file: 'hooks' or ''. */
  eventsPath: string;
}

export function documentOf(value: unknown): ConfigDocument | ConfigProblem {
  if (!isObject(value)) return { path: '', message: 'must be a JSON object' };
  if (!('hooks' in value)) return { form: 'bare', events: value, eventsPath: '' };
  if (!isObject(value.hooks)) return { path: 'hooks', message: 'must be an object keyed by hook event name' };
  return { form: 'wrapped', events: value.hooks, eventsPath: 'hooks' };
}

/** A matcher compiled as a whole-name match: `Write` matches only Write, `Edit|Write` either. */
export function matcherRegExp(matcher: string): RegExp {
  return new RegExp(`^(?:${matcher})$`);
}

/** Entries without a matcher, or with "" or "*", apply to every tool. */
export function matchesEverything(matcher: string): boolean {
  return matcher === '' || matcher === '*';
}

function checkCommand(value: unknown, path: string, errors: ConfigProblem[]): HookCommand | undefined {
  if (!isObject(value)) {
    errors.push({ path, message: 'must be an object {"type": "command", "command": ..., "timeout"?: ...}' });
    return undefined;
  }
  const before = errors.length;
  if (value.type !== 'command') errors.push({ path: childPath(path, 'type'), message: 'must be "command"' });
  if (typeof value.command !== 'string' || value.command.trim() === '') {
    errors.push({ path: childPath(path, 'command'), message: 'must be a non-empty string' });
  }
  const timeout = value.timeout ?? DEFAULT_TIMEOUT_SECONDS;
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0) {
    errors.push({ path: childPath(path, 'timeout'), message: 'must be a positive number' });
  } else if (timeout > MAX_TIMEOUT_SECONDS) {
    errors.push({ path: childPath(path, 'timeout'), message: `must be at most ${MAX_TIMEOUT_SECONDS} (seconds)` });
  }
  if (errors.length > before) return undefined;
  return { type: 'command', command: value.command as string, timeout: timeout as number };
}

function checkEntry(value: unknown, path: string, errors: ConfigProblem[], warnings: ConfigProblem[]): HookEntry | undefined {
  if (!isObject(value)) {
    errors.push({ path, message: 'must be an object {"matcher"?: ..., "hooks": [...]}' });
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (key !== 'matcher' && key !== 'hooks') warnings.push({ path: childPath(path, key), message: 'unknown field, ignored' });
  }
  const before = errors.length;
  const matcher = value.matcher ?? '';
  if (typeof matcher !== 'string') {
    errors.push({ path: childPath(path, 'matcher'), message: 'must be a string (a regular expression)' });
  } else if (!matchesEverything(matcher)) {
    try {
      matcherRegExp(matcher);
    } catch (error) {
      errors.push({ path: childPath(path, 'matcher'), message: `invalid regular expression: ${(error as Error).message}` });
    }
  }
  const hooks: HookCommand[] = [];
  if (!Array.isArray(value.hooks)) {
    errors.push({ path: childPath(path, 'hooks'), message: 'must be an array of hook commands' });
  } else {
    value.hooks.forEach((hook, index) => {
      const command = checkCommand(hook, childPath(childPath(path, 'hooks'), index), errors);
      if (command) hooks.push(command);
    });
  }
  if (errors.length > before) return undefined;
  return { matcher: matcher as string, hooks };
}

export interface CheckedConfig {
  config: HooksConfig;
  errors: ConfigProblem[];
  warnings: ConfigProblem[];
}

/** Checks a parsed file, in either form; `config` is only meaningful when `errors` is empty. */
export function checkHooksConfig(value: unknown): CheckedConfig {
  const document = documentOf(value);
  if (!('form' in document)) return { config: {}, errors: [document], warnings: [] };
  const config: HooksConfig = {};
  const errors: ConfigProblem[] = [];
  const warnings: ConfigProblem[] = [];
  for (const [name, entries] of Object.entries(document.events)) {
    const path = childPath(document.eventsPath, name);
    if (!isHookEvent(name)) {
      warnings.push({ path, message: 'unknown hook event, ignored' });
      continue;
    }
    if (!Array.isArray(entries)) {
      errors.push({ path, message: 'must be an array of entries {"matcher"?: ..., "hooks": [...]}' });
      continue;
    }
    const checked = entries.map((entry, index) => checkEntry(entry, childPath(path, index), errors, warnings));
    config[name] = checked.filter((entry): entry is HookEntry => entry !== undefined);
  }
  return { config, errors, warnings };
}

export interface LoadedFile {
  file: string;
  config: HooksConfig;
  warnings: ConfigProblem[];
}

/** Reads and checks one file; undefined when it does not exist, HooksConfigError when invalid. */
export async function readHooksConfigFile(file: string): Promise<LoadedFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new HooksConfigError(file, [{ path: '', message: `cannot be read: ${(error as Error).message}` }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HooksConfigError(file, [{ path: '', message: `not valid JSON: ${(error as Error).message}` }]);
  }
  const { config, errors, warnings } = checkHooksConfig(value);
  if (errors.length > 0) throw new HooksConfigError(file, errors);
  return { file, config, warnings };
}

/** Entries of later configurations follow those of earlier ones, event by event. */
export function mergeHooksConfigs(configs: HooksConfig[]): HooksConfig {
  const merged: HooksConfig = {};
  for (const config of configs) {
    for (const [event, entries] of Object.entries(config) as [HookEvent, HookEntry[]][]) {
      merged[event] = [...(merged[event] ?? []), ...entries];
    }
  }
  return merged;
}

export interface LoadOptions {
  env: NodeJS.ProcessEnv;
  /** The project whose `.quarterdeck/hooks.json` applies. */
  projectDir: string;
  /** One explicit file instead of the user and project files; it must exist. */
  file?: string;
}

/** The configuration in force: the user file, then the project file (or one explicit file). */
export async function loadHooksConfig(options: LoadOptions): Promise<{ config: HooksConfig; files: LoadedFile[] }> {
  if (options.file) {
    const loaded = await readHooksConfigFile(options.file);
    if (!loaded) throw new HooksConfigError(options.file, [{ path: '', message: 'file not found' }]);
    return { config: loaded.config, files: [loaded] };
  }
  const candidates = [userConfigFile(options.env), projectConfigFile(options.projectDir)];
  // The same file twice (a project in the user's config home) counts once.
  const unique = [...new Set(candidates)];
  const files = (await Promise.all(unique.map(readHooksConfigFile))).filter((loaded): loaded is LoadedFile => loaded !== undefined);
  return { config: mergeHooksConfigs(files.map((loaded) => loaded.config)), files };
}
