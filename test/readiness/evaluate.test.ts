import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEVELS, READINESS_CRITERIA, readinessLevel } from '../../src/sdk/readiness-levels.js';
import { evaluateCheckout } from '../../src/readiness/evaluate.js';
import { CheckoutRefused } from '../../src/readiness/checkout.js';
import { makeRepository, README_ONLY, WELL_KEPT, writeFiles } from './fixtures.js';

// The evaluator as a whole: the levels and their 80 % gate, monorepo scopes, a checkout without
// git, and hostile checkouts. The command itself: cli.test.ts.

const evaluate = (path: string, extra: Partial<Parameters<typeof evaluateCheckout>[1]> = {}) => evaluateCheckout(path, { agentVersion: 'test', ...extra });

/** A report where the first `passing[L-1]` criteria of level L pass and the others fail. */
function syntheticReport(passing: number[]): Record<string, { numerator: number | null; denominator: number; rationale: string }> {
  const report: Record<string, { numerator: number | null; denominator: number; rationale: string }> = {};
  for (const { level } of LEVELS) {
    const ids = Object.entries(READINESS_CRITERIA).filter(([, info]) => info.level === level).map(([id]) => id);
    ids.forEach((id, index) => (report[id] = { numerator: index < passing[level - 1]! ? 1 : 0, denominator: 1, rationale: '' }));
  }
  return report;
}

const levelSizes = LEVELS.map(({ level }) => Object.values(READINESS_CRITERIA).filter((info) => info.level === level).length);

describe('levels', () => {
  it('reaches a level at 80 % of its applicable criteria, only after the level below', () => {
    const atLeast = (size: number) => Math.ceil(size * 0.8);
    // Level 1 exactly at 80 %, level 2 one short of it.
    const gate = readinessLevel(syntheticReport([atLeast(levelSizes[0]!), atLeast(levelSizes[1]!) - 1, levelSizes[2]!, levelSizes[3]!, levelSizes[4]!]));
    expect(gate.level).toBe(1);
    expect(gate.next).toMatchObject({ level: 2, missing: 1 });
    expect(gate.next!.failing).toHaveLength(levelSizes[1]! - atLeast(levelSizes[1]!) + 1);
    // Everything above passes, but level 1 misses its 80 %: level 0.
    expect(readinessLevel(syntheticReport([atLeast(levelSizes[0]!) - 1, ...levelSizes.slice(1)])).level).toBe(0);
    expect(readinessLevel(syntheticReport(levelSizes)).level).toBe(5);
    expect(readinessLevel(syntheticReport(levelSizes)).next).toBeNull();
  });

  it('leaves skipped criteria out of the share and counts a partly passing application criterion as failing', () => {
    const report = syntheticReport([0, 0, 0, 0, 0]);
    const level1 = Object.entries(READINESS_CRITERIA).filter(([, info]) => info.level === 1).map(([id]) => id);
    for (const id of level1) report[id] = { numerator: null, denominator: 1, rationale: 'n/a' };
    report[level1[0]!] = { numerator: 1, denominator: 1, rationale: '' };
    expect(readinessLevel(report).levels[0]).toMatchObject({ passed: 1, applicable: 1, reached: true });
    report[level1[0]!] = { numerator: 2, denominator: 3, rationale: '' };
    expect(readinessLevel(report).levels[0]).toMatchObject({ passed: 0, applicable: 1, reached: false });
  });

  it('gives a README-only repository level 1 or less and a well-kept one level 3 or more', async () => {
    const bare = await evaluate(makeRepository(README_ONLY, { commits: ['Add README'] }));
    expect(readinessLevel(bare.report.report).level).toBeLessThanOrEqual(1);
    const kept = await evaluate(makeRepository(WELL_KEPT, { commits: ['feat: widgets'] }));
    const level = readinessLevel(kept.report.report);
    expect(level.level, JSON.stringify(level.levels)).toBeGreaterThanOrEqual(3);
    expect(Object.keys(kept.report.report).sort()).toEqual(Object.keys(READINESS_CRITERIA).sort());
  });
});

