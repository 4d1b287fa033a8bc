import { randomUUID } from 'node:crypto';
import { create, toBinary } from '@bufbuild/protobuf';
import { ExportLogsServiceRequestSchema } from '../otlp/generated/opentelemetry/proto/collector/logs/v1/logs_service_pb.js';
import type { KeyValue } from '../otlp/generated/opentelemetry/proto/common/v1/common_pb.js';

// The demo's connected agents: a few members' Claude Code and Codex installations exporting their
// OpenTelemetry log events to the demo server with one ingest key, as docs/otel.md sets them up
// (OTLP/HTTP protobuf, the member named by `user.email`), once at start and then every minute, so
// that Connected agents lists each agent with its version and "Today so far" moves.

/** How often each installation exports, as the agents' batch exporters do at most. */
export const DEMO_EXPORT_INTERVAL_MS = 60_000;

/** The agents the demo's installations run, with the versions they report and the shape of their events. */
const DEMO_AGENTS = [
  { agent: 'claude-code', serviceName: 'claude-code', version: '2.1.332', scope: 'com.anthropic.claude_code.events', model: 'claude-sonnet-4-5', tool: 'Read' },
  { agent: 'codex', serviceName: 'codex_exec', version: '0.63.0', scope: 'codex_otel', model: 'gpt-5-codex', tool: 'shell' },
] as const;
type DemoAgent = (typeof DEMO_AGENTS)[number];

const text = (key: string, value: string): KeyValue => ({ key, value: { value: { case: 'stringValue', value } } }) as KeyValue;
const int = (key: string, value: number): KeyValue => ({ key, value: { value: { case: 'intValue', value: BigInt(value) } } }) as KeyValue;
const nanos = (ms: number) => BigInt(ms) * 1_000_000n;

/** One model call and one tool call of a session, as the agent's own events carry them. */
function records(agent: DemoAgent, email: string, session: string, at: number, round: number) {
  const common = [text('user.email', email), text('event.timestamp', new Date(at).toISOString())];
  const tokens = { input: 1_200 + 37 * round, output: 300 + 11 * round, cached: 4_000 + 101 * round };
  if (agent.agent === 'claude-code') {
    const event = (name: string, attributes: KeyValue[]) => ({ timeUnixNano: nanos(at), observedTimeUnixNano: nanos(at), body: { value: { case: 'stringValue', value: `claude_code.${name}` } }, attributes: [text('event.name', name), ...attributes, text('session.id', session), ...common] });
    return [
      event('api_request', [text('model', agent.model), int('input_tokens', tokens.input), int('output_tokens', tokens.output), int('cache_read_tokens', tokens.cached), int('cache_creation_tokens', 0), int('duration_ms', 2_100)]),
      event('tool_result', [text('tool_name', agent.tool), text('success', 'true'), int('duration_ms', 35), text('decision_type', 'accept'), text('decision_source', 'config')]),
    ];
  }
  const event = (attributes: KeyValue[]) => ({ timeUnixNano: 0n, observedTimeUnixNano: nanos(at), attributes: [...attributes, text('conversation.id', session), text('originator', agent.serviceName), text('app.version', agent.version), ...common] });
  return [
    event([text('event.name', 'codex.sse_event'), text('event.kind', 'response.completed'), text('model', agent.model), int('input_token_count', tokens.input + tokens.cached), int('cached_token_count', tokens.cached), int('output_token_count', tokens.output), int('reasoning_token_count', 0), int('tool_token_count', 0)]),
    event([text('event.name', 'codex.tool_result'), text('tool_name', agent.tool), text('call_id', `call_${round}`), text('arguments', '{"command":["ls"]}'), int('duration_ms', 40), text('success', 'true')]),
  ];
}

/** One installation's export: its resource (agent, version, host) and this round's records. */
function exportBody(agent: DemoAgent, email: string, host: string, session: string, at: number, round: number): Uint8Array {
  const request = create(ExportLogsServiceRequestSchema, {
    resourceLogs: [
      {
        resource: { attributes: [text('service.name', agent.serviceName), text('service.version', agent.version), text('host.name', host), text('user.email', email)] },
        scopeLogs: [{ scope: { name: agent.scope, version: agent.version }, logRecords: records(agent, email, session, at, round) }],
      },
    ],
  } as never);
  return toBinary(ExportLogsServiceRequestSchema, request);
}

export interface DemoAgentExports {
  /** The installations' first round, sent. */
  first: Promise<void>;
  stop(): void;
}

/**
 * Each of `emails` runs one agent (Claude Code and Codex in turn) on a laptop of their own, one
 * session a run; every DEMO_EXPORT_INTERVAL_MS each exports a model call and a tool call to
 * `${url}/v1/logs` with `ingestKey`. A failed export is reported on stderr, as an agent's exporter
 * would log it, and the next round goes on.
 */
export function startDemoAgentExports(url: string, ingestKey: string, emails: readonly string[]): DemoAgentExports {
  const installations = emails.map((email, i) => ({ email, agent: DEMO_AGENTS[i % DEMO_AGENTS.length]!, host: `laptop-${i + 1}.demo.example`, session: randomUUID() }));
  let round = 0;
  const send = async () => {
    round += 1;
    const at = Date.now();
    await Promise.all(
      installations.map(async ({ email, agent, host, session }) => {
        const response = await fetch(`${url}/v1/logs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ingestKey}`, 'content-type': 'application/x-protobuf' },
          body: exportBody(agent, email, host, session, at, round),
        });
        if (!response.ok) console.error(`demo ${agent.agent} export of ${email}: HTTP ${response.status} ${await response.text()}`);
      }),
    );
  };
  const timer = setInterval(() => void send().catch((error: unknown) => console.error(`demo agent exports: ${(error as Error).message}`)), DEMO_EXPORT_INTERVAL_MS);
  timer.unref();
  return { first: send(), stop: () => clearInterval(timer) };
}
