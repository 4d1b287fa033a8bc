import { joinPath, type Application, type TomlFiles } from './apps.js';
import type { Checkout } from './checkout.js';
import type { GitFacts } from './git.js';
import { parseYamlObject, type Json } from './parsers.js';

// What every criterion reads: the checkout, git's facts, the applications, and the few things
// several criteria share (the CI configuration's commands, the agent instruction files), each
// computed once.

/** Hosted CI configurations other than GitHub Actions, read as text. */
const OTHER_CI_FILES = ['.gitlab-ci.yml', '.circleci/config.yml', 'azure-pipelines.yml', 'Jenkinsfile', '.travis.yml', 'bitbucket-pipelines.yml', '.buildkite/pipeline.yml', '.drone.yml', 'appveyor.yml', '.cirrus.yml', '.woodpecker.yml'];

/** Instruction files coding agents read, at any depth (the per-application criterion) or at the root. */
export const AGENT_FILE_NAMES = ['AGENTS.md', 'AGENT.md', 'CLAUDE.md', 'GEMINI.md'];
const ROOT_AGENT_FILES = ['.github/copilot-instructions.md', '.cursorrules', '.windsurfrules', '.clinerules', '.junie/guidelines.md', 'CONVENTIONS.md'];
const AGENT_RULE_FOLDERS = ['.cursor/rules', '.github/instructions', '.clinerules', '.windsurf/rules', '.amazonq/rules'];

export interface CiConfiguration {
  /** The CI files found. */
  files: string[];
  /** Every step command and action of every workflow, and the other CI files' text, lower case. */
  text: string;
  /** Parsed GitHub Actions workflows. */
  workflows: Json[];
}

export class EvaluationContext {
  readonly ci: CiConfiguration;
  /** Agent instruction files of the repository (root files and rule folders), sorted. */
  readonly agentFiles: string[];

  constructor(readonly checkout: Checkout, readonly git: GitFacts | null, readonly apps: Application[], readonly toml: TomlFiles) {
    this.ci = readCi(checkout);
    this.agentFiles = [
      ...[...AGENT_FILE_NAMES, ...ROOT_AGENT_FILES].filter((path) => checkout.has(path)),
      ...AGENT_RULE_FOLDERS.flatMap((folder) => checkout.filesUnder(folder).filter((path) => /\.(md|mdc|txt)$/i.test(path))),
    ].sort();
  }

  /** The first of `names` present in the application's directory or any directory above it. */
  findUp(app: Application, names: readonly string[]): string | undefined {
    let dir = app.dir;
    while (true) {
      const found = names.map((name) => joinPath(dir, name)).find((path) => this.checkout.has(path));
      if (found || dir === '') return found;
      dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
    }
  }

  /** Every one of `names` present in the application's directory and the directories above it, nearest first. */
  findAllUp(app: Application, names: readonly string[]): string[] {
    const paths: string[] = [];
    let dir = app.dir;
    while (true) {
      paths.push(...names.map((name) => joinPath(dir, name)).filter((path) => this.checkout.has(path)));
      if (dir === '') return paths;
      dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
    }
  }

  /** The first of `paths` (relative to the root) present, matching names case-insensitively. */
  firstOf(paths: readonly string[]): string | undefined {
    for (const wanted of paths) {
      const dir = wanted.includes('/') ? wanted.slice(0, wanted.lastIndexOf('/')) : '';
      const found = this.checkout.list(dir).find((path) => path.toLowerCase() === wanted.toLowerCase() && this.checkout.has(path));
      if (found) return found;
    }
    return undefined;
  }

  /** The application's files, leaving out those of other applications nested in it. */
  filesOf(app: Application): string[] {
    const nested = this.apps.filter((other) => other !== app && (app.dir === '' || other.dir.startsWith(`${app.dir}/`))).map((other) => `${other.dir}/`);
    return this.checkout.filesUnder(app.dir).filter((file) => !nested.some((prefix) => file.startsWith(prefix)));
  }

