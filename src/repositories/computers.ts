import type { Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db/store.js';
import { preparedQuery } from '../db/prepared-query.js';
import type { ComputersTable } from '../db/tables/compute.js';
import type { AuditActor } from '../domain/audit.js';
import { INITIAL_STEPS, type StepState, type StepStatus } from '../domain/computer-status.js';
import { issueSecret } from '../domain/credentials.js';
import { newId } from '../domain/ids.js';
import { mayActOn, ownedByFilter, type Actor } from '../domain/access.js';
import { notFound } from '../domain/errors.js';
import { credentialsChanged } from './credential-changes.js';
import { appendAudit } from './audit-log.js';
import { expireLapsedRuns, releaseComputerSessions } from './messages.js';
import { credentialOrganization } from './credential-organizations.js';

// Computers and their provisioning steps. Every call takes the organization id, except the
// token lookup that finds the organization.

export const COMPUTER_TOKEN_PREFIX = 'qdc_';

export interface StepRecord extends StepState {
  id: string;
  name: string;
}

export interface ComputerRecord {
  id: string;
  organizationId: string;
  ownerUserId: string;
  name: string;
  providerType: string;
  hostname: string | null;
  hostId: string | null;
  remoteUser: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
  /** Repositories the agent clones when it provisions. */
  repos: RepoSpec[];
  /** Whether the agent runs install-deps right after connect. */
  autoInstallDeps: boolean;
  steps: StepRecord[];
}

export interface RepoSpec {
  url: string;
  branch?: string;
}

export interface ComputerInput {
  name: string;
  providerType: string;
  hostname?: string | undefined;
  hostId?: string | undefined;
  remoteUser?: string | undefined;
  repos?: RepoSpec[] | undefined;
  autoInstallDeps?: boolean | undefined;
}

const columns = ['id', 'organization_id', 'owner_user_id', 'name', 'provider_type', 'hostname', 'host_id', 'remote_user', 'created_at', 'last_seen_at', 'repos', 'auto_install_deps'] as const;
type Row = Pick<Selectable<ComputersTable>, (typeof columns)[number]>;

/** Computers with their steps in step order, in one query. Built once per Db: builders are immutable. */
const selectComputersOf = new WeakMap<Db, ReturnType<typeof buildSelectComputers>>();
function selectComputers(db: Db) {
  let query = selectComputersOf.get(db);
  if (!query) selectComputersOf.set(db, (query = buildSelectComputers(db)));
  return query;
}

function buildSelectComputers(db: Db) {
  return db
    .selectFrom('computers')
    .select(columns)
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('provisioning_steps as s')
          .select(['s.id', 's.name', 's.status', 's.error', 's.started_at', 's.completed_at'])
          .whereRef('s.computer_id', '=', 'computers.id')
          .orderBy('s.position'),
      ).as('steps'),
    );
}

// Timestamps inside JSON arrive as ISO strings.
const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function toRecord(row: Row & { steps: { id: string; name: string; status: string; error: string | null; started_at: Date | string | null; completed_at: Date | string | null }[] }): ComputerRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    ownerUserId: row.owner_user_id,
    name: row.name,
    providerType: row.provider_type,
    hostname: row.hostname,
    hostId: row.host_id,
    remoteUser: row.remote_user,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    repos: row.repos,
    autoInstallDeps: row.auto_install_deps,
    steps: row.steps.map((step) => ({ id: step.id, name: step.name, status: step.status as StepStatus, error: step.error, startedAt: dateOf(step.started_at), completedAt: dateOf(step.completed_at) })),
  };
}

