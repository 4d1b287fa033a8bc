import type { Db } from '../db/store.js';
import type { ApiKeyKind } from '../domain/credentials.js';
import { tallyConnections, type ConnectionTally } from './connections.js';
import type { SessionStep } from '../domain/agent-sessions.js';
import type { AttributedStep } from '../repositories/agent-sessions.js';
import type { ModelCatalogue } from './credits.js';
import type { CheckedEvent, TelemetryEvent } from './events.js';
import { claimEvents, writeClaimedEvents, type AttributedEvent, type ClaimedEvents } from './ingest.js';
import { ensureEventPartitions } from './partitions.js';
import { refuseDroppedDays } from './retention.js';
import { recordSteps, stepOfEvent, type StepDetail } from './session-steps.js';
import { resolveSenders, type Sender, type SenderIdentity } from './senders.js';
import { keepUnattributed, type WaitingEvent } from './unattributed.js';

// Telemetry that says who sent it (OTLP records, and events sent with an ingest key): each event
// counts for its sender — the caller with a personal key, the member its identity names with an
// ingest key, or nobody yet (kept unattributed) — and is tallied in the connected-agents view, all
// in the caller's transaction.

/** The problem of a connection whose identity no member matches; cleared when the identity is linked (identities.ts). */
export const UNKNOWN_IDENTITY = 'unknown identity: link it to a member or invite the person';

/** Who calls: the key decides the organization, and whether the records' identities are read. */
export interface TelemetryCaller {
  organizationId: string;
  userId: string;
  apiKeyId: string;
  keyKind: ApiKeyKind;
}

export interface SentEvent {
  checked: CheckedEvent<TelemetryEvent>;
  /** The agent product, for the connected-agents view. */
  agent: string;
  identity: SenderIdentity;
  /** The agent's version, when it says (OTLP: service.version), for the connected-agents view. */
  version?: string | undefined;
  /** What the record said of the event's step in its session beyond the event (OTLP). */
  detail?: StepDetail | undefined;
}

/** A step of a session that is no event (an error, a compaction), from a sender. */
export interface SentStep {
  agent: string;
  identity: SenderIdentity;
  sessionKey: string;
  step: SessionStep;
}

/** Something of an agent's that was not counted, and why. */
export interface Refusal {
  agent: string;
  problem: string;
}

export interface SentResult {
  accepted: number;
  duplicates: number;
  unattributed: number;
}

export interface StoreDeps {
  catalogue: ModelCatalogue;
  /** PostgreSQL: events go in through COPY. */
  copyIn: boolean;
}

const senderKeyOf = (caller: TelemetryCaller, sender: Sender | undefined) =>
  !sender ? `key:${caller.apiKeyId}` : sender.kind === 'user' ? `user:${sender.userId}` : `identity:${sender.identityId}`;

function tallyOf(tallies: Map<string, ConnectionTally>, caller: TelemetryCaller, agent: string, sender: Sender | undefined): ConnectionTally {
  const senderKey = senderKeyOf(caller, sender);
  const key = `${agent}\u0000${senderKey}`;
  let tally = tallies.get(key);
  if (!tally) {
    tally = {
      agent,
      sender: senderKey,
      userId: sender?.kind === 'user' ? sender.userId : undefined,
      identityId: sender?.kind === 'identity' ? sender.identityId : undefined,
      apiKeyId: caller.apiKeyId,
      accepted: 0,
      duplicates: 0,
      unattributed: 0,
      refused: 0,
      tokens: 0,
      toolCalls: 0,
    };
    tallies.set(key, tally);
  }
  return tally;
}

const tokensOf = (event: TelemetryEvent) => (event.type === 'model_call' ? event.inputTokens + event.outputTokens + event.cacheReadTokens + event.cacheWriteTokens : 0);

/** What a sender sent: an event or a step. */
type Sent = Pick<SentEvent, 'agent' | 'identity'>;

/** Whom each event counts for: the caller with a personal key, the event's sender with an ingest key. */
async function sendersFor(trx: Db, caller: TelemetryCaller, items: readonly Sent[]): Promise<(item: Sent) => Sender> {
  if (caller.keyKind === 'personal') {
    const sender: Sender = { kind: 'user', userId: caller.userId };
    return () => sender;
  }
  const byAgent = new Map<string, Sent[]>();
  for (const item of items) byAgent.set(item.agent, [...(byAgent.get(item.agent) ?? []), item]);
  const resolvers = new Map<string, Awaited<ReturnType<typeof resolveSenders>>>();
  for (const [agent, own] of [...byAgent].sort(([a], [b]) => (a < b ? -1 : 1))) {
    resolvers.set(agent, await resolveSenders(trx, caller.organizationId, agent, caller.apiKeyId, own.map((item) => item.identity)));
  }
  return (item) => resolvers.get(item.agent)!(item.identity);
}