describe('applications', () => {
  it('finds npm workspace members and scores application criteria per member', async () => {
    const dir = makeRepository({
      'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*', '!packages/ignored'] }),
      'package-lock.json': '{}',
      'packages/api/package.json': JSON.stringify({ name: 'api', description: 'The API', scripts: { test: 'vitest run' }, dependencies: { a: '1' } }),
      'packages/api/src/a.test.ts': '',
      'packages/web/package.json': JSON.stringify({ name: 'web', dependencies: { a: '1' } }),
      'packages/ignored/package.json': '{}',
      'packages/notes/README.md': 'no manifest: not a member',
    });
    const { report } = await evaluate(dir);
    expect(Object.keys(report.apps)).toEqual(['packages/api', 'packages/web']);
    expect(report.apps['packages/api']).toEqual({ description: 'The API' });
    expect(report.report.test_command).toMatchObject({ numerator: 1, denominator: 2 });
    expect(report.report.lockfile).toMatchObject({ numerator: 2, denominator: 2 });
    expect(report.report.test_command!.rationale).toContain('packages/web: fail');
    expect(report.report.readme).toMatchObject({ denominator: 1 });
  });

  it('reads Cargo, uv and Maven workspaces, and manifests two levels down when nothing is declared', async () => {
    const cargo = makeRepository({
      'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\nexclude = ["crates/old"]\n',
      'crates/core/Cargo.toml': '[package]\nname = "core"\ndescription = "Core crate"\n',
      'crates/cli/Cargo.toml': '[package]\nname = "cli"\n',
      'crates/old/Cargo.toml': '[package]\nname = "old"\n',
    });
    expect((await evaluate(cargo)).report.apps).toEqual({ 'crates/cli': { description: 'cli' }, 'crates/core': { description: 'Core crate' } });
    const uv = makeRepository({ 'pyproject.toml': '[tool.uv.workspace]\nmembers = ["libs/*"]\n', 'libs/a/pyproject.toml': '[project]\nname = "a"\n' });
    expect(Object.keys((await evaluate(uv)).report.apps)).toEqual(['libs/a']);
    const maven = makeRepository({
      'pom.xml': '<project><modules><module>core</module><module>group</module></modules></project>',
      'core/pom.xml': '<project><description>Core</description></project>',
      'group/pom.xml': '<project><modules><module>inner</module></modules></project>',
      'group/inner/pom.xml': '<project><name>Inner</name></project>',
    });
    expect((await evaluate(maven)).report.apps).toEqual({ core: { description: 'Core' }, 'group/inner': { description: 'Inner' } });
    const loose = makeRepository({ 'backend/go.mod': 'module b\n\ngo 1.22\n', 'frontend/package.json': '{"name":"f"}', 'examples/demo/package.json': '{}' });
    expect(Object.keys((await evaluate(loose)).report.apps)).toEqual(['backend', 'frontend']);
    const none = makeRepository({ 'notes.txt': 'x' });
    expect((await evaluate(none)).report.apps).toEqual({ '.': { description: 'The repository (no build manifest found)' } });
  });
});

