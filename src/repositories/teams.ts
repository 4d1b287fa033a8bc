import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { AuditActor } from '../domain/audit.js';
import { DomainError, notFound } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Role } from '../domain/roles.js';
import { appendAudit, inTransaction } from './audit-log.js';

// Teams of an organization and their members (docs/teams.md). Every call takes the organization
// id: a team or user of another organization is not found.

/** Teams made through the API, console or CLI; an identity-provider sync will write its own source. */
export const MANUAL_SOURCE = 'manual';

export interface TeamRecord {
  id: string;
  name: string;
  source: string;
  externalId: string | null;
  memberCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface TeamMemberRecord {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  active: boolean;
  addedAt: Date;
}

const UNIQUE_VIOLATION = '23505';

function teamsOf(db: Db, organizationId: string) {
  return db
    .selectFrom('teams')
    .select((eb) => [
      'teams.id',
      'teams.name',
      'teams.source',
      'teams.external_id',
      'teams.created_at',
      'teams.updated_at',
      eb
        .selectFrom('team_members')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('team_members.organization_id', '=', 'teams.organization_id')
        .whereRef('team_members.team_id', '=', 'teams.id')
        .as('member_count'),
    ])
    .where('teams.organization_id', '=', organizationId);
}

type Row = { id: string; name: string; source: string; external_id: string | null; created_at: Date; updated_at: Date; member_count: string | number | null };

function toRecord(row: Row): TeamRecord {
  return { id: row.id, name: row.name, source: row.source, externalId: row.external_id, memberCount: Number(row.member_count ?? 0), createdAt: row.created_at, updatedAt: row.updated_at };
}

/** A name or external id already taken in the organization: 409, naming which. */
function conflictOf(error: unknown, input: { name?: string; externalId?: string | null }): unknown {
  if ((error as { code?: string }).code !== UNIQUE_VIOLATION) return error;
  const constraint = (error as { constraint?: string }).constraint;
  return constraint === 'teams_external_id'
    ? new DomainError('team_taken', `a team with external id ${input.externalId} already exists in this organization`)
    : new DomainError('team_taken', `a team named ${input.name} already exists in this organization`);
}

export async function listTeams(db: Db, organizationId: string, page: { after: string | undefined; limit: number }): Promise<TeamRecord[]> {
  let query = teamsOf(db, organizationId);
  if (page.after !== undefined) query = query.where('teams.id', '>', page.after);
  return (await query.orderBy('teams.id').limit(page.limit).execute()).map(toRecord);
}

export async function findTeam(db: Db, organizationId: string, teamId: string): Promise<TeamRecord> {
  const row = await teamsOf(db, organizationId).where('teams.id', '=', teamId).executeTakeFirst();
  if (!row) throw notFound('team');
  return toRecord(row);
}

// Changes made with an `actor` are audited (team.*) in their transaction; the demo seeds teams without one.

export async function createTeam(db: Db, organizationId: string, input: { name: string; externalId?: string | null }, actor?: AuditActor): Promise<TeamRecord> {
  try {
    return await inTransaction(db, async (trx) => {
      const id = newId('team');
      await trx.insertInto('teams').values({ id, organization_id: organizationId, name: input.name, external_id: input.externalId ?? null }).execute();
      if (actor) await appendAudit(trx, organizationId, { actor, action: 'team.created', target: { type: 'team', id, label: input.name }, details: { externalId: input.externalId ?? null } });
      return findTeam(trx, organizationId, id);
    });
  } catch (error) {
    throw conflictOf(error, input);
  }
}

export async function changeTeam(db: Db, organizationId: string, teamId: string, changes: { name?: string; externalId?: string | null }, actor?: AuditActor): Promise<TeamRecord> {
  try {
    return await inTransaction(db, async (trx) => {
      const before = await findTeam(trx, organizationId, teamId);
      await trx
        .updateTable('teams')
        .set({ ...(changes.name !== undefined && { name: changes.name }), ...(changes.externalId !== undefined && { external_id: changes.externalId }), updated_at: new Date() })
        .where('organization_id', '=', organizationId)
        .where('id', '=', teamId)
        .executeTakeFirst();
      const after = await findTeam(trx, organizationId, teamId);
      if (actor) {
        const details: Record<string, unknown> = {};
        if (changes.name !== undefined && changes.name !== before.name) details.name = { from: before.name, to: after.name };
        if (changes.externalId !== undefined && changes.externalId !== before.externalId) details.externalId = { from: before.externalId, to: after.externalId };
        if (Object.keys(details).length > 0) await appendAudit(trx, organizationId, { actor, action: 'team.updated', target: { type: 'team', id: teamId, label: after.name }, details });
      }
      return after;
    });
  } catch (error) {
    throw conflictOf(error, changes);
  }
}

/** Deletes the team and its memberships (the members stay in the organization). */
export async function deleteTeam(db: Db, organizationId: string, teamId: string, actor?: AuditActor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const deleted = await trx.deleteFrom('teams').where('organization_id', '=', organizationId).where('id', '=', teamId).returning('name').executeTakeFirst();
    if (!deleted) throw notFound('team');
    if (actor) await appendAudit(trx, organizationId, { actor, action: 'team.deleted', target: { type: 'team', id: teamId, label: deleted.name } });
  });
}

