import type { Db } from '../db/store.js';
import type { ApiKeyKind } from '../domain/credentials.js';
import { DomainError } from '../domain/errors.js';
import { tallyConnections, type ConnectionTally } from '../telemetry/connections.js';
import type { ModelCatalogue } from '../telemetry/credits.js';
import { checkEvents, type TelemetryEvent } from '../telemetry/events.js';
import { storeEventsIn, type AttributedEvent } from '../telemetry/ingest.js';
import { ensureEventPartitions } from '../telemetry/partitions.js';
import { resolveSenders, type Sender } from '../telemetry/senders.js';
import { keepUnattributed, type WaitingEvent } from '../telemetry/unattributed.js';
import { incrementsOf } from './cumulative.js';
import { logRecordsOf, pointRecordsOf, spanRecordsOf, type Attributes, type OtlpRecord, type PointRecord } from './records.js';
import { translatorFor } from './translate/index.js';
import type { Draft, Translator } from './translate/translator.js';
import type { ExportOutcome, OtlpExportArgs } from './decode.js';

// Consuming an OTLP export (docs/otel.md): its records are read by their agent's translator into
// Quarterdeck telemetry events, which are attributed to the caller (a personal key) or to the
// sender each record names (an ingest key), and stored like POST /api/v1/telemetry/events stores
// them — in one transaction with the cumulative series state, the unattributed events and the
// connected-agents tallies, so that an export is counted whole or not at all, once.

export interface OtlpCaller {
  organizationId: string;
  userId: string;
  apiKeyId: string;
  keyKind: ApiKeyKind;
}

export interface ConsumerDeps {
  db: Db;
  catalogue: ModelCatalogue;
  /** PostgreSQL: events go in through COPY. */
  copyIn: boolean;
}

/** A translated event before it is attributed. */
interface Translated {
  event: TelemetryEvent;
  agent: string;
  identity: ReturnType<Translator['identity']>;
}

/** The records of one resource, read by one translator. */
interface ResourceBatch {
  translator: Translator;
  records: OtlpRecord[];
}

function batchesOf(records: readonly OtlpRecord[]): ResourceBatch[] {
  const byResource = new Map<Attributes, OtlpRecord[]>();
  for (const record of records) {
    const own = byResource.get(record.resource);
    if (own) own.push(record);
    else byResource.set(record.resource, [record]);
  }
  return [...byResource].map(([resource, own]) => ({ translator: translatorFor(resource, own), records: own }));
}

function recordsOf(receivedMs: number, ...[signal, request]: OtlpExportArgs): OtlpRecord[] {
  switch (signal) {
    case 'metrics':
      return pointRecordsOf(request);
    case 'logs':
      return logRecordsOf(request, receivedMs);
    case 'traces':
      return spanRecordsOf(request, receivedMs);
  }
}

/** The events of one record's drafts: ids from the record's digest, one per event. */
function eventsOf(translator: Translator, record: OtlpRecord, drafts: readonly Draft[], idBase: string): Translated[] {
  const translated: Translated[] = [];
  const sessionId = translator.session(record) ?? '(none)';
  const client = translator.client(record);
  const identity = translator.identity(record);
  drafts.forEach((draft, d) => {
    const { times = 1, ...fields } = draft;
    for (let n = 0; n < times; n += 1) {
      const event = {
        ...fields,
        id: `otlp:${idBase}:${d}:${n}`,
        timestamp: record.timeMs,
        sessionId: draft.sessionId ?? sessionId.slice(0, 128),
        ...(client === undefined && draft.client === undefined ? {} : { client: draft.client ?? client }),
        agent: translator.agent,
      } as TelemetryEvent;
      translated.push({ event, agent: translator.agent, identity });
    }
  });
  return translated;
}

/** A counter's point names itself by its series and instants: the same point sent again has the same id. */
const pointIdBase = (point: PointRecord) => `${point.series}:${point.startUnixNano}:${point.timeUnixNano}`;

export function createOtlpConsumer(deps: ConsumerDeps) {
  return async (caller: OtlpCaller, ...exported: OtlpExportArgs): Promise<ExportOutcome> => {
    const received = new Date();
    const records = recordsOf(received.getTime(), ...exported);
    const batches = batchesOf(records);

    const eventDrafts: Translated[] = [];
    const counted: { translator: Translator; point: PointRecord }[] = [];
    for (const { translator, records: own } of batches) {
      for (const record of own) {
        if (record.signal === 'metrics') {
          if (translator.countsPoint(record)) counted.push({ translator, point: record });
        } else {
          eventDrafts.push(...eventsOf(translator, record, translator.event(record), record.digest));
        }
      }
    }

    // The partitions of every day an event may fall on, before the export's transaction.
    const candidateDays = [...eventDrafts.map((t) => t.event.timestamp as number), ...counted.map(({ point }) => point.timeMs)];
    const checkedDays = candidateDays.filter((ms) => Number.isFinite(ms) && ms >= 0 && ms <= received.getTime() + 5 * 60_000).map((ms) => new Date(ms).toISOString().slice(0, 10));
    await ensureEventPartitions(deps.db, checkedDays);

    return deps.db.transaction().execute(async (trx) => {
      const cumulative = counted.filter(({ point }) => point.cumulative);
      const increments = await incrementsOf(trx, caller.organizationId, cumulative.map(({ point }) => point));
      const amountOf = new Map(cumulative.map(({ point }, i) => [point, increments[i]!]));
      const translated = [...eventDrafts];
      for (const { translator, point } of counted) {
        const amount = point.cumulative ? amountOf.get(point)! : point.value;
        if (amount > 0) translated.push(...eventsOf(translator, point, translator.point(point, amount), pointIdBase(point)));
      }
      return storeTranslated(trx, deps, caller, translated, received);
    });
  };
}

