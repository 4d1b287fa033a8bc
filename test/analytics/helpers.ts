import { extname } from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { recordEvents } from '../../src/telemetry/ingest.js';
import type { TelemetryEvent } from '../../src/telemetry/events.js';
import { auth, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import type { Client, RefEvent } from './reference.js';

// Shared by the analytics tests: random telemetry events (small value pools, so that names,
// models and ids collide), posting them, running the rollup, and comparing with tolerance.

export const DAY_MS = 86_400_000;
export const today = () => new Date().toISOString().slice(0, 10);
export const daysAgo = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

const CLIENTS: Client[] = ['terminal-ui', 'web', 'non-interactive-cli'];

const body = fc.oneof(
  fc.constant({ type: 'session_start' }),
  fc.record({ type: fc.constant('user_message'), autonomyMode: fc.constantFrom('auto-high', 'auto-medium', 'auto-low', 'spec', 'manual') }),
  fc.constant({ type: 'assistant_message' }),
  fc.record(
    {
      type: fc.constant('model_call'),
      // A model the price dataset prices, and others it does not (docs/prices.md).
      modelId: fc.constantFrom('m-a', 'm-b', 'M-c', 'claude-sonnet-4-5', 'gpt-5'),
      modelTier: fc.constantFrom('standard', 'thinking'),
      inputTokens: fc.integer({ min: 0, max: 5000 }),
      outputTokens: fc.integer({ min: 0, max: 2000 }),
      // Any cache read count, and fractional billable tokens: credits are fixed point, so sums are
      // exact whatever the order, and compared exactly.
      cacheReadTokens: fc.integer({ min: 0, max: 333 }),
      cacheWriteTokens: fc.integer({ min: 0, max: 300 }),
      billableTokens: fc.constantFrom(0, 7, 12.5, 0.1, 0.2, 0.3, 1234567.1, 2453728.0000001, 0.0000004),
      // Kept to the micro-dollar (0.00000015 is 0), summed exactly.
      reportedCostUsd: fc.constantFrom(0, 0.0123, 0.1, 0.2, 0.00000015, 3.4567891, 250),
    },
    { requiredKeys: ['type', 'modelId', 'modelTier', 'inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens'] },
  ),
  fc.record(
    {
      type: fc.constant('tool_call'),
      tool: fc.constantFrom('Read', 'Edit', 'Bash', 'Grep'),
      mcpServer: fc.constantFrom('GitHub', 'github', 'GITHUB', 'jira', 'Jira'),
      autonomyLevel: fc.constantFrom('auto_high', 'auto_medium', 'auto_low', 'manual'),
    },
    { requiredKeys: ['type', 'tool', 'autonomyLevel'] },
  ),
  fc.record({ type: fc.constantFrom('skill', 'slash_command'), name: fc.constantFrom('review', 'deploy', 'test') }),
  fc.record({ type: fc.constant('hook'), event: fc.constantFrom('PreToolUse', 'Stop'), matcher: fc.constantFrom('', 'Bash'), command: fc.constantFrom('lint', 'notify') }),
  fc.record({
    type: fc.constantFrom('file_created', 'file_edited'),
    path: fc.constantFrom('src/a.ts', 'B.TS', 'Makefile', 'conf/.env', 'pkg.tar.gz', 'notes.', 'x/y.Py'),
    language: fc.constantFrom('typescript', 'python', 'make'),
  }),
  fc.constant({ type: 'git_commit' }),
  fc.constant({ type: 'pr_created' }),
  fc.record({ type: fc.constant('tool_decision'), tool: fc.constantFrom('Edit', 'Write'), decision: fc.constantFrom('accept', 'reject') }),
  fc.record({ type: fc.constant('lines_changed'), linesAdded: fc.integer({ min: 0, max: 500 }), linesRemoved: fc.integer({ min: 0, max: 500 }) }),
);

/** Agent products, and none (Quarterdeck's own clients). */
const AGENTS = ['claude-code', 'codex', 'gemini-cli'];

export interface GeneratedEvent {
  id: number;
  daysAgo: number;
  msOfDay: number;
  /** Minutes east of UTC for an ISO timestamp; null sends Unix ms. */
  offset: number | null;
  user: number;
  byEmail: boolean;
  session: string;
  client: Client;
  /** The agent product, if any. */
  agent?: string;
  /**
   * An event as an OpenTelemetry exporter's translation makes it (stored through recordEvents,
   * not the events endpoint): without client when `withoutClient`, without autonomy mode or
   * level when `withoutAutonomy`, a file's extension instead of its path and no language when
   * `withoutFileDetails`.
   */
  exported?: { withoutClient: boolean; withoutAutonomy: boolean; withoutFileDetails: boolean };
  body: Record<string, unknown>;
}

export const eventArb = (maxDaysAgo: number, idPool: number): fc.Arbitrary<GeneratedEvent> =>
  fc.record({
    id: fc.integer({ min: 0, max: idPool }),
    daysAgo: fc.integer({ min: 1, max: maxDaysAgo }),
    msOfDay: fc.integer({ min: 0, max: DAY_MS - 1 }),
    offset: fc.option(fc.integer({ min: -48, max: 56 }).map((quarters) => quarters * 15), { nil: null }),
    user: fc.integer({ min: 0, max: 3 }),
    byEmail: fc.boolean(),
    session: fc.constantFrom('s1', 's2', 's3', 's4'),
    client: fc.constantFrom(...CLIENTS),
    agent: fc.option(fc.constantFrom(...AGENTS), { nil: undefined }),
    body: body as fc.Arbitrary<Record<string, unknown>>,
  });

/** Events as exporters' translations make them: an agent product always, client and autonomy sometimes left out. */
export const exportedEventArb = (maxDaysAgo: number, idPool: number): fc.Arbitrary<GeneratedEvent> =>
  fc.record({
    generated: eventArb(maxDaysAgo, idPool),
    agent: fc.constantFrom(...AGENTS),
    exported: fc.record({ withoutClient: fc.boolean(), withoutAutonomy: fc.boolean(), withoutFileDetails: fc.boolean() }),
  }).map(({ generated, agent, exported }) => ({ ...generated, agent, exported }));

function isoWithOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface MaterializedEvent {
  /** The event as sent: on the events endpoint (with attribution), or recorded for `exportedFor`. */
  wire: Record<string, unknown>;
  ref: RefEvent;
  /** An exported event: the user it is recorded for. */
  exportedFor?: string;
}

/** A file event's body as an exporter that sends only the extension, and no language, makes it. */
function withFileDetails({ exported, body }: GeneratedEvent): Record<string, unknown> {
  if (!exported?.withoutFileDetails || (body.type !== 'file_created' && body.type !== 'file_edited')) return body;
  const { path, language: _language, ...rest } = body;
  const extension = extname(path as string);
  return extension ? { ...rest, extension } : rest;
}

/** Whether a field is left out of an exported event. */
function leftOut(exported: GeneratedEvent['exported'], field: string): boolean {
  if (!exported) return false;
  return field === 'client' ? exported.withoutClient : (field === 'autonomyMode' || field === 'autonomyLevel') && exported.withoutAutonomy;
}

/**
 * The event as sent and its reference twin, attributed to one of `users` by id or e-mail. An
 * exported event's id is of its own (`x` after the prefix) and its user follows from its id, so
 * one id is always the same user's, sent the same way.
 */
export function materialize(generated: GeneratedEvent, users: Caller[], idPrefix: string): MaterializedEvent {
  const { exported } = generated;
  const user = users[(exported ? generated.id : generated.user) % users.length]!;
  const instant = Date.parse(`${daysAgo(generated.daysAgo)}T00:00:00Z`) + generated.msOfDay;
  const id = `${idPrefix}${exported ? 'x' : ''}${generated.id}`;
  const fields = { sessionId: generated.session, client: generated.client, ...(generated.agent ? { agent: generated.agent } : {}), ...withFileDetails(generated) };
  const common = { id, ...Object.fromEntries(Object.entries(fields).filter(([field]) => !leftOut(exported, field))) };
  const timestamp = generated.offset === null ? instant : isoWithOffset(instant, generated.offset);
  const ref = { ...common, timestamp: instant, userId: user.id } as RefEvent;
  if (exported) return { wire: { ...common, timestamp }, ref, exportedFor: user.id };
  const attribution = generated.byEmail ? { userEmail: user.email.toUpperCase() } : { userId: user.id };
  return { wire: { ...common, timestamp, ...attribution }, ref };
}

export async function postEvents(server: TestServer, key: string, events: unknown[]) {
  return server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(key), payload: { events } });
}

