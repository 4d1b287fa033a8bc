import type { Db } from '../db/store.js';
import type { FileAccess, SessionStep, StepContent, StepKind, StepOutcome } from '../domain/agent-sessions.js';
import { redactContent } from '../domain/content-redaction.js';
import { contentControl } from '../domain/policies.js';
import { recordSessionSteps, type AttributedStep, type KeptContent } from '../repositories/agent-sessions.js';
import { currentSettings } from '../repositories/enterprise-controls.js';
import { priceBookOf } from '../repositories/prices.js';
import { repoIdOf } from '../domain/repo-id.js';
import type { CheckedEvent, TelemetryEvent } from './events.js';

// The steps of agent sessions (docs/agent-sessions.md) from stored telemetry: each event that is a
// step of a session (a prompt, a model call, a tool call, a hook, a file change) with what the
// record it came from said besides (how long it took, whether it failed, the span it was: the
// detail an OTLP translator reads), and the steps that are no event (an error, a compaction).

/** What a record says of its step beyond the event: digests of what it was given, and its content. */
export interface StepDetail {
  content?: StepContent | undefined;
  durationMs?: number | undefined;
  outcome?: StepOutcome | undefined;
  fileAccess?: FileAccess | undefined;
  callDigest?: string | undefined;
  fileDigest?: string | undefined;
  traceId?: string | undefined;
  spanId?: string | undefined;
  parentSpanId?: string | undefined;
}

/** The agent of events from Quarterdeck's own clients, which name none. */
export const OWN_AGENT = 'quarterdeck';
/** The session of records that name none (consume.ts): not a session of anyone's. */
export const NO_SESSION = '(none)';

const KIND_OF_EVENT: Partial<Record<TelemetryEvent['type'], StepKind>> = {
  user_message: 'prompt',
  model_call: 'model_call',
  tool_call: 'tool_call',
  hook: 'hook',
  file_created: 'file_change',
  file_edited: 'file_change',
};

/** A step with nothing known but its kind, instant and name. */
export function bareStep(id: string, kind: StepKind, occurredAt: Date, name: string | null, repository: string | null, detail: StepDetail = {}): SessionStep {
  return {
    id,
    occurredAt,
    kind,
    durationMs: detail.durationMs ?? null,
    modelId: null,
    tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    name,
    outcome: detail.outcome ?? null,
    fileAccess: detail.fileAccess ?? null,
    callDigest: detail.callDigest ?? null,
    fileDigest: detail.fileDigest ?? null,
    traceId: detail.traceId ?? null,
    spanId: detail.spanId ?? null,
    parentSpanId: detail.parentSpanId ?? null,
    repository,
  };
}

/** The step an event is, or undefined when it is none (or names no session). */
export function stepOfEvent(checked: CheckedEvent<TelemetryEvent>, userId: string, detail?: StepDetail): AttributedStep | undefined {
  const { event, at } = checked;
  const kind = KIND_OF_EVENT[event.type];
  if (!kind || event.sessionId === NO_SESSION) return undefined;
  const name = event.type === 'tool_call' ? event.tool : event.type === 'hook' ? event.event : null;
  const step = bareStep(event.id, kind, at, name, event.repository === undefined ? null : (repoIdOf(event.repository) ?? null), detail);
  if (event.type === 'model_call') {
    step.modelId = event.modelId;
    step.tokens = { input: event.inputTokens, output: event.outputTokens, cacheRead: event.cacheReadTokens, cacheWrite: event.cacheWriteTokens };
  }
  return { userId, agent: event.agent ?? OWN_AGENT, sessionKey: event.sessionId, step, content: detail?.content };
}

const DAY_MS = 86_400_000;

/**
 * The content to keep of the steps, redacted, with its expiry; none unless the organization's
 * content control is on (decisions.md §16). Content already expired (a late record) is not kept.
 */
async function keptContents(trx: Db, organizationId: string, steps: readonly AttributedStep[], now: Date): Promise<Map<string, KeptContent>> {
  const kept = new Map<string, KeptContent>();
  const carrying = steps.filter((attributed) => attributed.content !== undefined);
  if (carrying.length === 0) return kept;
  const control = contentControl(await currentSettings(trx, organizationId));
  if (!control.enabled) return kept;
  for (const { step, content } of carrying) {
    const expiresAt = new Date(step.occurredAt.getTime() + control.retentionDays * DAY_MS);
    if (expiresAt <= now) continue;
    // A detector failure keeps nothing of the step's content (never unredacted) and still accepts the export.
    const pair = await Promise.all([redacted(content!.input), redacted(content!.output)]).catch(() => undefined);
    if (pair === undefined) continue;
    kept.set(step.id, { input: pair[0], output: pair[1], expiresAt });
  }
  return kept;
}

const redacted = (text: string | undefined) => (text === undefined ? Promise.resolve(null) : redactContent(text));

/** Records the steps of an organization's stored telemetry, and their content when it is kept, in the caller's transaction. */
export async function recordSteps(trx: Db, organizationId: string, steps: readonly AttributedStep[], now: Date = new Date()): Promise<void> {
  const contents = await keptContents(trx, organizationId, steps, now);
  return recordSessionSteps(trx, organizationId, steps, () => priceBookOf(trx, organizationId), contents);
}