/** Per agent and sender: the tallies of the connected-agents view. */
function tallyOf(tallies: Map<string, ConnectionTally>, agent: string, sender: Sender | undefined, caller: OtlpCaller): ConnectionTally {
  const senderKey = !sender ? `key:${caller.apiKeyId}` : sender.kind === 'user' ? `user:${sender.userId}` : `identity:${sender.identityId}`;
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

async function storeTranslated(trx: Db, deps: ConsumerDeps, caller: OtlpCaller, translated: readonly Translated[], received: Date): Promise<ExportOutcome> {
  const tallies = new Map<string, ConnectionTally>();
  // Each event is checked on its own: one the rules refuse (a name too long, a time in the
  // future) is reported in partial_success, and the rest of the export is kept.
  const valid: (Translated & { checked: ReturnType<typeof checkEvents>[number] })[] = [];
  const problems: string[] = [];
  for (const item of translated) {
    try {
      valid.push({ ...item, checked: checkEvents([item.event], 'event', received)[0]! });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      problems.push(error.message);
      const tally = tallyOf(tallies, item.agent, caller.keyKind === 'personal' ? { kind: 'user', userId: caller.userId } : undefined, caller);
      tally.refused += 1;
      tally.problem = error.message;
    }
  }

  const senderOf = await sendersFor(trx, caller, valid);
  const attributed = new Map<string, AttributedEvent[]>();
  const waiting: WaitingEvent[] = [];
  for (const item of valid) {
    const sender = senderOf(item);
    if (sender.kind === 'user') {
      const own = attributed.get(sender.userId) ?? [];
      own.push({ ...item.checked, userId: sender.userId });
      attributed.set(sender.userId, own);
    } else {
      waiting.push({ ...item.checked, identityId: sender.identityId });
    }
  }

  const agentOf = new Map(valid.map((item) => [item.event.id, item.agent]));
  for (const [userId, events] of [...attributed].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const stored = await storeEventsIn(trx, deps.catalogue, caller.organizationId, events, { copyIn: deps.copyIn });
    const freshIds = new Set(stored.fresh.map((event) => event.event.id));
    for (const { event } of events) {
      const tally = tallyOf(tallies, agentOf.get(event.id)!, { kind: 'user', userId }, caller);
      if (freshIds.has(event.id)) {
        tally.accepted += 1;
        tally.tokens += tokensOf(event);
        if (event.type === 'tool_call') tally.toolCalls += 1;
      } else {
        tally.duplicates += 1;
      }
    }
  }
  if (waiting.length > 0) {
    await keepUnattributed(trx, caller.organizationId, waiting);
    for (const { event, identityId } of waiting) {
      const tally = tallyOf(tallies, agentOf.get(event.id)!, { kind: 'identity', identityId }, caller);
      tally.unattributed += 1;
      tally.problem = 'unknown identity: link it to a member';
    }
  }
  await tallyConnections(trx, caller.organizationId, received, [...tallies.values()]);
  return problems.length === 0 ? { rejected: 0 } : { rejected: problems.length, message: `${problems.length} record(s) refused; the first: ${problems[0]}` };
}

/** Whom each event counts for: the caller with a personal key, the record's sender with an ingest key. */
async function sendersFor(trx: Db, caller: OtlpCaller, items: readonly Translated[]): Promise<(item: Translated) => Sender> {
  if (caller.keyKind === 'personal') {
    const sender: Sender = { kind: 'user', userId: caller.userId };
    return () => sender;
  }
  const byAgent = new Map<string, Translated[]>();
  for (const item of items) byAgent.set(item.agent, [...(byAgent.get(item.agent) ?? []), item]);
  const resolvers = new Map<string, Awaited<ReturnType<typeof resolveSenders>>>();
  for (const [agent, own] of [...byAgent].sort(([a], [b]) => (a < b ? -1 : 1))) {
    resolvers.set(agent, await resolveSenders(trx, caller.organizationId, agent, caller.apiKeyId, own.map((item) => item.identity)));
  }
  return (item) => resolvers.get(item.agent)!(item.identity);
}
