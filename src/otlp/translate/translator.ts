import { normaliseModel } from '../../domain/model-id.js';
import { repoIdOf } from '../../domain/repo-id.js';
import type { Client, TelemetryEvent } from '../../telemetry/events.js';
import { attributeValue, type Attributes, type EventRecord, type PointRecord } from '../records.js';
import type { StepKind } from '../../domain/agent-sessions.js';
import type { StepDetail } from '../../telemetry/session-steps.js';

// What a translator is: one per agent family (docs/otel.md has the table of what each counts).
// It reads an agent's own names and turns each record it counts into Quarterdeck telemetry
// events (drafts); the consumer gives them their ids, sender and instant. A translator counts each
// usage once: where an agent reports the same usage as an event and as a metric, it reads one of
// the two and ignores the other.

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event without the parts the consumer fills in: id, timestamp, agent. */
export type Draft = DistributiveOmit<TelemetryEvent, 'id' | 'timestamp' | 'agent' | 'sessionId' | 'client'> & {
  sessionId?: string | undefined;
  client?: Client | undefined;
  /** The same event this many times (a counter's increment of 3 sessions is 3 session starts). */
  times?: number;
  /**
   * What the event is, when other records of the agent report it too (Qwen Code's session start,
   * in its `session.start` event and its configuration event): the drafts of one key are one
   * event, with one id, counted once whichever record comes first.
   */
  sameAs?: string;
  /**
   * The agent's id of the tool use a tool call or decision belongs to (Claude Code's
   * `tool_use_id`): not stored, it joins a call to the source its decision names (tool-sources.ts).
   */
  toolUseId?: string | undefined;
};

/** A record's detail for its session step, and a step of its own when the record is one no event counts (an error, a compaction). */
export interface RecordDetail extends StepDetail {
  also?: { kind: Extract<StepKind, 'error' | 'compaction' | 'session_start' | 'session_end'>; name: string };
}

/** Who a record says it is from, as the agent sent it; matched to members for ingest keys. */
export interface Identity {
  email?: string | undefined;
  /** A vendor account id (signed-in users). */
  account?: string | undefined;
  /** An installation or device id. */
  installation?: string | undefined;
}

export interface Translator {
  /** The agent product, as the analytics' agent dimension names it. */
  agent: string;
  /** The drafts of a log record or span this agent's translator counts ([] for the others). */
  event(record: EventRecord): Draft[];
  /** Whether the translator counts this metric point at all (so the consumer keeps series state only for those). */
  countsPoint(point: PointRecord): boolean;
  /** The drafts for a counted point's increment (`amount`, already turned from cumulative into delta). */
  point(point: PointRecord, amount: number): Draft[];
  identity(record: EventRecord | PointRecord): Identity;
  /** The session the record belongs to, when the agent says. */
  session(record: EventRecord | PointRecord): string | undefined;
  client(record: EventRecord | PointRecord): Client | undefined;
  /**
   * What a log record or span says of its step in an agent session beyond its drafts (outcome,
   * duration, digests of a tool's arguments), or an error or compaction no draft counts.
   */
  detail?(record: EventRecord): RecordDetail | undefined;
}

// Exporters send numbers as numbers or as strings, and empty strings for nothing: these readers
// take both and give undefined for what is absent, so that nothing is guessed.

