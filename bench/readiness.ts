import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateCheckout } from '../src/readiness/evaluate.js';
import { fmt, load, machine, quantile, sample } from './lib/measure.js';

// `quarterdeck readiness evaluate` on a 10,000-file checkout (docs/readiness.md "Speed"): an npm
// monorepo of 50 packages with 200 source and test files each, committed to git, evaluated
// in-process (the command adds one Node start). Target: under 10 s. The floor, measured in the
// same run, is a plain recursive directory walk of the same checkout (readdirSync with file
// types): what listing the files costs before any criterion reads one.

const { values: flags } = parseArgs({ options: { samples: { type: 'string', default: '5' }, help: { type: 'boolean', default: false } } });
const samples = Number(flags.samples);
if (flags.help || !(samples >= 1)) {
  console.log('npm run bench:readiness [-- --samples 5]');
  process.exit(flags.help ? 0 : 2);
}

const TARGET_MS = 10_000;
const PACKAGES = 50;
const FILES_PER_PACKAGE = 200;

function buildCheckout(): string {
  const root = mkdtempSync(join(tmpdir(), 'qd-bench-readiness-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('package.json', JSON.stringify({ name: 'bench', private: true, workspaces: ['packages/*'], scripts: { test: 'vitest run', build: 'tsc -b', lint: 'eslint .' } }));
  write('README.md', `# Bench\n\n## Getting started\n\n${'A monorepo of packages for the benchmark. '.repeat(10)}\n`);
  write('package-lock.json', '{}');
  write('.github/workflows/ci.yml', 'on: [push]\njobs:\n  ci:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n');
  for (let pkg = 0; pkg < PACKAGES; pkg++) {
    const dir = `packages/p${pkg}`;
    write(`${dir}/package.json`, JSON.stringify({ name: `p${pkg}`, scripts: { test: 'vitest run' }, dependencies: { pino: '^9.0.0' } }));
    for (let file = 0; file < FILES_PER_PACKAGE - 1; file++) {
      const name = file % 4 === 0 ? `src/m${file}.test.ts` : `src/${Math.floor(file / 20)}/m${file}.ts`;
      write(`${dir}/${name}`, `export const value${file} = ${file};\n`);
    }
  }
  const env = { ...process.env, GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@example.test', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@example.test' };
  execFileSync('git', ['-C', root, 'init', '-q', '-b', 'main'], { env });
  execFileSync('git', ['-C', root, 'add', '-A'], { env });
  execFileSync('git', ['-C', root, 'commit', '-q', '-m', 'bench'], { env });
  return root;
}

function walk(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    count += entry.isDirectory() ? walk(join(dir, entry.name)) : 1;
  }
  return count;
}

const root = buildCheckout();
try {
  const files = walk(root);
  const floor = await sample(samples, async () => walk(root));
  let apps = 0;
  const evaluation = await sample(samples, async () => {
    apps = Object.keys((await evaluateCheckout(root, { agentVersion: 'bench' })).report.apps).length;
  });
  const floorMs = quantile(floor, 0.5);
  const evaluateMs = quantile(evaluation, 0.5);
  console.log(`readiness evaluate: ${machine()}; ${load()}`);
  console.log(`checkout: ${files} files, ${apps} applications, git history of one commit; ${samples} runs each, medians`);
  console.log(`floor (plain directory walk): ${fmt(floorMs)} ms`);
  console.log(`evaluate: ${fmt(evaluateMs)} ms = ${fmt(evaluateMs / floorMs)}x the floor; target < ${TARGET_MS} ms: ${evaluateMs < TARGET_MS ? 'met' : 'MISSED'}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
