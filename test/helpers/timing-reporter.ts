import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

// Each test file's whole time, from vitest's own diagnostics: loading its environment and setup
// files, importing it (collecting), and every test and hook it ran — what a file costs a pass.
// Prints the ten slowest at the end of a run; with QUARTERDECK_TEST_TIMINGS set, writes them all
// to that file as JSON, which scripts/test.mjs holds against test/budgets.json.

export interface FileTiming {
  file: string;
  seconds: number;
  /** Of which importing the file and what it imports. */
  importSeconds: number;
  tests: number;
}

export function fileTiming(module: TestModule, root: string): FileTiming {
  const diagnostic = module.diagnostic();
  const setup = diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.setupDuration;
  const seconds = (setup + diagnostic.collectDuration + diagnostic.duration) / 1000;
  return {
    file: relative(root, module.moduleId),
    seconds: Math.round(seconds * 10) / 10,
    importSeconds: Math.round((setup + diagnostic.collectDuration) / 100) / 10,
    tests: [...module.children.allTests()].length,
  };
}

export default class TimingReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timings = testModules.map((module) => fileTiming(module, this.root)).sort((a, b) => b.seconds - a.seconds);
    const output = process.env.QUARTERDECK_TEST_TIMINGS;
    if (output) writeFileSync(output, JSON.stringify(timings, null, 2));
    const total = timings.reduce((sum, timing) => sum + timing.seconds, 0);
    console.log(`\nThe ten slowest of ${timings.length} test files (${Math.round(total)} s of file time in all):`);
    for (const timing of timings.slice(0, 10)) console.log(`  ${timing.seconds.toFixed(1).padStart(7)} s  ${timing.file} (${timing.tests} tests, ${timing.importSeconds.toFixed(1)} s importing)`);
  }
}