describe('git metadata', () => {
  it('reports commit, branch, local changes and unpushed commits from git, and the origin as repoUrl', async () => {
    const dir = makeRepository({ 'README.md': 'x' }, { commits: ['one', 'two'], remote: 'git@github.com:acme/widgets.git' });
    const clean = (await evaluate(dir)).report;
    expect(clean).toMatchObject({ repoUrl: 'git@github.com:acme/widgets.git', branch: 'main', hasLocalChanges: false, hasNonRemoteCommits: true, commitHash: expect.stringMatching(/^[0-9a-f]{40}$/) });
    writeFileSync(join(dir, 'new.txt'), 'local');
    expect((await evaluate(dir)).report.hasLocalChanges).toBe(true);
  });

  it('evaluates a checkout without git metadata: no git fields, version_control fails, history criteria skipped', async () => {
    const evaluation = await evaluate(makeRepository({ ...README_ONLY, '.gitignore': 'secret.txt\n', 'secret.txt': 'not listed' }), { repoUrl: 'https://github.com/acme/bare' });
    expect(evaluation.gitMissing).toBe(true);
    const { report } = evaluation;
    expect(report).not.toHaveProperty('commitHash');
    expect(report).not.toHaveProperty('branch');
    expect(report.repoUrl).toBe('https://github.com/acme/bare');
    expect(report.report.version_control!.numerator).toBe(0);
    expect(report.report.conventional_commits!.numerator).toBeNull();
  });
});

describe('hostile checkouts', () => {
  it('does not follow links out of the checkout, and reads neither huge nor binary files', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'qd-outside-'));
    writeFileSync(join(outside, 'AGENTS.md'), `# Secret\n\n\`npm test\`\n${'outside text '.repeat(100)}`);
    const dir = makeRepository({ 'README.md': Buffer.concat([Buffer.from('# Bin\n'), Buffer.alloc(200), Buffer.from('x'.repeat(200))]), 'LICENSE': 'x'.repeat(2 * 1024 * 1024) });
    symlinkSync(join(outside, 'AGENTS.md'), join(dir, 'AGENTS.md'));
    symlinkSync(outside, join(dir, 'docs'));
    const evaluation = await evaluate(dir, { limits: { maxFiles: 1000, maxDepth: 32, maxReadBytes: 1024 * 1024 } });
    expect(evaluation.report.report.agent_instructions!.numerator).toBe(0);
    expect(evaluation.report.report.readme!.numerator).toBe(0);
    expect(evaluation.report.report.license!.numerator).toBe(1);
    expect(JSON.stringify(evaluation.report)).not.toContain('outside text');
    expect(evaluation.warnings).toEqual(expect.arrayContaining([
      'AGENTS.md: a symbolic link out of the checkout, not read',
      'README.md: binary, not read',
    ]));
  });

  it('bounds deep trees and refuses checkouts over the file bound, and paths that are no directory', async () => {
    const deep = makeRepository({ [`${Array.from({ length: 40 }, (_, index) => `d${index}`).join('/')}/a.test.js`]: '', 'package.json': '{}' });
    const evaluation = await evaluate(deep);
    expect(evaluation.warnings.join('\n')).toMatch(/1 path\(s\) deeper than 32 directories not evaluated \(first: d0\/d1\//);
    expect(evaluation.report.report.tests_present!.numerator).toBe(0);
    const many = mkdtempSync(join(tmpdir(), 'qd-many-'));
    mkdirSync(join(many, 'f'));
    for (let index = 0; index < 30; index++) writeFileSync(join(many, 'f', `${index}.txt`), '');
    await expect(evaluate(many, { limits: { maxFiles: 20, maxDepth: 32, maxReadBytes: 1024 } })).rejects.toThrow(new CheckoutRefused('more than 20 files: refused (evaluate a smaller part of the checkout, or raise --max-files)'));
    await expect(evaluate(join(many, 'f', '0.txt'))).rejects.toThrow(/is not a directory/);
  });

  it('ignores a repository configuration that would run programs on read', async () => {
    const dir = makeRepository({ 'README.md': 'x' }, { commits: ['one'] });
    const marker = join(dir, '..', `fsmonitor-ran-${Date.now()}`);
    writeFiles(dir, { 'monitor.sh': `#!/bin/sh\ntouch ${marker}\n` });
    chmodSync(join(dir, 'monitor.sh'), 0o755);
    execFileSync('git', ['-C', dir, 'config', 'core.fsmonitor', join(dir, 'monitor.sh')]);
    await evaluate(dir);
    expect(existsSync(marker)).toBe(false);
  });
});
