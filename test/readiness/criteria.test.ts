import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READINESS_CRITERIA, type CriterionId } from '../../src/sdk/readiness-levels.js';
import { evaluateCheckout } from '../../src/readiness/evaluate.js';
import { makeRepository, type Files } from './fixtures.js';

// Each criterion on a minimal repository that passes it and one that fails it (docs/readiness.md
// states the rules). One table; each case evaluates a fresh temporary checkout in-process.

const pkg = (fields: object = {}) => ({ 'package.json': JSON.stringify({ name: 'app', ...fields }) });
const workflow = (...runs: string[]) => ({ '.github/workflows/ci.yml': `on: [push]\njobs:\n  ci:\n    runs-on: ubuntu-latest\n    steps:\n${runs.map((run) => `      - run: ${run}\n`).join('')}` });
const agents = (body: string) => ({ 'AGENTS.md': `# Agents\n\n${body}\n${'Keep changes small, explain why in the commit message, and update the docs beside the code. '.repeat(4)}` });
const TEN_COMMITS = (conventional: number) => Array.from({ length: 10 }, (_, index) => (index < conventional ? `feat: change ${index}` : `Change number ${index}`));

interface Case {
  id: CriterionId;
  pass: Files;
  fail: Files;
  /** Git history for both fixtures (commit subjects). */
  commits?: { pass?: string[]; fail?: string[] };
}

