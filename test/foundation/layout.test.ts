import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layering the code keeps (docs/decisions.md, "Layout"): the domain and the data layers
// know nothing of HTTP, route folders do not reach into each other, and there is one validator.

const SRC = resolve(import.meta.dirname, '../../src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of a file, resolved to a path under src/. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:import|export)[^'"]*from\s+'(\.[^']+)'/g)].map((match) => relative(SRC, resolve(dirname(file), match[1]!)));
}

describe('layout', () => {
  it('nothing below the HTTP layer imports from src/http or src/routes', () => {
    const lower = ['domain', 'repositories', 'telemetry', 'analytics', 'jobs', 'services', 'schemas'];
    const offending = lower
      .flatMap((folder) => filesUnder(join(SRC, folder)))
      .flatMap((file) => importsOf(file).filter((target) => target.startsWith('http/') || target.startsWith('routes/')).map((target) => `${relative(SRC, file)} -> ${target}`));
    expect(offending).toEqual([]);
  });

  it('no route folder imports from a sibling route folder', () => {
    const offending = filesUnder(join(SRC, 'routes')).flatMap((file) => {
      const folder = relative(SRC, dirname(file));
      return importsOf(file)
        .filter((target) => target.startsWith('routes/') && !target.startsWith(`${folder}/`) && dirname(target) !== dirname(folder))
        .map((target) => `${relative(SRC, file)} -> ${target}`);
    });
    expect(offending).toEqual([]);
  });

  it('builds JSON Schema validators in one place', () => {
    const constructing = filesUnder(SRC).filter((file) => /new Ajv\b/.test(readFileSync(file, 'utf8')));
    expect(constructing.map((file) => relative(SRC, file))).toEqual(['schemas/ajv.ts']);
  });
});