  /** The text of an application's manifests and dependency lists, lower case, for dependency names. */
  dependencyText(app: Application): string {
    const names: string[] = [];
    const keys = (value: unknown) => (value && typeof value === 'object' ? Object.keys(value) : []);
    const pkg = app.packageJson;
    if (pkg) for (const section of ['dependencies', 'peerDependencies', 'optionalDependencies']) names.push(...keys(pkg[section]));
    const project = app.pyproject?.project as Json | undefined;
    if (project) {
      names.push(...(Array.isArray(project.dependencies) ? project.dependencies.map(String) : []));
      for (const group of Object.values((project['optional-dependencies'] as Json | undefined) ?? {})) if (Array.isArray(group)) names.push(...group.map(String));
    }
    names.push(...keys((app.pyproject?.tool as Json | undefined)?.poetry && ((app.pyproject!.tool as Json).poetry as Json).dependencies));
    if (app.cargo) for (const section of ['dependencies', 'dev-dependencies']) names.push(...keys(app.cargo[section]));
    const workspaceDependencies = (app.cargo?.workspace as Json | undefined)?.dependencies;
    names.push(...keys(workspaceDependencies));
    const textManifests = this.checkout.list(app.dir).filter((path) => /(^|\/)(go\.mod|pom\.xml|build\.gradle(\.kts)?|Gemfile|[^/]*\.gemspec|composer\.json|mix\.exs|[^/]*\.(cs|fs|vb)proj|requirements[^/]*\.txt|setup\.py|setup\.cfg|Pipfile|pubspec\.yaml|Package\.swift|CMakeLists\.txt)$/.test(path));
    for (const path of textManifests) names.push(this.checkout.read(path) ?? '');
    return names.join('\n').toLowerCase();
  }
}

function envOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).filter(([, item]) => typeof item === 'string' || typeof item === 'number').map(([key, item]) => [key, String(item)]));
}

/** Every step's run, uses and with values; `${{ env.NAME }}` replaced by the workflow's, job's or step's value. */
function collectSteps(workflow: Json): string[] {
  const out: string[] = [];
  const jobs = workflow.jobs && typeof workflow.jobs === 'object' ? Object.values(workflow.jobs as Json) : [];
  for (const job of jobs) {
    if (!job || typeof job !== 'object') continue;
    const jobEnv = { ...envOf(workflow.env), ...envOf((job as Json).env) };
    const uses = (job as Json).uses;
    if (typeof uses === 'string') out.push(uses);
    const steps = (job as Json).steps;
    if (!Array.isArray(steps)) continue;
    for (const step of steps) {
      if (!step || typeof step !== 'object') continue;
      const env = { ...jobEnv, ...envOf((step as Json).env) };
      const expand = (text: string) => text.replace(/\$\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => env[name] ?? whole);
      for (const key of ['run', 'uses']) {
        const value = (step as Json)[key];
        if (typeof value === 'string') out.push(expand(value));
      }
      const inputs = (step as Json).with;
      if (inputs && typeof inputs === 'object') for (const value of Object.values(inputs)) if (typeof value === 'string') out.push(expand(value));
    }
  }
  return out;
}

function readCi(checkout: Checkout): CiConfiguration {
  const parsed = checkout.list('.github/workflows')
    .filter((path) => /\.ya?ml$/.test(path) && checkout.has(path))
    .map((path) => ({ path, workflow: parseYamlObject(checkout.read(path)) }))
    .filter((item): item is { path: string; workflow: Json } => item.workflow !== null && typeof item.workflow.jobs === 'object');
  const others = OTHER_CI_FILES.filter((path) => checkout.has(path));
  const workflows = parsed.map((item) => item.workflow);
  const text = [...workflows.flatMap(collectSteps), ...others.map((path) => checkout.read(path) ?? '')].join('\n').toLowerCase();
  return { files: [...parsed.map((item) => item.path), ...others], text, workflows };
}
