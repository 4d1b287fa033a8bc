import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { lookUpUser, type CommandUser } from './processes.js';

// The agent's settings: each from its flag, else its environment variable, else the config file
// (--config FILE or QUARTERDECK_AGENT_CONFIG, a JSON object), else its default (docs/agent.md).

export interface AgentOptions {
  url: string;
  computerToken: string;
  workdir: string;
  run: string;
  install: string | undefined;
  /** Runs git, the install and the run command as this user, out of reach of the token. */
  runAs: CommandUser | undefined;
  /** A git clone still running after this long fails the install-deps step. */
  cloneTimeoutMs: number;
  /** Between two heartbeats (each renews the lease of the run in progress). */
  heartbeatMs: number;
  /** How long one claim waits for a message on the server. */
  claimWaitMs: number;
  /** Quiet time after which printed text is posted as a message. */
  flushMs: number;
}

export class AgentConfigError extends Error {}

interface Setting {
  flag: string;
  env: string;
  file: string;
}

const SETTINGS = {
  url: { flag: 'url', env: 'QUARTERDECK_URL', file: 'url' },
  computerToken: { flag: 'computer-token', env: 'QUARTERDECK_COMPUTER_TOKEN', file: 'computerToken' },
  workdir: { flag: 'workdir', env: 'QUARTERDECK_AGENT_WORKDIR', file: 'workdir' },
  run: { flag: 'run', env: 'QUARTERDECK_AGENT_RUN', file: 'run' },
  install: { flag: 'install', env: 'QUARTERDECK_AGENT_INSTALL', file: 'install' },
  runAs: { flag: 'run-as', env: 'QUARTERDECK_AGENT_RUN_AS', file: 'runAs' },
  cloneTimeoutMs: { flag: 'clone-timeout-ms', env: 'QUARTERDECK_AGENT_CLONE_TIMEOUT_MS', file: 'cloneTimeoutMs' },
  heartbeatMs: { flag: 'heartbeat-ms', env: 'QUARTERDECK_AGENT_HEARTBEAT_MS', file: 'heartbeatMs' },
  claimWaitMs: { flag: 'claim-wait-ms', env: 'QUARTERDECK_AGENT_CLAIM_WAIT_MS', file: 'claimWaitMs' },
  flushMs: { flag: 'flush-ms', env: 'QUARTERDECK_AGENT_FLUSH_MS', file: 'flushMs' },
} satisfies Record<keyof AgentOptions, Setting>;

export const AGENT_FLAGS = Object.fromEntries(Object.values(SETTINGS).map((setting) => [setting.flag, setting.env])) as Record<string, string>;

async function readConfigFile(path: string, warn: (text: string) => void): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new AgentConfigError(`cannot read the config file ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AgentConfigError(`the config file ${path} is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AgentConfigError(`the config file ${path} must hold a JSON object`);
  const known = new Set(Object.values(SETTINGS).map((setting) => setting.file));
  const unknown = Object.keys(value).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new AgentConfigError(`the config file ${path} has unknown keys: ${unknown.join(', ')}`);
  // A token others can read is a token others can use.
  if ('computerToken' in value && ((await stat(path)).mode & 0o077) !== 0) warn(`the config file ${path} holds the computer token and others may read it: chmod 600 it`);
  return value as Record<string, unknown>;
}

/** Whether this process may start others as another user and give them files: CAP_CHOWN, CAP_SETGID and CAP_SETUID in effect (root has them). */
async function maySwitchUser(): Promise<boolean> {
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  const effective = /^CapEff:\s*([0-9a-f]+)$/m.exec(status)?.[1];
  const needed = (1n << 0n) | (1n << 6n) | (1n << 7n);
  return effective !== undefined && (BigInt(`0x${effective}`) & needed) === needed;
}

function integerSetting(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new AgentConfigError(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

export async function resolveAgentOptions(
  flags: Record<string, string | boolean | undefined>,
  env: NodeJS.ProcessEnv,
  cwd: string,
  warn: (text: string) => void,
): Promise<AgentOptions> {
  const configPath = (flags.config as string | undefined) ?? env.QUARTERDECK_AGENT_CONFIG;
  const file = configPath ? await readConfigFile(resolve(cwd, configPath), warn) : {};
  const pick = (key: keyof AgentOptions): string | undefined => {
    const { flag, env: envName, file: fileKey } = SETTINGS[key];
    const fromFile = file[fileKey];
    const value = (flags[flag] as string | undefined) ?? env[envName] ?? (fromFile === undefined ? undefined : String(fromFile));
    return value === '' ? undefined : value;
  };
  const required = (key: keyof AgentOptions): string => {
    const value = pick(key);
    const { flag, env: envName, file: fileKey } = SETTINGS[key];
    if (value === undefined) throw new AgentConfigError(`missing ${flag}: pass --${flag}, set ${envName}, or put "${fileKey}" in the config file`);
    return value;
  };
  const url = required('url');
  if (!/^https?:\/\//.test(url)) throw new AgentConfigError(`url must start with http:// or https://, got "${url}"`);
  const computerToken = required('computerToken');
  if (!computerToken.startsWith('qdc_')) throw new AgentConfigError('computer-token must be a computer token (qdc_…), as POST /api/v0/computers answered it');
  const workdir = required('workdir');
  const runAsName = pick('runAs');
  const runAs = runAsName === undefined ? undefined : lookUpUser(runAsName);
  if (runAsName !== undefined && !runAs) throw new AgentConfigError(`run-as: there is no user "${runAsName}" on this machine`);
  if (runAs && !(await maySwitchUser())) throw new AgentConfigError('run-as needs the agent to start as root, or with the capabilities CAP_CHOWN, CAP_SETUID and CAP_SETGID: it switches to that user for every command');
  return {
    url,
    computerToken,
    workdir: isAbsolute(workdir) ? workdir : resolve(cwd, workdir),
    run: required('run'),
    install: pick('install'),
    runAs,
    cloneTimeoutMs: integerSetting('clone-timeout-ms', pick('cloneTimeoutMs'), 600_000, 1_000, 86_400_000),
    heartbeatMs: integerSetting('heartbeat-ms', pick('heartbeatMs'), 15_000, 100, 600_000),
    claimWaitMs: integerSetting('claim-wait-ms', pick('claimWaitMs'), 25_000, 0, 30_000),
    flushMs: integerSetting('flush-ms', pick('flushMs'), 500, 10, 60_000),
  };
}
