import { Type, type Static } from '@sinclair/typebox';
import { computerStatus } from '../domain/computer-status.js';
import { freeForm } from '../domain/json-limits.js';
import type { ComputerRecord } from '../repositories/computers.js';
import type { MessageRecord } from '../repositories/messages.js';
import type { SessionRecord, TokenUsage as TokenUsageRecord } from '../repositories/sessions.js';
import { StringEnum, UnixMillis } from './common.js';

// Computers, sessions and messages (api.md; decisions.md §7, §8), and how the API shows them.

export const ComputerParams = Type.Object({ computerId: Type.String({ minLength: 1, maxLength: 128 }) });

/** The length and format rules shared by create and PATCH (api.md). */
export const ComputerName = Type.String({ minLength: 1, maxLength: 63 });
export const RemoteUser = Type.String({ minLength: 1, maxLength: 63 });
export const HostId = Type.String({ format: 'uuid' });

export const SessionParams = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 128 }) });

/**
 * A session's title as clients write it (create, the agent's sub-task, rename): 1–500 characters,
 * not white space alone, which would show as an untitled session no one can find.
 */
export const SessionTitle = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' });

/** A session's working directory on its computer: absolute, or relative to the agent's work directory. */
export const SessionCwd = Type.String({ minLength: 1, maxLength: 4096, pattern: '^[^\\u0000-\\u001F\\u007F]+$' });

export const ProvisioningStep = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    status: Type.String({ description: 'pending, running, completed or failed' }),
    error: Type.Optional(Type.String()),
    startedAt: Type.Optional(UnixMillis),
    completedAt: Type.Optional(UnixMillis),
    installSessionId: Type.Optional(Type.String()),
  },
  { $id: 'ProvisioningStep' },
);

export const RepoSpec = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, pattern: '^[^\\u0000-\\u001F\\u007F]+$', description: 'What `git clone` takes: https://, ssh://, git@host:path or a local path' }),
    branch: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^[^\\u0000-\\u0020\\u007F~^:?*\\[\\\\]+$' })),
  },
  { $id: 'RepoSpec', additionalProperties: false },
);

/** A repository as clients send it: its URL alone, or `{url, branch?}`. */
export const RepoInput = Type.Union([RepoSpec.properties.url, Type.Ref(RepoSpec)], { description: 'A repository URL, or {url, branch?}' });

/** One machine sample the agent reported with a heartbeat (sizes in bytes). */
export const MetricSampleInput = Type.Object(
  {
    cpuUsedPct: Type.Number({ minimum: 0, maximum: 100 }),
    cpuCount: Type.Integer({ minimum: 1, maximum: 100_000 }),
    memUsed: Type.Number({ minimum: 0 }),
    memTotal: Type.Number({ minimum: 0 }),
    diskUsed: Type.Number({ minimum: 0 }),
    diskTotal: Type.Number({ minimum: 0 }),
  },
  { $id: 'MetricSampleInput', additionalProperties: false },
);

export const ComputerMetric = Type.Object(
  {
    timestamp: Type.String({ format: 'date-time', description: 'When the agent reported it (ISO 8601)' }),
    cpuUsedPct: Type.Number(),
    cpuCount: Type.Integer(),
    memUsed: Type.Number(),
    memTotal: Type.Number(),
    diskUsed: Type.Number(),
    diskTotal: Type.Number(),
  },
  { $id: 'ComputerMetric' },
);

export const Computer = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    providerType: StringEnum(['byom', 'hosted']),
    createdAt: UnixMillis,
    hostId: Type.Optional(Type.String({ format: 'uuid' })),
    hostname: Type.Optional(Type.String()),
    status: Type.Optional(StringEnum(['provisioning', 'active', 'error'])),
    provisioningSteps: Type.Optional(Type.Array(Type.Ref(ProvisioningStep))),
    relayClientUrl: Type.Optional(Type.String({ format: 'uri' })),
    relayAgentUrl: Type.Optional(Type.String({ format: 'uri' })),
    remoteUser: Type.Optional(Type.String()),
    ownerPrincipalKind: Type.Optional(Type.String()),
    ownerId: Type.Optional(Type.String()),
    repos: Type.Optional(Type.Array(Type.Ref(RepoSpec), { description: 'Repositories the agent clones when it provisions' })),
    autoInstallDeps: Type.Optional(Type.Boolean({ description: 'Whether the agent runs install-deps right after connect' })),
    lastSeenAt: Type.Optional(Type.Integer({ description: "Its agent's last heartbeat (Unix ms); absent until the first" })),
  },
  { $id: 'Computer' },
);

export const TokenUsage = Type.Object(
  {
    inputTokens: Type.Number({ minimum: 0 }),
    outputTokens: Type.Number({ minimum: 0 }),
    cacheCreationTokens: Type.Number({ minimum: 0 }),
    cacheReadTokens: Type.Number({ minimum: 0 }),
    thinkingTokens: Type.Number({ minimum: 0 }),
    serviceCredits: Type.Number({ minimum: 0 }),
  },
  { $id: 'TokenUsage', additionalProperties: false },
);

