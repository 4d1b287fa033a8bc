import { criterionState, type Criterion } from './readiness-score.js';

// The readiness model of `quarterdeck readiness evaluate` (docs/readiness.md): five levels, nine
// pillars, and the criteria the evaluator reports, each with its pillar, level and scope. It
// lives in the SDK so that whoever reads a stored report (the console, the server) derives the
// same level from its criterion ids as the evaluator printed.

export const LEVELS = [
  { level: 1, name: 'Functional' },
  { level: 2, name: 'Documented' },
  { level: 3, name: 'Standardized' },
  { level: 4, name: 'Optimized' },
  { level: 5, name: 'Autonomous' },
] as const;

export const PILLARS = {
  style: 'Style and validation',
  build: 'Build system',
  testing: 'Testing',
  documentation: 'Documentation',
  environment: 'Development environment',
  observability: 'Debugging and observability',
  security: 'Security',
  tasks: 'Task discovery',
  product: 'Product and experimentation',
} as const;

export type Pillar = keyof typeof PILLARS;
/** Repository-wide, or evaluated once per application of a monorepo (numerator of denominator). */
export type CriterionScope = 'repository' | 'application';

export interface CriterionInfo {
  pillar: Pillar;
  level: 1 | 2 | 3 | 4 | 5;
  scope: CriterionScope;
  title: string;
}

/** Every criterion the evaluator reports; the exact rules are in docs/readiness.md. */
export const READINESS_CRITERIA = {
  readme: { pillar: 'documentation', level: 1, scope: 'repository', title: 'README with substance' },
  license: { pillar: 'documentation', level: 1, scope: 'repository', title: 'License file' },
  gitignore: { pillar: 'environment', level: 1, scope: 'repository', title: '.gitignore with patterns' },
  version_control: { pillar: 'environment', level: 1, scope: 'repository', title: 'Git history' },
  build_manifest: { pillar: 'build', level: 1, scope: 'application', title: 'Build manifest' },
  lockfile: { pillar: 'build', level: 1, scope: 'application', title: 'Dependency lockfile' },
  tests_present: { pillar: 'testing', level: 1, scope: 'application', title: 'Tests present' },
  readme_setup: { pillar: 'documentation', level: 2, scope: 'repository', title: 'README explains setup or usage' },
  agent_instructions: { pillar: 'documentation', level: 2, scope: 'repository', title: 'Agent instruction file with substance' },
  contributing_guide: { pillar: 'documentation', level: 2, scope: 'repository', title: 'Contributing guide' },
  build_command: { pillar: 'build', level: 2, scope: 'application', title: 'Build command' },
  test_command: { pillar: 'testing', level: 2, scope: 'application', title: 'Test command' },
  linter: { pillar: 'style', level: 2, scope: 'application', title: 'Linter configured' },
  ci_config: { pillar: 'build', level: 2, scope: 'repository', title: 'Continuous integration configured' },
  runtime_version: { pillar: 'environment', level: 2, scope: 'application', title: 'Runtime version pinned' },
  task_runner: { pillar: 'tasks', level: 2, scope: 'repository', title: 'Discoverable task commands' },
  formatter: { pillar: 'style', level: 3, scope: 'application', title: 'Formatter configured' },
  type_checker: { pillar: 'style', level: 3, scope: 'application', title: 'Type checking' },
  ci_runs_tests: { pillar: 'testing', level: 3, scope: 'repository', title: 'CI runs the tests' },
  ci_runs_lint: { pillar: 'style', level: 3, scope: 'repository', title: 'CI runs a linter' },
  agent_test_command: { pillar: 'tasks', level: 3, scope: 'repository', title: 'Agent instructions name the test command' },
  editorconfig: { pillar: 'style', level: 3, scope: 'repository', title: 'EditorConfig' },
  pre_commit_hooks: { pillar: 'style', level: 3, scope: 'repository', title: 'Pre-commit hooks' },
  dependency_updates: { pillar: 'security', level: 3, scope: 'repository', title: 'Automated dependency updates' },
  security_policy: { pillar: 'security', level: 3, scope: 'repository', title: 'Security policy' },
  codeowners: { pillar: 'security', level: 3, scope: 'repository', title: 'CODEOWNERS' },
  issue_templates: { pillar: 'tasks', level: 3, scope: 'repository', title: 'Issue templates' },
  pr_template: { pillar: 'tasks', level: 3, scope: 'repository', title: 'Pull request template' },
  dev_environment: { pillar: 'environment', level: 3, scope: 'repository', title: 'Dev container or setup script' },
  docs_folder: { pillar: 'documentation', level: 3, scope: 'repository', title: 'Documentation folder or site' },
  changelog: { pillar: 'product', level: 3, scope: 'repository', title: 'Changelog or release notes' },
  no_large_files: { pillar: 'build', level: 3, scope: 'repository', title: 'No large files outside Git LFS' },
  test_coverage: { pillar: 'testing', level: 4, scope: 'repository', title: 'Coverage measured' },
  test_ratio: { pillar: 'testing', level: 4, scope: 'application', title: 'Test files per source file' },
  strict_types: { pillar: 'style', level: 4, scope: 'application', title: 'Strict type checking' },
  structured_logging: { pillar: 'observability', level: 4, scope: 'application', title: 'Structured logging' },
  debug_config: { pillar: 'observability', level: 4, scope: 'repository', title: 'Shared debugger configuration' },
  vulnerability_scanning: { pillar: 'security', level: 4, scope: 'repository', title: 'Dependency or code scanning' },
  release_automation: { pillar: 'build', level: 4, scope: 'repository', title: 'Release automation' },
  architecture_doc: { pillar: 'documentation', level: 4, scope: 'repository', title: 'Architecture or decision records' },
  app_agent_instructions: { pillar: 'documentation', level: 4, scope: 'application', title: 'Agent instructions cover each application' },
  conventional_commits: { pillar: 'tasks', level: 4, scope: 'repository', title: 'Conventional commit messages' },
  secret_scanning: { pillar: 'security', level: 5, scope: 'repository', title: 'Secret scanning' },
  tracing: { pillar: 'observability', level: 5, scope: 'application', title: 'Tracing or error tracking' },
  metrics: { pillar: 'observability', level: 5, scope: 'application', title: 'Metrics instrumentation' },
  feature_flags: { pillar: 'product', level: 5, scope: 'application', title: 'Feature flags' },
  product_analytics: { pillar: 'product', level: 5, scope: 'application', title: 'Product analytics' },
  agent_commands: { pillar: 'tasks', level: 5, scope: 'repository', title: 'Reusable agent commands or skills' },
  mcp_config: { pillar: 'environment', level: 5, scope: 'repository', title: 'Shared MCP server configuration' },
} as const satisfies Record<string, CriterionInfo>;

