import type { components } from '../../../../src/sdk/openapi.js';

type AgentSessionFinding = components['schemas']['AgentSessionFinding'];
type AgentSessionStep = components['schemas']['AgentSessionStep'];
export { PATTERN_LABELS } from '../../components/agentSessionLabels.js';

// The timeline as a waterfall: each step a bar from its start to its end, steps of a span nested
// under the step whose span started them (a subagent's calls under the tool call that ran it).
// A step's `at` is when it ended (docs/agent-sessions.md); its start is `at − durationMs`, and a
// step without a duration (a prompt, a log record that gives none) is an instant.

export interface WaterfallRow {
  step: AgentSessionStep;
  /** 0 for a step whose parent span is no step of the timeline; one more per level below. */
  depth: number;
  /** The step whose span started this one, when it is in the timeline. */
  parent: AgentSessionStep | null;
  start: number;
  end: number;
  /** The waste patterns whose span of time holds this step (model and tool calls only). */
  waste: AgentSessionFinding['pattern'][];
}

export interface Waterfall {
  rows: WaterfallRow[];
  /** The x axis: the first start and the last end (equal for a session of one instant). */
  from: number;
  to: number;
}

const spanKey = (traceId: string | null, spanId: string | null) => (spanId ? `${traceId ?? ''}/${spanId}` : undefined);

const WASTE_KINDS = new Set<AgentSessionStep['kind']>(['model_call', 'tool_call']);

export function waterfallOf(timeline: readonly AgentSessionStep[], findings: readonly AgentSessionFinding[]): Waterfall {
  const bySpan = new Map<string, AgentSessionStep>();
  for (const step of timeline) {
    const key = spanKey(step.traceId, step.spanId);
    if (key) bySpan.set(key, step);
  }
  const children = new Map<AgentSessionStep | null, AgentSessionStep[]>();
  for (const step of timeline) {
    const parent = bySpan.get(spanKey(step.traceId, step.parentSpanId) ?? '') ?? null;
    const parentOf = parent === step ? null : parent;
    children.set(parentOf, [...(children.get(parentOf) ?? []), step]);
  }
  const startOf = (step: AgentSessionStep) => step.at - (step.durationMs ?? 0);
  const rows: WaterfallRow[] = [];
  const placed = new Set<AgentSessionStep>();
  // Depth first, each level by start time (then the timeline's order): a parent is listed before
  // its children even though it ends after them. `placed` guards against spans that name each
  // other as parents (malformed exports): each step is drawn once.
  const visit = (parent: AgentSessionStep | null, depth: number): void => {
    const level = [...(children.get(parent) ?? [])].sort((a, b) => startOf(a) - startOf(b));
    for (const step of level) {
      if (placed.has(step)) continue;
      placed.add(step);
      const waste = WASTE_KINDS.has(step.kind) ? [...new Set(findings.filter((finding) => step.at >= finding.firstAt && step.at <= finding.lastAt).map((finding) => finding.pattern))] : [];
      rows.push({ step, depth, parent, start: startOf(step), end: step.at, waste });
      visit(step, depth + 1);
    }
  };
  visit(null, 0);
  // Steps only reachable through a cycle of parents: at the top level, in time order.
  for (const step of timeline) if (!placed.has(step)) rows.push({ step, depth: 0, parent: null, start: startOf(step), end: step.at, waste: [] });
  const from = Math.min(...rows.map((row) => row.start));
  const to = Math.max(...rows.map((row) => row.end));
  return rows.length === 0 ? { rows, from: 0, to: 0 } : { rows, from, to };
}

/** Where a row's bar sits on the axis, in percent of its width (an instant gets a sliver). */
export function barOf(row: WaterfallRow, waterfall: Waterfall): { left: number; width: number } {
  const span = waterfall.to - waterfall.from;
  if (span <= 0) return { left: 0, width: 100 };
  const left = ((row.start - waterfall.from) / span) * 100;
  const width = ((row.end - row.start) / span) * 100;
  return { left, width };
}
