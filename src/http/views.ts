import type { Static } from '@sinclair/typebox';
import type { ApiKeyRecord } from '../repositories/api-keys.js';
import type { UserRecord } from '../repositories/users.js';
import type { ApiKey, User } from './schemas.js';

// Records as the API shows them: times as Unix milliseconds.

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
