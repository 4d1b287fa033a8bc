import type { Selectable } from 'kysely';
import type { Db } from '../db/store.js';
import type { MessagesTable } from '../db/tables/compute.js';
import { newId } from '../domain/ids.js';
import { nextSessionStatus, type SessionStatus } from '../domain/session-status.js';
import { DomainError, notFound } from '../domain/errors.js';
import { titleFromText } from '../domain/session-title.js';
import { anyLapsedRun, applySessionChange, lockAndMove, lockLapsedRuns, lockSession, lockSessionsOfComputer, type ListOrder, type SessionChange, type SessionRecord } from './sessions.js';

// Messages of a session, and the queue of user messages waiting for a computer's agent.
// Writes that change a session's status run in one short transaction with the session row
// locked (lockAndMove), so a message and its status change land together or not at all.

export type MessageRole = 'user' | 'assistant' | 'tool' | 'system';

export interface ContentBlock {
  id: string;
  text: string;
  [field: string]: unknown;
}

export interface MessageRecord {
  id: string;
  sessionId: string;
  role: MessageRole;
  content: ContentBlock[];
  parentId: string | null;
  userMessageSource: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = ['id', 'session_id', 'role', 'content', 'parent_id', 'user_message_source', 'created_at', 'updated_at'] as const;
type Row = Pick<Selectable<MessagesTable>, (typeof columns)[number]>;

function toRecord(row: Row): MessageRecord {
  return {
    id: row.id,
    sessionId: row.session_id,
    role: row.role as MessageRole,
    content: row.content as ContentBlock[],
    parentId: row.parent_id,
    userMessageSource: row.user_message_source,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

interface NewMessage {
  /** A caller-chosen id (already used elsewhere, e.g. in telemetry); a new one otherwise. */
  id?: string;
  role: MessageRole;
  content: ContentBlock[];
  parentId?: string | undefined;
  userMessageSource?: string;
  /** User messages only: the computer whose agent the message waits for. */
  queueFor?: string;
}

async function insertMessage(db: Db, organizationId: string, sessionId: string, message: NewMessage, now: Date): Promise<string> {
  const id = message.id ?? newId('msg', now.getTime());
  await db
    .insertInto('messages')
    .values({
      id,
      organization_id: organizationId,
      session_id: sessionId,
      role: message.role,
      content: JSON.stringify(message.content),
      parent_id: message.parentId ?? null,
      user_message_source: message.userMessageSource ?? null,
      computer_id: message.queueFor ?? null,
      delivery: message.queueFor ? 'queued' : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** The text blocks of a message, joined by newlines. */
export function textOf(content: readonly ContentBlock[]): string {
  return content
    .filter((block) => (block.type ?? 'text') === 'text')
    .map((block) => block.text)
    .join('\n');
}

/**
 * Queues a user message for `computerId` and moves the session to pending (or leaves it
 * running). A session without a computer takes this one as its computer.
 */
export async function queueUserMessage(
  db: Db,
  organizationId: string,
  sessionId: string,
  message: { content: ContentBlock[]; computerId: string; userMessageSource: string },
): Promise<{ messageId: string; status: SessionStatus } | undefined> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const moved = await lockAndMove(trx, organizationId, sessionId, { kind: 'queue' });
    if (!moved) return undefined;
    const messageId = await insertMessage(trx, organizationId, sessionId, { role: 'user', content: message.content, userMessageSource: message.userMessageSource, queueFor: message.computerId }, now);
    // A session without a title takes its first user message's beginning.
    const title = moved.session.title === null ? titleFromText(textOf(message.content)) : undefined;
    const change: SessionChange = {
      status: moved.status,
      addedMessages: 1,
      ...(moved.session.computerId ? {} : { computerId: message.computerId }),
      ...(title !== undefined ? { title } : {}),
    };
    await applySessionChange(trx, organizationId, sessionId, change, now);
    return { messageId, status: moved.status };
  });
}

/** How many times a lapsed run's message returns to the queue before the session gives up on it. */
export const MAX_REQUEUES = 3;

export interface Claim {
  sessionId: string;
  runId: string;
  leaseExpiresAt: Date;
  message: MessageRecord;
}

/**
 * Hands the computer the oldest queued user message of a pending session routed to it, and
 * marks the session running with a new run holding a lease of `leaseMs`. The candidate rows are
 * locked with SKIP LOCKED, so two claimers never take the same message or start the same session
 * twice.
 */
export async function claimNextMessage(db: Db, organizationId: string, computerId: string, leaseMs: number): Promise<Claim | undefined> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const candidate = await trx
      .selectFrom('messages as m')
      .innerJoin('sessions as s', 's.id', 'm.session_id')
      .select(['m.id', 'm.session_id'])
      .where('m.organization_id', '=', organizationId)
      .where('m.computer_id', '=', computerId)
      .where('m.delivery', '=', 'queued')
      .where('s.status', '=', 'pending')
      .orderBy('m.id')
      .limit(1)
      .forUpdate(['m', 's'])
      .skipLocked()
      .executeTakeFirst();
    if (!candidate) return undefined;
    const moved = await lockAndMove(trx, organizationId, candidate.session_id, { kind: 'claim' });
    if (!moved) return undefined;
    const row = await trx
      .updateTable('messages')
      .set((eb) => ({ delivery: 'claimed', delivery_attempts: eb('delivery_attempts', '+', 1), updated_at: now }))
      .where('organization_id', '=', organizationId)
      .where('id', '=', candidate.id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    const run = { id: newId('run', now.getTime()), messageId: candidate.id, leaseExpiresAt: new Date(now.getTime() + leaseMs) };
    await applySessionChange(trx, organizationId, candidate.session_id, { status: moved.status, runningComputerId: computerId, run }, now);
    return { sessionId: candidate.session_id, runId: run.id, leaseExpiresAt: run.leaseExpiresAt, message: toRecord(row) };
  });
}

/**
 * The agent of `computerId` sees a session routed to it (its computer, or the one running it):
 * others are not found. Writing to it needs the run to be on this computer (session_not_running
 * otherwise), and to be the run named when one is (`runId`; run_lost otherwise: it ended, its
 * lease lapsed, or it was interrupted).
 */
export function assertRunningOn(session: SessionRecord | undefined, computerId: string, runId?: string): asserts session is SessionRecord {
  if (!session || (session.computerId !== computerId && session.runningComputerId !== computerId)) throw notFound('session');
  if (session.runningComputerId !== computerId) throw new DomainError('session_not_running', `the session is ${session.status}, not running on this computer`);
  if (runId !== undefined && session.runId !== runId) throw new DomainError('run_lost', `run ${runId} is over (it ended, its lease lapsed, or it was interrupted): stop it`);
}

async function hasQueuedMessages(db: Db, sessionId: string): Promise<boolean> {
  const queued = await db.selectFrom('messages').select('id').where('session_id', '=', sessionId).where('delivery', '=', 'queued').limit(1).executeTakeFirst();
  return queued !== undefined;
}

/**
 * Appends an agent message to a session running on `computerId` (in run `runId` when given),
 * adding `usage` to its token usage. The post renews the run's lease.
 */
export async function appendAgentMessage(
  db: Db,
  organizationId: string,
  sessionId: string,
  run: { computerId: string; runId?: string | undefined; leaseMs: number },
  message: { id: string; role: MessageRole; content: ContentBlock[]; parentId?: string | undefined; usage?: SessionChange['usage'] },
): Promise<void> {
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const session = await lockSession(trx, organizationId, sessionId);
    assertRunningOn(session, run.computerId, run.runId);
    await insertMessage(trx, organizationId, sessionId, { id: message.id, role: message.role, content: message.content, parentId: message.parentId }, now);
    const change: SessionChange = { addedMessages: 1, leaseExpiresAt: new Date(now.getTime() + run.leaseMs), ...(message.usage ? { usage: message.usage } : {}) };
    await applySessionChange(trx, organizationId, sessionId, change, now);
  });
}

