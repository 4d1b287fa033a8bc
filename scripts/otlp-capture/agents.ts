// How each coding-agent CLI is run headless against the mock model API, exporting OpenTelemetry to
// the capture receiver. Every run lists exactly the settings it uses (environment and config files);
// the manifest records them with the loopback addresses replaced by placeholders.
import { readFileSync } from 'node:fs';
import type { ConversationScript, MockUsage } from './mock-model.js';

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
  /** the mock model waits this long before each answer, so a run spans several export intervals */
  mockDelayMs?: number;
  /** the conversation the mock model scripts for this run (else: one tool call writing hello.txt, then text) */
  script?: ConversationScript;
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

/** A settings file as the CLIs' own JSON settings are written: indented, ending in a newline. */
const jsonFile = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

// Short export intervals so a run of a few seconds flushes everything.
const FAST_EXPORT = {
  OTEL_METRIC_EXPORT_INTERVAL: '1000',
  OTEL_LOGS_EXPORT_INTERVAL: '500',
  OTEL_BSP_SCHEDULE_DELAY: '500',
  OTEL_BLRP_SCHEDULE_DELAY: '500',
};

// ---- Claude Code --------------------------------------------------------------------------------
function claudeCode(
  protocol: 'grpc' | 'http/protobuf' | 'http/json',
  extra: Record<string, string>,
  conversation: { prompt: string; allowedTools: string; files?: (ctx: RunContext) => Record<string, string>; args?: (ctx: RunContext) => string[] } = { prompt: PROMPT, allowedTools: 'Write,Bash' },
) {
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
    files: conversation.files?.(ctx) ?? {},
    command: `${ctx.installDir}/claude-code/node_modules/@anthropic-ai/claude-code-linux-x64/claude`,
    args: ['-p', conversation.prompt, '--model', 'claude-sonnet-4-5-20250929', '--allowedTools', conversation.allowedTools, '--output-format', 'text', ...(conversation.args?.(ctx) ?? [])],
  });
}

// The labels run: a skill in the scratch HOME, a sub-agent, and the one tool of a local stdio MCP
// server (mcp-echo-server.mjs, copied into the scratch HOME so the manifest shows what ran).
const LABELS_SKILL = 'capture-greeting';
const LABELS_MCP_SERVER = 'capture';
const LABELS_PROMPT = `Use the ${LABELS_SKILL} skill, have a sub-agent reply with the word done, call the echo tool of the ${LABELS_MCP_SERVER} MCP server, then reply with the single word done.`;
const MCP_ECHO_SERVER = readFileSync(new URL('./mcp-echo-server.mjs', import.meta.url), 'utf8');

const LABELS_SCRIPT: ConversationScript = {
  prompt: LABELS_PROMPT,
  toolCalls: [
    // The sub-agent tool is `Agent` in newer releases, `Task` before.
    { tools: ['Agent', 'Task'], arguments: { description: 'Reply done', prompt: 'Reply with the single word done.', subagent_type: 'general-purpose' } },
    { tools: ['Skill'], arguments: { skill: LABELS_SKILL } },
    { tools: [`mcp__${LABELS_MCP_SERVER}__echo`], arguments: { text: 'hi' } },
  ],
};

const labelsConversation = {
  prompt: LABELS_PROMPT,
  allowedTools: `Agent,Task,Skill,mcp__${LABELS_MCP_SERVER}__echo`,
  files: (ctx: RunContext): Record<string, string> => ({
    [`~/.claude/skills/${LABELS_SKILL}/SKILL.md`]: [
      '---',
      `name: ${LABELS_SKILL}`,
      'description: Greets the user. Use when asked for the capture greeting.',
      '---',
      '',
      'Reply with the single word hi.',
      '',
    ].join('\n'),
    '~/.capture/mcp-echo-server.mjs': MCP_ECHO_SERVER,
    '~/.capture/mcp.json': jsonFile({ mcpServers: { [LABELS_MCP_SERVER]: { type: 'stdio', command: 'node', args: [`${ctx.home}/.capture/mcp-echo-server.mjs`] } } }),
  }),
  args: (ctx: RunContext) => ['--mcp-config', `${ctx.home}/.capture/mcp.json`, '--strict-mcp-config'],
};

