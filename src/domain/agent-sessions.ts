import { costMicros, type PriceBook, type TokenCounts } from './prices.js';

// Agent sessions (decisions.md §16, docs/agent-sessions.md): a session's figures and its waste
// findings, computed from its steps alone, whatever order they arrived in. The steps are sorted
// by instant and id first, so the same steps always give the same session.

/** The kinds of steps; a session's start and end are steps where the agent reports them (Qwen Code's session events). */
export const STEP_KINDS = ['prompt', 'model_call', 'tool_call', 'hook', 'error', 'compaction', 'file_change', 'session_start', 'session_end'] as const;
export type StepKind = (typeof STEP_KINDS)[number];
export type StepOutcome = 'success' | 'failure';
export type FileAccess = 'read' | 'write';

/**
 * A step's content as the record carried it: a prompt's text (input), a tool call's input and
 * output. Raw: held in memory only, until ingestion redacts it for an organization whose content
 * control is on, or drops it (docs/agent-sessions.md "Content").
 */
export interface StepContent {
  input?: string | undefined;
  output?: string | undefined;
}

/** One thing that happened in a session, as stored: never the content, only digests of it. */
export interface SessionStep {
  id: string;
  occurredAt: Date;
  kind: StepKind;
  durationMs: number | null;
  modelId: string | null;
  tokens: TokenCounts;
  /** The tool's, hook's or error's name. */
  name: string | null;
  outcome: StepOutcome | null;
  fileAccess: FileAccess | null;
  /** Digest of the call's arguments: two calls with the same digest did the same thing. */
  callDigest: string | null;
  /** Digest of the file the call names. */
  fileDigest: string | null;
  traceId: string | null;
  spanId: string | null;
  parentSpanId: string | null;
  repository: string | null;
}

export const WASTE_PATTERNS = ['retry_loop', 'reread', 'tool_error_burst', 'context_pressure', 'abandoned'] as const;
export type WastePattern = (typeof WASTE_PATTERNS)[number];

export interface Finding {
  pattern: WastePattern;
  /** How many times the pattern happened in the session. */
  occurrences: number;
  /** The tool concerned, when one is (retry loops). */
  tool: string | null;
  firstAt: string;
  lastAt: string;
  /** Tokens of the model calls inside the pattern. */
  tokens: number;
  /** Those tokens at the organization's prices (models without a price left out). */
  estimatedCost: number;
}

export interface SessionFigures {
  startedAt: Date;
  endedAt: Date;
  repository: string | null;
  models: string[];
  turns: number;
  modelCalls: number;
  toolCalls: number;
  errors: number;
  compactions: number;
  /** Steps that changed a file: file changes, and successful calls of a writing tool. */
  fileChanges: number;
  tokens: TokenCounts;
  costMicros: number;
  currency: string;
  unpricedModels: string[];
  findings: Finding[];
  wasteMicros: number;
}

/** A retry loop: the same failing call this many times or more, without a success of it between. */
export const RETRY_LOOP_MIN = 3;
/** A tool-error burst: this many tool calls in a row failing, whatever they were. */
export const ERROR_BURST_MIN = 3;

const byTime = (a: SessionStep, b: SessionStep) => a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function sortedSteps(steps: readonly SessionStep[]): SessionStep[] {
  return [...steps].sort(byTime);
}

// Tools that only read a file, and tools that change one, by the names the agents give them.
export const READING_TOOL = /^(read|read_?file|read_many_files|view|view_?file|open_?file|cat)$/i;
export const WRITING_TOOL = /(write|edit|create|replace|patch|delete|insert)/i;

/** A step that changed a file: a file change, or a writing tool's call that did not fail. */
const changedAFile = (step: SessionStep) =>
  step.kind === 'file_change' || (step.kind === 'tool_call' && step.outcome !== 'failure' && (step.fileAccess === 'write' || (step.name !== null && WRITING_TOOL.test(step.name))));

const isFailedTool = (step: SessionStep) => step.kind === 'tool_call' && step.outcome === 'failure';