/** Stores checked events for their senders and tallies them (and the refusals) by agent and sender. */
export async function storeSentEvents(
  trx: Db,
  deps: StoreDeps,
  caller: TelemetryCaller,
  items: readonly SentEvent[],
  refusals: readonly Refusal[],
  received: Date,
  steps: readonly SentStep[] = [],
): Promise<SentResult> {
  const tallies = new Map<string, ConnectionTally>();
  const personal: Sender | undefined = caller.keyKind === 'personal' ? { kind: 'user', userId: caller.userId } : undefined;
  for (const { agent, problem } of refusals) {
    const tally = tallyOf(tallies, caller, agent, personal);
    tally.refused += 1;
    tally.problem = problem;
  }

  const senderOf = await sendersFor(trx, caller, [...items, ...steps]);
  // The sessions' steps of the events and records of members; those of unknown senders wait with their events.
  const sessionSteps: AttributedStep[] = [];
  for (const step of steps) {
    const sender = senderOf(step);
    if (sender.kind === 'user') sessionSteps.push({ userId: sender.userId, agent: step.agent, sessionKey: step.sessionKey, step: step.step });
  }
  // Each event beside its agent, in arrays of the same order: a map from event id to agent cost
  // more than the tally it served.
  const attributed = new Map<string, { events: AttributedEvent[]; agents: string[]; versions: (string | undefined)[] }>();
  const waiting: WaitingEvent[] = [];
  const waitingAgents: string[] = [];
  const waitingVersions: (string | undefined)[] = [];
  // Events sent with an ingest key say so (credit limits may leave them out: credit-limits.ts).
  const ingestKeyId = caller.keyKind === 'ingest' ? caller.apiKeyId : undefined;
  for (const item of items) {
    const sender = senderOf(item);
    if (sender.kind === 'user') {
      let own = attributed.get(sender.userId);
      if (!own) attributed.set(sender.userId, (own = { events: [], agents: [], versions: [] }));
      own.events.push({ ...item.checked, userId: sender.userId, ingestKeyId });
      own.agents.push(item.agent);
      own.versions.push(item.version);
      const step = stepOfEvent(item.checked, sender.userId, item.detail);
      if (step) sessionSteps.push(step);
    } else {
      waiting.push({ ...item.checked, identityId: sender.identityId, ingestKeyId: caller.apiKeyId });
      waitingAgents.push(item.agent);
      waitingVersions.push(item.version);
    }
  }

  const result: SentResult = { accepted: 0, duplicates: 0, unattributed: 0 };
  const claims: ClaimedEvents[] = [];
  for (const [userId, { events, agents, versions }] of [...attributed].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const claimed = await claimEvents(trx, deps.catalogue, caller.organizationId, events, { copyIn: deps.copyIn });
    claims.push(claimed);
    result.accepted += claimed.accepted;
    result.duplicates += claimed.duplicates;
    const fresh = new Set(claimed.fresh);
    // This user's tally of each agent, found once: the key tallyOf builds costs more than the count.
    const sender: Sender = { kind: 'user', userId };
    const tallyOfAgent = new Map<string, ConnectionTally>();
    events.forEach((attributedEvent, i) => {
      const agent = agents[i]!;
      let tally = tallyOfAgent.get(agent);
      if (!tally) tallyOfAgent.set(agent, (tally = tallyOf(tallies, caller, agent, sender)));
      tally.version = versions[i] ?? tally.version;
      if (fresh.has(attributedEvent)) {
        tally.accepted += 1;
        tally.tokens += tokensOf(attributedEvent.event);
        if (attributedEvent.event.type === 'tool_call') tally.toolCalls += 1;
      } else {
        tally.duplicates += 1;
      }
    });
  }
  if (waiting.length > 0) {
    const kept = await keepUnattributed(trx, caller.organizationId, waiting);
    result.unattributed += kept.size;
    result.duplicates += waiting.length - kept.size;
    // A re-sent export's waiting events are duplicates there too, not unattributed a second time.
    waiting.forEach((event, i) => {
      const tally = tallyOf(tallies, caller, waitingAgents[i]!, { kind: 'identity', identityId: event.identityId });
      tally.version = waitingVersions[i] ?? tally.version;
      if (kept.has(event)) tally.unattributed += 1;
      else tally.duplicates += 1;
      tally.problem = UNKNOWN_IDENTITY;
    });
  }
  await tallyConnections(trx, caller.organizationId, received, [...tallies.values()]);
  await recordSteps(trx, caller.organizationId, sessionSteps);
  // The events last, after the sessions' steps too: their statements lock the rows every batch of
  // a member shares, until the commit that follows (claimEvents).
  for (const claimed of claims) await writeClaimedEvents(trx, claimed);
  return result;
}

/** storeSentEvents in a transaction of its own. */
export async function recordSentEvents(db: Db, deps: StoreDeps, caller: TelemetryCaller, items: readonly SentEvent[], received: Date): Promise<SentResult> {
  await ensureEventPartitions(db, items.map((item) => item.checked.day));
  return db.transaction().execute(async (trx) => {
    await refuseDroppedDays(trx, items.map((item) => item.checked.day), 'body/events');
    return storeSentEvents(trx, deps, caller, items, [], received);
  });
}

/** The agent of an export refused whole, before its records were read: it cannot be known. */
export const UNREAD_AGENT = '(unread)';

/**
 * An export refused whole (undecodable, too large, over the rate limit): `exports` of them tallied
 * as refused for the caller's sender, under UNREAD_AGENT, with the problem.
 */
export async function tallyRefusedExports(db: Db, caller: TelemetryCaller, exports: number, problem: string, at: Date): Promise<void> {
  const tallies = new Map<string, ConnectionTally>();
  const tally = tallyOf(tallies, caller, UNREAD_AGENT, caller.keyKind === 'personal' ? { kind: 'user', userId: caller.userId } : undefined);
  tally.refused = exports;
  tally.problem = problem;
  await tallyConnections(db, caller.organizationId, at, [tally]);
}
