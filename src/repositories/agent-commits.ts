import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import { inTransaction } from './audit-log.js';

// Commits the hooks saw made during an agent session (docs/outcomes.md "Hook-recorded commits"),
// and their evidence folded into the commits the git hosts delivered. A record and a delivery of
// the same SHA may arrive in either order, so each side folds the other's in when it is stored,
// under one lock per organization, so that two transactions never miss each other.

/** Arbitrary, fixed: the advisory lock class of agent commit evidence (the organization is the second key). */
const EVIDENCE_LOCK_ID = 53_001;

export interface AgentCommitReport {
  sha: string;
  repository: string | null;
  branch: string | null;
  sessionId: string;
  agent: string;
  committedAt: Date;
  linesAdded: number;
  linesRemoved: number;
}

export async function lockAgentEvidence(trx: Db, organizationId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${EVIDENCE_LOCK_ID}, hashtext(${organizationId}))`.execute(trx);
}

/**
 * Adds the hook's evidence to the delivered commits of the organization that are, or were
 * cherry-picked from, a recorded SHA: `agent-assisted` unless an agent authored them, and the
 * agent with `via: hook`. A commit that has it already is left alone, so folding twice is harmless.
 */
export async function foldHookEvidence(trx: Db, organizationId: string, shas: readonly string[]): Promise<void> {
  if (shas.length === 0) return;
  await sql`
    UPDATE git_commits c SET
      attribution = CASE WHEN c.attribution = 'none' THEN 'agent-assisted' ELSE c.attribution END,
      agents = c.agents || jsonb_build_array(jsonb_build_object('agent', a.agent, 'via', 'hook'))
    FROM agent_commits a
    WHERE c.organization_id = ${organizationId} AND a.organization_id = ${organizationId}
      AND (a.sha = c.sha OR a.sha = c.picked_from_sha)
      AND (c.sha IN (${sql.join(shas)}) OR c.picked_from_sha IN (${sql.join(shas)}))
      AND NOT c.agents @> '[{"via": "hook"}]'::jsonb`.execute(trx);
}

/** Stores the reports, each SHA once per organization (the first report kept); answers how many were new. */
export async function recordAgentCommits(db: Db, organizationId: string, userId: string, reports: readonly AgentCommitReport[]): Promise<{ recorded: number; duplicates: number }> {
  return inTransaction(db, async (trx) => {
    await lockAgentEvidence(trx, organizationId);
    const inserted = await trx
      .insertInto('agent_commits')
      .values(
        reports.map((report) => ({
          organization_id: organizationId,
          sha: report.sha,
          repository: report.repository,
          branch: report.branch,
          session_id: report.sessionId,
          agent: report.agent,
          user_id: userId,
          committed_at: report.committedAt,
          lines_added: report.linesAdded,
          lines_removed: report.linesRemoved,
        })),
      )
      .onConflict((conflict) => conflict.columns(['organization_id', 'sha']).doNothing())
      .returning('sha')
      .execute();
    await foldHookEvidence(trx, organizationId, inserted.map((row) => row.sha));
    return { recorded: inserted.length, duplicates: reports.length - inserted.length };
  });
}

export interface AgentCommitRecord extends AgentCommitReport {
  userId: string;
  receivedAt: Date;
}

/** One recorded commit of the organization, or undefined. */
export async function findAgentCommit(db: Db, organizationId: string, sha: string): Promise<AgentCommitRecord | undefined> {
  const row = await db.selectFrom('agent_commits').selectAll().where('organization_id', '=', organizationId).where('sha', '=', sha).executeTakeFirst();
  return row && {
    sha: row.sha,
    repository: row.repository,
    branch: row.branch,
    sessionId: row.session_id,
    agent: row.agent,
    userId: row.user_id,
    committedAt: row.committed_at,
    linesAdded: row.lines_added,
    linesRemoved: row.lines_removed,
    receivedAt: row.received_at,
  };
}