/**
 * Stores events the way they arrive: the events endpoint for Quarterdeck's own clients' events,
 * recordEvents (the path of OpenTelemetry translations) per user for exported ones. Returns what
 * was accepted and what was a duplicate, over both.
 */
export async function sendEvents(server: TestServer, organization: TestOrganization, events: MaterializedEvent[]): Promise<{ accepted: number; duplicates: number }> {
  const total = { accepted: 0, duplicates: 0 };
  const own = events.filter((event) => !event.exportedFor);
  if (own.length > 0) {
    const response = await postEvents(server, organization.owner.key, own.map((event) => event.wire));
    expect(response.statusCode, response.body).toBe(202);
    const body = response.json() as typeof total;
    total.accepted += body.accepted;
    total.duplicates += body.duplicates;
  }
  for (const userId of new Set(events.flatMap((event) => event.exportedFor ?? []))) {
    const exported = events.filter((event) => event.exportedFor === userId).map((event) => event.wire as unknown as TelemetryEvent);
    const result = await recordEvents(server.store.db, server.config.modelCatalogue, organization.id, userId, exported);
    total.accepted += result.accepted;
    total.duplicates += result.duplicates;
  }
  return total;
}

export async function runRollups(server: TestServer) {
  const response = await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: auth(server.adminToken) });
  expect(response.statusCode).toBe(200);
  return response.json() as { aggregatedDays: number; pendingDays: number };
}

/**
 * Numbers equal within floating-point error (SQL and the reference compute averages and
 * percentiles in other orders). Credits (`billable_tokens`) are fixed point and compared exactly.
 */
function alignNumbers(actual: unknown, expected: unknown, key?: string): unknown {
  if (key === 'billable_tokens') return actual;
  if (typeof actual === 'number' && typeof expected === 'number') {
    return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(actual), Math.abs(expected)) ? expected : actual;
  }
  if (Array.isArray(actual) && Array.isArray(expected)) return actual.map((item, i) => alignNumbers(item, expected[i]));
  if (actual && expected && typeof actual === 'object' && typeof expected === 'object') {
    return Object.fromEntries(Object.entries(actual).map(([name, value]) => [name, alignNumbers(value, (expected as Record<string, unknown>)[name], name)]));
  }
  return actual;
}

export function expectClose(actual: unknown, expected: unknown, label: string) {
  expect(alignNumbers(actual, expected), label).toEqual(expected);
}