export async function listTeamMembers(db: Db, organizationId: string, teamId: string, page: { after: string | undefined; limit: number }): Promise<TeamMemberRecord[]> {
  await findTeam(db, organizationId, teamId);
  let query = db
    .selectFrom('team_members')
    .innerJoin('users', (join) => join.onRef('users.id', '=', 'team_members.user_id').onRef('users.organization_id', '=', 'team_members.organization_id'))
    .select(['team_members.user_id', 'users.email', 'users.name', 'users.role', 'users.active', 'team_members.added_at'])
    .where('team_members.organization_id', '=', organizationId)
    .where('team_members.team_id', '=', teamId);
  if (page.after !== undefined) query = query.where('team_members.user_id', '>', page.after);
  const rows = await query.orderBy('team_members.user_id').limit(page.limit).execute();
  return rows.map((row) => ({ userId: row.user_id, email: row.email, name: row.name, role: row.role as Role, active: row.active, addedAt: row.added_at }));
}

/**
 * Adds an active user of the organization to the team. A deactivated user is 409 (its figures
 * would still count: docs/teams.md), one already in the team 409.
 */
export async function addTeamMember(db: Db, organizationId: string, teamId: string, userId: string, actor?: AuditActor): Promise<TeamMemberRecord> {
  return inTransaction(db, async (trx) => {
    const team = await findTeam(trx, organizationId, teamId);
    const user = await trx.selectFrom('users').select(['id', 'email', 'name', 'role', 'active']).where('organization_id', '=', organizationId).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('user');
    if (!user.active) throw new DomainError('user_inactive', 'the user is deactivated');
    const added = await trx
      .insertInto('team_members')
      .values({ organization_id: organizationId, team_id: teamId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .returning('added_at')
      .executeTakeFirst();
    if (!added) throw new DomainError('team_member_exists', 'the user is already a member of this team');
    await touchTeam(trx, organizationId, teamId);
    if (actor) await appendAudit(trx, organizationId, { actor, action: 'team.member_added', target: { type: 'team', id: teamId, label: team.name }, details: { userId: user.id, email: user.email } });
    return { userId: user.id, email: user.email, name: user.name, role: user.role as Role, active: user.active, addedAt: added.added_at };
  });
}

export async function removeTeamMember(db: Db, organizationId: string, teamId: string, userId: string, actor?: AuditActor): Promise<void> {
  await inTransaction(db, async (trx) => {
    const team = await findTeam(trx, organizationId, teamId);
    const removed = await trx.deleteFrom('team_members').where('organization_id', '=', organizationId).where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    if (removed.numDeletedRows === 0n) throw notFound('team member');
    await touchTeam(trx, organizationId, teamId);
    if (actor) await appendAudit(trx, organizationId, { actor, action: 'team.member_removed', target: { type: 'team', id: teamId, label: team.name }, details: { userId } });
  });
}

async function touchTeam(db: Db, organizationId: string, teamId: string): Promise<void> {
  await db.updateTable('teams').set({ updated_at: new Date() }).where('organization_id', '=', organizationId).where('id', '=', teamId).execute();
}

/** The teams of each given user (byte order of the team name), for the members list. */
export async function teamsOfUsers(db: Db, organizationId: string, userIds: readonly string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const byUser = new Map<string, { id: string; name: string }[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('teams', (join) => join.onRef('teams.id', '=', 'team_members.team_id').onRef('teams.organization_id', '=', 'team_members.organization_id'))
    .select(['team_members.user_id', 'teams.id', 'teams.name'])
    .where('team_members.organization_id', '=', organizationId)
    .where('team_members.user_id', 'in', [...userIds])
    .orderBy(sql`teams.name COLLATE "C"`)
    .orderBy('teams.id')
    .execute();
  for (const row of rows) byUser.get(row.user_id)?.push({ id: row.id, name: row.name });
  return byUser;
}
