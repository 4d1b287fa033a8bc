import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { notFound } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Role } from '../domain/roles.js';
import { mappedRole, roleAfterGroups, ScimFault, type ScimGroupAttributes, type ScimQuery } from '../domain/scim.js';
import { appendAudit } from './audit-log.js';
import { setRoleFromGroups } from './users.js';

// SCIM Groups as teams of source 'scim' (docs/scim.md): the provider's groups, their members in
// team_members, and the roles an organization maps to group names (organization_sso.group_roles,
// read only here). Manual teams are not SCIM resources: the provider cannot see or change them.

export const SCIM_SOURCE = 'scim';

export interface ScimGroupRecord {
  id: string;
  name: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Present when asked for: the members the provider may see (not those it deleted). */
  members?: { id: string; email: string }[];
}

const UNIQUE_VIOLATION = '23505';

function groupsOf(db: Db, organizationId: string) {
  return db.selectFrom('teams').where('teams.organization_id', '=', organizationId).where('teams.source', '=', SCIM_SOURCE);
}

const columns = ['teams.id', 'teams.name', 'teams.external_id', 'teams.created_at', 'teams.updated_at'] as const;
type Row = { id: string; name: string; external_id: string | null; created_at: Date; updated_at: Date };
const toRecord = (row: Row): ScimGroupRecord => ({ id: row.id, name: row.name, externalId: row.external_id, createdAt: row.created_at, updatedAt: row.updated_at });