/** Ends the run on `computerId` (run `runId` when given): idle, or pending when user messages still wait. */
export async function finishRun(db: Db, organizationId: string, sessionId: string, computerId: string, runId?: string): Promise<SessionStatus> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const session = await lockSession(trx, organizationId, sessionId);
    assertRunningOn(session, computerId, runId);
    // Read under the lock: a message queued meanwhile waits for the lock, then sees the new status.
    const status = nextSessionStatus(session.status, { kind: 'finish', moreQueued: await hasQueuedMessages(trx, sessionId) });
    await applySessionChange(trx, organizationId, sessionId, { status, runningComputerId: null, run: null, completedAt: now }, now);
    return status;
  });
}

function systemText(text: string, now: Date): NewMessage {
  return { role: 'system', content: [{ id: newId('blk', now.getTime()), type: 'text', text }] };
}

/**
 * Takes lapsed runs from their agents: the run's message returns to the queue (its computer's),
 * at most MAX_REQUEUES times; after that it is dropped and the session gets a system message
 * saying its agent was lost. Safe on many replicas at once (SKIP LOCKED). Answers the computers
 * that have messages queued again.
 */
export async function expireLapsedRuns(db: Db, now: Date, scope?: { organizationId: string; computerId: string }): Promise<string[]> {
  if (!(await anyLapsedRun(db, now, scope))) return [];
  return db.transaction().execute(async (trx) => {
    const requeuedFor = new Set<string>();
    for (const session of await lockLapsedRuns(trx, now, scope)) {
      const message = session.runMessageId
        ? await trx.selectFrom('messages').select(['delivery_attempts', 'computer_id']).where('organization_id', '=', session.organizationId).where('id', '=', session.runMessageId).executeTakeFirst()
        : undefined;
      const requeue = message !== undefined && message.delivery_attempts <= MAX_REQUEUES;
      if (message) await trx.updateTable('messages').set({ delivery: requeue ? 'queued' : 'dropped', updated_at: now }).where('organization_id', '=', session.organizationId).where('id', '=', session.runMessageId!).execute();
      if (requeue && message.computer_id) requeuedFor.add(message.computer_id);
      if (!requeue) {
        const text = `The agent was lost: message ${session.runMessageId ?? '(unknown)'} was claimed ${message?.delivery_attempts ?? 0} times and no agent finished it, so it was taken off the queue.`;
        await insertMessage(trx, session.organizationId, session.id, systemText(text, now), now);
      }
      const status = nextSessionStatus(session.status, { kind: 'finish', moreQueued: requeue || (await hasQueuedMessages(trx, session.id)) });
      await applySessionChange(trx, session.organizationId, session.id, { status, runningComputerId: null, run: null, addedMessages: requeue ? 0 : 1 }, now);
    }
    return [...requeuedFor];
  });
}

