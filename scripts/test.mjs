#!/usr/bin/env node
// `npm test`: the whole suite on the embedded store; with CI=true, again against PostgreSQL and
// Redis for real (TEST_DATABASE_URL / TEST_REDIS_URL, defaulting to the local servers); with
// QUARTERDECK_LTS_NODE (a directory holding another Node's `node`, as .ci/run installs the current
// LTS), the embedded-store pass once more on that Node, browser tests aside. Ends with one "N passed, N failed" line
// over all runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const extraArgs = process.argv.slice(2);
const runs = [{ name: 'embedded store', env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: '' } }];
if (process.env.CI === 'true') {
  runs.push({
    name: 'PostgreSQL + Redis',
    env: {
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
      TEST_REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
    },
  });
}

const ltsNode = process.env.QUARTERDECK_LTS_NODE;
if (ltsNode) {
  const version = spawnSync(join(ltsNode, 'node'), ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) {
    console.error(`QUARTERDECK_LTS_NODE=${ltsNode} holds no working node: ${version.stderr || version.error}`);
    process.exit(1);
  }
  // npx, vitest and its workers all find that node first on the PATH. The browser tests are left
  // out of this pass: what they add to the HTTP tests is the console in Chromium, the same bytes
  // whichever Node serves them, and they are the slowest files of a pass (CI has 90 minutes).
  runs.push({
    name: `embedded store on Node ${version.stdout.trim()}, without the browser tests`,
    env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: '', PATH: `${ltsNode}${delimiter}${process.env.PATH}` },
    args: ['--exclude', 'test/browser/**'],
  });
}

const reportDir = mkdtempSync(join(tmpdir(), 'quarterdeck-test-'));
let passed = 0;
let failed = 0;
let ok = true;
for (const [index, run] of runs.entries()) {
  console.log(`\n=== tests on the ${run.name} ===`);
  const report = join(reportDir, `run-${index}.json`);
  const result = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...(run.args ?? []), ...extraArgs], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    if (summary.numTotalTests === 0) ok = false;
  } catch {
    ok = false;
  }
  if (result.status !== 0) ok = false;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
