// The settings each coding agent needs to send its OpenTelemetry data to this server, with the
// server's address and an ingest key filled in. docs/otel.md repeats them: change both.
// The receiver takes OTLP/HTTP at {api}/v1/metrics, /v1/logs and /v1/traces (protobuf or JSON)
// and OTLP/gRPC only when the server sets OTLP_GRPC_PORT (on that port of the same host); the key
// goes in `Authorization: Bearer <key>`.

export interface SettingsBlock {
  /** What the block is and where it goes. */
  label: string;
  /** The file name or shell it goes into, for the code block's language. */
  language: 'sh' | 'json' | 'toml';
  text: string;
}

export interface AgentSettings {
  /** Names the agent's tab. */
  id: string;
  name: string;
  /** One line on what the agent sends and how it is identified. */
  note: string;
  blocks: SettingsBlock[];
}

/** Where gRPC exporters would connect, on the port the server's OTLP_GRPC_PORT names (the console does not know it). */
export function grpcEndpointOf(apiUrl: string): string {
  const url = new URL(apiUrl);
  return `${url.protocol}//${url.hostname}:<OTLP_GRPC_PORT>`;
}

/** The API address without a trailing slash: exporters append /v1/<signal> themselves. */
function baseOf(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, '');
}

export function agentSettings(apiUrl: string, key: string): AgentSettings[] {
  const api = baseOf(apiUrl);
  const headers = `Authorization=Bearer ${key}`;
  const otlpEnvironment = [`export OTEL_EXPORTER_OTLP_ENDPOINT=${api}`, 'export OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf', `export OTEL_EXPORTER_OTLP_HEADERS="${headers}"`];
  const claudeEnvironment = {
    CLAUDE_CODE_ENABLE_TELEMETRY: '1',
    OTEL_METRICS_EXPORTER: 'otlp',
    OTEL_LOGS_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    OTEL_EXPORTER_OTLP_ENDPOINT: api,
    OTEL_EXPORTER_OTLP_HEADERS: headers,
    // Its last export at exit gets 5 s instead of 2 (docs/otel.md, "Claude Code"); the CLI's setup writes the same.
    CLAUDE_CODE_OTEL_SHUTDOWN_TIMEOUT_MS: '5000',
  };
  // Gemini CLI and its fork Qwen Code: a telemetry block in settings.json, the key from the environment.
  const geminiFamily = (settingsFile: string): SettingsBlock[] => [
    { label: `${settingsFile} (merge into the file)`, language: 'json', text: JSON.stringify({ telemetry: { enabled: true, target: 'local', otlpEndpoint: api, otlpProtocol: 'http', logPrompts: false } }, null, 2) },
    { label: 'Environment: the key', language: 'sh', text: `export OTEL_EXPORTER_OTLP_HEADERS="${headers}"` },
  ];
  const codexExporter = (signal: string) => `{ otlp-http = { endpoint = "${api}/v1/${signal}", protocol = "binary", headers = { "Authorization" = "Bearer ${key}" } } }`;

  return [
    {
      id: 'claude-code',
      name: 'Claude Code',
      note: 'Metrics and events; identified by user.email when the person is signed in to Claude.',
      blocks: [
        { label: 'Environment (shell profile)', language: 'sh', text: Object.entries(claudeEnvironment).map(([name, value]) => `export ${name}="${value}"`).join('\n') },
        {
          label: 'Or for every laptop: managed settings (/etc/claude-code/managed-settings.json, /Library/Application Support/ClaudeCode/managed-settings.json, C:\\ProgramData\\ClaudeCode\\managed-settings.json)',
          language: 'json',
          text: JSON.stringify({ env: claudeEnvironment }, null, 2),
        },
      ],
    },
    {
      id: 'codex',
      name: 'Codex',
      note: 'Log events and metrics; identified by user.email on its logs when signed in with ChatGPT.',
      blocks: [
        {
          label: '~/.codex/config.toml',
          language: 'toml',
          text: ['[otel]', 'log_user_prompt = false', `exporter = ${codexExporter('logs')}`, `metrics_exporter = ${codexExporter('metrics')}`, `trace_exporter = ${codexExporter('traces')}`].join('\n'),
        },
      ],
    },
    {
      id: 'gemini-cli',
      name: 'Gemini CLI',
      note: 'Logs and metrics; identified by user.email when signed in with a Google account, else by installation.',
      blocks: geminiFamily('~/.gemini/settings.json'),
    },
    {
      id: 'qwen-code',
      name: 'Qwen Code',
      note: 'The same settings as Gemini CLI, in its own settings file.',
      blocks: geminiFamily('~/.qwen/settings.json'),
    },
    {
      id: 'copilot-cli',
      name: 'Copilot CLI',
      note: 'Spans and metrics over OTLP/HTTP; it sends no identity: add the person’s e-mail as a resource attribute.',
      blocks: [
        {
          label: 'Environment (shell profile)',
          language: 'sh',
          text: ['export COPILOT_OTEL_ENABLED=true', `export OTEL_EXPORTER_OTLP_ENDPOINT=${api}`, `export OTEL_EXPORTER_OTLP_HEADERS="${headers}"`, 'export OTEL_RESOURCE_ATTRIBUTES="user.email=person@example.com"'].join('\n'),
        },
      ],
    },
    {
      id: 'droid',
      name: 'Factory Droid',
      note: 'Metrics over OTLP/HTTP to {endpoint}/v1/metrics.',
      blocks: [{ label: 'Environment (shell profile)', language: 'sh', text: [`export OTEL_TELEMETRY_ENDPOINT=${api}`, `export OTEL_TELEMETRY_HEADERS="${headers}"`].join('\n') }],
    },
    {
      id: 'opencode',
      name: 'opencode',
      note: 'Spans of its model calls (an experimental setting of opencode), sent with the standard exporter variables.',
      blocks: [
        { label: '~/.config/opencode/opencode.json (merge into the file)', language: 'json', text: JSON.stringify({ experimental: { openTelemetry: true } }, null, 2) },
        {
          label: 'Environment (shell profile); the short batch delay sends its spans before `opencode run` exits',
          language: 'sh',
          text: [`export OTEL_EXPORTER_OTLP_ENDPOINT=${api}`, `export OTEL_EXPORTER_OTLP_HEADERS="${headers}"`, 'export OTEL_BSP_SCHEDULE_DELAY=200'].join('\n'),
        },
      ],
    },
    {
      id: 'generic',
      name: 'Any OpenTelemetry exporter',
      note: `OTLP/HTTP (http/protobuf or http/json) at this address; OTLP/gRPC only when the server sets OTLP_GRPC_PORT, at ${grpcEndpointOf(apiUrl)}.`,
      blocks: [{ label: 'Environment', language: 'sh', text: otlpEnvironment.join('\n') }],
    },
  ];
}
