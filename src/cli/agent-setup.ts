import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';

// `quarterdeck agents setup` (docs/otel.md, "Setting up each agent"): the files each agent reads
// its OpenTelemetry settings from, user level or managed/system level, merged into what is there.
// What an agent reads only from its environment goes into an environment file to source (user
// level) or a profile script every login shell runs (system level). Files are written whole to a
// temporary name and renamed, so an agent never reads half a file.

export const SETUP_AGENTS = ['claude-code', 'codex', 'gemini-cli', 'qwen-code', 'copilot-cli', 'droid', 'opencode'] as const;
export type SetupAgent = (typeof SETUP_AGENTS)[number];

export interface SetupTarget {
  /** The server's address (exporters append /v1/<signal>). */
  api: string;
  key: string;
  /** Added as the resource attribute user.email, so the records name their person. */
  email?: string | undefined;
  system: boolean;
  /** User level: the home directory; system level: the file system's root (both: a temp dir in tests). */
  base: string;
  platform: NodeJS.Platform;
}

export type SettingsFile =
  | { path: string; format: 'json'; merge: Record<string, unknown> }
  | { path: string; format: 'toml'; merge: Record<string, unknown> }
  | { path: string; format: 'env'; variables: Record<string, string> };

/** Claude Code's time for its last export at exit, written by the setup and shown by the console (web/src/pages/ConnectedAgents/agentSettings.ts). */
const CLAUDE_CODE_SHUTDOWN_TIMEOUT_MS = '5000';

const header = (target: SetupTarget) => `Authorization=Bearer ${target.key}`;
const resourceAttributes = (target: SetupTarget): Record<string, string> => (target.email ? { OTEL_RESOURCE_ATTRIBUTES: `user.email=${target.email}` } : {});

/** Where system-wide environment goes: a profile script login shells run (Linux, macOS). */
const profileScript = (target: SetupTarget, agent: SetupAgent) => join(target.base, 'etc', 'profile.d', `quarterdeck-${agent}.sh`);
/** Where user-level environment goes: a file the person's shell profile sources. */
const userEnvFile = (target: SetupTarget, agent: SetupAgent) => join(target.base, '.config', 'quarterdeck', `${agent}.env`);
const envFile = (target: SetupTarget, agent: SetupAgent, variables: Record<string, string>): SettingsFile => ({
  path: target.system ? profileScript(target, agent) : userEnvFile(target, agent),
  format: 'env',
  variables,
});

function claudeManagedPath(target: SetupTarget): string {
  if (target.platform === 'darwin') return join(target.base, 'Library', 'Application Support', 'ClaudeCode', 'managed-settings.json');
  if (target.platform === 'win32') return join(target.base, 'ProgramData', 'ClaudeCode', 'managed-settings.json');
  return join(target.base, 'etc', 'claude-code', 'managed-settings.json');
}

function geminiSystemPath(target: SetupTarget, agent: 'gemini-cli' | 'qwen-code'): string {
  const product = agent === 'gemini-cli' ? 'gemini-cli' : 'qwen-code';
  if (target.platform === 'darwin') return join(target.base, 'Library', 'Application Support', agent === 'gemini-cli' ? 'GeminiCli' : 'QwenCode', 'settings.json');
  if (target.platform === 'win32') return join(target.base, 'ProgramData', agent === 'gemini-cli' ? 'gemini-cli' : 'qwen-code', 'settings.json');
  return join(target.base, 'etc', product, 'settings.json');
}

/**
 * Codex's file that overrides each user's own config.toml: /etc/codex/managed_config.toml on Linux
 * and macOS (read above every other layer; Codex calls it legacy, still read). Codex on Windows no
 * longer reads a managed_config.toml: there the system config.toml under
 * %ProgramData%\OpenAI\Codex, whose settings a user's own config.toml overrides (docs/otel.md).
 */
function codexSystemPath(target: SetupTarget): string {
  if (target.platform === 'win32') return join(target.base, 'ProgramData', 'OpenAI', 'Codex', 'config.toml');
  return join(target.base, 'etc', 'codex', 'managed_config.toml');
}