/** A new computer and its agent's token, audited as computer_token.created in the same transaction. */
export async function insertComputer(db: Db, organizationId: string, ownerUserId: string, input: ComputerInput, actor: AuditActor): Promise<{ record: ComputerRecord; token: string }> {
  const issued = issueSecret(COMPUTER_TOKEN_PREFIX);
  const id = newId('cmp');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('computers')
      .values({
        id,
        organization_id: organizationId,
        owner_user_id: ownerUserId,
        name: input.name,
        provider_type: input.providerType,
        hostname: input.hostname ?? null,
        host_id: input.hostId ?? null,
        remote_user: input.remoteUser ?? null,
        token_hash: issued.hash,
        last_seen_at: null,
        repos: JSON.stringify(input.repos ?? []),
        auto_install_deps: input.autoInstallDeps ?? true,
      })
      .execute();
    await trx
      .insertInto('provisioning_steps')
      .values(INITIAL_STEPS.map((step, position) => ({ organization_id: organizationId, computer_id: id, id: step.id, position, name: step.name, status: 'pending', error: null, started_at: null, completed_at: null })))
      .execute();
    await appendAudit(trx, organizationId, { actor, action: 'computer_token.created', target: { type: 'computer', id, label: input.name }, details: { ownerUserId, providerType: input.providerType } });
  });
  const record = await findComputer(db, organizationId, id);
  if (!record) throw new Error(`computer ${id} vanished after insert`);
  return { record, token: issued.secret };
}

/** One computer by id: each GET of a computer reads it (by the API and by its agent). */
const selectComputer = preparedQuery(2, (db, organizationId: string, computerId: string) =>
  selectComputers(db).where('organization_id', '=', organizationId).where('id', '=', computerId),
);

export async function findComputer(db: Db, organizationId: string, computerId: string): Promise<ComputerRecord | undefined> {
  const [row] = await selectComputer(db, organizationId, computerId);
  return row && toRecord(row);
}

/** The computer, when the actor may act on it (domain/access.ts); not_found otherwise. */
export async function findVisibleComputer(db: Db, actor: Actor, computerId: string): Promise<ComputerRecord> {
  const computer = await findComputer(db, actor.organizationId, computerId);
  if (!computer || !mayActOn(actor, computer.ownerUserId)) throw notFound('computer');
  return computer;
}

/**
 * The computer of that name the actor may act on (names are not unique: the oldest one); not_found
 * otherwise.
 */
export async function findVisibleComputerByName(db: Db, actor: Actor, name: string): Promise<ComputerRecord> {
  const { ownerUserId } = ownedByFilter(actor);
  let query = selectComputers(db).where('organization_id', '=', actor.organizationId).where('name', '=', name);
  if (ownerUserId !== undefined) query = query.where('owner_user_id', '=', ownerUserId);
  const row = await query.orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  if (!row) throw notFound('computer');
  return toRecord(row);
}

export async function listComputers(db: Db, organizationId: string, filter: { ownerUserId?: string }, page: { after: string | undefined; limit: number }): Promise<ComputerRecord[]> {
  let query = selectComputers(db).where('organization_id', '=', organizationId);
  if (filter.ownerUserId !== undefined) query = query.where('owner_user_id', '=', filter.ownerUserId);
  if (page.after !== undefined) query = query.where('id', '>', page.after);
  return (await query.orderBy('id').limit(page.limit).execute()).map(toRecord);
}

/**
 * Renames or re-points a computer, audited as computer.updated in the same transaction (the
 * fields changed, the name from and to; a request that changes nothing writes nothing).
 */
