import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { QuarterdeckClient, type RequestBody } from '../../sdk/client.js';
import { criterionState } from '../../sdk/readiness-score.js';
import { LEVELS, PILLARS, READINESS_CRITERIA, readinessLevel, type CriterionId } from '../../sdk/readiness-levels.js';
import { CheckoutRefused, DEFAULT_LIMITS } from '../../readiness/checkout.js';
import { evaluateCheckout, type Evaluation } from '../../readiness/evaluate.js';
import { UsageError, type Command } from '../command.js';
import { API_KEY_OPTION, apiKeyOf, serverUrl, URL_OPTION } from '../connection.js';
import { describeFailure, EXIT } from './api-command.js';

// `quarterdeck readiness evaluate [PATH]` (decisions.md §17, docs/readiness.md): evaluates a
// checkout with no server involved, prints a summary (or the report's JSON with --format json),
// and with --upload sends the report to the readiness upload endpoint.

const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

function levelName(level: number): string {
  return LEVELS.find((item) => item.level === level)?.name ?? 'none';
}

function summary(evaluation: Evaluation): string {
  const { report } = evaluation;
  const level = readinessLevel(report.report);
  const lines: string[] = [];
  const where = [report.commitHash ? `commit ${report.commitHash.slice(0, 12)}` : 'no git metadata', report.branch ? `on ${report.branch}` : ''].filter(Boolean).join(' ');
  lines.push(`Readiness of ${report.repoUrl} (${where})`);
  lines.push(`Applications: ${Object.keys(report.apps).length} (${Object.keys(report.apps).join(', ')})`);
  lines.push(`Level ${level.level} of 5: ${levelName(level.level)}`, '');
  for (const item of level.levels) {
    const state = item.reached ? 'reached' : `${Math.max(0, Math.ceil(0.8 * item.applicable - 1e-9))} needed`;
    lines.push(`  Level ${item.level} ${item.name.padEnd(13)} ${`${item.passed}/${item.applicable}`.padStart(5)} passed  ${state}`);
  }
  if (level.next) {
    lines.push('', `Next: level ${level.next.level} (${level.next.name}) needs ${level.next.missing} more of its criteria to pass. Failing:`);
    for (const id of level.next.failing) lines.push(`  - ${id}: ${READINESS_CRITERIA[id as CriterionId].title} (${report.report[id]!.rationale})`);
  } else {
    lines.push('', 'Every level reached.');
  }
  lines.push('', 'Criteria:');
  for (const [id, info] of Object.entries(READINESS_CRITERIA)) {
    const result = report.report[id]!;
    const state = criterionState(result);
    const count = result.numerator === null ? '' : ` ${result.numerator}/${result.denominator}`;
    lines.push(`  [${state === 'n/a' ? 'n/a ' : state}] L${info.level} ${PILLARS[info.pillar].padEnd(27)} ${id}${count}: ${result.rationale}`);
  }
  return `${lines.join('\n')}\n`;
}

export const readinessEvaluate: Command = {
  name: ['readiness', 'evaluate'],
  usage: '[PATH] [--format text|json] [--upload]',
  summary: 'Evaluate a checkout\'s agent readiness (docs/readiness.md); --upload sends the report',
  options: {
    format: { type: 'string', description: 'text (a summary, the default) or json (the report only)' },
    upload: { type: 'boolean', description: 'Send the report to the server (readiness upload endpoint)' },
    'repo-url': { type: 'string', description: 'The repository URL to report (default: the origin remote)' },
    'max-files': { type: 'string', description: `Refuse checkouts with more files (default ${DEFAULT_LIMITS.maxFiles})` },
    url: URL_OPTION,
    'api-key': API_KEY_OPTION,
  },
  positionals: { min: 0, max: 1 },
  async run(args, io) {
    const format = (args.values.format as string | undefined) ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError('--format must be text or json');
    const maxFilesText = args.values['max-files'] as string | undefined;
    if (maxFilesText !== undefined && !/^[1-9]\d*$/.test(maxFilesText)) throw new UsageError(`--max-files must be a positive integer, got "${maxFilesText}"`);
    const apiKey = apiKeyOf(args.values, io.env);
    if (args.values.upload && !apiKey) throw new UsageError('--upload needs an API key: set QUARTERDECK_API_KEY or pass --api-key (see "How to get a key" in docs/cli.md)');
    const path = resolve(io.cwd, args.positionals[0] ?? '.');
    let evaluation: Evaluation;
    try {
      evaluation = await evaluateCheckout(path, {
        agentVersion: `quarterdeck ${VERSION}`,
        limits: { ...DEFAULT_LIMITS, ...(maxFilesText ? { maxFiles: Number(maxFilesText) } : {}) },
        ...(args.values['repo-url'] ? { repoUrl: args.values['repo-url'] as string } : {}),
      });
    } catch (error) {
      if (error instanceof CheckoutRefused) throw new UsageError(error.message);
      throw error;
    }
    for (const warning of evaluation.warnings) io.stderr(`warning: ${warning}\n`);
    if (evaluation.gitMissing) io.stderr('warning: no git metadata: no commit, branch or history in the report\n');
    io.stdout(format === 'json' ? `${JSON.stringify(evaluation.report, null, 2)}\n` : summary(evaluation));
    if (!args.values.upload) return EXIT.ok;

    const url = serverUrl(args.values, io.env);
    const spec = { name: ['readiness', 'evaluate'], usage: '', summary: '', call: async () => ({ none: true as const }) };
    try {
      const client = new QuarterdeckClient({ baseUrl: url, apiKey: apiKey!, maxRetries: 2, maxRetryDelayMs: 5_000 });
      const stored = await client.request('post', '/api/organization/maturity-level-reports', { body: evaluation.report as RequestBody<'/api/organization/maturity-level-reports', 'post'> });
      io.stderr(`uploaded: report ${stored.reportId} for ${stored.repoId}\n`);
      return EXIT.ok;
    } catch (error) {
      const failure = describeFailure(error, url, spec);
      io.stderr(`quarterdeck readiness evaluate: ${failure.message}\n`);
      return failure.code;
    }
  },
};