export type CriterionId = keyof typeof READINESS_CRITERIA;

/** The share of a level's applicable criteria that unlocks it. */
export const LEVEL_THRESHOLD = 0.8;

export interface LevelProgress {
  level: number;
  name: string;
  passed: number;
  applicable: number;
  /** Ids of this level's criteria that fail, in catalogue order. */
  failing: string[];
  reached: boolean;
}

export interface ReadinessLevel {
  /** 0 when even level 1 is not reached. */
  level: number;
  levels: LevelProgress[];
  /** The first level not reached and how many more of its criteria must pass; null at level 5. */
  next: { level: number; name: string; missing: number; failing: string[] } | null;
}

/**
 * The level a report reaches: level L when level L−1 is reached and at least 80 % of level L's
 * applicable criteria pass (a level without applicable criteria counts as passed). Criteria
 * missing from the report or unknown to the catalogue are ignored.
 */
export function readinessLevel(report: Record<string, Criterion>): ReadinessLevel {
  let level = 0;
  let next: ReadinessLevel['next'] = null;
  const levels = LEVELS.map(({ level: number, name }) => {
    const ids = Object.entries(READINESS_CRITERIA).filter(([id, info]) => info.level === number && report[id] !== undefined).map(([id]) => id);
    const states = ids.map((id) => ({ id, state: criterionState(report[id]!) }));
    const applicable = states.filter((item) => item.state !== 'n/a').length;
    const passed = states.filter((item) => item.state === 'pass').length;
    const failing = states.filter((item) => item.state === 'fail').map((item) => item.id);
    const reached = level === number - 1 && passed >= Math.ceil(LEVEL_THRESHOLD * applicable - 1e-9);
    if (reached) level = number;
    else if (next === null) next = { level: number, name, missing: Math.ceil(LEVEL_THRESHOLD * applicable - 1e-9) - passed, failing };
    return { level: number, name, passed, applicable, failing, reached };
  });
  return { level, levels, next };
}
