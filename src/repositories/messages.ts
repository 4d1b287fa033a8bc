import type { Selectable } from 'kysely';
import type { Db } from '../db/store.js';
import type { MessagesTable } from '../db/tables/compute.js';
import { newId } from '../domain/ids.js';
import { nextSessionStatus, type SessionStatus } from '../domain/session-status.js';
import { DomainError, notFound } from '../domain/errors.js';
import { applySessionChange, lockAndMove, lockSession, type SessionChange, type SessionRecord } from './sessions.js';

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
    const change: SessionChange = { status: moved.status, addedMessages: 1, ...(moved.session.computerId ? {} : { computerId: message.computerId }) };
    await applySessionChange(trx, organizationId, sessionId, change, now);
    return { messageId, status: moved.status };
  });
}

export interface Claim {
  sessionId: string;
  message: MessageRecord;
}

/**
 * Hands the computer the oldest queued user message of a pending session routed to it, and
 * marks the session running. The candidate rows are locked with SKIP LOCKED, so two claimers
 * never take the same message or start the same session twice.
 */
export async function claimNextMessage(db: Db, organizationId: string, computerId: string): Promise<Claim | undefined> {
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
      .set({ delivery: 'claimed', updated_at: now })
      .where('id', '=', candidate.id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await applySessionChange(trx, organizationId, candidate.session_id, { status: moved.status, runningComputerId: computerId }, now);
    return { sessionId: candidate.session_id, message: toRecord(row) };
  });
}

/**
 * The agent of `computerId` sees a session routed to it (its computer, or the one running it):
 * others are not found. Writing to it needs the run to be on this computer: session_not_running otherwise.
 */
export function assertRunningOn(session: SessionRecord | undefined, computerId: string): asserts session is SessionRecord {
  if (!session || (session.computerId !== computerId && session.runningComputerId !== computerId)) throw notFound('session');
  if (session.runningComputerId !== computerId) throw new DomainError('session_not_running', `the session is ${session.status}, not running on this computer`);
}

/** Appends an agent message to a session running on `computerId`, adding `usage` to its token usage. */
export async function appendAgentMessage(
  db: Db,
  organizationId: string,
  sessionId: string,
  computerId: string,
  message: { id: string; role: MessageRole; content: ContentBlock[]; parentId?: string | undefined; usage?: SessionChange['usage'] },
): Promise<void> {
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const session = await lockSession(trx, organizationId, sessionId);
    assertRunningOn(session, computerId);
    await insertMessage(trx, organizationId, sessionId, { id: message.id, role: message.role, content: message.content, parentId: message.parentId }, now);
    await applySessionChange(trx, organizationId, sessionId, { addedMessages: 1, ...(message.usage ? { usage: message.usage } : {}) }, now);
  });
}

/** Ends the run on `computerId`: idle, or pending again when user messages still wait. */
export async function finishRun(db: Db, organizationId: string, sessionId: string, computerId: string): Promise<SessionStatus> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const session = await lockSession(trx, organizationId, sessionId);
    assertRunningOn(session, computerId);
    // Read under the lock: a message queued meanwhile waits for the lock, then sees the new status.
    const queued = await trx.selectFrom('messages').select('id').where('session_id', '=', sessionId).where('delivery', '=', 'queued').limit(1).executeTakeFirst();
    const status = nextSessionStatus(session.status, { kind: 'finish', moreQueued: queued !== undefined });
    await applySessionChange(trx, organizationId, sessionId, { status, runningComputerId: null, completedAt: now }, now);
    return status;
  });
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

/** Oldest first (ids sort by creation time). */
export async function listMessages(db: Db, organizationId: string, sessionId: string, page: { after: string | undefined; limit: number }): Promise<MessageRecord[]> {
  let query = db.selectFrom('messages').select(columns).where('organization_id', '=', organizationId).where('session_id', '=', sessionId);
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  return (await query.orderBy('id').limit(page.limit).execute()).map(toRecord);
}
