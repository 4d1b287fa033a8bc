import { READINESS_CRITERIA, type CriterionId } from '../sdk/readiness-levels.js';
import { findApplications, TomlFiles } from './apps.js';
import { Checkout, checkoutRoot, DEFAULT_LIMITS, type CheckoutLimits } from './checkout.js';
import { EvaluationContext } from './context.js';
import { APPLICATION_CHECKS, REPOSITORY_CHECKS, type Outcome } from './criteria.js';
import { readGitFacts } from './git.js';

// `quarterdeck readiness evaluate`: a checkout in, a report in the shape the readiness upload
// takes (api.md "Readiness report") out. A repository-wide criterion is 1 of 1 or 0 of 1; an
// application criterion counts the applications passing of those it applies to; a criterion
// that applies to none has numerator null (skipped).

export interface CriterionResult {
  numerator: number | null;
  denominator: number;
  rationale: string;
}

export interface EvaluatedReport {
  repoUrl: string;
  apps: Record<string, { description: string }>;
  report: Record<string, CriterionResult>;
  commitHash?: string;
  branch?: string;
  hasLocalChanges?: boolean;
  hasNonRemoteCommits?: boolean;
  agentVersion: string;
}

export interface Evaluation {
  report: EvaluatedReport;
  /** What the bounds left out (links out of the checkout, huge or binary files, deep paths). */
  warnings: string[];
  /** The checkout has no git metadata: the report has no commit, branch or git criteria. */
  gitMissing: boolean;
}

export interface EvaluateOptions {
  limits?: CheckoutLimits;
  /** Used when the checkout has no remote (or to override it). */
  repoUrl?: string;
  agentVersion: string;
}

function rationaleOf(outcome: Outcome): string {
  return 'skip' in outcome ? `not applicable: ${outcome.skip}` : outcome.why;
}

function repositoryResult(outcome: Outcome): CriterionResult {
  return { numerator: 'skip' in outcome ? null : outcome.pass ? 1 : 0, denominator: 1, rationale: rationaleOf(outcome) };
}

export async function evaluateCheckout(path: string, options: EvaluateOptions): Promise<Evaluation> {
  const root = checkoutRoot(path);
  const git = await readGitFacts(root);
  const checkout = Checkout.open(root, git?.files ?? null, options.limits ?? DEFAULT_LIMITS);
  const toml = new TomlFiles(checkout);
  const apps = findApplications(checkout, toml);
  const context = new EvaluationContext(checkout, git, apps, toml);

  const report: Record<string, CriterionResult> = {};
  for (const [id, info] of Object.entries(READINESS_CRITERIA) as Array<[CriterionId, (typeof READINESS_CRITERIA)[CriterionId]]>) {
    if (info.scope === 'repository') {
      const check = REPOSITORY_CHECKS[id];
      if (!check) throw new Error(`criterion ${id} has no repository check`);
      report[id] = repositoryResult(check(context));
      continue;
    }
    const check = APPLICATION_CHECKS[id];
    if (!check) throw new Error(`criterion ${id} has no application check`);
    const outcomes = apps.map((app) => ({ app, outcome: check(context, app) }));
    const applicable = outcomes.filter((item) => !('skip' in item.outcome));
    const passed = applicable.filter((item) => 'pass' in item.outcome && item.outcome.pass).length;
    const rationale = apps.length === 1
      ? rationaleOf(outcomes[0]!.outcome)
      : outcomes.map((item) => `${item.app.path}: ${'skip' in item.outcome ? 'n/a' : item.outcome.pass ? 'pass' : 'fail'} (${rationaleOf(item.outcome)})`).join('; ');
    report[id] = applicable.length === 0
      ? { numerator: null, denominator: apps.length, rationale }
      : { numerator: passed, denominator: applicable.length, rationale };
  }

  const repoUrl = options.repoUrl ?? git?.remoteUrl ?? `file://${checkout.root}`;
  return {
    report: {
      repoUrl,
      apps: Object.fromEntries(apps.map((app) => [app.path, { description: app.description }])),
      report,
      ...(git?.commitHash ? { commitHash: git.commitHash } : {}),
      ...(git?.branch ? { branch: git.branch } : {}),
      ...(git ? { hasLocalChanges: git.hasLocalChanges } : {}),
      ...(git?.hasNonRemoteCommits !== undefined ? { hasNonRemoteCommits: git.hasNonRemoteCommits } : {}),
      agentVersion: options.agentVersion,
    },
    warnings: checkout.warnings,
    gitMissing: git === null,
  };
}
