import { addDays } from '../domain/dates.js';
import type { Client, TelemetryEvent } from '../telemetry/events.js';
import type { StepDetail } from '../telemetry/session-steps.js';

// Deterministic demo telemetry: N users over D days, the same events for the same seed. Each user
// has a persona (how often active, preferred client, model and autonomy mode); each active day
// has sessions of user turns with model calls, tool calls (some through MCP servers, spelled
// inconsistently as real clients do), skills, slash commands, hooks, file edits with their lines
// changed, and git work.
// Each user works in one to three of the organization's repositories (their URLs spelled in the
// several ways git remotes are); a few sessions name none.
// Some sessions waste (docs/agent-sessions.md "Waste found"): a command that fails four times the
// same way (a retry loop), and sessions that change files with no commit after (abandoned).

export interface DemoOptions {
  seed: number;
  users: number;
  days: number;
  /** The last day with events (YYYY-MM-DD, UTC). */
  lastDay: string;
}

export interface DemoEvent {
  /** Index of the user (0 .. users-1) the event is for. */
  user: number;
  event: TelemetryEvent;
  /** What an agent's record would say of the step beyond the event: a tool call's outcome and arguments' digest. */
  detail?: StepDetail;
}

/** The share of sessions with a retry loop, and of the editing sessions without a commit that get one. */
const RETRY_LOOP_SHARE = 0.06;
const COMMIT_SHARE = 0.8;

/** mulberry32: a small, fast, seedable generator; good enough for demo data. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const CLIENTS: Client[] = ['terminal-ui', 'web', 'non-interactive-cli'];
// Current models the price dataset prices (docs/prices.md), and one it cannot know: a model the
// organization runs itself, which the demo's price table lists as having no price.
const MODELS = [
  { id: 'claude-sonnet-4-5', tier: 'standard' },
  { id: 'claude-haiku-4-5', tier: 'standard' },
  { id: 'claude-opus-4-1', tier: 'thinking' },
  { id: 'gpt-5', tier: 'thinking' },
  { id: 'in-house-coder', tier: 'standard' },
] as const;
const MODES = ['auto-high', 'auto-medium', 'auto-low', 'spec', 'manual'] as const;
const LEVELS = ['auto_high', 'auto_medium', 'auto_low', 'manual'] as const;
const TOOLS = ['Read', 'Edit', 'Bash', 'Grep', 'Glob', 'Write'];
const MCP_SERVERS = ['GitHub', 'github', 'Linear', 'linear', 'Sentry'];
const SKILLS = ['code-review', 'write-tests', 'refactor'];
const SLASH_COMMANDS = ['compact', 'review', 'init', 'clear'];
const HOOKS = [
  { event: 'PreToolUse', matcher: 'Bash', command: './scripts/guard.sh' },
  { event: 'PostToolUse', matcher: 'Edit', command: 'npm run lint --silent' },
  { event: 'Stop', matcher: '', command: 'notify-send done' },
];
const FILES = [
  { path: 'src/server.ts', language: 'typescript' },
  { path: 'src/App.tsx', language: 'typescript' },
  { path: 'app/models.py', language: 'python' },
  { path: 'cmd/main.go', language: 'go' },
  { path: 'README.md', language: 'markdown' },
  { path: 'Dockerfile', language: 'dockerfile' },
];

/** The demo's repositories: an id and the spellings of its URL that sessions send. */
export const REPOSITORIES = ['payments-api', 'web-app', 'mobile-app', 'data-pipeline', 'infra', 'design-system', 'auth-service', 'docs-site'].map((name) => ({
  id: `github.example.test/demo-org/${name}`,
  spellings: [`https://github.example.test/demo-org/${name}.git`, `git@github.example.test:demo-org/${name}.git`, `https://github.example.test/Demo-Org/${name}`],
}));

