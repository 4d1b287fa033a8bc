import type { ApiKeyKind } from './credentials.js';
import type { Role } from './roles.js';

// Who calls, in terms every transport shares: the HTTP routes (src/http/auth.ts) and the
// OTLP/gRPC receiver authenticate the same people with the same keys.

/** A user of an organization, as authenticated. */
export interface UserIdentity {
  kind: 'user';
  organizationId: string;
  userId: string;
  email: string;
  role: Role;
}

/** A user who calls through an API key, or through an access token exchanged for one. */
export type KeyPrincipal = UserIdentity & { via: 'apiKey' | 'jwt'; apiKeyId: string; keyKind: ApiKeyKind };
