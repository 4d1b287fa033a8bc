import { AUTONOMY_LEVELS, CLIENTS, type Client } from '../../telemetry/events.js';
import type { EventRecord, PointRecord } from '../records.js';
import { genAiDetail, genAiSpan } from './genai.js';
import { attribute, knownAttribute, resourceInstallation, text, times, type Draft, type Identity, type Translator } from './translator.js';

// Factory Droid: its `droid.*` counters (sessions, tool invocations with the session's autonomy
// mode, files and lines modified) and, in its GenAI mode, the conventions' spans. Droid sends no
// token counts: its model usage stays empty.

type AutonomyLevel = (typeof AUTONOMY_LEVELS)[number];

/** Droid's autonomy modes (`auto-low`) are the tool-call levels (`auto_low`). */
function autonomyLevel(point: PointRecord): AutonomyLevel | undefined {
  const level = text(point.attributes, 'session.autonomy_mode')?.replace('-', '_');
  return (AUTONOMY_LEVELS as readonly string[]).includes(level ?? '') ? (level as AutonomyLevel) : undefined;
}

const COUNTERS: Record<string, (point: PointRecord, amount: number) => Draft[]> = {
  'droid.session.count': (_point, amount) => [{ type: 'session_start', times: times(amount) }],
  'droid.tool.invocations': (point, amount) => {
    const tool = text(point.attributes, 'tool.name');
    return tool ? [{ type: 'tool_call', tool, autonomyLevel: autonomyLevel(point), times: times(amount) }] : [];
  },
  'droid.code.files_modified': (point, amount) => {
    const operation = text(point.attributes, 'operation');
    const type = operation === 'create' ? 'file_created' : operation === 'edit' || operation === 'update' ? 'file_edited' : undefined;
    return type ? [{ type, extension: text(point.attributes, 'file.extension'), times: times(amount) }] : [];
  },
  'droid.code.lines_modified': (point, amount) => {
    const operation = text(point.attributes, 'operation');
    if (operation === 'added') return [{ type: 'lines_changed', linesAdded: times(amount), linesRemoved: 0 }];
    if (operation === 'removed' || operation === 'deleted') return [{ type: 'lines_changed', linesAdded: 0, linesRemoved: times(amount) }];
    return [];
  },
};

/** Droid sends `unknown` (and airgapped placeholders) where it has no identity: `known` leaves them out. */
function identity(record: EventRecord | PointRecord): Identity {
  return { email: knownAttribute(record, 'user.email'), account: knownAttribute(record, 'user.id'), installation: resourceInstallation(record) };
}

function client(record: EventRecord | PointRecord): Client | undefined {
  const environment = text(record.attributes, 'environment.type');
  return (CLIENTS as readonly string[]).includes(environment ?? '') ? (environment as Client) : undefined;
}

export const droid: Translator = {
  agent: 'droid',
  event: (record) => genAiSpan(record),
  countsPoint: (point) => point.kind === 'sum' && point.name in COUNTERS,
  point: (point, amount) => COUNTERS[point.name]?.(point, amount) ?? [],
  identity,
  session: (record) => attribute(record, 'session.id', 'gen_ai.conversation.id'),
  client,
  detail: genAiDetail,
};
