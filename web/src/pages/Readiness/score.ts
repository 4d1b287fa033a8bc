import { readinessScore, type ReadinessScore } from '../../../../src/sdk/readiness-score';
import type { ReadinessReport } from '../../api/useReadiness';

// The rule of a report's result lives in src/sdk/readiness-score.ts, shared with the server's
// repositories read (docs/console.md).

export { criterionState, type CriterionState } from '../../../../src/sdk/readiness-score';

export const scoreOf = (report: ReadinessReport): ReadinessScore => readinessScore(Object.values(report.report));