/** The cost of model calls in micro-units, priced per model over their summed tokens (as the analytics price a group). */
function priced(calls: readonly SessionStep[], prices: PriceBook): { micros: number; unpriced: string[] } {
  const byModel = new Map<string, TokenCounts>();
  for (const call of calls) {
    if (call.kind !== 'model_call' || call.modelId === null) continue;
    const sums = byModel.get(call.modelId) ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
    sums.input += call.tokens.input;
    sums.output += call.tokens.output;
    sums.cacheRead += call.tokens.cacheRead;
    sums.cacheWrite += call.tokens.cacheWrite;
    byModel.set(call.modelId, sums);
  }
  let micros = 0;
  const unpriced: string[] = [];
  for (const [model, sums] of [...byModel].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const price = prices.priceOf(model);
    if (price) micros += costMicros(sums, price.price, prices.settings.discount);
    else unpriced.push(model);
  }
  return { micros, unpriced };
}

/** The cost of one model call in the currency; null without a price. */
export function stepCost(step: SessionStep, prices: PriceBook): number | null {
  if (step.kind !== 'model_call' || step.modelId === null) return null;
  const price = prices.priceOf(step.modelId);
  return price ? costMicros(step.tokens, price.price, prices.settings.discount) / 1_000_000 : null;
}

const totalTokens = (step: SessionStep) => step.tokens.input + step.tokens.output + step.tokens.cacheRead + step.tokens.cacheWrite;

/** One occurrence of a pattern: its span of steps and the model calls it spent. */
interface Occurrence {
  first: SessionStep;
  last: SessionStep;
  calls: SessionStep[];
}

/** The model calls from `first` to `last` (inclusive, by position): those that decided each attempt. */
function callsBetween(sorted: readonly SessionStep[], first: SessionStep, last: SessionStep): SessionStep[] {
  const from = sorted.indexOf(first);
  const to = sorted.indexOf(last);
  return sorted.slice(from, to + 1).filter((step) => step.kind === 'model_call');
}

/** The first model call after a step: the one that carried the step's result (or the summary) back to the model. */
function nextCall(sorted: readonly SessionStep[], step: SessionStep): SessionStep[] {
  const next = sorted.slice(sorted.indexOf(step) + 1).find((candidate) => candidate.kind === 'model_call');
  return next ? [next] : [];
}

function retryLoops(sorted: readonly SessionStep[]): Map<string, Occurrence[]> {
  const found = new Map<string, Occurrence[]>();
  const runs = new Map<string, SessionStep[]>();
  const close = (key: string) => {
    const run = runs.get(key);
    runs.delete(key);
    if (!run || run.length < RETRY_LOOP_MIN) return;
    const tool = run[0]!.name ?? '';
    found.set(tool, [...(found.get(tool) ?? []), { first: run[0]!, last: run[run.length - 1]!, calls: callsBetween(sorted, run[0]!, run[run.length - 1]!) }]);
  };
  for (const step of sorted) {
    if (step.kind !== 'tool_call' || step.outcome === null) continue;
    const key = `${step.name ?? ''}\u0000${step.callDigest ?? ''}`;
    if (step.outcome === 'failure') runs.set(key, [...(runs.get(key) ?? []), step]);
    else close(key);
  }
  for (const key of [...runs.keys()]) close(key);
  return found;
}

function rereads(sorted: readonly SessionStep[]): Occurrence[] {
  const read = new Set<string>();
  const found: Occurrence[] = [];
  for (const step of sorted) {
    if (step.kind !== 'tool_call' || step.fileDigest === null || step.fileAccess === null) continue;
    if (step.fileAccess === 'write') {
      read.delete(step.fileDigest);
    } else if (step.outcome !== 'failure') {
      if (read.has(step.fileDigest)) found.push({ first: step, last: step, calls: nextCall(sorted, step) });
      read.add(step.fileDigest);
    }
  }
  return found;
}

function errorBursts(sorted: readonly SessionStep[]): Occurrence[] {
  const found: Occurrence[] = [];
  let run: SessionStep[] = [];
  const close = () => {
    if (run.length >= ERROR_BURST_MIN) found.push({ first: run[0]!, last: run[run.length - 1]!, calls: callsBetween(sorted, run[0]!, run[run.length - 1]!) });
    run = [];
  };
  for (const step of sorted) {
    if (step.kind !== 'tool_call' || step.outcome === null) continue;
    if (isFailedTool(step)) run.push(step);
    else close();
  }
  close();
  return found;
}

