// How each coding-agent CLI is run headless against the mock model API, exporting OpenTelemetry to
// the capture receiver. Every run lists exactly the settings it uses (environment and config files);
// the manifest records them with the loopback addresses replaced by placeholders.
import type { MockUsage } from './mock-model.js';

export interface RunContext {
  /** base URL of the mock model API, e.g. http://127.0.0.1:41234 */
  modelApi: string;
  /** base URL of the capture receiver's OTLP/HTTP side */
  otlpHttp: string;
  /** base URL of the capture receiver's OTLP/gRPC side */
  otlpGrpc: string;
  home: string;
  workDir: string;
  /** directory the CLI packages were installed into */
  installDir: string;
}

export interface RunPlan {
  env: Record<string, string>;
  /** files written before the run; a path starting with ~/ is under the scratch HOME */
  files: Record<string, string>;
  command: string;
  args: string[];
}

export interface RunDefinition {
  name: string;
  /** the OTLP protocol(s) this run exports with, as the agent names them */
  protocol: string;
  description: string;
  plan(ctx: RunContext): RunPlan;
}

export interface AgentDefinition {
  name: string;
  /** npm packages installed for this agent; the first is the CLI */
  packages: string[];
  usage: MockUsage;
  runs: RunDefinition[];
}

export const PROMPT = 'Create a file named hello.txt containing the word hi, then reply with the single word done.';
export const IDENTITY_EMAIL = 'dev@example.test';
export const FAKE_KEY = 'sk-capture-not-a-real-key';
export const FAKE_OTLP_TOKEN = 'capture-token';

// Short export intervals so a run of a few seconds flushes everything.
const FAST_EXPORT = {
  OTEL_METRIC_EXPORT_INTERVAL: '1000',
  OTEL_LOGS_EXPORT_INTERVAL: '500',
  OTEL_BSP_SCHEDULE_DELAY: '500',
  OTEL_BLRP_SCHEDULE_DELAY: '500',
};

// ---- Claude Code --------------------------------------------------------------------------------
function claudeCode(protocol: 'grpc' | 'http/protobuf' | 'http/json', extra: Record<string, string>) {
  return (ctx: RunContext): RunPlan => ({
    env: {
      ANTHROPIC_BASE_URL: ctx.modelApi,
      ANTHROPIC_API_KEY: FAKE_KEY,
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      CLAUDE_CODE_ENABLE_TELEMETRY: '1',
      OTEL_METRICS_EXPORTER: 'otlp',
      OTEL_LOGS_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
      OTEL_EXPORTER_OTLP_ENDPOINT: protocol === 'grpc' ? ctx.otlpGrpc : ctx.otlpHttp,
      OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${FAKE_OTLP_TOKEN}`,
      ...FAST_EXPORT,
      ...extra,
    },
    files: {},
    command: `${ctx.installDir}/claude-code/node_modules/@anthropic-ai/claude-code-linux-x64/claude`,
    args: ['-p', PROMPT, '--model', 'claude-sonnet-4-5-20250929', '--allowedTools', 'Write,Bash', '--output-format', 'text'],
  });
}

const CLAUDE_CODE: AgentDefinition = {
  name: 'claude-code',
  packages: ['@anthropic-ai/claude-code', '@anthropic-ai/claude-code-linux-x64'],
  usage: { input: 1200, output: 300, cacheRead: 100, cacheWrite: 50 },
  runs: [
    {
      name: 'grpc',
      protocol: 'grpc',
      description: 'The quick start: metrics and logs over OTLP/gRPC, nothing else set.',
      plan: claudeCode('grpc', {}),
    },
    {
      name: 'http-protobuf-traces',
      protocol: 'http/protobuf',
      description: 'Metrics, logs and the beta traces over OTLP/HTTP protobuf.',
      plan: claudeCode('http/protobuf', { CLAUDE_CODE_ENHANCED_TELEMETRY_BETA: '1', OTEL_TRACES_EXPORTER: 'otlp' }),
    },
    {
      name: 'http-json-identity-content',
      protocol: 'http/json',
      description: 'OTLP/HTTP JSON with an admin-set user.email resource attribute, prompt logging and tool details on.',
      plan: claudeCode('http/json', {
        OTEL_RESOURCE_ATTRIBUTES: `user.email=${IDENTITY_EMAIL}`,
        OTEL_LOG_USER_PROMPTS: '1',
        OTEL_LOG_TOOL_DETAILS: '1',
      }),
    },
  ],
};

export const AGENTS: AgentDefinition[] = [CLAUDE_CODE];
