#!/usr/bin/env node
// `npm test`: the whole suite on the embedded store; with CI=true, again against PostgreSQL and
// Redis for real (TEST_DATABASE_URL / TEST_REDIS_URL, defaulting to the local servers); with
// QUARTERDECK_LTS_NODE (a directory holding another Node's `node`, as .ci/run installs the current
// LTS), the PostgreSQL pass runs on that Node, and a third pass runs there on the embedded store.
// The second and third passes run the files where their store or Node can change the outcome
// (scripts/test-selection.mjs says how that is decided). Each pass prints its time and holds every
// file's time against its budget (test/budgets.json); a file over budget fails the run. Ends with
// one "N passed, N failed" line over all runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { selectTestFiles } from './test-selection.mjs';

const root = join(import.meta.dirname, '..');
const extraArgs = process.argv.slice(2);
const selection = selectTestFiles(root);

const ltsNode = process.env.QUARTERDECK_LTS_NODE;
let lts;
if (ltsNode) {
  const version = spawnSync(join(ltsNode, 'node'), ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) {
    console.error(`QUARTERDECK_LTS_NODE=${ltsNode} holds no working node: ${version.stderr || version.error}`);
    process.exit(1);
  }
  // npx, vitest and its workers all find that node first on the PATH.
  lts = { version: version.stdout.trim(), PATH: `${ltsNode}${delimiter}${process.env.PATH}` };
}

const runs = [{ name: `embedded store on Node ${process.version}`, env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: '' } }];
if (process.env.CI === 'true') {
  runs.push({
    name: `PostgreSQL + Redis${lts ? ` on Node ${lts.version}` : ''}`,
    env: {
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
      TEST_REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
      ...(lts ? { PATH: lts.PATH } : {}),
    },
    // Files given on the command line narrow this list as they narrow any pass.
    files: selection.postgres,
    note: `${selection.postgres.length} of the ${selection.reaching} files that reach a store, the browser tests aside`,
  });
}
if (lts) {
  const afterPostgres = process.env.CI === 'true';
  runs.push({
    name: `embedded store on Node ${lts.version}`,
    env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: '', PATH: lts.PATH },
    ...(afterPostgres
      ? { files: selection.lts, note: `${selection.lts.length} files: those the PostgreSQL pass left out (the browser tests aside) and those that drive the store's modules directly` }
      : { args: ['--exclude', 'test/browser/**'], note: 'every file but the browser tests' }),
  });
}

const budgets = JSON.parse(readFileSync(join(root, 'test/budgets.json'), 'utf8'));
const budgetOf = (file) => budgets.files[file]?.seconds ?? budgets.defaultSeconds;

/** Narrows a pass's own file list to the files named on the command line, if any. */
function filesOf(run) {
  if (!run.files) return [];
  const named = extraArgs.filter((arg) => !arg.startsWith('-'));
  return named.length === 0 ? run.files : run.files.filter((file) => named.some((filter) => file.includes(filter)));
}

const reportDir = mkdtempSync(join(tmpdir(), 'quarterdeck-test-'));
let passed = 0;
let failed = 0;
let ok = true;
const passTimes = [];
for (const [index, run] of runs.entries()) {
  console.log(`\n=== tests on the ${run.name} ===${run.note ? `\n(${run.note})` : ''}`);
  const report = join(reportDir, `run-${index}.json`);
  const timings = join(reportDir, `timings-${index}.json`);
  const files = filesOf(run);
  if (run.files && files.length === 0) {
    console.log('no file of this pass is named: nothing to run');
    continue;
  }
  const args = run.files ? [...files, ...extraArgs.filter((arg) => arg.startsWith('-'))] : extraArgs;
  const started = Date.now();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=./test/helpers/timing-reporter.ts', '--reporter=json', `--outputFile.json=${report}`, ...(run.args ?? []), ...args],
    { stdio: 'inherit', env: { ...process.env, ...run.env, QUARTERDECK_TEST_TIMINGS: timings } },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    if (summary.numTotalTests === 0) ok = false;
  } catch {
    ok = false;
  }
  if (result.status !== 0) ok = false;
  const overBudget = existsSync(timings) ? JSON.parse(readFileSync(timings, 'utf8')).filter((timing) => timing.seconds > budgetOf(timing.file)) : [];
  for (const timing of overBudget) console.log(`OVER BUDGET: ${timing.file} took ${timing.seconds} s; its budget is ${budgetOf(timing.file)} s (test/budgets.json)`);
  failed += overBudget.length;
  passTimes.push(`${run.name}: ${seconds} s (${(seconds / 60).toFixed(1)} min)`);
  console.log(`\n=== the ${run.name} pass took ${seconds} s (${(seconds / 60).toFixed(1)} min) ===`);
}
console.log(`\nEach pass's time:\n${passTimes.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
