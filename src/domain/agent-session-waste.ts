import { WASTE_PATTERNS, type WastePattern } from './agent-sessions.js';

// A month's waste found in agent sessions (docs/agent-sessions.md "Waste found this month"): per
// pattern, per repository and per agent, the flagged sessions and their estimated cost, and what
// to do about each pattern. Money is summed in micro-units, so a total is the sum of its rows.

/** What to do about a pattern: a hook where one can stop it, and a line for AGENTS.md. */
export interface SuggestedFix {
  hook: string | null;
  agentsMd: string;
}

export const SUGGESTED_FIXES: Record<WastePattern, SuggestedFix> = {
  retry_loop: {
    hook: 'A PreToolUse hook that refuses the third identical failing command (docs/hooks.md)',
    agentsMd: 'If a command fails twice the same way, stop and report the error instead of retrying.',
  },
  reread: {
    hook: null,
    agentsMd: 'Do not read a file again unless you changed it; keep what you read.',
  },
  tool_error_burst: {
    hook: 'A SessionStart hook that checks the environment (dependencies, permissions, sandbox) before the agent starts',
    agentsMd: 'Before changing code, run the setup and test commands of this file; if they fail, report it.',
  },
  context_pressure: {
    hook: null,
    agentsMd: 'Keep tool output short: search with grep or rg rather than printing whole files, and pipe long output through head.',
  },
  abandoned: {
    hook: 'A Stop hook that reminds the agent to commit its work, or to say why not (docs/hooks.md)',
    agentsMd: 'Finish each task with a commit on a branch, or write down why the change was dropped.',
  },
};

/** A session as the monthly figures need it: its findings' patterns and costs, its place, its waste. */
export interface WastedSession {
  repository: string | null;
  agent: string;
  /** Each finding's pattern, occurrences and estimated cost in micro-units. */
  findings: { pattern: WastePattern; occurrences: number; micros: number }[];
  /** The session's waste, each call once (wasteCost), in micro-units. */
  wasteMicros: number;
}

export interface WasteGroup {
  sessions: number;
  estimatedMicros: number;
}

export interface MonthlyWaste {
  total: WasteGroup;
  patterns: { pattern: WastePattern; occurrences: number; group: WasteGroup }[];
  repositories: { repository: string | null; group: WasteGroup; patterns: WastePattern[] }[];
  agents: { agent: string; group: WasteGroup; patterns: WastePattern[] }[];
}

const add = (group: WasteGroup, micros: number) => {
  group.sessions += 1;
  group.estimatedMicros += micros;
};

/**
 * The month's figures from its flagged sessions. A pattern's cost is the cost of its findings; a
 * repository's, an agent's and the total are the sessions' waste, each model call once (a retry
 * loop is often an error burst too): so the patterns may add up to more than the total. Every
 * pattern is listed, found or not; repositories and agents costliest first.
 */
export function monthlyWaste(sessions: readonly WastedSession[]): MonthlyWaste {
  const total: WasteGroup = { sessions: 0, estimatedMicros: 0 };
  const patterns = new Map(WASTE_PATTERNS.map((pattern) => [pattern, { pattern, occurrences: 0, group: { sessions: 0, estimatedMicros: 0 } }]));
  const repositories = new Map<string | null, { repository: string | null; group: WasteGroup; patterns: Set<WastePattern> }>();
  const agents = new Map<string, { agent: string; group: WasteGroup; patterns: Set<WastePattern> }>();
  for (const session of sessions) {
    if (session.findings.length === 0) continue;
    add(total, session.wasteMicros);
    for (const finding of session.findings) {
      const row = patterns.get(finding.pattern)!;
      row.occurrences += finding.occurrences;
      add(row.group, finding.micros);
    }
    const repository = repositories.get(session.repository) ?? { repository: session.repository, group: { sessions: 0, estimatedMicros: 0 }, patterns: new Set() };
    repositories.set(session.repository, repository);
    const agent = agents.get(session.agent) ?? { agent: session.agent, group: { sessions: 0, estimatedMicros: 0 }, patterns: new Set() };
    agents.set(session.agent, agent);
    for (const row of [repository, agent]) {
      add(row.group, session.wasteMicros);
      for (const finding of session.findings) row.patterns.add(finding.pattern);
    }
  }
  const ordered = <T extends { group: WasteGroup; patterns: Set<WastePattern> }>(rows: Iterable<T>, name: (row: T) => string) =>
    [...rows]
      .sort((a, b) => b.group.estimatedMicros - a.group.estimatedMicros || b.group.sessions - a.group.sessions || (name(a) < name(b) ? -1 : 1))
      .map((row) => ({ ...row, patterns: WASTE_PATTERNS.filter((pattern) => row.patterns.has(pattern)) }));
  return {
    total,
    patterns: [...patterns.values()],
    repositories: ordered(repositories.values(), (row) => row.repository ?? ''),
    agents: ordered(agents.values(), (row) => row.agent),
  };
}
