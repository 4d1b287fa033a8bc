import type { ReadinessReport } from '../../api/useReadiness';

// The API has no readiness levels: a report is a set of criteria, each numerator of denominator.
// The console calls a criterion passed when every item counts (numerator = denominator > 0), not
// applicable when the numerator is null, and a report's score is its passed share of the
// applicable criteria (docs/console.md).

export type CriterionState = 'pass' | 'fail' | 'n/a';

export function criterionState(criterion: { numerator: number | null; denominator: number }): CriterionState {
  if (criterion.numerator === null || criterion.denominator === 0) return 'n/a';
  return criterion.numerator === criterion.denominator ? 'pass' : 'fail';
}

export function scoreOf(report: ReadinessReport): { passed: number; applicable: number; ratio: number } {
  const states = Object.values(report.report).map(criterionState);
  const applicable = states.filter((state) => state !== 'n/a').length;
  const passed = states.filter((state) => state === 'pass').length;
  return { passed, applicable, ratio: applicable === 0 ? 0 : passed / applicable };
}
