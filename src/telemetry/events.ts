import { Type, type Static, type TLiteral, type TObject, type TProperties } from '@sinclair/typebox';
import type { ValidateFunction } from 'ajv';
import { dayOf, parseDay } from '../domain/dates.js';
import { rejectFieldErrors, type FieldError } from '../domain/errors.js';
import { repoIdOf } from '../domain/repo-id.js';
import { createAjv, fieldErrorsOf } from '../schemas/ajv.js';
import { StringEnum } from '../schemas/common.js';

// Telemetry events as agent clients report them (decisions.md §4): the per-type schemas, and the
// one check every event passes before it is stored, whoever sends it.

export const CLIENTS = ['terminal-ui', 'web', 'non-interactive-cli'] as const;
export type Client = (typeof CLIENTS)[number];
export const AUTONOMY_MODES = ['auto-high', 'auto-medium', 'auto-low', 'spec', 'manual'] as const;
export const AUTONOMY_LEVELS = ['auto_high', 'auto_medium', 'auto_low', 'manual'] as const;
export const MODEL_TIERS = ['standard', 'thinking'] as const;
export const DECISIONS = ['accept', 'reject'] as const;

/** Clients send names and paths they parse themselves: no control characters, bounded length. */
const Name = (maxLength: number, minLength = 1) => Type.String({ minLength, maxLength, pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F]*$' });
/** A model id as agents send it (also the key of an organization's own prices). */
export const ModelId = Name(200);
export const Tokens = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
/**
 * Plausibility bounds of one record (docs/otel.md "Plausibility bounds"): no model call, nor one
 * export interval of a counter, comes near a billion tokens or a million dollars. A record past
 * them is refused (in partial_success over OTLP), so that one export naming a member cannot
 * spend their month for them.
 */
export const MAX_TOKENS_PER_RECORD = 1_000_000_000;
export const MAX_COST_USD_PER_RECORD = 1_000_000;
/** No model's multiplier comes near this many premium requests for one call. */
export const MAX_PREMIUM_REQUESTS_PER_RECORD = 1_000;
/** No first token comes a day after its request: a larger time to first token is not a measurement. */
export const MAX_TTFT_MS = 86_400_000;
/** Where a tool came from, as the agent names it (Claude Code's `tool_source`: built-in, MCP, plugin...). */
const ToolSource = Name(100);
const RecordTokens = Type.Integer({ minimum: 0, maximum: MAX_TOKENS_PER_RECORD });

/** What a share of usage can be attributed to, by the agents that say (docs/analytics.md "Cost by skill, sub-agent, plugin and MCP server"). */
export const USAGE_KINDS = ['skill', 'subagent', 'plugin', 'mcp_server'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];
const USAGE_FIELDS = {
  name: Name(200),
  modelId: Type.Optional(ModelId),
  inputTokens: RecordTokens,
  outputTokens: RecordTokens,
  cacheReadTokens: RecordTokens,
  cacheWriteTokens: RecordTokens,
  reportedCostUsd: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_COST_USD_PER_RECORD })),
};