/** What the original service documents for these settings (decisions.md §13); the agent gets them with each run. */
export const INTERACTION_MODES = ['auto', 'spec', 'agi'] as const;
export const SESSION_AUTONOMY_LEVELS = ['off', 'low', 'medium', 'high'] as const;
export const REASONING_EFFORTS = ['none', 'dynamic', 'off', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;

/** The writable session settings (all optional; a write replaces the keys it gives). */
const writableSessionSettings = {
  interactionMode: Type.Optional(StringEnum(INTERACTION_MODES, { description: 'auto: acts within its autonomy level; spec: plans first, read-only; agi: orchestrates' })),
  autonomyLevel: Type.Optional(StringEnum(SESSION_AUTONOMY_LEVELS, { description: 'What the agent may do without asking' })),
  reasoningEffort: Type.Optional(StringEnum(REASONING_EFFORTS)),
  model: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  specModeModel: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  runInWorktree: Type.Optional(Type.Boolean()),
  providerLockTimestamp: Type.Optional(Type.String({ maxLength: 100 })),
  assistantActiveTimeMs: Type.Optional(Type.Number({ minimum: 0 })),
  childInclusiveTokenUsageBySessionId: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 128 }), Type.Ref(TokenUsage))),
  archivedAt: Type.Optional(Type.String({ maxLength: 100 })),
  tags: Type.Optional(
    Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), metadata: Type.Record(Type.String(), Type.Unknown(), freeForm) }, { additionalProperties: false }), { maxItems: 100 }),
  ),
  enabledToolIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1000 })),
  disabledToolIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1000 })),
};

export const SessionSettingsInput = Type.Object(writableSessionSettings, {
  $id: 'SessionSettingsInput',
  additionalProperties: false,
  description: 'Writable session settings; token usage is not writable.',
});

export const SessionSettings = Type.Object(
  {
    ...writableSessionSettings,
    tokenUsage: Type.Ref(TokenUsage),
    inclusiveTokenUsage: Type.Ref(TokenUsage),
  },
  { $id: 'SessionSettings' },
);

export const Session = Type.Object(
  {
    sessionId: Type.String(),
    ownerId: Type.String({ description: 'The user who started it (for a session an agent started, the owner of its parent); its credits pay for the runs' }),
    status: StringEnum(['idle', 'pending', 'running']),
    messageCount: Type.Integer({ minimum: 0 }),
    createdAt: UnixMillis,
    updatedAt: UnixMillis,
    title: Type.Optional(Type.String()),
    completedAt: Type.Optional(UnixMillis),
    computerId: Type.Optional(Type.String()),
    cwd: Type.Optional(Type.String({ description: 'Working directory on the computer (the agent runs there)' })),
    parentSessionId: Type.Optional(Type.String({ description: 'The session this one was started from' })),
    serviceCredits: Type.Number({ minimum: 0, description: "Standard Credits the session's model calls used (= sessionSettings.tokenUsage.serviceCredits)" }),
    sessionSettings: Type.Optional(Type.Ref(SessionSettings)),
  },
  { $id: 'Session' },
);

export const ContentBlock = Type.Object(
  { id: Type.String(), text: Type.String(), type: Type.Optional(Type.String()) },
  { $id: 'ContentBlock', additionalProperties: true, description: 'A content block: at least text and id; images and files carry their fields too.' },
);

export const Message = Type.Object(
  {
    id: Type.String(),
    role: StringEnum(['user', 'assistant', 'tool', 'system']),
    content: Type.Array(Type.Ref(ContentBlock)),
    createdAt: UnixMillis,
    updatedAt: UnixMillis,
    parentId: Type.Optional(Type.String()),
    userMessageSource: Type.Optional(Type.String()),
    visibility: Type.Optional(StringEnum(['both', 'llm_only', 'user_only'])),
    isUserVisible: Type.Optional(Type.Boolean()),
    isError: Type.Optional(Type.Boolean()),
  },
  { $id: 'Message' },
);

export function computerView(computer: ComputerRecord): Static<typeof Computer> {
  return {
    id: computer.id,
    name: computer.name,
    providerType: computer.providerType as 'byom' | 'hosted',
    createdAt: computer.createdAt.getTime(),
    ...(computer.hostId !== null ? { hostId: computer.hostId } : {}),
    ...(computer.hostname !== null ? { hostname: computer.hostname } : {}),
    ...(computer.remoteUser !== null ? { remoteUser: computer.remoteUser } : {}),
    status: computerStatus(computer.steps),
    provisioningSteps: computer.steps.map((step) => ({
      id: step.id,
      name: step.name,
      status: step.status,
      ...(step.error !== null ? { error: step.error } : {}),
      ...(step.startedAt ? { startedAt: step.startedAt.getTime() } : {}),
      ...(step.completedAt ? { completedAt: step.completedAt.getTime() } : {}),
    })),
    ownerPrincipalKind: 'user',
    ownerId: computer.ownerUserId,
    repos: computer.repos,
    autoInstallDeps: computer.autoInstallDeps,
    ...(computer.lastSeenAt ? { lastSeenAt: computer.lastSeenAt.getTime() } : {}),
  };
}

const USAGE_KEYS = ['inputTokens', 'outputTokens', 'cacheCreationTokens', 'cacheReadTokens', 'thinkingTokens', 'serviceCredits'] as const;

/** The session's own usage plus the inclusive usage its child sessions reported. */
function inclusiveUsage(own: TokenUsageRecord, children: unknown): TokenUsageRecord {
  const total = { ...own };
  for (const child of Object.values((children ?? {}) as Record<string, TokenUsageRecord>)) {
    for (const key of USAGE_KEYS) total[key] += child[key];
  }
  return total;
}

export function sessionView(session: SessionRecord): Static<typeof Session> {
  return {
    sessionId: session.id,
    ownerId: session.ownerUserId,
    status: session.status,
    messageCount: session.messageCount,
    createdAt: session.createdAt.getTime(),
    updatedAt: session.updatedAt.getTime(),
    ...(session.title !== null ? { title: session.title } : {}),
    ...(session.completedAt ? { completedAt: session.completedAt.getTime() } : {}),
    ...(session.computerId !== null ? { computerId: session.computerId } : {}),
    ...(session.cwd !== null ? { cwd: session.cwd } : {}),
    ...(session.parentSessionId !== null ? { parentSessionId: session.parentSessionId } : {}),
    serviceCredits: session.tokenUsage.serviceCredits,
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