export async function updateComputer(
  db: Db,
  organizationId: string,
  computerId: string,
  patch: { name?: string | undefined; hostId?: string | undefined; remoteUser?: string | undefined },
  actor: AuditActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('computers')
      .select(['name', 'host_id', 'remote_user'])
      .where('organization_id', '=', organizationId)
      .where('id', '=', computerId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return;
    const set = {
      ...(patch.name !== undefined && patch.name !== current.name ? { name: patch.name } : {}),
      ...(patch.hostId !== undefined && patch.hostId !== current.host_id ? { host_id: patch.hostId } : {}),
      ...(patch.remoteUser !== undefined && patch.remoteUser !== current.remote_user ? { remote_user: patch.remoteUser } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('computers').set(set).where('organization_id', '=', organizationId).where('id', '=', computerId).execute();
    const changed = [...(set.name !== undefined ? ['name'] : []), ...(set.host_id !== undefined ? ['hostId'] : []), ...(set.remote_user !== undefined ? ['remoteUser'] : [])];
    await appendAudit(trx, organizationId, {
      actor,
      action: 'computer.updated',
      target: { type: 'computer', id: computerId, label: set.name ?? current.name },
      details: { changed, ...(set.name !== undefined ? { name: { from: current.name, to: set.name } } : {}) },
    });
  });
}

/**
 * Moves one step with `move` (which throws on an illegal move) under a row lock, so two
 * reports never both start from the same state. False when the computer has no such step.
 */
export async function changeStep(db: Db, organizationId: string, computerId: string, stepId: string, move: (step: StepState) => StepState): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('provisioning_steps as s')
      .innerJoin('computers as c', 'c.id', 's.computer_id')
      .select(['s.status', 's.error', 's.started_at', 's.completed_at'])
      .where('c.organization_id', '=', organizationId)
      .where('s.computer_id', '=', computerId)
      .where('s.id', '=', stepId)
      .forUpdate('s')
      .executeTakeFirst();
    if (!row) return false;
    const next = move({ status: row.status as StepStatus, error: row.error, startedAt: row.started_at, completedAt: row.completed_at });
    await trx
      .updateTable('provisioning_steps')
      .set({ status: next.status, error: next.error, started_at: next.startedAt, completed_at: next.completedAt })
      .where('organization_id', '=', organizationId)
      .where('computer_id', '=', computerId)
      .where('id', '=', stepId)
      .execute();
    return true;
  });
}

/**
 * Deletes the computer: its run and queued messages end first (releaseComputerSessions), then the
 * row goes, and its token with it (audited as computer_token.revoked). False when there was none.
 */
export async function deleteComputer(db: Db, organizationId: string, computerId: string, actor: AuditActor): Promise<boolean> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('computers').select(['id', 'name', 'owner_user_id']).where('organization_id', '=', organizationId).where('id', '=', computerId).forUpdate().executeTakeFirst();
    if (!row) return false;
    await releaseComputerSessions(trx, organizationId, computerId, now);
    await trx.deleteFrom('computers').where('id', '=', computerId).execute();
    await credentialsChanged(trx);
    await appendAudit(trx, organizationId, { actor, action: 'computer_token.revoked', target: { type: 'computer', id: computerId, label: row.name }, details: { ownerUserId: row.owner_user_id, reason: 'computer deleted' } });
    return true;
  });
}

export interface ComputerIdentity {
  computerId: string;
  organizationId: string;
  ownerUserId: string;
}

/** The computer behind a token; none when its owner was deactivated (its tokens die with it). */
export async function findComputerByTokenHash(db: Db, tokenHash: string): Promise<ComputerIdentity | undefined> {
  const organizationId = await credentialOrganization(db, tokenHash);
  if (!organizationId) return undefined;
  return db
    .selectFrom('computers as c')
    .innerJoin('users as u', (join) => join.onRef('u.organization_id', '=', 'c.organization_id').onRef('u.id', '=', 'c.owner_user_id'))
    .select(['c.id as computerId', 'c.organization_id as organizationId', 'c.owner_user_id as ownerUserId'])
    .where('c.organization_id', '=', organizationId)
    .where('c.token_hash', '=', tokenHash)
    .where('u.active', '=', true)
    .executeTakeFirst();
}

export async function touchComputer(db: Db, organizationId: string, computerId: string, now: Date): Promise<void> {
  await db.updateTable('computers').set({ last_seen_at: now }).where('organization_id', '=', organizationId).where('id', '=', computerId).execute();
}

// ---- Commands for the agent: restart and refresh --------------------------------------------

export type AgentCommand = 'restart' | 'refresh';

/**
 * Restart: the computer provisions again. Its steps return to pending (the computer shows
 * `provisioning`), the run in progress on it goes back to the queue at once (as if its lease had
 * lapsed: its agent hears on its next heartbeat that the run is lost), and its agent gets the
 * `restart` command with that heartbeat. Answers the computers whose queue got a message back.
 */
export async function requestRestart(db: Db, organizationId: string, computerId: string): Promise<string[]> {
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('computers').set({ restart_requested: true }).where('organization_id', '=', organizationId).where('id', '=', computerId).execute();
    await trx.updateTable('provisioning_steps').set({ status: 'pending', error: null, started_at: null, completed_at: null }).where('computer_id', '=', computerId).execute();
    await trx
      .updateTable('sessions')
      .set({ lease_expires_at: new Date(now.getTime() - 1) })
      .where('organization_id', '=', organizationId)
      .where('running_computer_id', '=', computerId)
      .where('status', '=', 'running')
      .execute();
  });
  return expireLapsedRuns(db, now, { organizationId, computerId });
}

