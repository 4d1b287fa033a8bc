import type { Db } from '../db/store.js';
import { dayOf } from '../domain/dates.js';
import { DomainError } from '../domain/errors.js';
import { checkEvents, type TelemetryEvent } from '../telemetry/events.js';
import { ensureEventPartitions } from '../telemetry/partitions.js';
import { closedBeforeLocked, tooOldProblem } from '../telemetry/retention.js';
import { storeSentEvents, type Refusal, type SentEvent, type SentStep, type StoreDeps, type TelemetryCaller } from '../telemetry/sent-events.js';
import { bareStep, type StepDetail } from '../telemetry/session-steps.js';
import { incrementsOf } from './cumulative.js';
import { digestOf, logRecordsOf, pointRecordsOf, spanRecordsOf, type Attributes, type EventRecord, type OtlpRecord, type PointRecord } from './records.js';
import type { RecordDetail } from './translate/translator.js';
import { translatorFor } from './translate/index.js';
import { joinStoredToolSources, joinToolSources } from './tool-sources.js';
import { agentVersion, repositoryOf, type Draft, type Identity, type Translator } from './translate/translator.js';
import type { ExportOutcome, OtlpExportArgs } from './decode.js';

// Consuming an OTLP export (docs/otel.md): its records are read by their agent's translator into
// Quarterdeck telemetry events, which are attributed to the caller (a personal key) or to the
// sender each record names (an ingest key), and stored like POST /api/v1/telemetry/events stores
// them — in one transaction with the cumulative series state, the unattributed events and the
// connected-agents tallies, so that an export is counted whole or not at all, once.

export type OtlpCaller = TelemetryCaller;

export interface ConsumerDeps extends StoreDeps {
  db: Db;
  /** Most items one export may carry (OTLP_MAX_ITEMS). */
  maxItems: number;
}

