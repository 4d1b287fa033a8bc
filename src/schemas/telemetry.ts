import { Type, type Static } from '@sinclair/typebox';
import type { ConnectionRecord, FleetVersion } from '../repositories/telemetry-connections.js';
import type { IdentityRecord } from '../repositories/telemetry-identities.js';
import { StringEnum, UnixMillis } from './common.js';

// Connected agents and the identities telemetry carries (docs/otel.md).

const IdentityKind = StringEnum(['email', 'account', 'installation', 'key'] as const, { description: 'email, a vendor account id, an installation id, or key: records that named no one, sent with the ingest key whose id is the value' });

export const TelemetryIdentity = Type.Object(
  {
    id: Type.String(),
    kind: IdentityKind,
    value: Type.String({ description: 'As the agent sent it' }),
    agent: Type.Union([Type.String(), Type.Null()], { description: 'The agent product it was first seen with' }),
    userId: Type.Union([Type.String(), Type.Null()], { description: 'The member it counts for; null: unattributed' }),
    firstSeenAt: UnixMillis,
    lastSeenAt: UnixMillis,
    pendingEvents: Type.Integer({ minimum: 0, description: 'Events waiting for a member: they count once the identity is linked' }),
  },
  { $id: 'TelemetryIdentity' },
);

export function telemetryIdentityView(identity: IdentityRecord): Static<typeof TelemetryIdentity> {
  return { ...identity, firstSeenAt: identity.firstSeenAt.getTime(), lastSeenAt: identity.lastSeenAt.getTime() };
}

const Count = Type.Integer({ minimum: 0 });

export const ConnectedAgent = Type.Object(
  {
    agent: Type.String({ description: 'The agent product (claude-code, codex, ...)' }),
    sender: Type.Union([
      Type.Object({ kind: Type.Literal('user'), user: Type.Object({ id: Type.String(), email: Type.String(), name: Type.Union([Type.String(), Type.Null()]) }) }),
      Type.Object({
        kind: Type.Literal('identity'),
        identity: Type.Object({
          id: Type.String(),
          kind: IdentityKind,
          value: Type.String(),
          userId: Type.Union([Type.String(), Type.Null()], { description: 'The member an admin has since linked the identity to (its records now count for them); null while unattributed' }),
        }),
      }),
      Type.Object({ kind: Type.Literal('key'), apiKeyId: Type.String({ description: 'Records that carried no identity the key could attribute' }) }),
    ]),
    lastSeenAt: UnixMillis,
    accepted: Type.Integer({ minimum: 0, description: 'Events newly counted' }),
    duplicates: Type.Integer({ minimum: 0, description: 'Events already counted (retried exports)' }),
    unattributed: Type.Integer({ minimum: 0, description: 'Events kept for an identity no member matches yet' }),
    refused: Type.Integer({ minimum: 0, description: 'Records refused; lastProblem says why' }),
    tokens: Count,
    toolCalls: Count,
    version: Type.Union([Type.String(), Type.Null()], { description: "The agent's version as its latest export said it (service.version); null when the agent sends none of its own" }),
    lastProblem: Type.Union([Type.Object({ reason: Type.String(), at: UnixMillis }), Type.Null()]),
  },
  { $id: 'ConnectedAgent' },
);

export const FleetVersionSchema = Type.Object({
  agent: Type.String(),
  version: Type.Union([Type.String(), Type.Null()], { description: 'null: agents that send no version of their own' }),
  senders: Type.Integer({ minimum: 1, description: 'Senders (members, identities, keys) whose latest export said this version' }),
  lastSeenAt: UnixMillis,
});

export function fleetVersionView(version: FleetVersion): Static<typeof FleetVersionSchema> {
  return { ...version, lastSeenAt: version.lastSeenAt.getTime() };
}

export function connectedAgentView(connection: ConnectionRecord): Static<typeof ConnectedAgent> {
  const { lastProblem, lastSeenAt, ...rest } = connection;
  return { ...rest, lastSeenAt: lastSeenAt.getTime(), lastProblem: lastProblem && { reason: lastProblem.reason, at: lastProblem.at.getTime() } };
}
