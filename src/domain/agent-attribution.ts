// Which coding agent took part in a commit, and how (docs/outcomes.md "The attribution rule").
// The one place that knows the agents' identities: their bot accounts and the co-author trailers
// they write. A commit is
// - `agent-authored` when its author is an agent's own identity (the agent's app or bot account);
// - `agent-assisted` when a person authored it and a `Co-authored-by` trailer names an agent, or
//   Quarterdeck's hooks saw it made during an agent session;
// - `none` otherwise.
// A pull request takes the strongest class among its commits.

export const ATTRIBUTIONS = ['agent-authored', 'agent-assisted', 'none'] as const;
export type Attribution = (typeof ATTRIBUTIONS)[number];

export interface AgentEvidence {
  agent: string;
  /** `hook`: Quarterdeck's hooks recorded the commit being made in one of the agent's sessions. */
  via: 'author' | 'co-author' | 'hook';
}

interface KnownAgent {
  /** The agent dimension's id, as telemetry names the product where it does. */
  agent: string;
  /** E-mail addresses the agent writes as author or co-author, lower case. */
  emails: readonly string[];
  /** Host accounts of the agent (GitHub logins, lower case, `[bot]` suffix included where it has one). */
  logins: readonly string[];
}

// Identities as the agents write them (seen in public commit histories): the e-mail decides, the
// name beside it varies with the model ("Claude Opus 4", "opencode (model)").
const KNOWN_AGENTS: readonly KnownAgent[] = [
  { agent: 'claude-code', emails: ['noreply@anthropic.com'], logins: ['claude[bot]'] },
  { agent: 'codex', emails: ['noreply@openai.com', 'codex@openai.com'], logins: ['chatgpt-codex-connector[bot]'] },
  { agent: 'droid', emails: ['droid@factory.ai'], logins: ['factory-droid[bot]'] },
  // `Copilot` is both the coding agent's author and the co-author of an accepted Copilot suggestion.
  { agent: 'copilot-coding-agent', emails: [], logins: ['copilot', 'copilot-swe-agent[bot]'] },
  // Code scanning's AI fixes, co-authored as "Copilot Autofix powered by AI".
  { agent: 'copilot-autofix', emails: [], logins: ['github-advanced-security[bot]'] },
  { agent: 'cursor', emails: ['cursoragent@cursor.com'], logins: ['cursor[bot]'] },
  // The Gemini CLI run as a GitHub agent (run-gemini-cli) commits as `gemini-cli[bot]`.
  { agent: 'gemini-cli', emails: ['noreply@google.com'], logins: ['gemini-cli[bot]'] },
  // Gemini's pull request reviewer: its suggestions, when committed, make it a co-author.
  { agent: 'gemini-code-assist', emails: [], logins: ['gemini-code-assist[bot]'] },
  { agent: 'jules', emails: [], logins: ['google-labs-jules[bot]'] },
  { agent: 'opencode', emails: ['noreply@opencode.ai'], logins: ['opencode-agent[bot]'] },
  { agent: 'amp', emails: ['amp@ampcode.com'], logins: [] },
  { agent: 'crush', emails: ['crush@charm.land'], logins: [] },
  { agent: 'kiro', emails: [], logins: ['kiro-agent'] },
  { agent: 'devin', emails: [], logins: ['devin-ai-integration[bot]'] },
  { agent: 'coderabbit', emails: [], logins: ['coderabbitai[bot]'] },
];

// GitHub's no-reply address of an account: `<id>+<login>@users.noreply.github.com`.
const GITHUB_NOREPLY = /^(?:\d+\+)?([^@]+)@users\.noreply\.github\.com$/;

const byEmail = new Map<string, string>();
const byLogin = new Map<string, string>();
for (const known of KNOWN_AGENTS) {
  for (const email of known.emails) byEmail.set(email, known.agent);
  for (const login of known.logins) byLogin.set(login, known.agent);
}

/** The agent an identity belongs to (e-mail, else its GitHub no-reply login, else the host login), or undefined. */
export function agentOfIdentity(identity: { email?: string | null; login?: string | null }): string | undefined {
  const email = identity.email?.trim().toLowerCase() ?? '';
  const fromEmail = byEmail.get(email);
  if (fromEmail) return fromEmail;
  const noreply = GITHUB_NOREPLY.exec(email);
  if (noreply) return byLogin.get(noreply[1]!);
  const login = identity.login?.trim().toLowerCase();
  return login ? byLogin.get(login) : undefined;
}

// A `Co-authored-by: Name <email>` line, key case-insensitive. Squash merges join the squashed
// commits' messages, trailers included, so such lines are read wherever they start a line, not
// only in the last paragraph.
const CO_AUTHOR_LINE = /^[ \t]*co-authored-by:[ \t]*(.*?)[ \t]*<([^<>\s]+)>[ \t]*$/gim;

/** The e-mail addresses of a message's co-author trailers, lower case. */
export function coAuthorEmails(message: string): string[] {
  return [...message.matchAll(CO_AUTHOR_LINE)].map((match) => match[2]!.toLowerCase());
}

// git revert writes "This reverts commit <full sha>." in the body.
const REVERTS = /^This reverts commit ([0-9a-f]{40})\b/m;

/** The SHA a revert commit's message names, or undefined. */
export function revertedSha(message: string): string | undefined {
  return REVERTS.exec(message)?.[1];
}

// git cherry-pick -x writes "(cherry picked from commit <full sha>)" in the body.
const CHERRY_PICKED = /^\(cherry picked from commit ([0-9a-f]{40})\)/m;

/** The SHA a cherry-picked commit's message names, or undefined. */
export function cherryPickedSha(message: string): string | undefined {
  return CHERRY_PICKED.exec(message)?.[1];
}

// GitHub's "Revert" button names the branch `revert-<number>-<branch>`.
const REVERT_BRANCH = /^revert-(\d+)-/;

/** The number of the pull request that a revert pull request's head branch names, or undefined. */
export function revertedPullRequest(headBranch: string): number | undefined {
  const match = REVERT_BRANCH.exec(headBranch);
  return match ? Number(match[1]) : undefined;
}

export interface CommitIdentity {
  author: { email?: string | null; login?: string | null };
  message: string;
}

/** The agents of a commit: its author when an agent's, and every agent its co-author trailers name (each agent once). */
export function commitEvidence(commit: CommitIdentity): AgentEvidence[] {
  const evidence: AgentEvidence[] = [];
  const author = agentOfIdentity(commit.author);
  if (author) evidence.push({ agent: author, via: 'author' });
  for (const email of coAuthorEmails(commit.message)) {
    const agent = agentOfIdentity({ email });
    if (agent && !evidence.some((known) => known.agent === agent)) evidence.push({ agent, via: 'co-author' });
  }
  return evidence;
}

export function attributionOf(evidence: readonly AgentEvidence[]): Attribution {
  if (evidence.some((item) => item.via === 'author')) return 'agent-authored';
  return evidence.length > 0 ? 'agent-assisted' : 'none';
}

/** The strongest class among several (a pull request's commits). */
export function strongestAttribution(classes: Iterable<Attribution>): Attribution {
  let strongest: Attribution = 'none';
  for (const value of classes) if (ATTRIBUTIONS.indexOf(value) < ATTRIBUTIONS.indexOf(strongest)) strongest = value;
  return strongest;
}
