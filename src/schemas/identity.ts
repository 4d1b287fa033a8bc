import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../domain/roles.js';
import type { ApiKeyRecord } from '../repositories/api-keys.js';
import type { UserRecord } from '../repositories/users.js';
import { StringEnum, UnixMillis } from './common.js';

// Users and API keys (decisions.md §2), and how the API shows their records: times as Unix ms.

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

export function userView(user: UserRecord): Static<typeof User> {
  return { id: user.id, email: user.email, name: user.name, role: user.role, createdAt: user.createdAt.getTime(), active: user.active };
}

export function apiKeyView(key: ApiKeyRecord): Static<typeof ApiKey> {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    userId: key.userId,
    createdAt: key.createdAt.getTime(),
    expiresAt: key.expiresAt?.getTime() ?? null,
    lastUsedAt: key.lastUsedAt?.getTime() ?? null,
  };
}