/** The files that set the agent up to export to this server with this key. */
export function settingsFiles(agent: SetupAgent, target: SetupTarget): SettingsFile[] {
  const { api } = target;
  switch (agent) {
    case 'claude-code': {
      const env = {
        CLAUDE_CODE_ENABLE_TELEMETRY: '1',
        OTEL_METRICS_EXPORTER: 'otlp',
        OTEL_LOGS_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_ENDPOINT: api,
        OTEL_EXPORTER_OTLP_HEADERS: header(target),
        // At exit Claude Code gives its last export this long (default 2000 ms, the logs flushed after half of it):
        // a `claude -p` run's last events are in that export (docs/otel.md, "Claude Code").
        CLAUDE_CODE_OTEL_SHUTDOWN_TIMEOUT_MS: CLAUDE_CODE_SHUTDOWN_TIMEOUT_MS,
        ...resourceAttributes(target),
      };
      return [{ path: target.system ? claudeManagedPath(target) : join(target.base, '.claude', 'settings.json'), format: 'json', merge: { env } }];
    }
    case 'codex': {
      const exporter = (signal: string) => ({ 'otlp-http': { endpoint: `${api}/v1/${signal}`, protocol: 'binary', headers: { Authorization: `Bearer ${target.key}` } } });
      const otel = { log_user_prompt: false, exporter: exporter('logs'), metrics_exporter: exporter('metrics'), trace_exporter: exporter('traces') };
      // Codex reads no resource attributes from its config: the e-mail comes from the environment.
      const path = target.system ? codexSystemPath(target) : join(target.base, '.codex', 'config.toml');
      return [{ path, format: 'toml', merge: { otel } }, ...(target.email ? [envFile(target, agent, resourceAttributes(target))] : [])];
    }
    case 'gemini-cli':
    case 'qwen-code': {
      const telemetry = { enabled: true, target: 'local', otlpEndpoint: api, otlpProtocol: 'http', logPrompts: false };
      const dir = agent === 'gemini-cli' ? '.gemini' : '.qwen';
      const variables = { OTEL_EXPORTER_OTLP_HEADERS: header(target), ...resourceAttributes(target) };
      // Both read ~/.gemini/.env (~/.qwen/.env) into their environment; no system .env exists.
      return [
        { path: target.system ? geminiSystemPath(target, agent) : join(target.base, dir, 'settings.json'), format: 'json', merge: { telemetry } },
        target.system ? envFile(target, agent, variables) : { path: join(target.base, dir, '.env'), format: 'env', variables },
      ];
    }
    case 'copilot-cli':
      return [envFile(target, agent, { COPILOT_OTEL_ENABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: api, OTEL_EXPORTER_OTLP_HEADERS: header(target), ...resourceAttributes(target) })];
    case 'droid':
      return [envFile(target, agent, { OTEL_TELEMETRY_ENDPOINT: api, OTEL_TELEMETRY_HEADERS: header(target), ...resourceAttributes(target) })];
    case 'opencode': {
      const path = target.system ? join(target.base, 'etc', 'opencode', 'opencode.json') : join(target.base, '.config', 'opencode', 'opencode.json');
      return [
        { path, format: 'json', merge: { experimental: { openTelemetry: true } } },
        envFile(target, agent, {
          OTEL_EXPORTER_OTLP_ENDPOINT: api,
          OTEL_EXPORTER_OTLP_HEADERS: header(target),
          // opencode exits right after a run: a short batch delay sends its spans before it does (docs/otel.md, "opencode").
          OTEL_BSP_SCHEDULE_DELAY: '200',
          ...resourceAttributes(target),
        }),
      ];
    }
  }
}

/** Objects merged key by key; anything else replaced. */
function deepMerge(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = merged[key];
    merged[key] = isObject(existing) && isObject(value) ? deepMerge(existing, value) : value;
  }
  return merged;
}
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const quoteShell = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

async function readExisting(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The file's new text: its settings merged into what it holds (an env file's other lines kept). */
export function mergedText(file: SettingsFile, existing: string | undefined): string {
  if (file.format === 'json') {
    const current = existing?.trim() ? (JSON.parse(existing) as unknown) : {};
    if (!isObject(current)) throw new Error(`${file.path} does not hold a JSON object`);
    return `${JSON.stringify(deepMerge(current, file.merge), null, 2)}\n`;
  }
  if (file.format === 'toml') return stringifyToml(deepMerge(existing?.trim() ? parseToml(existing) : {}, file.merge)) + '\n';
  const names = new Set(Object.keys(file.variables));
  const kept = (existing ?? '').split('\n').filter((line) => line.trim() !== '' && !names.has(line.replace(/^\s*export\s+/, '').split('=')[0]!.trim()));
  return [...kept, ...Object.entries(file.variables).map(([name, value]) => `export ${name}=${quoteShell(value)}`)].join('\n') + '\n';
}

/** Writes the files; answers their paths. Settings files hold the key: readable by their owner only (system files: by everyone, as agents run as anyone). */
export async function writeSettings(files: readonly SettingsFile[], system: boolean): Promise<string[]> {
  for (const file of files) {
    const text = mergedText(file, await readExisting(file.path));
    await mkdir(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, text, { mode: system ? 0o644 : 0o600 });
    await rename(temporary, file.path);
  }
  return files.map((file) => file.path);
}
