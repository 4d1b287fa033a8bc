import { attributeValue, type EventRecord } from '../records.js';
import { modelCallDetail, toolSpanDetail } from './step-detail.js';
import { attribute, count, modelCall, standardIdentity, text, tokens, type Draft, type RecordDetail, type Translator } from './translator.js';

// opencode: the AI SDK's spans. A model call is one provider call (`ai.streamText.doStream`,
// `ai.generateText.doGenerate`) with its `ai.usage.*` counts — the enclosing `ai.streamText` span
// adds up its steps and is not counted; a tool call is an `ai.toolCall` span. Input tokens include
// the cached ones; the uncached part is in inputTokenDetails.noCacheTokens when sent.

const PROVIDER_CALLS = new Set(['ai.streamText.doStream', 'ai.generateText.doGenerate', 'ai.streamObject.doStream', 'ai.generateObject.doGenerate']);

function event(record: EventRecord): Draft[] {
  if (record.signal !== 'traces') return [];
  const { attributes } = record;
  if (record.name === 'ai.toolCall') {
    const tool = text(attributes, 'ai.toolCall.name');
    return tool ? [{ type: 'tool_call', tool }] : [];
  }
  if (!PROVIDER_CALLS.has(record.name)) return [];
  const model = text(attributes, 'ai.response.model') ?? text(attributes, 'ai.model.id');
  if (!model || attributeValue(attributes, 'ai.usage.inputTokens') === undefined) return [];
  const input = tokens(attributes, 'ai.usage.inputTokens');
  const cacheRead = Math.min(input, tokens(attributes, 'ai.usage.inputTokenDetails.cacheReadTokens') || tokens(attributes, 'ai.usage.cachedInputTokens'));
  const uncached = count(attributes, 'ai.usage.inputTokenDetails.noCacheTokens');
  const reasoning = tokens(attributes, 'ai.usage.outputTokenDetails.reasoningTokens');
  const output = count(attributes, 'ai.usage.outputTokens') ?? tokens(attributes, 'ai.usage.outputTokenDetails.textTokens') + reasoning;
  return [
    modelCall(model, { inputTokens: uncached === undefined ? input - cacheRead : Math.round(uncached), outputTokens: Math.round(output), cacheReadTokens: cacheRead }, { reasoningTokens: reasoning }),
  ];
}

function detail(record: EventRecord): RecordDetail | undefined {
  if (record.signal !== 'traces') return undefined;
  if (record.name === 'ai.toolCall') {
    const tool = text(record.attributes, 'ai.toolCall.name');
    return tool === undefined ? undefined : toolSpanDetail(record, tool, 'ai.toolCall.args', 'ai.toolCall.result');
  }
  return PROVIDER_CALLS.has(record.name) ? modelCallDetail(record) : undefined;
}

export const opencode: Translator = {
  agent: 'opencode',
  event,
  countsPoint: () => false,
  point: () => [],
  identity: (record) => standardIdentity(record, ['ai.telemetry.metadata.userId'], []),
  session: (record) => attribute(record, 'ai.telemetry.metadata.sessionId', 'session.id'),
  client: () => undefined,
  detail,
};
