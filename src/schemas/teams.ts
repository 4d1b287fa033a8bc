import { Type, type Static } from '@sinclair/typebox';
import type { TeamMemberRecord, TeamRecord } from '../repositories/teams.js';
import { UnixMillis } from './common.js';
import { RoleName } from './identity.js';

// Teams and their members (docs/teams.md), times as Unix ms like the other v0 resources.

const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001F\\u007F-\\u009F]*$';

export const TeamName = Type.String({ minLength: 1, maxLength: 100, pattern: NO_CONTROL_CHARACTERS, description: 'Unique in the organization (case-insensitive)' });
export const TeamExternalId = Type.Union([Type.String({ minLength: 1, maxLength: 256, pattern: NO_CONTROL_CHARACTERS }), Type.Null()], {
  description: 'The id of the group this team mirrors in an identity provider; unique per source',
});

export const Team = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    source: Type.String({ description: '`manual` for teams made through the API, console or CLI' }),
    externalId: Type.Union([Type.String(), Type.Null()]),
    memberCount: Type.Integer({ minimum: 0 }),
    createdAt: UnixMillis,
    updatedAt: UnixMillis,
  },
  { $id: 'Team' },
);

export const TeamMember = Type.Object(
  {
    userId: Type.String(),
    email: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    role: Type.Ref(RoleName),
    active: Type.Boolean(),
    addedAt: UnixMillis,
  },
  { $id: 'TeamMember' },
);

export function teamView(team: TeamRecord): Static<typeof Team> {
  return {
    id: team.id,
    name: team.name,
    source: team.source,
    externalId: team.externalId,
    memberCount: team.memberCount,
    createdAt: team.createdAt.getTime(),
    updatedAt: team.updatedAt.getTime(),
  };
}

export function teamMemberView(member: TeamMemberRecord): Static<typeof TeamMember> {
  return { userId: member.userId, email: member.email, name: member.name, role: member.role, active: member.active, addedAt: member.addedAt.getTime() };
}
