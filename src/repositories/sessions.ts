import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/store.js';
import type { SessionsTable } from '../db/tables/compute.js';
import { newId } from '../domain/ids.js';
import { nextSessionStatus, type SessionEvent, type SessionStatus } from '../domain/session-status.js';
import { mayActOn, type Actor } from '../domain/access.js';
import { notFound } from '../domain/errors.js';

// Sessions: their settings, status and token usage. Status changes go through
// nextSessionStatus under a row lock, so concurrent requests never skip a state.

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheCreationTokens: number;
  cacheReadTokens: number;
  thinkingTokens: number;
  serviceCredits: number;
}

export interface SessionRecord {
  id: string;
  organizationId: string;
  ownerUserId: string;
  title: string | null;
  computerId: string | null;
  runningComputerId: string | null;
  status: SessionStatus;
  settings: Record<string, unknown>;
  messageCount: number;
  tokenUsage: TokenUsage;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  /** The current run: its id, the claimed user message and when its lease lapses (null when none). */
  runId: string | null;
  runMessageId: string | null;
  leaseExpiresAt: Date | null;
  /** Its working directory on its computer, and the session it was started from. */
  cwd: string | null;
  parentSessionId: string | null;
}

const columns = [
  'id',
  'organization_id',
  'owner_user_id',
  'title',
  'computer_id',
  'running_computer_id',
  'status',
  'settings',
  'message_count',
  'input_tokens',
  'output_tokens',
  'cache_creation_tokens',
  'cache_read_tokens',
  'thinking_tokens',
  'service_credits',
  'created_at',
  'updated_at',
  'completed_at',
  'run_id',
  'run_message_id',
  'lease_expires_at',
  'cwd',
  'parent_session_id',
] as const;

type Row = Pick<Selectable<SessionsTable>, (typeof columns)[number]>;

function toRecord(row: Row): SessionRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    ownerUserId: row.owner_user_id,
    title: row.title,
    computerId: row.computer_id,
    runningComputerId: row.running_computer_id,
    status: row.status as SessionStatus,
    settings: row.settings,
    messageCount: row.message_count,
    tokenUsage: {
      inputTokens: row.input_tokens,
      outputTokens: row.output_tokens,
      cacheCreationTokens: row.cache_creation_tokens,
      cacheReadTokens: row.cache_read_tokens,
      thinkingTokens: row.thinking_tokens,
      serviceCredits: row.service_credits,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
    runId: row.run_id,
    runMessageId: row.run_message_id,
    leaseExpiresAt: row.lease_expires_at,
    cwd: row.cwd,
    parentSessionId: row.parent_session_id,
  };
}