const FIELDS_BY_TYPE = {
  session_start: {},
  // Exporters that do not say which autonomy a prompt ran with leave it out (counted in no mode).
  user_message: { autonomyMode: Type.Optional(StringEnum(AUTONOMY_MODES)) },
  assistant_message: {},
  model_call: {
    modelId: ModelId,
    modelTier: StringEnum(MODEL_TIERS),
    inputTokens: RecordTokens,
    outputTokens: RecordTokens,
    cacheReadTokens: RecordTokens,
    cacheWriteTokens: RecordTokens,
    billableTokens: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_TOKENS_PER_RECORD })),
    /** What the agent itself reported the call cost, in USD: kept beside the credits. */
    reportedCostUsd: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_COST_USD_PER_RECORD })),
    /**
     * GitHub Copilot's premium requests for the call (its `github.copilot.cost`: the model's
     * multiplier, docs/otel.md): a count of Copilot's billing unit, never money.
     */
    premiumRequests: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_PREMIUM_REQUESTS_PER_RECORD })),
    /**
     * The part of cacheWriteTokens written to the 1-hour cache (Claude Code's
     * cache_creation_1h_tokens), priced at the model's 1-hour cache-write price (docs/prices.md);
     * the rest are 5-minute writes. At most cacheWriteTokens.
     */
    cacheWrite1hTokens: Type.Optional(RecordTokens),
    /** Time to first token, milliseconds (Claude Code's `ttft_ms`): GET /api/v1/analytics/model-latency. */
    ttftMs: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_TTFT_MS })),
  },
  tool_call: { tool: Name(200), mcpServer: Type.Optional(Name(200)), autonomyLevel: Type.Optional(StringEnum(AUTONOMY_LEVELS)), toolSource: Type.Optional(ToolSource) },
  /** A person accepted or rejected a change a tool proposed. */
  tool_decision: { tool: Name(200), decision: StringEnum(DECISIONS), toolSource: Type.Optional(ToolSource) },
  skill: { name: Name(200) },
  slash_command: { name: Name(200) },
  hook: { event: Name(100), matcher: Name(500, 0), command: Name(4000) },
  // Some exporters send a file's extension and not its path, or no language.
  file_created: { path: Type.Optional(Name(4096)), extension: Type.Optional(Name(100)), language: Type.Optional(Name(100)) },
  file_edited: { path: Type.Optional(Name(4096)), extension: Type.Optional(Name(100)), language: Type.Optional(Name(100)) },
  /** Lines of code the agent added and removed (with or without the file they are in). */
  lines_changed: { linesAdded: Tokens, linesRemoved: Tokens },
  git_commit: {},
  pr_created: {},
  // What an agent's usage counters say went to one skill, sub-agent, plugin or MCP server (Claude
  // Code's attribution labels on its token and cost counters, docs/otel.md "New fields"): tokens
  // and a reported cost per model. They repeat model calls already counted, so they are a
  // breakdown of their own (GET /api/v1/analytics/attributed-costs), never added to the calls.
  skill_usage: USAGE_FIELDS,
  subagent_usage: USAGE_FIELDS,
  plugin_usage: USAGE_FIELDS,
  mcp_server_usage: USAGE_FIELDS,
} as const satisfies Record<string, TProperties>;

/** The fields of a model call, for every other place that reports one (the agent's usage). */
export const ModelCallFields = Type.Object(FIELDS_BY_TYPE.model_call);

export const EVENT_TYPES = Object.keys(FIELDS_BY_TYPE) as (keyof typeof FIELDS_BY_TYPE)[];
export type EventType = keyof typeof FIELDS_BY_TYPE;

const Timestamp = Type.Union([
  Type.String({ maxLength: 64, description: 'ISO 8601 with a UTC offset' }),
  Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000, description: 'Unix milliseconds' }),
]);

/** An agent product: lower-case words joined by dashes (claude-code, codex, gemini-cli). */
export const AgentName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9._-]*$' });

const BASE = {
  id: Name(128),
  timestamp: Timestamp,
  sessionId: Name(128),
  // Optional: exporters that do not say which client ran count in no client's breakdown.
  client: Type.Optional(StringEnum(CLIENTS)),
  /** The agent product that sent the event (docs/otel.md); absent for Quarterdeck's own clients. */
  agent: Type.Optional(AgentName),
  /**
   * The repository the event was made in: its URL (https, ssh or git@host:owner/name) or its id
   * host/owner/name, stored as the id (docs/repositories.md). Absent: counts in no repository.
   */
  repository: Type.Optional(Name(2048)),
};

/** Who an event is for, when an owner or manager imports events of other users. */
const ATTRIBUTION = {
  userId: Type.Optional(Name(128)),
  userEmail: Type.Optional(Type.String({ format: 'email', minLength: 3, maxLength: 320 })),
};

/**
 * Quarterdeck's own clients always know the client and the autonomy they ran with, and must say
 * them on POST /api/v1/telemetry/events (decisions.md §4); events translated from OpenTelemetry
 * leave out what the exporter did not send.
 */
const REQUIRED_OF_OWN_CLIENTS: Partial<Record<EventType, string[]>> = {
  user_message: ['autonomyMode'],
  tool_call: ['autonomyLevel'],
  file_created: ['path', 'language'],
  file_edited: ['path', 'language'],
};

function schemasOf(extra: TProperties, requireOwnClientFields: boolean): Record<EventType, TObject> {
  const entries = EVENT_TYPES.map((type) => {
    const schema = Type.Object({ ...BASE, type: Type.Literal(type), ...FIELDS_BY_TYPE[type], ...extra }, { additionalProperties: false });
    if (!requireOwnClientFields) return [type, schema];
    return [type, { ...schema, required: [...(schema.required ?? []), 'client', ...(REQUIRED_OF_OWN_CLIENTS[type] ?? [])] }];
  });
  return Object.fromEntries(entries) as Record<EventType, TObject>;
}

const EVENT_SCHEMAS = schemasOf({}, false);
const WIRE_SCHEMAS = schemasOf(ATTRIBUTION, true);

