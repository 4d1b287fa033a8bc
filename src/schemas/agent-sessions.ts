import { Type, type Static } from '@sinclair/typebox';
import { stepCost, STEP_KINDS, WASTE_PATTERNS, type SessionStep } from '../domain/agent-sessions.js';
import type { PriceBook } from '../domain/prices.js';
import type { AgentSessionRow } from '../repositories/agent-sessions.js';
import { StringEnum, UnixMillis } from './common.js';

// Agent sessions (docs/agent-sessions.md, decisions.md §16): what an agent's own telemetry calls a
// session, with its figures, its waste findings and, on its own page, its timeline. Times as Unix
// ms like the other v0 resources; money in the organization's currency, named by `currency`.

const Tokens = Type.Object({
  input: Type.Integer({ minimum: 0 }),
  output: Type.Integer({ minimum: 0 }),
  cacheRead: Type.Integer({ minimum: 0 }),
  cacheWrite: Type.Integer({ minimum: 0 }),
});

export const AgentSessionFinding = Type.Object(
  {
    pattern: StringEnum(WASTE_PATTERNS),
    occurrences: Type.Integer({ minimum: 1 }),
    tool: Type.Union([Type.String(), Type.Null()], { description: 'The tool a retry loop repeated' }),
    firstAt: UnixMillis,
    lastAt: UnixMillis,
    tokens: Type.Integer({ minimum: 0, description: 'Tokens of the model calls inside the pattern' }),
    estimatedCost: Type.Number({ minimum: 0, description: 'Those tokens at the organization’s prices (models without a price left out)' }),
  },
  { $id: 'AgentSessionFinding' },
);

export const AgentSession = Type.Object(
  {
    id: Type.String(),
    userId: Type.String(),
    agent: Type.String(),
    agentSessionId: Type.String({ description: 'The session id the agent itself gave (session.id, conversation.id, ...)' }),
    startedAt: UnixMillis,
    endedAt: UnixMillis,
    durationMs: Type.Integer({ minimum: 0 }),
    repository: Type.Union([Type.String(), Type.Null()]),
    models: Type.Array(Type.String()),
    turns: Type.Integer({ minimum: 0 }),
    modelCalls: Type.Integer({ minimum: 0 }),
    toolCalls: Type.Integer({ minimum: 0 }),
    errors: Type.Integer({ minimum: 0 }),
    compactions: Type.Integer({ minimum: 0 }),
    tokens: Tokens,
    cost: Type.Number({ minimum: 0, description: 'At the organization’s prices when the session’s last records arrived; unpriced models left out' }),
    currency: Type.String(),
    unpricedModels: Type.Array(Type.String()),
    flagged: Type.Boolean(),
    wasteCost: Type.Number({ minimum: 0, description: 'The cost of the model calls inside any finding, each call once' }),
    findings: Type.Array(Type.Ref(AgentSessionFinding)),
  },
  { $id: 'AgentSession' },
);

export const AgentSessionStep = Type.Object(
  {
    id: Type.String(),
    kind: StringEnum(STEP_KINDS),
    at: UnixMillis,
    durationMs: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()], { description: 'The tool, hook or error' }),
    outcome: Type.Union([StringEnum(['success', 'failure'] as const), Type.Null()]),
    modelId: Type.Union([Type.String(), Type.Null()]),
    tokens: Tokens,
    cost: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'A model call’s cost; null for other steps and unpriced models' }),
    traceId: Type.Union([Type.String(), Type.Null()]),
    spanId: Type.Union([Type.String(), Type.Null()]),
    parentSpanId: Type.Union([Type.String(), Type.Null()]),
    content: Type.Optional(
      Type.Object(
        {
          input: Type.Union([Type.String(), Type.Null()], { description: 'The prompt, or the tool call’s input, redacted' }),
          output: Type.Union([Type.String(), Type.Null()], { description: 'The tool call’s output, redacted' }),
        },
        {
          description:
            'Kept only when the organization’s agentSessionContent control is on, redacted (secrets, keys, tokens, e-mail addresses), until it expires; shown to owners, managers and the session’s person, absent for others',
        },
      ),
    ),
  },
  { $id: 'AgentSessionStep' },
);

