import { sql } from 'kysely';
import type { Db } from '../db/store.js';
import type { DeliveryFacts } from '../domain/git-facts.js';
import { newId } from '../domain/ids.js';
import { foldHookEvidence, lockAgentEvidence } from './agent-commits.js';
import { inTransaction } from './audit-log.js';
import { findGitHost } from './git-hosts.js';

// A git host's deliveries and what they carried (docs/outcomes.md). A delivery is stored once per
// host and delivery id, with its facts, in one transaction: a redelivery finds the row and changes
// nothing. Facts merge whatever their order: a commit is what its SHA says (stored once), and a
// pull request keeps the earliest open and review times and the latest close and reopen times.

export type DeliveryOutcome = 'stored' | 'ignored' | 'duplicate';

export async function recordGitDelivery(
  db: Db,
  host: { id: string; organizationId: string },
  delivery: { id: string; event: string },
  facts: DeliveryFacts | undefined,
): Promise<DeliveryOutcome> {
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('git_deliveries')
      .values({ id: newId('gitd'), git_host_id: host.id, delivery_id: delivery.id, organization_id: host.organizationId, event: delivery.event, outcome: facts ? 'stored' : 'ignored' })
      .onConflict((conflict) => conflict.columns(['organization_id', 'git_host_id', 'delivery_id']).doNothing())
      .returning('delivery_id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate';
    if (!facts) return 'ignored';
    const key = { git_host_id: host.id, organization_id: host.organizationId };
    if (facts.commits.length > 0) {
      await lockAgentEvidence(trx, host.organizationId);
      await trx
        .insertInto('git_commits')
        .values(
          facts.commits.map((commit) => ({
            ...key,
            repository: commit.repository,
            sha: commit.sha,
            author_name: commit.authorName,
            author_email: commit.authorEmail,
            authored_at: commit.authoredAt,
            attribution: commit.attribution,
            agents: JSON.stringify(commit.agents),
            reverts_sha: commit.revertsSha,
            picked_from_sha: commit.pickedFromSha,
          })),
        )
        .onConflict((conflict) => conflict.columns(['organization_id', 'git_host_id', 'repository', 'sha']).doNothing())
        .execute();
      await trx
        .insertInto('git_branch_commits')
        .values(facts.commits.map((commit) => ({ ...key, repository: commit.repository, branch: commit.branch, sha: commit.sha })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      // Commits the hooks recorded in an agent session before the host delivered them.
      await foldHookEvidence(trx, host.organizationId, facts.commits.flatMap((commit) => [commit.sha, ...(commit.pickedFromSha ? [commit.pickedFromSha] : [])]));
    }
    for (const pr of facts.pullRequests) {
      await trx
        .insertInto('git_pull_requests')
        .values({
          ...key,
          repository: pr.repository,
          number: pr.number,
          url: pr.url,
          author_login: pr.authorLogin,
          head_branch: pr.headBranch,
          opened_at: pr.openedAt,
          first_review_at: pr.firstReviewAt,
          merged_at: pr.mergedAt,
          closed_at: pr.closedAt,
          reopened_at: pr.reopenedAt,
          merge_commit_sha: pr.mergeCommitSha,
          additions: pr.additions,
          deletions: pr.deletions,
          reverts_number: pr.revertsNumber,
        })
        .onConflict((conflict) =>
          conflict.columns(['organization_id', 'git_host_id', 'repository', 'number']).doUpdateSet({
            url: sql`coalesce(git_pull_requests.url, excluded.url)`,
            author_login: sql`coalesce(git_pull_requests.author_login, excluded.author_login)`,
            head_branch: sql`coalesce(git_pull_requests.head_branch, excluded.head_branch)`,
            // least and greatest skip nulls.
            opened_at: sql`least(git_pull_requests.opened_at, excluded.opened_at)`,
            first_review_at: sql`least(git_pull_requests.first_review_at, excluded.first_review_at)`,
            merged_at: sql`least(git_pull_requests.merged_at, excluded.merged_at)`,
            closed_at: sql`greatest(git_pull_requests.closed_at, excluded.closed_at)`,
            reopened_at: sql`greatest(git_pull_requests.reopened_at, excluded.reopened_at)`,
            merge_commit_sha: sql`coalesce(git_pull_requests.merge_commit_sha, excluded.merge_commit_sha)`,
            additions: sql`coalesce(git_pull_requests.additions, excluded.additions)`,
            deletions: sql`coalesce(git_pull_requests.deletions, excluded.deletions)`,
            reverts_number: sql`coalesce(git_pull_requests.reverts_number, excluded.reverts_number)`,
          }),
        )
        .execute();
    }
    return 'stored';
  });
}

export interface GitDeliveryRecord {
  id: string;
  deliveryId: string;
  event: string;
  outcome: Exclude<DeliveryOutcome, 'duplicate'>;
  receivedAt: Date;
}

/** A host's deliveries, newest first (what a person connecting a host checks). */
export async function listGitDeliveries(db: Db, organizationId: string, gitHostId: string, page: { before: string | undefined; limit: number }): Promise<GitDeliveryRecord[]> {
  await findGitHost(db, organizationId, gitHostId);
  let query = db.selectFrom('git_deliveries').select(['id', 'delivery_id', 'event', 'outcome', 'received_at']).where('organization_id', '=', organizationId).where('git_host_id', '=', gitHostId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const rows = await query.orderBy('id', 'desc').limit(page.limit).execute();
  return rows.map((row) => ({ id: row.id, deliveryId: row.delivery_id, event: row.event, outcome: row.outcome as GitDeliveryRecord['outcome'], receivedAt: row.received_at }));
}