/**
 * A user stops the session: the run in progress is over (its agent learns it on its next
 * heartbeat or post) and the user messages still queued are dropped; the session is idle.
 * An idle session stays as it is.
 */
export async function interruptSession(db: Db, organizationId: string, sessionId: string): Promise<boolean> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const session = await lockSession(trx, organizationId, sessionId);
    if (!session) return false;
    // Nothing runs and nothing waits: interrupting is a no-op, not an error (decisions.md §13).
    if (session.status === 'idle') return true;
    const moved = { status: nextSessionStatus(session.status, { kind: 'interrupt' }) };
    await trx.updateTable('messages').set({ delivery: 'dropped', updated_at: now }).where('session_id', '=', sessionId).where('delivery', '=', 'queued').execute();
    await applySessionChange(trx, organizationId, sessionId, { status: moved.status, runningComputerId: null, run: null }, now);
    return true;
  });
}

/**
 * Before a computer is deleted: its run in progress ends and the messages queued for it are
 * dropped; each session concerned gets a system message saying so, and becomes idle (or stays
 * pending when messages for another computer wait).
 */
export async function releaseComputerSessions(db: Db, organizationId: string, computerId: string, now: Date): Promise<void> {
  for (const session of await lockSessionsOfComputer(db, organizationId, computerId)) {
    await db.updateTable('messages').set({ delivery: 'dropped', updated_at: now }).where('session_id', '=', session.id).where('computer_id', '=', computerId).where('delivery', '=', 'queued').execute();
    const runEnds = session.runningComputerId === computerId;
    await insertMessage(db, organizationId, session.id, systemText(`Computer ${computerId} was deleted: ${runEnds ? 'its run ended and ' : ''}the messages queued for it were dropped.`, now), now);
    const moreQueued = await hasQueuedMessages(db, session.id);
    const status = runEnds ? nextSessionStatus(session.status, { kind: 'finish', moreQueued }) : session.status === 'pending' && !moreQueued ? 'idle' : session.status;
    await applySessionChange(db, organizationId, session.id, { status, addedMessages: 1, ...(runEnds ? { runningComputerId: null, run: null } : {}) }, now);
  }
}

export async function findMessage(db: Db, organizationId: string, sessionId: string, messageId: string): Promise<MessageRecord | undefined> {
  const row = await db
    .selectFrom('messages')
    .select(columns)
    .where('organization_id', '=', organizationId)
    .where('session_id', '=', sessionId)
    .where('id', '=', messageId)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** In creation order (ids sort by creation time), oldest first unless `desc`. */
export async function listMessages(
  db: Db,
  organizationId: string,
  sessionId: string,
  filter: { role?: MessageRole | undefined },
  page: { after: string | undefined; limit: number; order: ListOrder },
): Promise<MessageRecord[]> {
  let query = db.selectFrom('messages').select(columns).where('organization_id', '=', organizationId).where('session_id', '=', sessionId);
  if (filter.role !== undefined) query = query.where('role', '=', filter.role);
  if (page.after !== undefined) query = query.where('id', page.order === 'asc' ? '>' : '<', page.after);
  return (await query.orderBy('id', page.order).limit(page.limit).execute()).map(toRecord);
}