/** Refresh: the agent brings the computer's repositories up to date with its next heartbeat. */
export async function requestRefresh(db: Db, organizationId: string, computerId: string): Promise<void> {
  await db.updateTable('computers').set({ refresh_requested: true }).where('organization_id', '=', organizationId).where('id', '=', computerId).execute();
}

/** The commands waiting for the computer's agent, cleared as they are handed over (each is given once). */
export async function takeAgentCommands(db: Db, organizationId: string, computerId: string): Promise<AgentCommand[]> {
  // Nearly every heartbeat finds none: a plain read first, the locking transaction only when needed.
  const waiting = await db
    .selectFrom('computers')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', '=', computerId)
    .where((eb) => eb.or([eb('restart_requested', '=', true), eb('refresh_requested', '=', true)]))
    .executeTakeFirst();
  if (!waiting) return [];
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('computers')
      .select(['restart_requested', 'refresh_requested'])
      .where('organization_id', '=', organizationId)
      .where('id', '=', computerId)
      .forUpdate()
      .executeTakeFirst();
    if (!row || (!row.restart_requested && !row.refresh_requested)) return [];
    await trx.updateTable('computers').set({ restart_requested: false, refresh_requested: false }).where('id', '=', computerId).execute();
    return [...(row.restart_requested ? (['restart'] as const) : []), ...(row.refresh_requested ? (['refresh'] as const) : [])];
  });
}

// ---- Machine metrics reported with heartbeats ------------------------------------------------

export interface MetricSample {
  cpuUsedPct: number;
  cpuCount: number;
  memUsed: number;
  memTotal: number;
  diskUsed: number;
  diskTotal: number;
}

/** How long samples are kept: the history GET …/metrics answers (docs/computers-and-sessions.md). */
export const METRICS_HISTORY_MS = 60 * 60 * 1000;

/** Stores one sample and drops the computer's samples older than the history window. */
export async function recordMetrics(db: Db, organizationId: string, computerId: string, sample: MetricSample, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('computer_metrics')
      .values({
        computer_id: computerId,
        organization_id: organizationId,
        recorded_at: now,
        cpu_used_pct: sample.cpuUsedPct,
        cpu_count: sample.cpuCount,
        mem_used: sample.memUsed,
        mem_total: sample.memTotal,
        disk_used: sample.diskUsed,
        disk_total: sample.diskTotal,
      })
      // Two heartbeats in the same millisecond: the later sample wins.
      .onConflict((oc) =>
        oc.columns(['organization_id', 'computer_id', 'recorded_at']).doUpdateSet((eb) => ({
          cpu_used_pct: eb.ref('excluded.cpu_used_pct'),
          cpu_count: eb.ref('excluded.cpu_count'),
          mem_used: eb.ref('excluded.mem_used'),
          mem_total: eb.ref('excluded.mem_total'),
          disk_used: eb.ref('excluded.disk_used'),
          disk_total: eb.ref('excluded.disk_total'),
        })),
      )
      .execute();
    await trx.deleteFrom('computer_metrics').where('computer_id', '=', computerId).where('recorded_at', '<', new Date(now.getTime() - METRICS_HISTORY_MS)).execute();
  });
}

/** The computer's samples since `since`, oldest first. */
export async function listMetrics(db: Db, organizationId: string, computerId: string, since: Date): Promise<(MetricSample & { recordedAt: Date })[]> {
  const rows = await db
    .selectFrom('computer_metrics')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('computer_id', '=', computerId)
    .where('recorded_at', '>=', since)
    .orderBy('recorded_at')
    .execute();
  return rows.map((row) => ({
    recordedAt: row.recorded_at,
    cpuUsedPct: row.cpu_used_pct,
    cpuCount: row.cpu_count,
    memUsed: row.mem_used,
    memTotal: row.mem_total,
    diskUsed: row.disk_used,
    diskTotal: row.disk_total,
  }));
}
