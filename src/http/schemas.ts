import { Type, type TSchema } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/passwords.js';
import { ROLES } from '../domain/roles.js';

// Shared schemas, registered by name: they keep their names in the OpenAPI document
// (components.schemas) and are referenced with Type.Ref from the routes.

export const ErrorBody = Type.Object(
  {
    title: Type.String(),
    detail: Type.String(),
    status: Type.Integer(),
    requestId: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorBody', description: 'The one error body of every endpoint.' },
);

export const Pagination = Type.Object(
  {
    hasMore: Type.Boolean(),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Pagination' },
);

export const UnixMillis = Type.Integer({ minimum: 0, description: 'Unix time in milliseconds' });

export const Email = Type.String({ format: 'email', minLength: 3, maxLength: 320 });

/** A string enum as plain JSON Schema `enum` (one clear error message, not one per value). */
export function StringEnum<const T extends readonly string[]>(values: T, options: { $id?: string; description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export const RoleName = StringEnum(ROLES, { $id: 'Role' });

export const User = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    role: Type.Ref(RoleName),
    createdAt: UnixMillis,
    active: Type.Boolean(),
  },
  { $id: 'User' },
);

export const ApiKey = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    prefix: Type.String({ description: 'The first characters of the key, to tell keys apart' }),
    userId: Type.String(),
    createdAt: UnixMillis,
    expiresAt: Type.Union([UnixMillis, Type.Null()]),
    lastUsedAt: Type.Union([UnixMillis, Type.Null()]),
  },
  { $id: 'ApiKey' },
);

/** Who is signed in to the console (decisions.md §11): the answer of sign-in and of GET /api/v0/auth/session. */
export const ConsoleSession = Type.Object(
  {
    user: Type.Ref(User),
    organization: Type.Object({ id: Type.String(), name: Type.String() }),
    csrfToken: Type.String({ description: 'Send it as X-CSRF-Token on every state-changing request made with the session cookie' }),
    apiUrl: Type.String({ description: 'Where API clients reach the API (PUBLIC_API_URL), for ready-made examples' }),
    expiresAt: Type.Integer({ minimum: 0, description: 'Unix time in milliseconds: the absolute end of the session (it also ends after 12 h without a request)' }),
  },
  { $id: 'ConsoleSession' },
);

export const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, description: `At least ${PASSWORD_MIN_LENGTH} characters` });

export const sharedSchemas: TSchema[] = [ErrorBody, Pagination, RoleName, User, ApiKey, ConsoleSession];

// Computers, sessions and messages (api.md; decisions.md §7, §8).

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

/** The writable session settings (all optional; a write replaces the keys it gives). */
const writableSessionSettings = {
  model: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  specModeModel: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  runInWorktree: Type.Optional(Type.Boolean()),
  providerLockTimestamp: Type.Optional(Type.String({ maxLength: 100 })),
  assistantActiveTimeMs: Type.Optional(Type.Number({ minimum: 0 })),
  childInclusiveTokenUsageBySessionId: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 128 }), Type.Ref(TokenUsage))),
  archivedAt: Type.Optional(Type.String({ maxLength: 100 })),
  tags: Type.Optional(
    Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), metadata: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: false }), { maxItems: 100 }),
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
    status: StringEnum(['idle', 'pending', 'running']),
    messageCount: Type.Integer({ minimum: 0 }),
    createdAt: UnixMillis,
    updatedAt: UnixMillis,
    title: Type.Optional(Type.String()),
    completedAt: Type.Optional(UnixMillis),
    computerId: Type.Optional(Type.String()),
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

sharedSchemas.push(ProvisioningStep, Computer, TokenUsage, SessionSettingsInput, SessionSettings, Session, ContentBlock, Message);

// Enterprise controls and readiness reports (api.md; decisions.md §5, §6).

export const ControlChange = Type.Object(
  {
    revision: Type.Integer({ minimum: 0 }),
    settings: Type.Object({}, { additionalProperties: true, description: 'Settings at this revision; parse as a generic JSON object. Secrets are masked.' }),
    user: Type.Union([Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() }), Type.Null()]),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'ControlChange', description: 'An enterprise control change record.' },
);

export const ReadinessCriterion = Type.Object(
  {
    numerator: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Sub-applications passing, 0 to denominator; null when the criterion was skipped' }),
    denominator: Type.Integer({ minimum: 1, description: 'Sub-applications evaluated' }),
    rationale: Type.String({ maxLength: 100_000 }),
  },
  { $id: 'ReadinessCriterion', additionalProperties: false },
);

const readinessReportFields = {
  repoUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  apps: Type.Record(Type.String({ maxLength: 1024 }), Type.Object({ description: Type.String({ maxLength: 100_000 }) }, { additionalProperties: false })),
  report: Type.Record(Type.String({ minLength: 1, maxLength: 256 }), Type.Ref(ReadinessCriterion)),
  commitHash: Type.Optional(Type.String({ maxLength: 256 })),
  branch: Type.Optional(Type.String({ maxLength: 1024 })),
  hasLocalChanges: Type.Optional(Type.Boolean()),
  hasNonRemoteCommits: Type.Optional(Type.Boolean()),
  modelUsed: Type.Optional(Type.Object({ id: Type.String({ maxLength: 256 }), reasoningEffort: StringEnum(['low', 'medium', 'high', 'off']) }, { additionalProperties: false })),
  agentVersion: Type.Optional(Type.String({ maxLength: 256 })),
};

export const ReadinessReportInput = Type.Object(readinessReportFields, { $id: 'ReadinessReportInput', additionalProperties: false });

export const ReadinessReport = Type.Object(
  {
    reportId: Type.String({ format: 'uuid' }),
    createdAt: UnixMillis,
    repoId: Type.String({ description: 'repoUrl normalized to host/owner/name' }),
    ...readinessReportFields,
  },
  { $id: 'ReadinessReport' },
);

sharedSchemas.push(ControlChange, ReadinessCriterion, ReadinessReportInput, ReadinessReport);
