import { attributeValue, type EventRecord, type PointRecord } from '../records.js';
import { modelCallDetail, toolSpanDetail } from './step-detail.js';
import { attribute, count, modelCall, standardIdentity, text, times, tokens, type Draft, type RecordDetail, type Translator } from './translator.js';

// Anything instrumented with the OpenTelemetry GenAI semantic conventions, and the agents that
// speak only those (GitHub Copilot CLI, opencode): a model call is an inference span (chat,
// text_completion, generate_content) with its `gen_ai.usage.*` counts, a tool call an
// `execute_tool` span. The token metrics repeat the spans and are not counted. Input tokens
// include the cached ones (the conventions' definition): cache reads and writes are taken out.

const INFERENCE_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);

/** A vendor's own attribute an inference span carries beside its tokens: Copilot's premium requests. */
export interface SpanExtras {
  premiumRequestsKey?: string;
}

export function inferenceSpan(record: EventRecord, extras: SpanExtras = {}): Draft[] {
  const { attributes } = record;
  const model = text(attributes, 'gen_ai.response.model') ?? text(attributes, 'gen_ai.request.model');
  if (!model || attributeValue(attributes, 'gen_ai.usage.input_tokens') === undefined) return [];
  const input = tokens(attributes, 'gen_ai.usage.input_tokens');
  const cacheRead = Math.min(input, tokens(attributes, 'gen_ai.usage.cache_read.input_tokens'));
  const cacheWrite = Math.min(input - cacheRead, tokens(attributes, 'gen_ai.usage.cache_creation.input_tokens'));
  return [
    modelCall(
      model,
      { inputTokens: input - cacheRead - cacheWrite, outputTokens: tokens(attributes, 'gen_ai.usage.output_tokens'), cacheReadTokens: cacheRead, cacheWriteTokens: cacheWrite },
      {
        reasoningTokens: count(attributes, 'gen_ai.usage.reasoning.output_tokens'),
        premiumRequests: extras.premiumRequestsKey === undefined ? undefined : count(attributes, extras.premiumRequestsKey),
      },
    ),
  ];
}

export function genAiSpan(record: EventRecord, extras: SpanExtras = {}): Draft[] {
  if (record.signal !== 'traces') return [];
  const operation = text(record.attributes, 'gen_ai.operation.name');
  if (operation && INFERENCE_OPERATIONS.has(operation)) return inferenceSpan(record, extras);
  if (operation === 'execute_tool') {
    const tool = text(record.attributes, 'gen_ai.tool.name');
    return tool ? [{ type: 'tool_call', tool }] : [];
  }
  return [];
}

/** An inference span's duration and outcome; an `execute_tool` span's, with its arguments' digests. */
export function genAiDetail(record: EventRecord): RecordDetail | undefined {
  if (record.signal !== 'traces') return undefined;
  const operation = text(record.attributes, 'gen_ai.operation.name');
  if (operation && INFERENCE_OPERATIONS.has(operation)) return modelCallDetail(record);
  const tool = operation === 'execute_tool' ? text(record.attributes, 'gen_ai.tool.name') : undefined;
  return tool === undefined ? undefined : toolSpanDetail(record, tool, 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result');
}

export const genAiSession = (record: EventRecord | PointRecord) => attribute(record, 'gen_ai.conversation.id', 'session.id');

/** The translator of an agent known only by the name it gives itself (service.name). */
export function genAi(agent: string): Translator {
  return {
    agent,
    event: (record) => genAiSpan(record),
    countsPoint: () => false,
    point: () => [],
    identity: (record) => standardIdentity(record, ['enduser.id', 'user.id'], []),
    session: genAiSession,
    client: () => undefined,
    detail: genAiDetail,
  };
}

/**
 * GitHub Copilot CLI: GenAI spans and its lines-added counter. Its `github.copilot.cost` is the
 * call's premium requests (the model's multiplier: 0 for an included model, 1 or more for premium
 * ones; Copilot's SDK calls it "model multiplier cost for billing purposes"), kept as such and never
 * as money (docs/otel.md "Copilot's cost attribute").
 */
export const copilotCli: Translator = {
  agent: 'copilot-cli',
  event: (record) => genAiSpan(record, { premiumRequestsKey: 'github.copilot.cost' }),
  countsPoint: (point) => point.kind === 'sum' && point.name === 'github.copilot.code.lines_added',
  point: (_point, amount) => [{ type: 'lines_changed', linesAdded: times(amount), linesRemoved: 0 }],
  identity: (record) => standardIdentity(record, [], []),
  session: genAiSession,
  client: () => undefined,
  detail: genAiDetail,
};