const CLAUDE_CODE: AgentDefinition = {
  name: 'claude-code',
  packages: ['@anthropic-ai/claude-code', '@anthropic-ai/claude-code-linux-x64'],
  usage: { input: 1200, output: 300, cacheRead: 100, cacheWrite: 50, cacheWrite1h: 20 },
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
    {
      name: 'http-protobuf-gzip-cumulative',
      protocol: 'http/protobuf',
      description: 'OTLP/HTTP protobuf with OTEL_EXPORTER_OTLP_COMPRESSION=gzip and cumulative metric temporality.',
      plan: claudeCode('http/protobuf', { OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip', OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE: 'cumulative' }),
    },
    {
      name: 'http-json-cumulative-slow',
      protocol: 'http/json',
      description: 'Cumulative temporality with a slow model (2.5 s per answer): the same series exported several times, growing.',
      mockDelayMs: 2500,
      plan: claudeCode('http/json', { OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE: 'cumulative' }),
    },
    {
      name: 'http-json-labels',
      protocol: 'http/json',
      description: 'OTLP/HTTP JSON with a scripted conversation: a sub-agent, a skill (~/.claude/skills) and the tool of a local stdio MCP server, for the attribution labels.',
      script: LABELS_SCRIPT,
      // MCP tools are otherwise deferred behind the ToolSearch tool; offered directly, the script can call one.
      plan: claudeCode('http/json', { ENABLE_TOOL_SEARCH: 'false' }, labelsConversation),
    },
  ],
};

// ---- OpenAI Codex -------------------------------------------------------------------------------
type CodexExporter = 'otlp-http-binary' | 'otlp-http-json' | 'otlp-grpc';

function codexExporter(kind: CodexExporter, ctx: RunContext, signal: 'logs' | 'metrics' | 'traces'): string {
  const headers = `headers = { "Authorization" = "Bearer ${FAKE_OTLP_TOKEN}" }`;
  if (kind === 'otlp-grpc') return `{ otlp-grpc = { endpoint = "${ctx.otlpGrpc}", ${headers} } }`;
  const protocol = kind === 'otlp-http-json' ? 'json' : 'binary';
  return `{ otlp-http = { endpoint = "${ctx.otlpHttp}/v1/${signal}", protocol = "${protocol}", ${headers} } }`;
}

function codex(kind: CodexExporter, extraEnv: Record<string, string>, logUserPrompt = false) {
  return (ctx: RunContext): RunPlan => ({
    env: { CODEX_HOME: `${ctx.home}/.codex`, MOCK_API_KEY: FAKE_KEY, ...extraEnv },
    files: {
      '~/.codex/config.toml': [
        'model = "gpt-5.1-codex-mini"',
        'model_provider = "mock"',
        'approval_policy = "never"',
        'sandbox_mode = "danger-full-access"',
        'check_for_update_on_startup = false',
        '',
        '[model_providers.mock]',
        'name = "Mock"',
        `base_url = "${ctx.modelApi}/v1"`,
        'env_key = "MOCK_API_KEY"',
        'wire_api = "responses"',
        '',
        '[analytics]',
        'enabled = false',
        '',
        '[otel]',
        'environment = "capture"',
        `log_user_prompt = ${logUserPrompt}`,
        `exporter = ${codexExporter(kind, ctx, 'logs')}`,
        `metrics_exporter = ${codexExporter(kind, ctx, 'metrics')}`,
        `trace_exporter = ${codexExporter(kind, ctx, 'traces')}`,
        '',
      ].join('\n'),
    },
    command: `${ctx.installDir}/codex/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex`,
    args: ['exec', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', PROMPT],
  });
}

const CODEX: AgentDefinition = {
  name: 'codex',
  packages: ['@openai/codex', '@openai/codex-linux-x64'],
  usage: { input: 2000, output: 400, cacheRead: 300, cacheWrite: 0 },
  runs: [
    {
      name: 'otlp-http-binary',
      protocol: 'http/protobuf',
      description: 'config.toml [otel] with otlp-http, protocol "binary", for logs, metrics and traces.',
      plan: codex('otlp-http-binary', {}),
    },
    {
      name: 'otlp-http-json-identity',
      protocol: 'http/json',
      description: 'otlp-http with protocol "json", OTEL_RESOURCE_ATTRIBUTES carrying user.email, log_user_prompt on.',
      plan: codex('otlp-http-json', { OTEL_RESOURCE_ATTRIBUTES: `user.email=${IDENTITY_EMAIL}` }, true),
    },
    {
      name: 'otlp-grpc',
      protocol: 'grpc',
      description: 'config.toml [otel] with otlp-grpc for logs, metrics and traces.',
      plan: codex('otlp-grpc', {}),
    },
  ],
};

// ---- Gemini CLI ---------------------------------------------------------------------------------
function gemini(protocol: 'grpc' | 'http', extraEnv: Record<string, string>, options: { traces: boolean; logPrompts: boolean }) {
  return (ctx: RunContext): RunPlan => ({
    env: {
      GEMINI_API_KEY: FAKE_KEY,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
      GOOGLE_GEMINI_BASE_URL: ctx.modelApi,
      OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${FAKE_OTLP_TOKEN}`,
      ...FAST_EXPORT,
      ...extraEnv,
    },
    files: {
      '~/.gemini/settings.json': jsonFile(
        {
          security: { auth: { selectedType: 'gemini-api-key' } },
          general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
          privacy: { usageStatisticsEnabled: false },
          telemetry: {
            enabled: true,
            target: 'local',
            otlpEndpoint: protocol === 'grpc' ? ctx.otlpGrpc : ctx.otlpHttp,
            otlpProtocol: protocol,
            logPrompts: options.logPrompts,
            traces: options.traces,
          },
        },
      ),
    },
    command: process.execPath,
    args: [`${ctx.installDir}/gemini/node_modules/@google/gemini-cli/bundle/gemini.js`, '-p', PROMPT, '--yolo', '--model', 'gemini-2.5-flash'],
  });
}

const GEMINI: AgentDefinition = {
  name: 'gemini',
  packages: ['@google/gemini-cli'],
  usage: { input: 1500, output: 250, cacheRead: 200, cacheWrite: 0 },
  runs: [
    {
      name: 'grpc',
      protocol: 'grpc',
      description: 'settings.json telemetry block, otlpProtocol "grpc" (the default), logPrompts left at its default (on).',
      plan: gemini('grpc', {}, { traces: false, logPrompts: true }),
    },
    {
      name: 'http-identity-traces',
      protocol: 'http (OTLP/HTTP JSON)',
      description: 'otlpProtocol "http" with traces on, OTEL_RESOURCE_ATTRIBUTES carrying user.email.',
      plan: gemini('http', { OTEL_RESOURCE_ATTRIBUTES: `user.email=${IDENTITY_EMAIL}` }, { traces: true, logPrompts: true }),
    },
    {
      name: 'http-slow',
      protocol: 'http (OTLP/HTTP JSON)',
      description: 'A slow model (6 s per answer) so the fixed 10 s metric interval exports the cumulative series more than once.',
      mockDelayMs: 6000,
      plan: gemini('http', {}, { traces: false, logPrompts: false }),
    },
  ],
};

// ---- Qwen Code ----------------------------------------------------------------------------------
function qwen(protocol: 'grpc' | 'http', extraEnv: Record<string, string>) {
  return (ctx: RunContext): RunPlan => ({
    env: {
      OPENAI_API_KEY: FAKE_KEY,
      OPENAI_BASE_URL: `${ctx.modelApi}/v1`,
      OPENAI_MODEL: 'qwen3-coder-plus',
      OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${FAKE_OTLP_TOKEN}`,
      ...FAST_EXPORT,
      ...extraEnv,
    },
    files: {
      '~/.qwen/settings.json': jsonFile(
        {
          security: { auth: { selectedType: 'openai' } },
          model: { name: 'qwen3-coder-plus' },
          general: { disableAutoUpdate: true },
          privacy: { usageStatisticsEnabled: false },
          telemetry: {
            enabled: true,
            target: 'local',
            otlpEndpoint: protocol === 'grpc' ? ctx.otlpGrpc : ctx.otlpHttp,
            otlpProtocol: protocol,
            logPrompts: true,
          },
        },
      ),
    },
    command: process.execPath,
    args: [`${ctx.installDir}/qwen/node_modules/@qwen-code/qwen-code/cli.js`, '-p', PROMPT, '--yolo'],
  });
}

const QWEN: AgentDefinition = {
  name: 'qwen',
  packages: ['@qwen-code/qwen-code'],
  usage: { input: 1800, output: 220, cacheRead: 400, cacheWrite: 0 },
  runs: [
    {
      name: 'grpc',
      protocol: 'grpc',
      description: 'settings.json telemetry block with otlpProtocol "grpc" (the default), logPrompts on (the default).',
      plan: qwen('grpc', {}),
    },
    {
      name: 'http-identity',
      protocol: 'http (OTLP/HTTP JSON)',
      description: 'otlpProtocol "http", OTEL_RESOURCE_ATTRIBUTES carrying user.email.',
      plan: qwen('http', { OTEL_RESOURCE_ATTRIBUTES: `user.email=${IDENTITY_EMAIL}` }),
    },
  ],
};

// ---- GitHub Copilot CLI -------------------------------------------------------------------------
function copilot(protocol: 'http/json' | 'http/protobuf', extraEnv: Record<string, string>) {
  return (ctx: RunContext): RunPlan => ({
    env: {
      COPILOT_PROVIDER_BASE_URL: `${ctx.modelApi}/v1`,
      COPILOT_PROVIDER_TYPE: 'openai',
      COPILOT_PROVIDER_API_KEY: FAKE_KEY,
      COPILOT_MODEL: 'gpt-4.1',
      COPILOT_AUTO_UPDATE: 'false',
      COPILOT_OTEL_ENABLED: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: ctx.otlpHttp,
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
      OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${FAKE_OTLP_TOKEN}`,
      ...FAST_EXPORT,
      ...extraEnv,
    },
    files: {},
    command: `${ctx.installDir}/copilot/node_modules/@github/copilot-linux-x64/copilot`,
    args: ['-p', PROMPT, '--allow-all-tools', '--no-auto-update', '--disable-client-telemetry'],
  });
}

const COPILOT: AgentDefinition = {
  name: 'copilot',
  packages: ['@github/copilot', '@github/copilot-linux-x64'],
  usage: { input: 1600, output: 350, cacheRead: 500, cacheWrite: 0 },
  runs: [
    {
      name: 'http-json',
      protocol: 'http/json',
      description: 'OTEL_EXPORTER_OTLP_ENDPOINT with the default protocol (http/json); own-key model through COPILOT_PROVIDER_*.',
      plan: copilot('http/json', {}),
    },
    {
      name: 'http-protobuf-identity',
      protocol: 'http/protobuf',
      description: 'http/protobuf with OTEL_RESOURCE_ATTRIBUTES carrying user.email.',
      plan: copilot('http/protobuf', { OTEL_RESOURCE_ATTRIBUTES: `user.email=${IDENTITY_EMAIL}` }),
    },

  ],
};

// ---- Factory Droid ------------------------------------------------------------------------------
function droid(extraEnv: Record<string, string>) {
  return (ctx: RunContext): RunPlan => ({
    env: {
      MOCK_API_KEY: FAKE_KEY,
      // Airgap mode keeps Droid from sending its metrics to the vendor's collector as well.
      FACTORY_AIRGAP_ENABLED: 'true',
      FACTORY_DROID_AUTO_UPDATE_ENABLED: 'false',
      OTEL_TELEMETRY_ENDPOINT: ctx.otlpHttp,
      OTEL_TELEMETRY_HEADERS: `Authorization=Bearer ${FAKE_OTLP_TOKEN}`,
      ...FAST_EXPORT,
      ...extraEnv,
    },
    files: {
      '~/.factory/settings.json': jsonFile(
        {
          customModels: [
            {
              model: 'glm-4.6',
              displayName: 'Mock GLM',
              baseUrl: `${ctx.modelApi}/v1`,
              apiKey: '${MOCK_API_KEY}',
              provider: 'generic-chat-completion-api',
              maxOutputTokens: 4096,
            },
          ],
        },
      ),
    },
    command: `${ctx.installDir}/droid/node_modules/@factory/cli-linux-x64/bin/droid`,
    args: ['exec', '--auto', 'low', '--model', 'custom:Mock-GLM-0', PROMPT],
  });
}

const DROID: AgentDefinition = {
  name: 'droid',
  packages: ['@factory/cli', '@factory/cli-linux-x64'],
  usage: { input: 1700, output: 260, cacheRead: 120, cacheWrite: 0 },
  runs: [
    {
      name: 'http-legacy',
      protocol: 'http (OTLP/HTTP)',
      description: 'OTEL_TELEMETRY_ENDPOINT with the default format (legacy droid.* names); BYOK custom model.',
      plan: droid({}),
    },
    {
      name: 'http-protobuf-requested',
      protocol: 'http (OTLP/HTTP)',
      description: 'OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf set: Droid ignores it and still sends OTLP/HTTP JSON.',
      plan: droid({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' }),
    },
    {
      name: 'http-legacy-identity',
      protocol: 'http (OTLP/HTTP)',
      description: 'The default (legacy) format with OTEL_RESOURCE_ATTRIBUTES carrying user.email, as docs/otel.md sets a fleet up: the e-mail on the resource, user.email "unknown" on every data point.',
      plan: droid({ OTEL_RESOURCE_ATTRIBUTES: `user.email=${IDENTITY_EMAIL}` }),
    },
    {
      name: 'http-genai-identity',
      protocol: 'http (OTLP/HTTP)',
      description: 'OTEL_TELEMETRY_FORMAT=genai, message content logging on, OTEL_RESOURCE_ATTRIBUTES carrying user.email.',
      plan: droid({ OTEL_TELEMETRY_FORMAT: 'genai', OTEL_LOG_MESSAGE_CONTENT: 'true', OTEL_RESOURCE_ATTRIBUTES: `user.email=${IDENTITY_EMAIL}` }),
    },
  ],
};

// ---- opencode -----------------------------------------------------------------------------------
function opencode(extraEnv: Record<string, string>, aiSpans: boolean) {
  return (ctx: RunContext): RunPlan => ({
    env: {
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
      OTEL_EXPORTER_OTLP_ENDPOINT: ctx.otlpHttp,
      OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${FAKE_OTLP_TOKEN}`,
      ...FAST_EXPORT,
      ...extraEnv,
    },
    files: {
      'opencode.json': jsonFile(
        {
          $schema: 'https://opencode.ai/config.json',
          autoupdate: false,
          share: 'disabled',
          model: 'mock/glm-4.6',
          provider: {
            mock: {
              npm: '@ai-sdk/openai-compatible',
              name: 'Mock',
              options: { baseURL: `${ctx.modelApi}/v1`, apiKey: FAKE_KEY },
              models: { 'glm-4.6': { name: 'GLM 4.6 (mock)' } },
            },
          },
          permission: { edit: 'allow', bash: 'allow' },
          experimental: { openTelemetry: aiSpans },
        },
      ),
    },
    command: `${ctx.installDir}/opencode/node_modules/opencode-linux-x64/bin/opencode`,
    args: ['run', '--model', 'mock/glm-4.6', PROMPT],
  });
}

const OPENCODE: AgentDefinition = {
  name: 'opencode',
  packages: ['opencode-ai', 'opencode-linux-x64'],
  usage: { input: 1400, output: 180, cacheRead: 60, cacheWrite: 0 },
  runs: [
    {
      name: 'http-identity',
      protocol: 'http (OTLP/HTTP)',
      description: 'experimental.openTelemetry in opencode.json, OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_RESOURCE_ATTRIBUTES carrying user.email.',
      plan: opencode({ OTEL_RESOURCE_ATTRIBUTES: `user.email=${IDENTITY_EMAIL}` }, true),
    },
    {
      name: 'http-default',
      protocol: 'http (OTLP/HTTP)',
      description: 'Only OTEL_EXPORTER_OTLP_ENDPOINT; experimental.openTelemetry off, so no AI SDK spans.',
      plan: opencode({}, false),
    },
  ],
};

export const AGENTS: AgentDefinition[] = [CLAUDE_CODE, CODEX, GEMINI, QWEN, COPILOT, DROID, OPENCODE];