export function text(attributes: Attributes, key: string): string | undefined {
  const value = attributeValue(attributes, key);
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function count(attributes: Attributes, key: string): number | undefined {
  const value = attributeValue(attributes, key);
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

export function flag(attributes: Attributes, key: string): boolean | undefined {
  const value = attributeValue(attributes, key);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return undefined;
}

/** Placeholders agents send where they know no one (Droid's `unknown`, opencode's `unknown` user id, airgapped ids). */
export const known = (value: string | undefined) => (value && !/^(unknown|anonymous|undefined|null|none)$/i.test(value) && !value.startsWith('airgapped-') ? value : undefined);

/**
 * The first of `keys` that names someone, on the record's own attributes, then on its resource. A
 * placeholder on the record does not hide the resource's value: Droid puts `user.email: unknown`
 * on every data point while the person's e-mail, set with OTEL_RESOURCE_ATTRIBUTES, is on the resource.
 */
export function knownAttribute(record: EventRecord | PointRecord, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = known(text(record.attributes, key)) ?? known(text(record.resource, key));
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The first of `keys` present on the record's own attributes, then on its resource. */
export function attribute(record: EventRecord | PointRecord, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = text(record.attributes, key) ?? text(record.resource, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * The repository a record names, by OpenTelemetry's `vcs.repository.url.full`, on the record or
 * its resource (an admin sets it with OTEL_RESOURCE_ATTRIBUTES; none of the captured agents sends
 * a repository of its own: docs/repositories.md). A value that names no repository is left out,
 * not refused: the rest of the record still counts.
 */
export function repositoryOf(record: EventRecord | PointRecord): string | undefined {
  const url = attribute(record, 'vcs.repository.url.full');
  return url === undefined ? undefined : repoIdOf(url);
}

/** A whole number of tokens, or 0 when the agent did not send that count. */
export const tokens = (attributes: Attributes, key: string) => Math.round(count(attributes, key) ?? 0);

/**
 * The agent's version, as its resource's `service.version` says. Gemini CLI puts the Node.js
 * version there (`v20.20.2`, its process.runtime.version): that is not the agent's, and is left out.
 */
export function agentVersion(record: EventRecord | PointRecord): string | undefined {
  const version = text(record.resource, 'service.version')?.trim();
  if (!version) return undefined;
  const runtime = text(record.resource, 'process.runtime.version');
  if (runtime !== undefined && version.replace(/^v/, '') === runtime.replace(/^v/, '')) return undefined;
  return version.slice(0, 64);
}


/**
 * Where an agent sends no installation id of its own: the resource's instance, then its host, as
 * OpenTelemetry's resource conventions name them (docs/otel.md, "Keys and identity" has what each
 * agent sends). Read on the resource only: it is the sending process's, a record's attribute is not.
 */
const INSTALLATION_RESOURCE_KEYS = ['service.instance.id', 'host.id', 'host.name'];

/** The installation a record's resource names, when its agent sends no installation id of its own. */
export function resourceInstallation(record: EventRecord | PointRecord): string | undefined {
  for (const key of INSTALLATION_RESOURCE_KEYS) {
    const value = known(text(record.resource, key));
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The usual identity attributes: user.email, then an account id, then an installation (the agent's own id, else its resource's). */
export function standardIdentity(record: EventRecord | PointRecord, accountKeys: string[], installationKeys: string[]): Identity {
  return {
    email: knownAttribute(record, 'user.email', 'enduser.email'),
    account: knownAttribute(record, ...accountKeys),
    installation: knownAttribute(record, ...installationKeys) ?? resourceInstallation(record),
  };
}

/** A model call that reports only some of its token counts. */
export function modelCall(
  modelId: string,
  usage: Partial<Record<'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens' | 'cacheWrite1hTokens', number>>,
  options: { reportedCostUsd?: number | undefined; reasoningTokens?: number | undefined; premiumRequests?: number | undefined; ttftMs?: number | undefined } = {},
): Draft {
  const { reportedCostUsd, reasoningTokens, premiumRequests, ttftMs } = options;
  return {
    type: 'model_call',
    modelId: normaliseModel(modelId),
    // A call that reports reasoning tokens ran a thinking model; otherwise the tier is standard.
    modelTier: reasoningTokens !== undefined && reasoningTokens > 0 ? 'thinking' : 'standard',
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    cacheReadTokens: usage.cacheReadTokens ?? 0,
    cacheWriteTokens: usage.cacheWriteTokens ?? 0,
    ...(usage.cacheWrite1hTokens === undefined ? {} : { cacheWrite1hTokens: Math.min(usage.cacheWrite1hTokens, usage.cacheWriteTokens ?? 0) }),
    ...(reportedCostUsd === undefined ? {} : { reportedCostUsd }),
    ...(premiumRequests === undefined ? {} : { premiumRequests }),
    ...(ttftMs === undefined ? {} : { ttftMs: Math.round(ttftMs) }),
  };
}

/** A counter's increment as a number of events: whole, never negative. */
export const times = (amount: number) => Math.max(0, Math.round(amount));