/** Members of the given teams the provider may see, by team, in user id order. */
async function membersOf(db: Db, organizationId: string, teamIds: readonly string[]): Promise<Map<string, { id: string; email: string }[]>> {
  const byTeam = new Map<string, { id: string; email: string }[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return byTeam;
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('users', (join) => join.onRef('users.id', '=', 'team_members.user_id').onRef('users.organization_id', '=', 'team_members.organization_id'))
    .leftJoin('scim_users', (join) => join.onRef('scim_users.user_id', '=', 'users.id').onRef('scim_users.organization_id', '=', 'users.organization_id'))
    .select(['team_members.team_id', 'users.id', 'users.email'])
    .where('team_members.organization_id', '=', organizationId)
    .where('team_members.team_id', 'in', [...teamIds])
    .where('scim_users.deleted_at', 'is', null)
    .orderBy('team_members.user_id')
    .execute();
  for (const row of rows) byTeam.get(row.team_id)?.push({ id: row.id, email: row.email });
  return byTeam;
}

export async function listScimGroups(
  db: Db,
  organizationId: string,
  query: ScimQuery,
  page: { offset: number; count: number },
  withMembers: boolean,
): Promise<{ total: number; groups: ScimGroupRecord[] }> {
  if (query.impossible) return { total: 0, groups: [] };
  let base = groupsOf(db, organizationId);
  if (query.id !== undefined) base = base.where('teams.id', '=', query.id);
  if (query.externalId !== undefined) base = base.where('teams.external_id', '=', query.externalId);
  // displayName is case-insensitive, as team names are unique case-insensitively.
  if (query.displayName !== undefined) base = base.where(sql<string>`lower(teams.name)`, '=', query.displayName.toLowerCase());
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = page.count === 0 ? [] : await base.select(columns).orderBy('teams.id').offset(page.offset).limit(page.count).execute();
  const groups = rows.map(toRecord);
  if (withMembers) {
    const members = await membersOf(db, organizationId, groups.map((group) => group.id));
    for (const group of groups) group.members = members.get(group.id) ?? [];
  }
  return { total: Number(total), groups };
}

export async function findScimGroup(db: Db, organizationId: string, groupId: string, withMembers: boolean): Promise<ScimGroupRecord | undefined> {
  const row = await groupsOf(db, organizationId).select(columns).where('teams.id', '=', groupId).executeTakeFirst();
  if (!row) return undefined;
  const group = toRecord(row);
  if (withMembers) group.members = (await membersOf(db, organizationId, [group.id])).get(group.id) ?? [];
  return group;
}

function conflictOf(error: unknown, attributes: { displayName: string; externalId: string | null }): unknown {
  if ((error as { code?: string }).code !== UNIQUE_VIOLATION) return error;
  return (error as { constraint?: string }).constraint === 'teams_external_id'
    ? new ScimFault('team_taken', 'uniqueness', `a group with externalId ${attributes.externalId} already exists`)
    : new ScimFault('team_taken', 'uniqueness', `a team named ${attributes.displayName} already exists in Quarterdeck (names are unique, case-insensitively, across the provider's groups and teams made by hand)`);
}

/** The users behind member ids: members of the organization the provider may see, else 400. */
async function assertMembers(trx: Db, organizationId: string, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('users')
    .leftJoin('scim_users', (join) => join.onRef('scim_users.user_id', '=', 'users.id').onRef('scim_users.organization_id', '=', 'users.organization_id'))
    .select(['users.id', 'users.email'])
    .where('users.organization_id', '=', organizationId)
    .where('users.id', 'in', [...userIds])
    .where('scim_users.deleted_at', 'is', null)
    .execute();
  const found = new Map(rows.map((row) => [row.id, row.email]));
  const unknown = userIds.find((id) => !found.has(id));
  if (unknown !== undefined) throw new ScimFault('invalid_input', 'invalidValue', `members: ${unknown.slice(0, 128)} is not a User of this organization`);
  return found;
}

/** Puts the team's SCIM-visible members to `wanted`, with an audit entry per change; returns who changed. */
async function syncMembers(trx: Db, organizationId: string, group: { id: string; name: string }, wanted: readonly string[], actor: AuditActor): Promise<string[]> {
  const emails = await assertMembers(trx, organizationId, wanted);
  const current = ((await membersOf(trx, organizationId, [group.id])).get(group.id) ?? []).map((member) => member.id);
  const currentSet = new Set(current);
  const wantedSet = new Set(wanted);
  const added = wanted.filter((id) => !currentSet.has(id));
  const removed = current.filter((id) => !wantedSet.has(id));
  const target = { type: 'team' as const, id: group.id, label: group.name };
  if (added.length > 0) {
    // A deactivated member may be in the provider's group: the team mirrors the group as it is.
    await trx
      .insertInto('team_members')
      .values(added.map((userId) => ({ organization_id: organizationId, team_id: group.id, user_id: userId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const userId of added) await appendAudit(trx, organizationId, { actor, action: 'team.member_added', target, details: { userId, email: emails.get(userId) } });
  }
  if (removed.length > 0) {
    await trx.deleteFrom('team_members').where('organization_id', '=', organizationId).where('team_id', '=', group.id).where('user_id', 'in', removed).execute();
    for (const userId of removed) await appendAudit(trx, organizationId, { actor, action: 'team.member_removed', target, details: { userId } });
  }
  return [...added, ...removed];
}

/**
 * Recomputes the roles of the given members from their SCIM groups and the organization's
 * mapping (domain/scim.ts roleAfterGroups). Without a mapping, roles never change. Returns
 * whether any role changed (the caller then waits for every replica's credential cache).
 */
async function applyGroupRoles(trx: Db, organizationId: string, userIds: readonly string[], actor: AuditActor): Promise<boolean> {
  if (userIds.length === 0) return false;
  const sso = await trx.selectFrom('organization_sso').select('group_roles').where('organization_id', '=', organizationId).executeTakeFirst();
  const groupRoles = sso?.group_roles ?? {};
  if (Object.keys(groupRoles).length === 0) return false;
  const users = await trx
    .selectFrom('users')
    .leftJoin('scim_users', (join) => join.onRef('scim_users.user_id', '=', 'users.id').onRef('scim_users.organization_id', '=', 'users.organization_id'))
    .select(['users.id', 'users.role', 'scim_users.granted_role'])
    .where('users.organization_id', '=', organizationId)
    .where('users.id', 'in', [...userIds])
    .execute();
  const groups = await trx
    .selectFrom('team_members')
    .innerJoin('teams', (join) => join.onRef('teams.id', '=', 'team_members.team_id').onRef('teams.organization_id', '=', 'team_members.organization_id'))
    .select(['team_members.user_id', 'teams.name'])
    .where('team_members.organization_id', '=', organizationId)
    .where('teams.source', '=', SCIM_SOURCE)
    .where('team_members.user_id', 'in', [...userIds])
    .execute();
  let changed = false;
  for (const user of users) {
    const mapped = mappedRole(groups.filter((group) => group.user_id === user.id).map((group) => group.name), groupRoles);
    const next = roleAfterGroups(user.role as Role, mapped, (user.granted_role as Role | null) ?? null);
    const granted = mapped ?? null;
    if (next !== user.role) {
      await setRoleFromGroups(trx, organizationId, user.id, next, actor);
      changed = true;
    }
    if (granted !== user.granted_role && user.role !== 'owner') {
      await trx
        .insertInto('scim_users')
        .values({ organization_id: organizationId, user_id: user.id, granted_role: granted })
        .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ granted_role: granted }))
        .execute();
    }
  }
  return changed;
}

export interface GroupWrite {
  group: ScimGroupRecord;
  /** A member's role changed: credentials changed. */
  rolesChanged: boolean;
}

export async function createScimGroup(db: Db, organizationId: string, attributes: ScimGroupAttributes, actor: AuditActor): Promise<GroupWrite> {
  try {
    const { id, rolesChanged } = await db.transaction().execute(async (trx) => {
      const id = newId('team');
      await trx.insertInto('teams').values({ id, organization_id: organizationId, name: attributes.displayName, source: SCIM_SOURCE, external_id: attributes.externalId }).execute();
      await appendAudit(trx, organizationId, { actor, action: 'team.created', target: { type: 'team', id, label: attributes.displayName }, details: { source: SCIM_SOURCE, externalId: attributes.externalId } });
      const touched = await syncMembers(trx, organizationId, { id, name: attributes.displayName }, attributes.memberIds, actor);
      return { id, rolesChanged: await applyGroupRoles(trx, organizationId, touched, actor) };
    });
    return { group: (await findScimGroup(db, organizationId, id, true))!, rolesChanged };
  } catch (error) {
    throw conflictOf(error, attributes);
  }
}

/** Puts a group to the given state (PUT, or the result of a PATCH): name, externalId, members. */
export async function updateScimGroup(db: Db, organizationId: string, groupId: string, attributes: ScimGroupAttributes, actor: AuditActor): Promise<GroupWrite> {
  try {
    const rolesChanged = await db.transaction().execute(async (trx) => {
      const current = await groupsOf(trx, organizationId).select(columns).where('teams.id', '=', groupId).forUpdate().executeTakeFirst();
      if (!current) throw notFound('Group');
      const renamed = current.name !== attributes.displayName;
      if (renamed || current.external_id !== attributes.externalId) {
        await trx.updateTable('teams').set({ name: attributes.displayName, external_id: attributes.externalId, updated_at: new Date() }).where('organization_id', '=', organizationId).where('id', '=', groupId).execute();
        await appendAudit(trx, organizationId, {
          actor,
          action: 'team.updated',
          target: { type: 'team', id: groupId, label: attributes.displayName },
          details: { ...(renamed && { from: current.name, to: attributes.displayName }), ...(current.external_id !== attributes.externalId && { externalId: attributes.externalId }) },
        });
      }
      const touched = await syncMembers(trx, organizationId, { id: groupId, name: attributes.displayName }, attributes.memberIds, actor);
      if (touched.length > 0) await trx.updateTable('teams').set({ updated_at: new Date() }).where('organization_id', '=', organizationId).where('id', '=', groupId).execute();
      // A new name may match another mapping: every member's role is looked at again.
      return applyGroupRoles(trx, organizationId, renamed ? [...new Set([...touched, ...attributes.memberIds])] : touched, actor);
    });
    return { group: (await findScimGroup(db, organizationId, groupId, true))!, rolesChanged };
  } catch (error) {
    throw conflictOf(error, attributes);
  }
}

/** Deletes the team; its members stay in the organization, and their roles follow their other groups. */
export async function deleteScimGroup(db: Db, organizationId: string, groupId: string, actor: AuditActor): Promise<{ rolesChanged: boolean }> {
  const rolesChanged = await db.transaction().execute(async (trx) => {
    const current = await groupsOf(trx, organizationId).select(columns).where('teams.id', '=', groupId).forUpdate().executeTakeFirst();
    if (!current) throw notFound('Group');
    const members = await trx.selectFrom('team_members').select('user_id').where('organization_id', '=', organizationId).where('team_id', '=', groupId).execute();
    await trx.deleteFrom('teams').where('organization_id', '=', organizationId).where('id', '=', groupId).execute();
    await appendAudit(trx, organizationId, { actor, action: 'team.deleted', target: { type: 'team', id: groupId, label: current.name }, details: { source: SCIM_SOURCE, members: members.length } });
    return applyGroupRoles(trx, organizationId, members.map((member) => member.user_id), actor);
  });
  return { rolesChanged };
}