export function generateDemoEvents(options: DemoOptions): DemoEvent[] {
  const next = random(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const personas = Array.from({ length: options.users }, () => ({
    activity: 0.35 + next() * 0.6,
    client: pick(CLIENTS),
    model: pick(MODELS),
    mode: pick(MODES),
    usesMcp: next() < 0.5,
  }));
  // Repositories and lines changed from a generator of their own: the rest of the demo is the same
  // with or without them.
  const nextForRepositories = random(options.seed + 1);
  const repositoriesOf = personas.map(() => Array.from({ length: 1 + Math.floor(nextForRepositories() * 3) }, () => REPOSITORIES[Math.floor(nextForRepositories() * REPOSITORIES.length)]!));
  const repositoryOfSession = (user: number): Record<string, string> => {
    if (nextForRepositories() < 0.05) return {};
    const own = repositoriesOf[user]!;
    const { spellings } = own[Math.floor(nextForRepositories() * own.length)]!;
    return { repository: spellings[Math.floor(nextForRepositories() * spellings.length)]! };
  };
  // Waste from a generator of its own too: the rest of the demo is the same with or without it.
  const nextForWaste = random(options.seed + 3);
  const events: DemoEvent[] = [];
  let sequence = 0;

  for (let d = options.days - 1; d >= 0; d--) {
    const day = addDays(options.lastDay, -d);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const dayFactor = weekday === 0 || weekday === 6 ? 0.3 : 1;
    personas.forEach((persona, user) => {
      if (next() > persona.activity * dayFactor) return;
      for (let s = between(1, 3); s > 0; s--) {
        const sessionId = `demo-session-${options.seed}-${++sequence}`;
        const client = next() < 0.8 ? persona.client : pick(CLIENTS);
        const repository = repositoryOfSession(user);
        let at = Date.parse(`${day}T08:00:00Z`) + between(0, 10 * 3600) * 1000;
        const add = (event: Record<string, unknown>, detail?: StepDetail) => {
          at += between(5, 120) * 1000;
          events.push({ user, event: { id: `demo-${options.seed}-${++sequence}`, timestamp: at, sessionId, client, ...repository, ...event } as TelemetryEvent, ...(detail ? { detail } : {}) });
        };
        add({ type: 'session_start' });
        let edits = false;
        let committed = false;
        if (nextForWaste() < RETRY_LOOP_SHARE) {
          // The same test command, failing four times, each after a model call that decided to run it again.
          add({ type: 'user_message', autonomyMode: persona.mode });
          for (let attempt = 0; attempt < 4; attempt++) {
            add({ type: 'model_call', modelId: persona.model.id, modelTier: persona.model.tier, inputTokens: 8000 + attempt * 1500, outputTokens: 300, cacheReadTokens: 20_000, cacheWriteTokens: 0 });
            add({ type: 'tool_call', tool: 'Bash', autonomyLevel: 'auto_high' }, { outcome: 'failure', callDigest: 'demo-npm-test', durationMs: 4000 + Math.floor(nextForWaste() * 2000) });
          }
          add({ type: 'model_call', modelId: persona.model.id, modelTier: persona.model.tier, inputTokens: 14_000, outputTokens: 500, cacheReadTokens: 20_000, cacheWriteTokens: 0 });
          add({ type: 'tool_call', tool: 'Read', autonomyLevel: 'auto_high' }, { outcome: 'success', callDigest: 'demo-read-log', durationMs: 30 });
        }
        for (let turn = between(1, 6); turn > 0; turn--) {
          add({ type: 'user_message', autonomyMode: next() < 0.7 ? persona.mode : pick(MODES) });
          for (let calls = between(1, 3); calls > 0; calls--) {
            const model = next() < 0.75 ? persona.model : pick(MODELS);
            add({ type: 'model_call', modelId: model.id, modelTier: model.tier, inputTokens: between(500, 20_000), outputTokens: between(50, 4000), cacheReadTokens: between(0, 50_000), cacheWriteTokens: between(0, 5000) });
          }
          for (let tools = between(0, 8); tools > 0; tools--) {
            const mcp = persona.usesMcp && next() < 0.25;
            add({ type: 'tool_call', tool: mcp ? 'mcp_call' : pick(TOOLS), ...(mcp ? { mcpServer: pick(MCP_SERVERS) } : {}), autonomyLevel: pick(LEVELS) });
          }
          if (next() < 0.15) add({ type: 'skill', name: pick(SKILLS) });
          if (next() < 0.2) add({ type: 'slash_command', name: pick(SLASH_COMMANDS) });
          if (next() < 0.3) add({ type: 'hook', ...pick(HOOKS) });
          if (next() < 0.5) {
            edits = true;
            add({ type: next() < 0.3 ? 'file_created' : 'file_edited', ...pick(FILES) });
            // The lines of that change, at the same instant.
            const linesAdded = Math.floor(nextForRepositories() * 120);
            const linesRemoved = Math.floor(nextForRepositories() * 40);
            events.push({ user, event: { id: `demo-${options.seed}-${++sequence}`, timestamp: at, sessionId, client, ...repository, type: 'lines_changed', linesAdded, linesRemoved } });
          }
          add({ type: 'assistant_message' });
        }
        if (next() < 0.4) {
          add({ type: 'git_commit' });
          committed = true;
        }
        if (next() < 0.1) add({ type: 'pr_created' });
        // Most sessions that changed files end in a commit; the others are abandoned.
        if (edits && !committed && nextForWaste() < COMMIT_SHARE) add({ type: 'git_commit' });
      }
    });
  }
  return events;
}
