import { describe, expect, it } from 'vitest';
import type { components } from '../../src/sdk/openapi.js';
import { queryOf } from '../../web/src/pages/AgentSessions/filters.js';
import { barOf, waterfallOf } from '../../web/src/pages/AgentSessions/waterfall.js';

// The session page's waterfall layout and the explorer's address, as pure functions: nesting by
// spans (a parent listed before the children that end before it), a malformed export whose spans
// name each other as parents drawn once each, the waste marks, and the filters the address holds.

type AgentSessionFinding = components['schemas']['AgentSessionFinding'];
type AgentSessionStep = components['schemas']['AgentSessionStep'];

const NO_TOKENS = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
function step(id: string, at: number, durationMs: number | null, span: [string | null, string | null] = [null, null], kind: AgentSessionStep['kind'] = 'tool_call'): AgentSessionStep {
  return { id, kind, at, durationMs, name: id, outcome: null, modelId: null, tokens: NO_TOKENS, cost: null, traceId: span[0] ? 't' : null, spanId: span[0], parentSpanId: span[1] };
}

describe('the waterfall', () => {
  it('lists each span under its parent step, each level by start, and places the bars on one axis', () => {
    // In the API's order (by end): the subagent's calls end before the task that ran them.
    const timeline = [step('prompt', 1000, null, [null, null], 'prompt'), step('child-a', 3000, 1000, ['a', 'task']), step('child-b', 4000, 500, ['b', 'task']), step('task', 5000, 3500, ['task', 'root']), step('after', 6000, 1000, ['c', 'root'])];
    const waterfall = waterfallOf(timeline, []);
    expect(waterfall.rows.map((row) => [row.step.id, row.depth, row.parent?.id ?? null])).toEqual([
      ['prompt', 0, null],
      ['task', 0, null],
      ['child-a', 1, 'task'],
      ['child-b', 1, 'task'],
      ['after', 0, null],
    ]);
    expect([waterfall.from, waterfall.to]).toEqual([1000, 6000]);
    expect(barOf(waterfall.rows[1]!, waterfall)).toEqual({ left: 10, width: 70 });
    expect(barOf(waterfall.rows[0]!, waterfall)).toEqual({ left: 0, width: 0 });
  });

  it('draws every step once when spans name each other as parents', () => {
    const timeline = [step('x', 2000, 100, ['x', 'y']), step('y', 3000, 100, ['y', 'x']), step('z', 4000, 100, ['z', 'z'])];
    const rows = waterfallOf(timeline, []).rows;
    expect(rows.map((row) => row.step.id).sort()).toEqual(['x', 'y', 'z']);
    expect(rows.find((row) => row.step.id === 'z')!.depth).toBe(0);
  });

  it('marks the model and tool calls inside a finding, not the prompts', () => {
    const finding: AgentSessionFinding = { pattern: 'retry_loop', occurrences: 1, tool: 'bash', firstAt: 2000, lastAt: 3000, tokens: 10, estimatedCost: 0.1 };
    const timeline = [step('before', 1000, 10), step('first', 2000, 10), step('prompt', 2500, null, [null, null], 'prompt'), step('last', 3000, 10), step('later', 3001, 10)];
    expect(waterfallOf(timeline, [finding]).rows.map((row) => [row.step.id, row.waste])).toEqual([
      ['before', []],
      ['first', ['retry_loop']],
      ['prompt', []],
      ['last', ['retry_loop']],
      ['later', []],
    ]);
  });

  it('is empty for a session without steps', () => {
    expect(waterfallOf([], [])).toEqual({ rows: [], from: 0, to: 0 });
  });
});

describe("the explorer's address", () => {
  it('becomes the API query, the default sort left out', () => {
    const params = new URLSearchParams('startDate=2026-12-01&endDate=2026-12-05&user=usr_1&agent=codex&flagged=true&costAbove=1.5&sort=cost&repository=%20github.com/a/b%20');
    expect(queryOf(params)).toEqual({ query: { startDate: '2026-12-01', endDate: '2026-12-05', user: 'usr_1', agent: 'codex', flagged: true, costAbove: 1.5, sort: 'cost', repository: 'github.com/a/b' }, problem: null });
    expect(queryOf(new URLSearchParams('sort=start&flagged=maybe'))).toEqual({ query: {}, problem: null });
  });

  it('names what cannot be asked before asking', () => {
    expect(queryOf(new URLSearchParams('startDate=2026-12-05&endDate=2026-12-01')).problem).toBe('The end date is before the start date.');
    expect(queryOf(new URLSearchParams('costAbove=-1')).problem).toBe('The cost must be a number of 0 or more.');
    expect(queryOf(new URLSearchParams('startDate=yesterday')).problem).toBe('The start is not a day (YYYY-MM-DD).');
  });
});
