import { homedir } from 'node:os';
import { SETUP_AGENTS, settingsFiles, writeSettings, type SetupAgent } from '../agent-setup.js';
import { UsageError, type Command } from '../command.js';
import { API_KEY_OPTION, apiKeyOf, serverUrl, URL_OPTION } from '../connection.js';

// `quarterdeck agents setup --agent NAME [--system] [--check]`: writes an agent's own settings
// for exporting its OpenTelemetry data to this server with this key (docs/otel.md), and with
// --check sends a probe export with the same address and key and says whether it arrived.

/** Probes wait this long for the server. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * An OTLP/JSON logs export with the agent's resource and no record: the receiver authenticates
 * and reads it like any export and answers 200, and it counts nothing anywhere.
 */
function probeBody(agent: SetupAgent, email: string | undefined): string {
  const attributes = [{ key: 'service.name', value: { stringValue: agent === 'copilot-cli' ? 'github-copilot' : agent } }];
  if (email) attributes.push({ key: 'user.email', value: { stringValue: email } });
  return JSON.stringify({ resourceLogs: [{ resource: { attributes }, scopeLogs: [] }] });
}

async function probe(api: string, key: string, agent: SetupAgent, email: string | undefined): Promise<{ ok: boolean; detail: string }> {
  try {
    const response = await fetch(`${api}/v1/logs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: probeBody(agent, email),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (response.ok) return { ok: true, detail: `${api}/v1/logs accepted an export with this key (HTTP ${response.status})` };
    const text = await response.text();
    let detail = text.slice(0, 300);
    try {
      detail = (JSON.parse(text) as { detail?: string }).detail ?? detail;
    } catch {
      // Not the API's error body: shown as it came.
    }
    return { ok: false, detail: `${api}/v1/logs answered ${response.status}: ${detail}` };
  } catch (error) {
    return { ok: false, detail: `${api}/v1/logs could not be reached: ${(error as Error).message}` };
  }
}

export const agentsSetup: Command = {
  name: ['agents', 'setup'],
  usage: `--agent ${SETUP_AGENTS.join('|')} [--system] [--home DIR] [--email ADDRESS] [--key KEY] [--check]`,
  summary: "Write an agent's own settings to send its telemetry to this server (user or managed/system level); --check sends a probe export",
  options: {
    agent: { type: 'string', description: `The agent: ${SETUP_AGENTS.join(', ')}` },
    system: { type: 'boolean', description: 'Managed/system level (every user of the machine) instead of the user level' },
    home: { type: 'string', description: 'User level: the home directory (default $HOME); system level: the root the system paths are under (default /)' },
    email: { type: 'string', description: 'The person, as the resource attribute user.email (user level; what names them with an ingest key)' },
    key: { type: 'string', description: 'The key the agent sends with (default: the CLI\'s API key); an ingest key for a fleet' },
    check: { type: 'boolean', description: 'Then send a probe export with the same address and key and report whether it arrived' },
    url: URL_OPTION,
    'api-key': API_KEY_OPTION,
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const agent = values.agent as string | undefined;
    if (!agent || !(SETUP_AGENTS as readonly string[]).includes(agent)) throw new UsageError(`--agent must be one of ${SETUP_AGENTS.join(', ')}`);
    const key = (values.key as string | undefined) ?? apiKeyOf(values, io.env);
    if (!key) throw new UsageError('an API key is needed: --key, --api-key or QUARTERDECK_API_KEY');
    const system = values.system === true;
    const email = values.email as string | undefined;
    if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new UsageError('--email must be an e-mail address');
    if (system && email) throw new UsageError('--email names one person: use it at the user level, not with --system');
    const api = serverUrl(values, io.env).replace(/\/+$/, '');
    const base = (values.home as string | undefined) ?? (system ? '/' : (io.env.HOME ?? homedir()));
    const files = settingsFiles(agent as SetupAgent, { api, key, email, system, base, platform: process.platform });
    const written = await writeSettings(files, system);
    io.stdout(`${agent}: wrote ${written.join(', ')}\n`);
    const envFiles = files.filter((file) => file.format === 'env' && !file.path.endsWith(`${'/'}.env`));
    if (envFiles.length > 0 && !system) io.stdout(`Add to the shell profile: ${envFiles.map((file) => `. "${file.path}"`).join('; ')}\n`);
    if (!values.check) return 0;
    const checked = await probe(api, key, agent as SetupAgent, email);
    (checked.ok ? io.stdout : io.stderr)(`check: ${checked.detail}\n`);
    return checked.ok ? 0 : 1;
  },
};
