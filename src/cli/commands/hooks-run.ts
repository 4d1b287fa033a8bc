import { HOOK_EVENTS, isHookEvent } from '../../hooks/events.js';
import { loadHooksConfig } from '../../hooks/config.js';
import { hookInputOf, PayloadError, runHooks } from '../../hooks/runner.js';
import { TELEMETRY_CLIENTS, TelemetryReporter, type TelemetryClient } from '../../hooks/telemetry.js';
import { UsageError, type Command, type CommandIo } from '../command.js';
import { readStdin } from '../stdin.js';

// `quarterdeck hooks run <Event>`: the runner for agent clients that call a command. Payload JSON
// on stdin, the outcome JSON on stdout; exit 2 when a hook blocked, 0 otherwise.

/** Tool payloads can be large (a file's content); anything beyond this is refused. */
const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;
/** How long delivering the telemetry may hold up the exit. */
const TELEMETRY_FLUSH_MS = 2_000;

/** Reporting needs both QUARTERDECK_URL and QUARTERDECK_API_KEY; without them it is off. */
function reporterFrom(env: NodeJS.ProcessEnv): TelemetryReporter | undefined {
  if (!env.QUARTERDECK_URL || !env.QUARTERDECK_API_KEY) return undefined;
  return new TelemetryReporter({ url: env.QUARTERDECK_URL, apiKey: env.QUARTERDECK_API_KEY });
}

function clientFrom(env: NodeJS.ProcessEnv): TelemetryClient {
  const client = env.QUARTERDECK_CLIENT || 'terminal-ui';
  if (!(TELEMETRY_CLIENTS as readonly string[]).includes(client)) {
    throw new UsageError(`QUARTERDECK_CLIENT must be one of ${TELEMETRY_CLIENTS.join(', ')}, got "${client}"`);
  }
  return client as TelemetryClient;
}

async function readPayload(io: CommandIo): Promise<unknown> {
  const { text, incomplete } = await readStdin(io.stdin, { maxBytes: MAX_PAYLOAD_BYTES });
  if (incomplete) throw new UsageError(`the payload on stdin is larger than ${MAX_PAYLOAD_BYTES} bytes`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the payload on stdin is not valid JSON: ${(error as Error).message}`);
  }
}

export const hooksRun: Command = {
  name: ['hooks', 'run'],
  usage: '<Event> [--config FILE]',
  summary: 'Run the configured hooks of an event (payload JSON on stdin, outcome JSON on stdout)',
  options: {
    config: { type: 'string', description: 'Read only this hooks file instead of the user and project files' },
  },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const event = positionals[0]!;
    if (!isHookEvent(event)) throw new UsageError(`unknown hook event "${event}"; known events: ${HOOK_EVENTS.join(', ')}`);
    const client = clientFrom(io.env);
    let input;
    try {
      input = hookInputOf(event, await readPayload(io), io.cwd);
    } catch (error) {
      if (error instanceof PayloadError) throw new UsageError(`invalid payload: ${error.message}`);
      throw error;
    }
    const configFile = typeof values.config === 'string' ? values.config : undefined;
    const { config, files } = await loadHooksConfig({ env: io.env, projectDir: input.cwd, ...(configFile ? { file: configFile } : {}) });
    for (const { file, warnings } of files) {
      for (const warning of warnings) io.stderr(`warning: ${file}: ${warning.path}: ${warning.message}\n`);
    }
    const reporter = reporterFrom(io.env);
    const outcome = await runHooks(config, input, { client, ...(reporter ? { reporter } : {}) });
    io.stdout(`${JSON.stringify(outcome)}\n`);
    if (outcome.reason !== null) io.stderr(`${outcome.reason}\n`);
    await reporter?.flush(TELEMETRY_FLUSH_MS);
    return outcome.blocked ? 2 : 0;
  },
};