const CASES: Case[] = [
  { id: 'readme', pass: { 'README.md': `# App\n\n${'words '.repeat(30)}` }, fail: { 'README.md': '# App\n' } },
  { id: 'license', pass: { LICENSE: 'MIT' }, fail: { 'README.md': 'x' } },
  { id: 'gitignore', pass: { '.gitignore': '# deps\nnode_modules/\n' }, fail: { '.gitignore': '# nothing yet\n' } },
  { id: 'version_control', pass: { 'a.txt': 'a' }, fail: { 'a.txt': 'a' }, commits: { pass: ['initial'] } },
  { id: 'build_manifest', pass: { 'go.mod': 'module example.test/app\n\ngo 1.22\n' }, fail: { 'main.c': 'int main(){}' } },
  { id: 'lockfile', pass: { ...pkg({ dependencies: { a: '1' } }), 'pnpm-lock.yaml': 'x' }, fail: pkg({ dependencies: { a: '1' } }) },
  { id: 'tests_present', pass: { ...pkg(), 'src/a.js': '', 'test/a.js': '' }, fail: { ...pkg(), 'src/a.js': '' } },
  { id: 'readme_setup', pass: { 'README.md': '# App\n\n## Installation\n\nnpm i\n' }, fail: { 'README.md': '# App [![build status](https://ci.example.test/badge.svg)](https://ci.example.test)\n\n## About\n\nIt installs nothing.\n' } },
  { id: 'agent_instructions', pass: agents('Run `npm test`.'), fail: { 'AGENTS.md': '# Agents\n\nBe nice.\n' } },
  { id: 'contributing_guide', pass: { '.github/CONTRIBUTING.md': '# How' }, fail: { 'README.md': 'x' } },
  { id: 'build_command', pass: { ...pkg({ scripts: { build: 'tsc' } }), 'tsconfig.json': '{}' }, fail: { ...pkg(), 'tsconfig.json': '{}' } },
  { id: 'test_command', pass: pkg({ scripts: { test: 'vitest run' } }), fail: pkg({ scripts: { test: 'echo "Error: no test specified" && exit 1' } }) },
  { id: 'linter', pass: { 'pyproject.toml': '[project]\nname = "app"\n\n[tool.ruff]\nline-length = 100\n' }, fail: { 'pyproject.toml': '[project]\nname = "app"\n' } },
  { id: 'ci_config', pass: workflow('make'), fail: { '.github/workflows/notes.txt': 'not a workflow' } },
  { id: 'runtime_version', pass: { ...pkg(), '.nvmrc': '20\n' }, fail: pkg() },
  { id: 'task_runner', pass: { Makefile: 'test:\n\tgo test ./...\n' }, fail: pkg({ scripts: { test: 'x' } }) },
  { id: 'formatter', pass: { ...pkg(), '.prettierrc.json': '{}' }, fail: pkg() },
  { id: 'type_checker', pass: { 'pyproject.toml': '[project]\nname = "app"\n\n[tool.mypy]\nstrict = true\n' }, fail: { 'setup.py': 'from setuptools import setup\nsetup()\n' } },
  { id: 'ci_runs_tests', pass: { '.github/workflows/ci.yml': 'on: [push]\nenv: { CARGO: cargo }\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ${{ env.CARGO }} test --workspace\n' }, fail: workflow('echo ${{ env.CARGO }} hello') },
  { id: 'ci_runs_lint', pass: workflow('npx eslint .'), fail: workflow('npm test') },
  { id: 'agent_test_command', pass: agents('Run the tests: `pytest -q`.'), fail: agents('Run `make build` to build.') },
  { id: 'editorconfig', pass: { '.editorconfig': 'root = true\n[*]\nindent_size = 2\n' }, fail: { '.editorconfig': '' } },
  { id: 'pre_commit_hooks', pass: { '.pre-commit-config.yaml': 'repos: []\n' }, fail: { '.husky/.gitignore': '_\n' } },
  { id: 'dependency_updates', pass: { 'renovate.json': '{}' }, fail: { '.github/dependabot.yml': 'version: 2\n' } },
  { id: 'security_policy', pass: { '.github/SECURITY.md': '# Report' }, fail: { 'README.md': 'x' } },
  { id: 'codeowners', pass: { CODEOWNERS: '# owners\n/src @acme/core\n' }, fail: { CODEOWNERS: '# nobody yet\n' } },
  { id: 'issue_templates', pass: { '.github/ISSUE_TEMPLATE/bug.yml': 'name: Bug\n' }, fail: { '.github/ISSUE_TEMPLATE/config.yml': 'blank_issues_enabled: false\n' } },
  { id: 'pr_template', pass: { '.github/PULL_REQUEST_TEMPLATE.md': '## What' }, fail: { 'README.md': 'x' } },
  { id: 'dev_environment', pass: { 'scripts/setup.sh': '#!/bin/sh\nnpm ci\n' }, fail: { 'scripts/deploy.sh': '#!/bin/sh\n' } },
  { id: 'docs_folder', pass: { 'docs/a.md': 'a', 'docs/b.md': 'b' }, fail: { 'docs/a.md': 'a' } },
  { id: 'changelog', pass: { 'HISTORY.md': '# 1.0' }, fail: { 'README.md': 'x' } },
  { id: 'no_large_files', pass: { 'small.bin': Buffer.alloc(1024) }, fail: { 'large.bin': Buffer.alloc(6 * 1024 * 1024) } },
  { id: 'test_coverage', pass: { '.coveragerc': '[run]\n' }, fail: workflow('pytest') },
  { id: 'test_ratio', pass: { ...pkg(), 'src/a.ts': '', 'src/a.test-d.ts': '' }, fail: { ...pkg(), 'src/a.js': '', 'src/b.js': '', 'src/c.js': '', 'src/d.js': '', 'src/e.js': '', 'src/f.js': '', 'src/a.test.js': '' } },
  { id: 'strict_types', pass: { ...pkg(), 'tsconfig.base.json': '{"compilerOptions":{"strict":true}}', 'tsconfig.json': '{"extends":"./tsconfig.base.json"}' }, fail: { ...pkg(), 'tsconfig.json': '{"compilerOptions":{"strict":false}}' } },
  { id: 'structured_logging', pass: { 'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\n\n[dependencies]\ntracing-subscriber = "0.3"\n' }, fail: { 'Cargo.toml': '[package]\nname = "app"\nversion = "0.1.0"\n' } },
  { id: 'debug_config', pass: { '.vscode/launch.json': '{}' }, fail: { '.vscode/settings.json': '{}' } },
  { id: 'vulnerability_scanning', pass: { '.github/workflows/codeql.yml': 'on: [push]\njobs:\n  scan:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: github/codeql-action/init@v3\n' }, fail: workflow('npm test') },
  { id: 'release_automation', pass: { '.github/workflows/release.yml': 'on:\n  push:\n    tags: ["v*"]\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make release\n' }, fail: workflow('make') },
  { id: 'architecture_doc', pass: { 'docs/adr/0001-record.md': '# Decision' }, fail: { 'docs/usage.md': 'x' } },
  { id: 'app_agent_instructions', pass: { ...pkg({ workspaces: ['packages/*'] }), 'packages/a/package.json': '{"name":"a"}', ...agents('The `packages/a` library: run `npm test`.') }, fail: { ...pkg({ workspaces: ['packages/*'] }), 'packages/a/package.json': '{"name":"a"}', ...agents('Run `npm test`.') } },
  { id: 'conventional_commits', pass: { 'a.txt': 'a' }, fail: { 'a.txt': 'a' }, commits: { pass: TEN_COMMITS(8), fail: TEN_COMMITS(7) } },
  { id: 'secret_scanning', pass: { '.pre-commit-config.yaml': 'repos:\n  - repo: https://github.com/gitleaks/gitleaks\n    rev: v8.18.0\n    hooks: [{ id: gitleaks }]\n' }, fail: { '.pre-commit-config.yaml': 'repos: []\n' } },
  { id: 'tracing', pass: pkg({ dependencies: { '@sentry/node': '8' } }), fail: pkg({ dependencies: { express: '5' } }) },
  { id: 'metrics', pass: { 'requirements.txt': 'prometheus-client==0.20\n', 'setup.py': 'setup()' }, fail: { 'requirements.txt': 'flask==3\n', 'setup.py': 'setup()' } },
  { id: 'feature_flags', pass: { 'go.mod': 'module a\n\ngo 1.22\n\nrequire github.com/open-feature/go-sdk v1.10.0\n' }, fail: { 'go.mod': 'module a\n\ngo 1.22\n' } },
  { id: 'product_analytics', pass: pkg({ dependencies: { 'posthog-node': '4' } }), fail: pkg({ dependencies: { react: '19' } }) },
  { id: 'agent_commands', pass: { '.claude/commands/review.md': 'Review the diff.' }, fail: { '.claude/settings.json': '{}' } },
  { id: 'mcp_config', pass: { '.mcp.json': '{"mcpServers":{}}' }, fail: { '.cursor/rules/a.mdc': 'x' } },
];

