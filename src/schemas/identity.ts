import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../domain/passwords.js';
import { ROLES } from '../domain/roles.js';
import { API_KEY_KINDS } from '../domain/credentials.js';
import type { ApiKeyRecord } from '../repositories/api-keys.js';
import { MEMBER_STATUSES, type UserRecord } from '../repositories/users.js';
import { StringEnum, UnixMillis } from './common.js';

// Users, API keys and console sessions (decisions.md §2, §11), and how the API shows their
// records: times as Unix ms.

export const RoleName = StringEnum(ROLES, { $id: 'Role' });

export const User = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    role: Type.Ref(RoleName),
    createdAt: UnixMillis,
    active: Type.Boolean({ description: 'false once deactivated (status deactivated)' }),
    status: StringEnum(MEMBER_STATUSES, { description: 'invited until the first sign-in, active after, deactivated once deactivated (docs/members.md)' }),
    joinedAt: Type.Union([UnixMillis, Type.Null()], { description: 'The first sign-in; null while invited' }),
    lastSignInAt: Type.Union([UnixMillis, Type.Null()], { description: 'The latest console sign-in; null while invited' }),
    deactivatedAt: Type.Union([UnixMillis, Type.Null()]),
    invitationExpiresAt: Type.Union([UnixMillis, Type.Null()], { description: "When the user's unused invitation link expires (in the past: expired); null without one" }),
  },
  { $id: 'User' },
);

/** A person's own settings, changed only by that person (docs/email.md). */
export const Preferences = Type.Object(
  { emailNotifications: Type.Boolean({ description: 'Notification e-mails (limits, budgets, webhooks disabled, digest) are sent to this person' }) },
  { $id: 'Preferences' },
);

export const ApiKey = Type.Object(
  {
    id: Type.String(),
    kind: StringEnum(API_KEY_KINDS, { description: 'personal: acts as its user; ingest: can only send telemetry, attributed by the identity each record carries (docs/otel.md)' }),
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

export function userView(user: UserRecord, invitationExpiresAt: Date | null = null): Static<typeof User> {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    createdAt: user.createdAt.getTime(),
    active: user.active,
    status: user.status,
    joinedAt: user.joinedAt?.getTime() ?? null,
    lastSignInAt: user.lastSignInAt?.getTime() ?? null,
    deactivatedAt: user.deactivatedAt?.getTime() ?? null,
    invitationExpiresAt: invitationExpiresAt?.getTime() ?? null,
  };
}

export function apiKeyView(key: ApiKeyRecord): Static<typeof ApiKey> {
  return {
    id: key.id,
    kind: key.kind,
    name: key.name,
    prefix: key.prefix,
    userId: key.userId,
    createdAt: key.createdAt.getTime(),
    expiresAt: key.expiresAt?.getTime() ?? null,
    lastUsedAt: key.lastUsedAt?.getTime() ?? null,
  };
}
