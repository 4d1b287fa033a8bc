import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../../db/store.js';
import type { UserPrincipal } from '../../../http/auth.js';
import { notFound } from '../../../http/errors.js';
import type { Message, Session } from '../../../http/schemas.js';
import type { MessageRecord } from '../../../repositories/messages.js';
import { findSession, type SessionRecord, type TokenUsage } from '../../../repositories/sessions.js';
import { mayActOn } from '../computers/access.js';

// Sessions a caller may act on (a member: its own; owner/manager: all), and their API shapes.

export const SessionParams = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 128 }) });

export async function visibleSession(db: Db, principal: UserPrincipal, sessionId: string): Promise<SessionRecord> {
  const session = await findSession(db, principal.organizationId, sessionId);
  if (!session || !mayActOn(principal, session.ownerUserId)) throw notFound('session');
  return session;
}

const USAGE_KEYS = ['inputTokens', 'outputTokens', 'cacheCreationTokens', 'cacheReadTokens', 'thinkingTokens', 'serviceCredits'] as const;

/** The session's own usage plus the inclusive usage its child sessions reported. */
function inclusiveUsage(own: TokenUsage, children: unknown): TokenUsage {
  const total = { ...own };
  for (const child of Object.values((children ?? {}) as Record<string, TokenUsage>)) {
    for (const key of USAGE_KEYS) total[key] += child[key];
  }
  return total;
}

export function sessionView(session: SessionRecord): Static<typeof Session> {
  return {
    sessionId: session.id,
    status: session.status,
    messageCount: session.messageCount,
    createdAt: session.createdAt.getTime(),
    updatedAt: session.updatedAt.getTime(),
    ...(session.title !== null ? { title: session.title } : {}),
    ...(session.completedAt ? { completedAt: session.completedAt.getTime() } : {}),
    ...(session.computerId !== null ? { computerId: session.computerId } : {}),
    sessionSettings: {
      ...session.settings,
      tokenUsage: session.tokenUsage,
      inclusiveTokenUsage: inclusiveUsage(session.tokenUsage, session.settings.childInclusiveTokenUsageBySessionId),
    },
  };
}

export function messageView(message: MessageRecord): Static<typeof Message> {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    createdAt: message.createdAt.getTime(),
    updatedAt: message.updatedAt.getTime(),
    ...(message.parentId !== null ? { parentId: message.parentId } : {}),
    ...(message.userMessageSource !== null ? { userMessageSource: message.userMessageSource } : {}),
    visibility: 'both',
    isUserVisible: true,
    isError: false,
  };
}