function contextPressure(sorted: readonly SessionStep[]): Occurrence[] {
  return sorted.filter((step) => step.kind === 'compaction').map((step) => ({ first: step, last: step, calls: nextCall(sorted, step) }));
}

/** The waste found in a session's sorted steps, each pattern priced by the model calls inside it; and the cost of them all, each call once. */
export function findWaste(sorted: readonly SessionStep[], prices: PriceBook): { findings: Finding[]; wasteMicros: number } {
  const groups: { pattern: WastePattern; tool: string | null; occurrences: Occurrence[] }[] = [];
  for (const [tool, occurrences] of retryLoops(sorted)) groups.push({ pattern: 'retry_loop', tool: tool || null, occurrences });
  groups.push({ pattern: 'reread', tool: null, occurrences: rereads(sorted) });
  groups.push({ pattern: 'tool_error_burst', tool: null, occurrences: errorBursts(sorted) });
  groups.push({ pattern: 'context_pressure', tool: null, occurrences: contextPressure(sorted) });
  const wasted = new Set<SessionStep>();
  const findings = groups
    .filter((group) => group.occurrences.length > 0)
    .map(({ pattern, tool, occurrences }): Finding => {
      const calls = [...new Set(occurrences.flatMap((occurrence) => occurrence.calls))];
      for (const call of calls) wasted.add(call);
      return {
        pattern,
        occurrences: occurrences.length,
        tool,
        firstAt: occurrences[0]!.first.occurredAt.toISOString(),
        lastAt: occurrences[occurrences.length - 1]!.last.occurredAt.toISOString(),
        tokens: calls.reduce((sum, call) => sum + totalTokens(call), 0),
        estimatedCost: priced(calls, prices).micros / 1_000_000,
      };
    });
  return { findings, wasteMicros: priced([...wasted], prices).micros };
}

/** A session's figures from all its steps (at least one). */
export function sessionFigures(steps: readonly SessionStep[], prices: PriceBook): SessionFigures {
  const sorted = sortedSteps(steps);
  const tokens: TokenCounts = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  const models = new Set<string>();
  let turns = 0;
  let modelCalls = 0;
  let toolCalls = 0;
  let errors = 0;
  let compactions = 0;
  let fileChanges = 0;
  let endedAt = sorted[0]!.occurredAt;
  // The repository most steps name (ties: the smallest id): an agent reports it per record.
  const repositories = new Map<string, number>();
  for (const step of sorted) {
    // A step's instant is when it ended (a span's end, a log record's time): the last one ends the session.
    if (step.occurredAt > endedAt) endedAt = step.occurredAt;
    if (changedAFile(step)) fileChanges += 1;
    if (step.repository !== null) repositories.set(step.repository, (repositories.get(step.repository) ?? 0) + 1);
    switch (step.kind) {
      case 'prompt':
        turns += 1;
        break;
      case 'model_call':
        modelCalls += 1;
        if (step.modelId !== null) models.add(step.modelId);
        tokens.input += step.tokens.input;
        tokens.output += step.tokens.output;
        tokens.cacheRead += step.tokens.cacheRead;
        tokens.cacheWrite += step.tokens.cacheWrite;
        if (step.outcome === 'failure') errors += 1;
        break;
      case 'tool_call':
        toolCalls += 1;
        if (step.outcome === 'failure') errors += 1;
        break;
      case 'error':
        errors += 1;
        break;
      case 'compaction':
        compactions += 1;
        break;
      default:
        break;
    }
  }
  const repository = [...repositories].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1))[0]?.[0] ?? null;
  const cost = priced(sorted, prices);
  const { findings, wasteMicros } = findWaste(sorted, prices);
  return {
    startedAt: sorted[0]!.occurredAt,
    endedAt,
    repository,
    models: [...models].sort(),
    turns,
    modelCalls,
    toolCalls,
    errors,
    compactions,
    fileChanges,
    tokens,
    costMicros: cost.micros,
    currency: prices.settings.currency,
    unpricedModels: cost.unpriced,
    findings,
    wasteMicros,
  };
}