/** The properties of one event type's schema: the common fields, the type, and its own fields. */
type EventProperties<T extends EventType> = typeof BASE & { type: TLiteral<T> } & (typeof FIELDS_BY_TYPE)[T];
type EventSchema<T extends EventType> = TObject<EventProperties<T> extends TProperties ? EventProperties<T> : never>;

/** An event of one user, as the server records it: derived from the schemas above. */
export type TelemetryEvent = { [T in EventType]: Static<EventSchema<T>> }[EventType];

/** An event as POST /api/v1/telemetry/events takes it: it may name the user it is for. */
export type WireEvent = TelemetryEvent & { userId?: string; userEmail?: string };

const ajv = createAjv({ coerceTypes: false });

const compiled = (schemas: Record<EventType, TObject>) =>
  new Map<string, ValidateFunction>(EVENT_TYPES.map((type) => [type, ajv.compile(schemas[type])]));
const eventValidators = compiled(EVENT_SCHEMAS);
const wireValidators = compiled(WIRE_SCHEMAS);

const FUTURE_TOLERANCE_MS = 5 * 60_000;
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i;

/** The instant of a timestamp: Unix ms, or ISO 8601 with an offset on a real calendar day. */
export function instantOf(timestamp: string | number): number | undefined {
  if (typeof timestamp === 'number') return timestamp;
  const match = ISO_INSTANT.exec(timestamp);
  if (!match || !parseDay(match[1]!)) return undefined;
  const at = Date.parse(timestamp);
  return Number.isNaN(at) ? undefined : at;
}

export interface CheckedEvent<E> {
  event: E;
  /** The UTC instant that decides the event's day. */
  at: Date;
  day: string;
}

/**
 * Checks each event against its type's schema and the timestamp rules. Every problem is reported
 * with its path (`<at>/3/modelId`); one invalid event fails the whole batch.
 */
function check<E>(events: readonly unknown[], at: string, validators: Map<string, ValidateFunction>, now: Date): CheckedEvent<E>[] {
  const errors: FieldError[] = [];
  const checked: CheckedEvent<E>[] = [];
  // A batch names few repositories, each many times: each URL is parsed once.
  const namesRepository = new Map<string, boolean>();
  const validRepository = (repository: string) => {
    let valid = namesRepository.get(repository);
    if (valid === undefined) namesRepository.set(repository, (valid = repoIdOf(repository) !== undefined));
    return valid;
  };
  events.forEach((event, index) => {
    const path = `${at}/${index}`;
    if (typeof event !== 'object' || event === null || Array.isArray(event)) {
      errors.push({ path, message: 'must be an object' });
      return;
    }
    const type = (event as { type?: unknown }).type;
    const validate = typeof type === 'string' ? validators.get(type) : undefined;
    if (!validate) {
      errors.push({ path: `${path}/type`, message: `must be one of ${EVENT_TYPES.join(', ')}` });
      return;
    }
    if (!validate(event)) {
      errors.push(...fieldErrorsOf(path, validate.errors ?? []));
      return;
    }
    const { cacheWriteTokens, cacheWrite1hTokens } = event as { cacheWriteTokens?: number; cacheWrite1hTokens?: number };
    if (cacheWrite1hTokens !== undefined && cacheWrite1hTokens > (cacheWriteTokens ?? 0)) {
      errors.push({ path: `${path}/cacheWrite1hTokens`, message: 'must not exceed cacheWriteTokens (the 1-hour writes are part of them)' });
      return;
    }
    const { repository } = event as { repository?: string };
    if (repository !== undefined && !validRepository(repository)) {
      errors.push({ path: `${path}/repository`, message: 'names no repository (expected host/owner/name as https, ssh or git@host:owner/name)' });
      return;
    }
    const instant = instantOf((event as { timestamp: string | number }).timestamp);
    if (instant === undefined) {
      errors.push({ path: `${path}/timestamp`, message: 'must be ISO 8601 with a UTC offset (e.g. 2026-03-01T12:00:00Z) or Unix milliseconds' });
    } else if (instant < 0) {
      errors.push({ path: `${path}/timestamp`, message: 'must not be before 1970-01-01T00:00:00Z' });
    } else if (instant > now.getTime() + FUTURE_TOLERANCE_MS) {
      errors.push({ path: `${path}/timestamp`, message: 'is more than 5 minutes in the future' });
    } else {
      checked.push({ event: event as E, at: new Date(instant), day: dayOf(instant) });
    }
  });
  rejectFieldErrors(errors);
  return checked;
}

export const checkEvents = (events: readonly unknown[], at: string, now: Date) => check<TelemetryEvent>(events, at, eventValidators, now);
export const checkWireEvents = (events: readonly unknown[], at: string, now: Date) => check<WireEvent>(events, at, wireValidators, now);
