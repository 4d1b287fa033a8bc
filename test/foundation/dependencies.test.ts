import { resolve } from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { describe, expect, it } from 'vitest';

// The layers and the ban on import cycles (.dependency-cruiser.cjs, docs/architecture.md),
// checked by dependency-cruiser over src/ and web/. A broken rule fails with the import named.

const ROOT = resolve(import.meta.dirname, '../..');

/** Every violation of the rule file in `folders` under `baseDir`, one line each: rule, then the import or the cycle. */
async function violations(baseDir: string, folders: string[]): Promise<string[]> {
  const options = await extractDepcruiseOptions(resolve(ROOT, '.dependency-cruiser.cjs'));
  const result = await cruise(folders, { ...options, baseDir, tsConfig: { fileName: resolve(ROOT, 'tsconfig.json') } });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  const describe = (violation: IViolation) =>
    violation.cycle?.length
      ? `${violation.rule.name}: ${[violation.from, ...violation.cycle.map((step) => step.name)].join(' -> ')}`
      : `${violation.rule.name}: ${violation.from} -> ${violation.to}`;
  return result.output.summary.violations.map(describe).sort();
}

describe('dependencies', () => {
  it('src/ and web/ have no import cycle and keep their layers', async () => {
    expect(await violations(ROOT, ['src', 'web'])).toEqual([]);
  });

  it('names each import that breaks a rule', async () => {
    expect(await violations(resolve(ROOT, 'test/fixtures/layers'), ['src', 'web'])).toEqual([
      'in-a-layer: src/newroom/room.ts -> src/domain/rule.ts',
      'layer-domain: src/domain/rule.ts -> src/routes/v0/things/list.ts',
      'layer-web: web/src/page.ts -> src/domain/rule.ts',
      'no-cycle: src/domain/rule.ts -> src/routes/v0/things/list.ts -> src/domain/rule.ts',
      'route-folders-apart: src/routes/app/index.ts -> src/routes/v0/others/get.ts',
      'route-resources-apart: src/routes/v0/things/list.ts -> src/routes/v0/others/get.ts',
    ]);
  });
});