const WasteFigures = {
  sessions: Type.Integer({ minimum: 0, description: 'Flagged sessions' }),
  estimatedCost: Type.Number({ minimum: 0, description: 'In the organization’s currency' }),
};
const Patterns = Type.Array(StringEnum(WASTE_PATTERNS), { description: 'The patterns found in these sessions' });

export const AgentSessionWaste = Type.Object(
  {
    month: Type.String({ description: 'The UTC month, YYYY-MM: sessions that started in it' }),
    currency: Type.String(),
    total: Type.Object({ ...WasteFigures }, { description: 'Every flagged session, each model call counted once' }),
    patterns: Type.Array(
      Type.Object({
        pattern: StringEnum(WASTE_PATTERNS),
        occurrences: Type.Integer({ minimum: 0 }),
        ...WasteFigures,
        suggestedFix: Type.Object({
          hook: Type.Union([Type.String(), Type.Null()], { description: 'A hook that stops or prevents it, where one can' }),
          agentsMd: Type.String({ description: 'A line for the repository’s AGENTS.md' }),
        }),
      }),
      { description: 'Every pattern, found or not; a session with two patterns counts in both' },
    ),
    repositories: Type.Array(Type.Object({ repository: Type.Union([Type.String(), Type.Null()]), ...WasteFigures, patterns: Patterns }), { description: 'Costliest first' }),
    agents: Type.Array(Type.Object({ agent: Type.String(), ...WasteFigures, patterns: Patterns }), { description: 'Costliest first' }),
  },
  { $id: 'AgentSessionWaste' },
);

export const AgentSessionWithTimeline = Type.Intersect([Type.Ref(AgentSession), Type.Object({ timeline: Type.Array(Type.Ref(AgentSessionStep)) })]);

const micros = (value: number) => Number(value) / 1_000_000;

export function agentSessionView(row: AgentSessionRow): Static<typeof AgentSession> {
  const startedAt = new Date(row.started_at).getTime();
  const endedAt = new Date(row.ended_at).getTime();
  return {
    id: row.id,
    userId: row.user_id,
    agent: row.agent,
    agentSessionId: row.session_key,
    startedAt,
    endedAt,
    durationMs: endedAt - startedAt,
    repository: row.repository,
    models: row.models,
    turns: row.turns,
    modelCalls: row.model_calls,
    toolCalls: row.tool_calls,
    errors: row.errors,
    compactions: row.compactions,
    tokens: { input: Number(row.input_tokens), output: Number(row.output_tokens), cacheRead: Number(row.cache_read_tokens), cacheWrite: Number(row.cache_write_tokens) },
    cost: micros(row.cost_micros),
    currency: row.currency,
    unpricedModels: row.unpriced_models,
    flagged: row.flagged || row.abandoned,
    // An abandoned session wasted all it cost, which holds every call of its other findings.
    wasteCost: micros(row.abandoned ? row.cost_micros : row.waste_micros),
    findings: [
      ...row.findings.map((finding) => ({
        ...finding,
        pattern: finding.pattern as (typeof WASTE_PATTERNS)[number],
        firstAt: Date.parse(finding.firstAt),
        lastAt: Date.parse(finding.lastAt),
      })),
      ...(row.abandoned ? [abandonedFinding(row, startedAt, endedAt)] : []),
    ],
  };
}

/** An abandoned session's finding: the whole session, all its tokens and cost. */
function abandonedFinding(row: AgentSessionRow, startedAt: number, endedAt: number): Static<typeof AgentSessionFinding> {
  const tokens = Number(row.input_tokens) + Number(row.output_tokens) + Number(row.cache_read_tokens) + Number(row.cache_write_tokens);
  return { pattern: 'abandoned', occurrences: 1, tool: null, firstAt: startedAt, lastAt: endedAt, tokens, estimatedCost: micros(row.cost_micros) };
}

export function agentSessionStepView(step: SessionStep, prices: PriceBook, content?: { input: string | null; output: string | null }): Static<typeof AgentSessionStep> {
  return {
    ...(content === undefined ? {} : { content }),
    id: step.id,
    kind: step.kind,
    at: step.occurredAt.getTime(),
    durationMs: step.durationMs,
    name: step.name,
    outcome: step.outcome,
    modelId: step.modelId,
    tokens: step.tokens,
    cost: stepCost(step, prices),
    traceId: step.traceId,
    spanId: step.spanId,
    parentSpanId: step.parentSpanId,
  };
}
