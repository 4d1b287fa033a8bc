// A readiness report's result. The API has no readiness levels: a report is a set of criteria,
// each numerator of denominator. A criterion is passed when every item counts (numerator =
// denominator > 0), not applicable when the numerator is null, and the report's score is its
// passed share of the applicable criteria (docs/console.md). The console's readiness page and the
// repositories read share this one rule.

export type CriterionState = 'pass' | 'fail' | 'n/a';

export interface Criterion {
  numerator: number | null;
  denominator: number;
}

export function criterionState(criterion: Criterion): CriterionState {
  if (criterion.numerator === null || criterion.denominator === 0) return 'n/a';
  return criterion.numerator === criterion.denominator ? 'pass' : 'fail';
}

export interface ReadinessScore {
  passed: number;
  applicable: number;
  /** passed / applicable, 0 without applicable criteria. */
  ratio: number;
}

export function readinessScore(criteria: Iterable<Criterion>): ReadinessScore {
  const states = [...criteria].map(criterionState);
  const applicable = states.filter((state) => state !== 'n/a').length;
  const passed = states.filter((state) => state === 'pass').length;
  return { passed, applicable, ratio: applicable === 0 ? 0 : passed / applicable };
}