async function outcome(files: Files, commits?: string[]) {
  const evaluation = await evaluateCheckout(makeRepository(files, commits ? { commits } : {}), { agentVersion: 'test' });
  return evaluation.report.report;
}

describe('readiness criteria', () => {
  it('covers every criterion of the catalogue, each in docs/readiness.md with its pillar, level and scope', () => {
    expect(CASES.map((item) => item.id).sort()).toEqual(Object.keys(READINESS_CRITERIA).sort());
    const docs = readFileSync(new URL('../../docs/readiness.md', import.meta.url), 'utf8');
    for (const [id, info] of Object.entries(READINESS_CRITERIA)) {
      expect(docs, id).toMatch(new RegExp(`\\| \`${id}\` \\| ${info.level} \\| ${info.pillar} \\| ${info.scope} \\|`));
    }
  });

  it.each(CASES)('$id passes and fails on minimal repositories', async ({ id, pass, fail, commits }) => {
    const passed = (await outcome(pass, commits?.pass))[id]!;
    expect(passed.numerator, `${id} should pass: ${passed.rationale}`).toBe(passed.denominator);
    const failed = (await outcome(fail, commits?.fail))[id]!;
    expect(failed.numerator, `${id} should fail: ${failed.rationale}`).toBe(0);
  });
});