export async function insertSession(
  db: Db,
  organizationId: string,
  ownerUserId: string,
  input: { title?: string | undefined; computerId?: string | undefined; settings: Record<string, unknown>; cwd?: string | undefined; parentSessionId?: string | undefined },
): Promise<SessionRecord> {
  const row = await db
    .insertInto('sessions')
    .values({
      id: newId('ses'),
      organization_id: organizationId,
      owner_user_id: ownerUserId,
      title: input.title ?? null,
      computer_id: input.computerId ?? null,
      settings: JSON.stringify(input.settings),
      cwd: input.cwd ?? null,
      parent_session_id: input.parentSessionId ?? null,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function findSession(db: Db, organizationId: string, sessionId: string): Promise<SessionRecord | undefined> {
  const row = await db.selectFrom('sessions').select(columns).where('organization_id', '=', organizationId).where('id', '=', sessionId).executeTakeFirst();
  return row && toRecord(row);
}

/** The session, when the actor may act on it (domain/access.ts); not_found otherwise. */
export async function findVisibleSession(db: Db, actor: Actor, sessionId: string): Promise<SessionRecord> {
  const session = await findSession(db, actor.organizationId, sessionId);
  if (!session || !mayActOn(actor, session.ownerUserId)) throw notFound('session');
  return session;
}

export type ListOrder = 'asc' | 'desc';

export async function listSessions(
  db: Db,
  organizationId: string,
  filter: { ownerUserId?: string; computerId?: string | undefined; parentSessionId?: string },
  page: { after: string | undefined; limit: number; order: ListOrder },
): Promise<SessionRecord[]> {
  let query = db.selectFrom('sessions').select(columns).where('organization_id', '=', organizationId);
  if (filter.ownerUserId !== undefined) query = query.where('owner_user_id', '=', filter.ownerUserId);
  if (filter.computerId !== undefined) query = query.where('computer_id', '=', filter.computerId);
  if (filter.parentSessionId !== undefined) query = query.where('parent_session_id', '=', filter.parentSessionId);
  if (page.after !== undefined) query = query.where('id', page.order === 'asc' ? '>' : '<', page.after);
  return (await query.orderBy('id', page.order).limit(page.limit).execute()).map(toRecord);
}

/** Deletes the session and its messages; false when there was none. */
export async function deleteSession(db: Db, organizationId: string, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('organization_id', '=', organizationId).where('id', '=', sessionId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Replaces the settings keys given, keeping the others; and the working directory and title when given. */
export async function patchSession(
  db: Db,
  organizationId: string,
  sessionId: string,
  patch: { settings: Record<string, unknown>; cwd?: string | undefined; title?: string | undefined },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({
      settings: sql`settings || ${JSON.stringify(patch.settings)}::jsonb`,
      ...(patch.cwd !== undefined ? { cwd: patch.cwd } : {}),
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      updated_at: new Date(),
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', sessionId)
    .execute();
}

/** The session, its row locked for the rest of the transaction. */
export async function lockSession(db: Db, organizationId: string, sessionId: string): Promise<SessionRecord | undefined> {
  const row = await db.selectFrom('sessions').select(columns).where('organization_id', '=', organizationId).where('id', '=', sessionId).forUpdate().executeTakeFirst();
  return row && toRecord(row);
}

/** Locks the session and moves its status by `event` (409 when the move is illegal). */
export async function lockAndMove(db: Db, organizationId: string, sessionId: string, event: SessionEvent): Promise<{ session: SessionRecord; status: SessionStatus } | undefined> {
  const session = await lockSession(db, organizationId, sessionId);
  return session && { session, status: nextSessionStatus(session.status, event) };
}

/**
 * Running sessions whose lease lapsed before `now`, locked (SKIP LOCKED: another replica's sweep
 * takes the others). Scoped to one computer's runs when given.
 */
function lapsedRuns(db: Db, now: Date, scope?: { organizationId: string; computerId: string }) {
  const query = db.selectFrom('sessions').where('status', '=', 'running').where('lease_expires_at', '<', now);
  return scope ? query.where('organization_id', '=', scope.organizationId).where('running_computer_id', '=', scope.computerId) : query;
}

export async function lockLapsedRuns(db: Db, now: Date, scope?: { organizationId: string; computerId: string }): Promise<SessionRecord[]> {
  const rows = await lapsedRuns(db, now, scope).select(columns).orderBy('lease_expires_at').limit(100).forUpdate().skipLocked().execute();
  return rows.map(toRecord);
}

/** Whether any run has lapsed, without a lock: most of the time none has, and no transaction is needed. */
export async function anyLapsedRun(db: Db, now: Date, scope?: { organizationId: string; computerId: string }): Promise<boolean> {
  return (await lapsedRuns(db, now, scope).select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Sessions with a run on, or a message queued for, the computer; locked. */
export async function lockSessionsOfComputer(db: Db, organizationId: string, computerId: string): Promise<SessionRecord[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(columns)
    .where('organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb('running_computer_id', '=', computerId),
        eb('id', 'in', eb.selectFrom('messages').select('session_id').where('computer_id', '=', computerId).where('delivery', '=', 'queued')),
      ]),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map(toRecord);
}

/** Renews the leases of the given runs held by the computer; answers the run ids still held. */
export async function renewLeases(db: Db, organizationId: string, computerId: string, runIds: readonly string[], leaseExpiresAt: Date): Promise<string[]> {
  if (runIds.length === 0) return [];
  const rows = await db
    .updateTable('sessions')
    .set({ lease_expires_at: leaseExpiresAt })
    .where('organization_id', '=', organizationId)
    .where('running_computer_id', '=', computerId)
    .where('status', '=', 'running')
    .where('run_id', 'in', [...runIds])
    .returning('run_id')
    .execute();
  return rows.map((row) => row.run_id).filter((id): id is string => id !== null);
}

export interface SessionChange {
  status?: SessionStatus;
  title?: string;
  computerId?: string | null;
  runningComputerId?: string | null;
  addedMessages?: number;
  usage?: TokenUsage;
  completedAt?: Date;
  /** A new run (with its lease), a renewed lease, or null to clear the run. */
  run?: { id: string; messageId: string; leaseExpiresAt: Date } | null;
  leaseExpiresAt?: Date;
}

export async function applySessionChange(db: Db, organizationId: string, sessionId: string, change: SessionChange, now: Date): Promise<void> {
  const usage = change.usage;
  await db
    .updateTable('sessions')
    .set((eb) => ({
      updated_at: now,
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.title !== undefined ? { title: change.title } : {}),
      ...(change.computerId !== undefined ? { computer_id: change.computerId } : {}),
      ...(change.runningComputerId !== undefined ? { running_computer_id: change.runningComputerId } : {}),
      ...(change.completedAt !== undefined ? { completed_at: change.completedAt } : {}),
      ...(change.run !== undefined ? { run_id: change.run?.id ?? null, run_message_id: change.run?.messageId ?? null, lease_expires_at: change.run?.leaseExpiresAt ?? null } : {}),
      ...(change.leaseExpiresAt !== undefined ? { lease_expires_at: change.leaseExpiresAt } : {}),
      ...(change.addedMessages ? { message_count: eb('message_count', '+', change.addedMessages) } : {}),
      ...(usage
        ? {
            input_tokens: eb('input_tokens', '+', usage.inputTokens),
            output_tokens: eb('output_tokens', '+', usage.outputTokens),
            cache_creation_tokens: eb('cache_creation_tokens', '+', usage.cacheCreationTokens),
            cache_read_tokens: eb('cache_read_tokens', '+', usage.cacheReadTokens),
            thinking_tokens: eb('thinking_tokens', '+', usage.thinkingTokens),
            service_credits: eb('service_credits', '+', usage.serviceCredits),
          }
        : {}),
    }))
    .where('organization_id', '=', organizationId)
    .where('id', '=', sessionId)
    .execute();
}

/** Deletes the organization's idle sessions (and their messages) untouched since `cutoff`. */
export async function deleteIdleSessionsBefore(db: Db, organizationId: string, cutoff: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'idle')
    .where('updated_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Organizations that have any session (the retention job's work list). */
export async function organizationsWithSessions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('sessions').select('organization_id').distinct().execute();
  return rows.map((row) => row.organization_id);
}
