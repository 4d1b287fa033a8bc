import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// What the layout keeps beyond imports (docs/architecture.md): the layers and the ban on import
// cycles are the dependency checker's (test/foundation/dependencies.test.ts).

const SRC = resolve(import.meta.dirname, '../../src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('layout', () => {
  it('builds JSON Schema validators in one place', () => {
    const constructing = filesUnder(SRC).filter((file) => /new Ajv\b/.test(readFileSync(file, 'utf8')));
    expect(constructing.map((file) => relative(SRC, file))).toEqual(['schemas/ajv.ts']);
  });
});
