import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Db } from '../db/store.js';
import { SYSTEM_ACTOR } from '../domain/audit.js';
import { evaluateCheckout } from '../readiness/evaluate.js';
import { listRepository, queueForRepositories, recordPastEvaluations, type PastEvaluation } from '../repositories/readiness-evaluations.js';
import { REPOSITORIES } from './generate.js';

// The demo's readiness (docs/readiness.md, "Demo"): six of the demo repositories as real git
// repositories on disk that evolve week by week (tests, then a linter and CI, then agent
// instructions, then the hygiene of level 3), each pushed to a local bare remote. Every night of
// the last twelve weeks has its nightly evaluation, by the demo computer, whose report is the
// real evaluator's on that night's commit (an unchanged commit gives the same report, so each
// commit is evaluated once). The repositories are then listed with their file:// remotes, and the
// running computer evaluates them again now, as it will each night.

const WEEKS = 12;
const DAY_MS = 86_400_000;

type Files = Record<string, string>;

const base = (name: string): Files => ({
  'README.md': `# ${name}\n\nThe ${name} service of the demo organization: it serves its part of the product and is worked on by people and agents alike.\n\n## Getting started\n\nRun \`npm install\`, then \`npm run build\` and \`npm test\`.\n`,
  LICENSE: 'MIT License\n\nCopyright (c) the demo organization\n',
  '.gitignore': 'node_modules\ndist\n',
  'package.json': JSON.stringify({ name, version: '1.0.0', description: `The ${name} service`, scripts: { build: 'tsc', test: 'vitest run', lint: 'eslint .', start: 'node dist/index.js' }, dependencies: { fastify: '^5.0.0', pino: '^9.0.0' } }, null, 2),
  'src/index.ts': 'export function handle(input: string): string {\n  return input.trim();\n}\n',
  'src/routes.ts': 'export const routes = ["/", "/health"];\n',
});

const STAGES: Record<string, (name: string) => Files> = {
  tests: () => ({
    'src/index.test.ts': 'import { expect, it } from "vitest";\nimport { handle } from "./index";\nit("trims", () => expect(handle(" a ")).toBe("a"));\n',
    'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: {} }),
  }),
  lint: () => ({
    'eslint.config.js': 'export default [{ rules: { "no-unused-vars": "error" } }];\n',
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'es2022' } }),
    '.nvmrc': '20\n',
    '.github/workflows/ci.yml': 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npm run lint\n      - run: npm test -- --coverage\n',
  }),
  agents: (name) => ({
    'AGENTS.md': `# Working on ${name}\n\nThis is a small TypeScript service. Install with \`npm install\`. Before handing work back, run \`npm test\` and \`npm run lint\` and fix what fails. Keep functions small, name things for what they do, and put a test beside every change in src/. Never commit secrets or generated files.\n`,
    'CONTRIBUTING.md': '# Contributing\n\nOpen a pull request with a test; CI must pass.\n',
    Makefile: 'test:\n\tnpm test\n',
  }),
  hygiene: () => ({
    '.editorconfig': 'root = true\n\n[*]\nindent_style = space\nindent_size = 2\n',
    '.prettierrc': '{ "singleQuote": true }\n',
    '.husky/pre-commit': 'npm test\n',
    '.github/dependabot.yml': 'version: 2\nupdates:\n  - package-ecosystem: npm\n    directory: /\n    schedule:\n      interval: weekly\n',
    'SECURITY.md': '# Security\n\nReport vulnerabilities to security@demo.example.\n',
    '.github/CODEOWNERS': '* @demo-org/maintainers\n',
    '.github/ISSUE_TEMPLATE/bug.md': '---\nname: Bug\n---\nWhat happened?\n',
    '.github/pull_request_template.md': 'What changes, and how was it tested?\n',
    '.devcontainer/devcontainer.json': '{ "image": "node:20" }\n',
    'docs/overview.md': '# Overview\n',
    'docs/operations.md': '# Operations\n',
    'CHANGELOG.md': '# Changelog\n',
  }),
};

