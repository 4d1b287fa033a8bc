import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// Minimal repositories for the readiness evaluator's tests, written into temporary directories,
// with real git history when asked.

export type Files = Record<string, string | Buffer>;

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.test', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.test', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { env: GIT_ENV }).toString();
}

export function writeFiles(dir: string, files: Files): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

/** A repository with `files`; with `commits`, a git repository whose history has those subjects (the last one commits the files). */
export function makeRepository(files: Files, options: { commits?: string[]; remote?: string } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'qd-readiness-'));
  writeFiles(dir, files);
  if (options.commits) {
    git(dir, 'init', '-q', '-b', 'main');
    options.commits.forEach((subject, index) => {
      if (index === options.commits!.length - 1) git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '--allow-empty', '-m', subject);
    });
    if (options.remote) git(dir, 'remote', 'add', 'origin', options.remote);
  }
  return dir;
}

const AGENTS_TEXT = `# Working on this repository\n\nRun the tests with \`npm test\` before every commit; lint with \`npm run lint\`.\n\n${'The service is split into a parser, an evaluator and a printer; keep each change inside one of them. '.repeat(4)}\n`;

/** A well-kept single-package repository: what the criteria of levels 1 to 3 look for. */
export const WELL_KEPT: Files = {
  'README.md': `# Widget\n\nA widget service that turns requests into widgets, with tests and a linter.\n\n## Getting started\n\n\`\`\`sh\nnpm ci\nnpm test\n\`\`\`\n`,
  LICENSE: 'MIT License\n',
  '.gitignore': 'node_modules/\ndist/\n',
  'package.json': JSON.stringify({ name: 'widget', description: 'Widgets', engines: { node: '>=20' }, scripts: { build: 'tsc', test: 'vitest run', lint: 'eslint .' }, dependencies: { pino: '^9.0.0' }, devDependencies: { typescript: '^5.0.0', vitest: '^3.0.0' } }),
  'package-lock.json': '{}',
  'tsconfig.json': '{\n  // strict, as everything should be\n  "compilerOptions": { "strict": true }\n}\n',
  'eslint.config.js': 'export default [];\n',
  '.prettierrc': '{}\n',
  '.editorconfig': 'root = true\n\n[*]\nindent_style = space\n',
  'src/index.ts': 'export const widget = 1;\n',
  'src/index.test.ts': 'import { widget } from "./index";\n',
  'AGENTS.md': AGENTS_TEXT,
  'CONTRIBUTING.md': '# Contributing\n',
  'SECURITY.md': '# Security\n',
  'CHANGELOG.md': '# Changelog\n',
  '.github/CODEOWNERS': '* @acme/widgets\n',
  '.github/pull_request_template.md': '## What\n',
  '.github/ISSUE_TEMPLATE/bug.md': '---\nname: Bug\n---\n',
  '.github/dependabot.yml': 'version: 2\nupdates:\n  - package-ecosystem: npm\n    directory: /\n    schedule: { interval: weekly }\n',
  '.github/workflows/ci.yml': 'on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npm run lint\n      - run: npm test -- --coverage\n',
  '.husky/pre-commit': 'npm run lint\n',
  '.devcontainer/devcontainer.json': '{"image": "node:20"}\n',
  'docs/usage.md': '# Usage\n',
  'docs/architecture.md': '# Architecture\n',
};

export const README_ONLY: Files = { 'README.md': '# Bare\n\nA repository that holds nothing but this README, which says what it is and little more than that.\n' };
