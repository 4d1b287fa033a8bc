// Which test files the PostgreSQL pass runs, decided from what each file touches.
//
// The PostgreSQL pass differs from the embedded-store pass in two environment variables only,
// TEST_DATABASE_URL and TEST_REDIS_URL (scripts/test.mjs). A test file whose code, and the code of
// every module it imports from this repository, never reads either of them runs exactly as it did
// in the embedded pass, so the PostgreSQL pass leaves it out. Imports are read with TypeScript's
// own pre-processor, following relative specifiers (`./x.js` naming `./x.ts` as the sources do).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

export const STORE_VARIABLES = /\bTEST_(DATABASE|REDIS)_URL\b/;

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const path = resolve(dirname(from), specifier);
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), `${path}.ts`, `${path}/index.ts`];
  return candidates.find((candidate) => /\.(ts|tsx|js|mjs)$/.test(candidate) && existsSync(candidate));
}

/** Whether `file` or a module it imports (transitively, within the repository) matches `pattern`. */
function reaches(file, pattern, seen) {
  if (seen.has(file)) return false;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  if (pattern.test(source)) return true;
  return ts.preProcessFile(source, true, true).importedFiles.some((imported) => {
    const target = resolveImport(file, imported.fileName);
    return target !== undefined && reaches(target, pattern, seen);
  });
}

/** The repository's test files, relative to `root`, split by whether they reach `pattern`. */
export function splitTestFiles(root, pattern = STORE_VARIABLES) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'test/*.test.ts'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const reaching = [];
  const not = [];
  for (const file of files) (reaches(resolve(root, file), pattern, new Set()) ? reaching : not).push(relative(root, resolve(root, file)));
  return { reaching, not };
}