/** Each repository's stages and the week (counted from twelve weeks ago) each landed: some improve fast, some not at all. */
const PLANS: Record<string, [string, number][]> = {
  'payments-api': [['tests', 1], ['lint', 4], ['agents', 7], ['hygiene', 10]],
  'web-app': [['tests', 3], ['lint', 8], ['agents', 11]],
  'mobile-app': [['tests', 6]],
  'data-pipeline': [],
  infra: [['tests', 0], ['lint', 2], ['agents', 5]],
  'design-system': [['tests', 9], ['lint', 10]],
};

function git(cwd: string, args: string[], at?: Date): string {
  const when = at ? { GIT_AUTHOR_DATE: at.toISOString(), GIT_COMMITTER_DATE: at.toISOString() } : {};
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'Demo', GIT_AUTHOR_EMAIL: 'demo@demo.example', GIT_COMMITTER_NAME: 'Demo', GIT_COMMITTER_EMAIL: 'demo@demo.example', ...when } });
}

async function writeFiles(root: string, files: Files): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

/** Seeds twelve weeks of nightly evaluations ending last night, lists the repositories, and queues an evaluation now for the running computer. */
export async function seedDemoReadiness(db: Db, organizationId: string, computerId: string, now: Date = new Date()): Promise<{ remotes: string; evaluations: number }> {
  const root = await mkdtemp(join(tmpdir(), 'quarterdeck-demo-repos-'));
  const lastNight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2, 17) - (now.getUTCHours() < 2 ? DAY_MS : 0);
  const firstNight = lastNight - (WEEKS * 7 - 1) * DAY_MS;
  let evaluations = 0;
  for (const { id: repoId } of REPOSITORIES.filter(({ id }) => PLANS[id.split('/').pop()!] !== undefined)) {
    const name = repoId.split('/').pop()!;
    const bare = join(root, `${name}.git`);
    const work = join(root, name);
    git(root, ['init', '-q', '--bare', '-b', 'main', bare]);
    git(root, ['init', '-q', '-b', 'main', work]);
    git(work, ['remote', 'add', 'origin', bare]);
    const commit = async (files: Files, message: string, at: Date) => {
      await writeFiles(work, files);
      git(work, ['add', '-A']);
      git(work, ['commit', '-q', '-m', message], at);
      git(work, ['push', '-q', 'origin', 'main']);
    };
    await commit(base(name), 'feat: the service', new Date(firstNight - DAY_MS));
    const plan = PLANS[name]!;
    let report: Record<string, unknown> | undefined;
    const nights: PastEvaluation[] = [];
    for (let night = firstNight; night <= lastNight; night += DAY_MS) {
      const week = Math.floor((night - firstNight) / (7 * DAY_MS));
      const landed = plan.filter(([, at]) => at === week && night === firstNight + at * 7 * DAY_MS);
      for (const [stage] of landed) await commit(STAGES[stage]!(name), `chore: ${stage}`, new Date(night - 6 * 3_600_000));
      // The report of the night's commit: evaluated again only when the commit changed.
      if (!report || landed.length > 0) report = (await evaluateCheckout(work, { agentVersion: 'quarterdeck demo', repoUrl: `https://${repoId}` })).report as unknown as Record<string, unknown>;
      nights.push({ repoId, cloneUrl: `file://${bare}`, computerId, night: new Date(night).toISOString().slice(0, 10), at: new Date(night), report });
    }
    await recordPastEvaluations(db, organizationId, nights);
    evaluations += nights.length;
    await listRepository(db, organizationId, { repoId, cloneUrl: `file://${bare}` }, SYSTEM_ACTOR);
  }
  await queueForRepositories(db, organizationId, 'request', {}, now);
  return { remotes: root, evaluations };
}