/** A translated event before it is attributed. */
interface Translated {
  event: TelemetryEvent;
  agent: string;
  identity: SentEvent['identity'];
  version: string | undefined;
  detail?: StepDetail | undefined;
  /** The agent's id of the event's tool use, when it has one (Draft.toolUseId). */
  toolUseId?: string | undefined;
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

/** How many items an export carries: data points, log records or spans. */
function countItems(...[signal, request]: OtlpExportArgs): number {
  let count = 0;
  if (signal === 'metrics') {
    for (const resource of request.resourceMetrics) {
      for (const scope of resource.scopeMetrics) for (const metric of scope.metrics) count += metric.data?.value.dataPoints.length ?? 0;
    }
  } else if (signal === 'logs') {
    for (const resource of request.resourceLogs) for (const scope of resource.scopeLogs) count += scope.logRecords.length;
  } else {
    for (const resource of request.resourceSpans) for (const scope of resource.scopeSpans) count += scope.spans.length;
  }
  return count;
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

/** Who a record says it is from, when the caller's key says already (a personal key): not read. */
const UNREAD_IDENTITY: Identity = Object.freeze({});

/** The id prefix of events that several records report (Draft.sameAs): one id per agent and key. */
const SAME_AS = 'otlp:same:';

/**
 * The events of one record's drafts: ids from the record's digest, one per event (or from the
 * draft's sameAs key). The record's identity is read only for an ingest key, whose events count
 * for the member it names.
 */
function eventsOf(translator: Translator, record: OtlpRecord, drafts: readonly Draft[], idBase: string, readsIdentity: boolean, detail?: StepDetail): Translated[] {
  if (drafts.length === 0) return [];
  const translated: Translated[] = [];
  const sessionId = translator.session(record) ?? '(none)';
  const client = translator.client(record);
  const repository = repositoryOf(record);
  const identity = readsIdentity ? translator.identity(record) : UNREAD_IDENTITY;
  const version = agentVersion(record);
  drafts.forEach((draft, d) => {
    // Built by assignment rather than spreads: this runs for every record of every export.
    const { times = 1 } = draft;
    for (let n = 0; n < times; n += 1) {
      const id = draft.sameAs === undefined ? `otlp:${idBase}:${d}:${n}` : `${SAME_AS}${digestOf(translator.agent, draft.sameAs)}:${n}`;
      const event = Object.assign({}, draft, { id, timestamp: record.timeMs, sessionId: draft.sessionId ?? sessionId.slice(0, 128), agent: translator.agent });
      if (draft.times !== undefined) delete event.times;
      if (draft.sameAs !== undefined) delete event.sameAs;
      if ('toolUseId' in draft) delete event.toolUseId;
      const eventClient = draft.client ?? client;
      if (eventClient !== undefined) event.client = eventClient;
      if (repository !== undefined) event.repository = repository;
      translated.push({ event: event as TelemetryEvent, agent: translator.agent, identity, version, detail, toolUseId: draft.toolUseId?.slice(0, 200) });
    }
  });
  return translated;
}

/** A record's detail for its session step: the span's place and duration, then what its translator reads (which wins where both say). */
function detailOf(translator: Translator, record: EventRecord): RecordDetail | undefined {
  const own = translator.detail?.(record);
  const { span } = record;
  if (!span) return own;
  const detail: RecordDetail = { traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId, durationMs: span.durationMs };
  if (own) for (const [key, value] of Object.entries(own)) if (value !== undefined) Object.assign(detail, { [key]: value });
  return detail;
}

/** The step of its own a record is (an error, a compaction), when it names a session. */
function alsoStep(translator: Translator, record: EventRecord, detail: RecordDetail, readsIdentity: boolean): SentStep | undefined {
  const sessionKey = translator.session(record);
  if (!detail.also || sessionKey === undefined) return undefined;
  const step = bareStep(`otlp:${record.digest}:step`, detail.also.kind, new Date(record.timeMs), detail.also.name.slice(0, 200), repositoryOf(record) ?? null, {
    durationMs: detail.durationMs,
    traceId: detail.traceId,
    spanId: detail.spanId,
    parentSpanId: detail.parentSpanId,
  });
  return { agent: translator.agent, identity: readsIdentity ? translator.identity(record) : UNREAD_IDENTITY, sessionKey: sessionKey.slice(0, 128), step };
}

/** Events may be at most this far in the future (decisions.md §4); so may metric points. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** A counter's point names itself by its series and instants: the same point sent again has the same id. */
const pointIdBase = (point: PointRecord) => `${point.series}:${point.startUnixNano}:${point.timeUnixNano}`;

/** What an export's records came to: events and counted points, and the points refused. */
interface TranslatedExport {
  events: Translated[];
  counted: { translator: Translator; point: PointRecord }[];
  futurePoints: Refusal[];
  /** Session steps that are no event. */
  steps: SentStep[];
}

function translateExport(received: Date, exported: OtlpExportArgs, maxItems: number, readsIdentity: boolean): TranslatedExport {
  // Each item becomes a record: bounded before any is made.
  const items = countItems(...exported);
  if (items > maxItems) throw new DomainError('batch_too_large', `the export carries ${items} items, more than ${maxItems} (OTLP_MAX_ITEMS): send smaller batches`);
  const translated: TranslatedExport = { events: [], counted: [], futurePoints: [], steps: [] };
  const sameAs = new Set<string>();
  for (const { translator, records } of batchesOf(recordsOf(received.getTime(), ...exported))) {
    for (const record of records) {
      if (record.signal === 'metrics') {
        if (!translator.countsPoint(record)) continue;
        // A point from the future would move its series past the real points to come.
        if (record.timeMs > received.getTime() + FUTURE_TOLERANCE_MS) translated.futurePoints.push({ agent: translator.agent, problem: 'a metric point is more than 5 minutes in the future' });
        else translated.counted.push({ translator, point: record });
      } else {
        const detail = detailOf(translator, record);
        for (const event of eventsOf(translator, record, translator.event(record), record.digest, readsIdentity, detail)) {
          // An event two records of the export report is the first one's: the second is no duplicate sent.
          if (event.event.id.startsWith(SAME_AS)) {
            if (sameAs.has(event.event.id)) continue;
            sameAs.add(event.event.id);
          }
          translated.events.push(event);
        }
        const also = detail && alsoStep(translator, record, detail, readsIdentity);
        if (also) translated.steps.push(also);
      }
    }
  }
  joinToolSources(translated.events);
  return translated;
}

/** Events sent with an ingest key count for the member each record names; with a personal key, for the caller. */
const readsIdentity = (caller: OtlpCaller) => caller.keyKind === 'ingest';

export function createOtlpConsumer(deps: ConsumerDeps) {
  // Not an async function: the decoded request is translated before the first wait, and nothing
  // keeps it while the export is stored (a suspended async function keeps its arguments), so that
  // its many small objects die young.
  return (caller: OtlpCaller, ...exported: OtlpExportArgs): Promise<ExportOutcome> => {
    const received = new Date();
    try {
      return storeExport(deps, caller, translateExport(received, exported, deps.maxItems, readsIdentity(caller)), received);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

async function storeExport(deps: ConsumerDeps, caller: OtlpCaller, { events: eventDrafts, counted, futurePoints, steps }: TranslatedExport, received: Date): Promise<ExportOutcome> {
  // The partitions of every day an event may fall on, before the export's transaction.
  const candidateDays = [...eventDrafts.map((t) => t.event.timestamp as number), ...counted.map(({ point }) => point.timeMs)];
  const checkedDays = candidateDays.filter((ms) => Number.isFinite(ms) && ms >= 0 && ms <= received.getTime() + FUTURE_TOLERANCE_MS).map((ms) => dayOf(ms));
  await ensureEventPartitions(deps.db, checkedDays);

  return deps.db.transaction().execute(async (trx) => {
    const cumulative = counted.filter(({ point }) => point.cumulative);
    const increments = await incrementsOf(trx, caller.organizationId, cumulative.map(({ point }) => point));
    const amountOf = new Map(cumulative.map(({ point }, i) => [point, increments[i]!]));
    const translated = [...eventDrafts];
    for (const { translator, point } of counted) {
      const amount = point.cumulative ? amountOf.get(point)! : point.value;
      if (amount > 0) translated.push(...eventsOf(translator, point, translator.point(point, amount), pointIdBase(point), readsIdentity(caller)));
    }
    return storeTranslated(trx, deps, caller, translated, futurePoints, received, steps);
  });
}

/** All the events checked at once, or undefined when one of them is refused. */
function checkedTogether(translated: readonly Translated[], received: Date): SentEvent[] | undefined {
  let checked;
  try {
    checked = checkEvents(translated.map((t) => t.event), 'event', received);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return undefined;
  }
  return checked.map((one, i) => ({ checked: one, agent: translated[i]!.agent, identity: translated[i]!.identity, version: translated[i]!.version, detail: translated[i]!.detail }));
}

/** Each event checked on its own: the refused ones go to `refusals`, the rest are returned. */
function checkedEach(translated: readonly Translated[], received: Date, refusals: Refusal[]): SentEvent[] {
  const items: SentEvent[] = [];
  for (const { event, agent, identity, version, detail } of translated) {
    try {
      items.push({ checked: checkEvents([event], 'event', received)[0]!, agent, identity, version, detail });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refusals.push({ agent, problem: error.message });
    }
  }
  return items;
}

/** The events of days telemetry retention keeps; those of dropped days go to `refusals`. */
function keptByRetention(items: readonly SentEvent[], firstKept: string | undefined, refusals: Refusal[]): readonly SentEvent[] {
  if (firstKept === undefined) return items;
  return items.filter((item) => {
    if (item.checked.day >= firstKept) return true;
    refusals.push({ agent: item.agent, problem: `an event: ${tooOldProblem(item.checked.day, firstKept)}` });
    return false;
  });
}

/** The tool use of each event that names one, by event id. */
function toolUseIdsOf(translated: readonly Translated[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const { event, toolUseId } of translated) if (toolUseId !== undefined) ids.set(event.id, toolUseId);
  return ids;
}

async function storeTranslated(
  trx: Db,
  deps: ConsumerDeps,
  caller: OtlpCaller,
  translated: readonly Translated[],
  refused: readonly Refusal[],
  received: Date,
  steps: readonly SentStep[],
): Promise<ExportOutcome> {
  // An event the rules refuse (a name too long, a time in the future) is reported in
  // partial_success, and the rest of the export is kept: when the export as a whole does not
  // pass, each event is checked on its own.
  const refusals: Refusal[] = [...refused];
  const checked = checkedTogether(translated, received) ?? checkedEach(translated, received, refusals);
  const items = keptByRetention(checked, await closedBeforeLocked(trx), refusals);
  await joinStoredToolSources(trx, caller.organizationId, items, toolUseIdsOf(translated));
  // A step of its own from the future is left out, as an event would be refused.
  const timely = steps.filter(({ step }) => step.occurredAt.getTime() <= received.getTime() + FUTURE_TOLERANCE_MS);
  await storeSentEvents(trx, deps, caller, items, refusals, received, timely);
  return refusals.length === 0 ? { rejected: 0 } : { rejected: refusals.length, message: `${refusals.length} record(s) refused; the first: ${refusals[0]!.problem}` };
}
