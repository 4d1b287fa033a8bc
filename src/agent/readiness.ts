import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { evaluateCheckout } from '../readiness/evaluate.js';
import { DEFAULT_LIMITS } from '../readiness/checkout.js';
import type { components } from '../sdk/openapi.js';
import { readinessCheckout, redactUrlSecrets, type InstallSettings } from './provision.js';

// One readiness evaluation on this computer (docs/readiness.md, "Every repository, every
// night"): clone or fetch the repository with the git binary into the agent's own directory,
// evaluate it in-process (the evaluator of `quarterdeck readiness evaluate`), and answer the
// report or the failure for the agent to send.

type Evaluation = components['schemas']['ReadinessEvaluation'];
export type ReadinessReportInput = components['schemas']['ReadinessReportInput'];
export type EvaluationOutcome = { report: ReadinessReportInput } | { error: string };

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** WORKDIR/.quarterdeck/readiness/<repoId as one name>: apart from the user's repositories. */
export function evaluationDirectory(workdir: string, repoId: string): string {
  return join(workdir, '.quarterdeck', 'readiness', repoId.replace(/[^\w.-]/g, '_').replace(/^\.+/, '_'));
}

export async function evaluateRepository(evaluation: Evaluation, settings: Omit<InstallSettings, 'installCommand' | 'repos'>): Promise<EvaluationOutcome> {
  const target = evaluationDirectory(settings.workdir, evaluation.repoId);
  try {
    await mkdir(join(settings.workdir, '.quarterdeck', 'readiness'), { recursive: true, mode: 0o700 });
  } catch (error) {
    return { error: `the checkout directory could not be made: ${(error as Error).message}` };
  }
  settings.log(`evaluating ${evaluation.repoId} (${redactUrlSecrets(evaluation.cloneUrl, evaluation.cloneUrl)})`);
  const failure = await readinessCheckout(evaluation.cloneUrl, target, { ...settings, repos: [] });
  if (failure) return { error: failure };
  try {
    // The report names the repository by its id, never by a clone URL that may carry a user.
    const { report } = await evaluateCheckout(target, { agentVersion: `quarterdeck ${VERSION}`, limits: DEFAULT_LIMITS, repoUrl: `https://${evaluation.repoId}` });
    return { report: report as ReadinessReportInput };
  } catch (error) {
    return { error: `the evaluator failed: ${(error as Error).message}` };
  }
}
