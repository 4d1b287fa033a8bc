// Which test files the PostgreSQL pass and the LTS pass run, decided from what each file touches.
//
// The three passes of `npm test` (scripts/test.mjs, docs/testing.md) differ in what a test can
// touch: the store (TEST_DATABASE_URL / TEST_REDIS_URL empty or set) and the Node that runs it.
// - A file whose code, and the code of every module it imports from this repository, never reads
//   either store variable runs exactly as it did in the embedded pass: the PostgreSQL pass leaves
//   it out. So do the browser tests (test/browser/): the console reaches the store only through the
//   HTTP API, which the HTTP tests drive on both stores, and the console's bytes do not depend on
//   the store.
// - The PostgreSQL pass runs on the newer Node, so every server path it runs is proven on that
//   Node too. What it does not run there is the embedded store's own code: the LTS pass runs the
//   files the PostgreSQL pass left out (browser tests aside, the console's bytes being the same
//   whichever Node serves them) and the files that import the store's modules (src/db/) directly,
//   which drive the embedded store through each of its own paths (open, prepared statements,
//   COPY, transactions, the data directory).
// Imports are read with TypeScript's own pre-processor, following relative specifiers (`./x.js`
// naming `./x.ts` as the sources do).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

export const STORE_VARIABLES = /\bTEST_(DATABASE|REDIS)_URL\b/;
const BROWSER_TESTS = /^test\/browser\//;
const STORE_MODULES = /^src\/db\//;

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const path = resolve(dirname(from), specifier);
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), `${path}.ts`, `${path}/index.ts`];
  return candidates.find((candidate) => /\.(ts|tsx|js|mjs)$/.test(candidate) && existsSync(candidate));
}

function importsOf(file) {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map((imported) => resolveImport(file, imported.fileName))
    .filter((target) => target !== undefined);
}

/** Whether `file` or a module it imports (transitively, within the repository) matches `pattern`. */
function reaches(file, pattern, seen) {
  if (seen.has(file)) return false;
  seen.add(file);
  if (pattern.test(readFileSync(file, 'utf8'))) return true;
  return importsOf(file).some((target) => reaches(target, pattern, seen));
}

/** The repository's test files, relative to `root`. */
function testFiles(root) {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'test/*.test.ts'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

/**
 * The files of the PostgreSQL pass (`postgres`) and of the LTS pass (`lts`), and how many of the
 * repository's test files reach a store at all (`reaching`, for the passes' notes).
 */
export function selectTestFiles(root) {
  const postgres = [];
  const lts = [];
  let reaching = 0;
  const files = testFiles(root);
  for (const file of files) {
    const path = resolve(root, file);
    const reachesStore = reaches(path, STORE_VARIABLES, new Set());
    if (reachesStore) reaching += 1;
    if (BROWSER_TESTS.test(file)) continue;
    if (reachesStore) postgres.push(file);
    const importsStore = importsOf(path).some((target) => STORE_MODULES.test(relative(root, target)));
    if (!reachesStore || importsStore) lts.push(file);
  }
  return { postgres, lts, reaching, total: files.length };
}
