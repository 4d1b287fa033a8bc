import type { CriterionId } from '../sdk/readiness-levels.js';
import { AGENT_FILE_NAMES, type EvaluationContext } from './context.js';
import { joinPath, type Application, type Ecosystem } from './apps.js';
import { parseIniSections, parseJson, parseJson5, parseYamlObject, type Json } from './parsers.js';

// The check of each criterion of the catalogue (src/sdk/readiness-levels.ts); docs/readiness.md
// states each rule in words, and the two are kept in step by test/readiness. A check passes,
// fails, or is skipped (not applicable), always with the reason a reader can verify.

export type Outcome = { pass: boolean; why: string } | { skip: string };
type RepositoryCheck = (context: EvaluationContext) => Outcome;
type ApplicationCheck = (context: EvaluationContext, app: Application) => Outcome;

const found = (path: string | undefined, what: string): Outcome => (path ? { pass: true, why: `${path}` } : { pass: false, why: `no ${what}` });
const nonBlank = (text: string) => text.replace(/\s+/g, '').length;
const get = (object: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Json)[key] : undefined), object);

/** Ecosystems whose standard tool builds and tests without a project-specific command. */
const STANDARD_TOOLCHAIN = new Set<Ecosystem>(['go', 'rust', 'java', 'dotnet', 'elixir', 'dart', 'swift']);
const STATICALLY_TYPED = new Set<Ecosystem>(['go', 'rust', 'java', 'dotnet', 'dart', 'swift', 'c']);

const SOURCE_FILE = /\.(js|jsx|ts|tsx|mjs|cjs|mts|cts|vue|svelte|py|go|rs|java|kt|scala|rb|php|cs|fs|ex|exs|c|cc|cpp|h|hpp|swift|dart)$/;
const TEST_FILE = /(^|\/)(tests?|specs?|__tests__|testing|src\/test|integration[-_]tests?|e2e)\/|(\.|_)(test|spec)s?(-d)?\.[a-z]+$|(^|\/)test_[^/]+\.py$|(Tests?|IT|Spec)\.(java|kt|scala|cs|php|swift)$|_spec\.rb$/;

function testFiles(context: EvaluationContext, app: Application): { tests: string[]; sources: string[] } {
  const files = context.filesOf(app).filter((file) => SOURCE_FILE.test(file));
  const tests = files.filter((file) => TEST_FILE.test(file));
  const sources = files.filter((file) => !TEST_FILE.test(file));
  if (app.ecosystem === 'rust') {
    // Rust keeps unit tests inside the source files: a file with a test module counts as one.
    for (const file of sources.filter((path) => path.endsWith('.rs')).slice(0, 2000)) if (/#\[(cfg\()?test\)?\]/.test(context.checkout.read(file) ?? '')) tests.push(file);
  }
  return { tests, sources };
}

function makeTarget(context: EvaluationContext, app: Application, target: RegExp): string | undefined {
  for (const name of ['Makefile', 'makefile', 'GNUmakefile', 'justfile', 'Justfile', 'Taskfile.yml', 'Taskfile.yaml']) {
    const path = context.findUp(app, [name]);
    if (path && target.test(context.checkout.read(path) ?? '')) return path;
  }
  return undefined;
}

function scripts(app: Application): Json {
  const value = get(app.packageJson, 'scripts');
  return value && typeof value === 'object' ? (value as Json) : {};
}

function iniHas(context: EvaluationContext, app: Application, file: string, section: string): string | undefined {
  const path = context.findUp(app, [file]);
  return path && parseIniSections(context.checkout.read(path))?.[section] !== undefined ? path : undefined;
}

function pyprojectTool(context: EvaluationContext, app: Application, ...keys: string[]): string | undefined {
  const path = context.findUp(app, ['pyproject.toml']);
  return path && get(context.toml.get(path), 'tool', ...keys) !== undefined ? `${path} [tool.${keys.join('.')}]` : undefined;
}

function packageJsonKey(app: Application, key: string): string | undefined {
  return get(app.packageJson, key) !== undefined ? `package.json "${key}"` : undefined;
}

function buildFileMentions(context: EvaluationContext, app: Application, pattern: RegExp): string | undefined {
  // A parent POM or root build script configures its modules: every build file up to the root counts.
  return context.findAllUp(app, ['pom.xml', 'build.gradle', 'build.gradle.kts']).find((path) => pattern.test(context.checkout.read(path) ?? ''));
}

const ESLINT = ['eslint.config.js', 'eslint.config.mjs', 'eslint.config.cjs', 'eslint.config.ts', 'eslint.config.mts', '.eslintrc', '.eslintrc.js', '.eslintrc.cjs', '.eslintrc.json', '.eslintrc.yml', '.eslintrc.yaml', 'biome.json', 'biome.jsonc', '.oxlintrc.json'];
const PRETTIER = ['.prettierrc', '.prettierrc.json', '.prettierrc.yml', '.prettierrc.yaml', '.prettierrc.json5', '.prettierrc.js', '.prettierrc.cjs', '.prettierrc.mjs', '.prettierrc.toml', 'prettier.config.js', 'prettier.config.cjs', 'prettier.config.mjs', 'prettier.config.ts', 'biome.json', 'biome.jsonc', 'dprint.json', '.dprint.json'];

const linter: ApplicationCheck = (context, app) => {
  const up = (names: string[]) => context.findUp(app, names);
  const hit = (() => {
    switch (app.ecosystem) {
      case 'npm': return up(ESLINT) ?? packageJsonKey(app, 'eslintConfig');
      case 'python': return up(['ruff.toml', '.ruff.toml', '.flake8', '.pylintrc', 'pylintrc']) ?? pyprojectTool(context, app, 'ruff') ?? pyprojectTool(context, app, 'pylint') ?? iniHas(context, app, 'setup.cfg', 'flake8') ?? iniHas(context, app, 'tox.ini', 'flake8');
      case 'go': return up(['.golangci.yml', '.golangci.yaml', '.golangci.toml', '.golangci.json', 'staticcheck.conf']);
      case 'rust': return up(['clippy.toml', '.clippy.toml']) ?? (get(app.cargo, 'lints') ?? get(app.cargo, 'workspace', 'lints') ? 'Cargo.toml [lints]' : undefined) ?? (context.ci.text.includes('clippy') ? 'CI runs cargo clippy' : undefined);
      case 'java': return up(['checkstyle.xml', 'config/checkstyle/checkstyle.xml', 'pmd.xml', 'detekt.yml', 'config/detekt/detekt.yml']) ?? buildFileMentions(context, app, /checkstyle|spotbugs|\bpmd\b|errorprone|detekt|ktlint/i);
      case 'ruby': return up(['.rubocop.yml', '.standard.yml']);
      case 'php': return up(['phpcs.xml', 'phpcs.xml.dist', '.php-cs-fixer.php', '.php-cs-fixer.dist.php', 'phpstan.neon', 'phpstan.neon.dist', 'psalm.xml']);
      case 'elixir': return up(['.credo.exs']);
      case 'dart': return up(['analysis_options.yaml']);
      case 'swift': return up(['.swiftlint.yml']);
      case 'c': return up(['.clang-tidy']);
      default: return up([...ESLINT, '.golangci.yml', 'ruff.toml', '.rubocop.yml', '.clang-tidy']);
    }
  })();
  return found(hit, `linter configuration for ${app.ecosystem ?? 'the repository'}`);
};

const formatter: ApplicationCheck = (context, app) => {
  const up = (names: string[]) => context.findUp(app, names);
  const precommit = context.checkout.read('.pre-commit-config.yaml') ?? '';
  const hit = (() => {
    switch (app.ecosystem) {
      case 'go': return 'gofmt (the Go toolchain formats every module)';
      case 'rust': return up(['rustfmt.toml', '.rustfmt.toml']) ?? 'rustfmt (cargo fmt, the Rust toolchain)';
      case 'dart': return 'dart format (the Dart toolchain)';
      case 'dotnet': return 'dotnet format (the .NET toolchain)';
      case 'npm': return up(PRETTIER) ?? packageJsonKey(app, 'prettier');
      case 'python': return pyprojectTool(context, app, 'black') ?? pyprojectTool(context, app, 'ruff', 'format') ?? up(['.style.yapf'])
        ?? (/ruff format|\bblack\b/.test(context.ci.text) || /ruff-format|\bblack\b/.test(precommit) ? 'ruff format or black in CI or pre-commit' : undefined);
      case 'java': return buildFileMentions(context, app, /spotless|google-java-format|ktfmt|ktlint/i);
      case 'ruby': return up(['.rubocop.yml', '.standard.yml']);
      case 'php': return up(['.php-cs-fixer.php', '.php-cs-fixer.dist.php', 'phpcs.xml', 'phpcs.xml.dist']);
      case 'elixir': return up(['.formatter.exs']);
      case 'swift': return up(['.swiftformat', '.swift-format']);
      case 'c': return up(['.clang-format']);
      default: return up([...PRETTIER, '.clang-format']);
    }
  })();
  return found(hit, `formatter configuration for ${app.ecosystem ?? 'the repository'}`);
};

function tsconfigStrict(context: EvaluationContext, path: string, hops = 0): boolean | undefined {
  const config = parseJson5(context.checkout.read(path));
  const strict = get(config, 'compilerOptions', 'strict');
  if (typeof strict === 'boolean') return strict;
  const parent = get(config, 'extends');
  if (typeof parent !== 'string' || !parent.startsWith('.') || hops >= 5) return undefined;
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const segments = [...(dir ? dir.split('/') : []), ...parent.split('/')];
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '..') resolved.pop();
    else if (segment !== '.' && segment !== '') resolved.push(segment);
  }
  const target = resolved.join('/');
  return tsconfigStrict(context, target.endsWith('.json') ? target : `${target}.json`, hops + 1);
}

function mypyConfig(context: EvaluationContext, app: Application): Json | null {
  const ini = ['mypy.ini', '.mypy.ini'].map((name) => context.findUp(app, [name])).find(Boolean);
  if (ini) return (parseIniSections(context.checkout.read(ini))?.mypy as Json | undefined) ?? {};
  const setup = iniHas(context, app, 'setup.cfg', 'mypy');
  if (setup) return (parseIniSections(context.checkout.read(setup))?.mypy as Json) ?? {};
  const pyproject = context.findUp(app, ['pyproject.toml']);
  const tool = pyproject ? get(context.toml.get(pyproject), 'tool', 'mypy') : undefined;
  return tool && typeof tool === 'object' ? (tool as Json) : null;
}

function pyrightConfig(context: EvaluationContext, app: Application): Json | null {
  const file = context.findUp(app, ['pyrightconfig.json']);
  if (file) return parseJson(context.checkout.read(file)) ?? {};
  const pyproject = context.findUp(app, ['pyproject.toml']);
  const tool = pyproject ? (get(context.toml.get(pyproject), 'tool', 'pyright') ?? get(context.toml.get(pyproject), 'tool', 'basedpyright')) : undefined;
  return tool && typeof tool === 'object' ? (tool as Json) : null;
}

const typeChecker: ApplicationCheck = (context, app) => {
  if (app.ecosystem && STATICALLY_TYPED.has(app.ecosystem)) return { pass: true, why: `${app.ecosystem} is statically typed` };
  const up = (names: string[]) => context.findUp(app, names);
  switch (app.ecosystem) {
    case 'npm': return found(up(['tsconfig.json', 'jsconfig.json', '.flowconfig']), 'tsconfig.json, jsconfig.json or .flowconfig');
    case 'python': return mypyConfig(context, app) !== null ? { pass: true, why: 'mypy configured' } : pyrightConfig(context, app) !== null ? { pass: true, why: 'pyright configured' } : { pass: false, why: 'no mypy or pyright configuration' };
    case 'ruby': return found(up(['sorbet/config', 'Steepfile']), 'Sorbet or Steep configuration');
    case 'php': return found(up(['phpstan.neon', 'phpstan.neon.dist', 'psalm.xml', 'psalm.xml.dist']), 'PHPStan or Psalm configuration');
    case 'elixir': return found(context.dependencyText(app).includes('dialyxir') ? 'mix.exs: dialyxir' : undefined, 'Dialyzer (dialyxir)');
    default: return { skip: 'no application language to type-check' };
  }
};

const strictTypes: ApplicationCheck = (context, app) => {
  if (app.ecosystem && STATICALLY_TYPED.has(app.ecosystem)) return { skip: `${app.ecosystem} is statically typed` };
  if (app.ecosystem === 'npm') {
    const tsconfig = context.findUp(app, ['tsconfig.json']);
    if (!tsconfig) return { pass: false, why: 'no tsconfig.json' };
    return tsconfigStrict(context, tsconfig) === true ? { pass: true, why: `${tsconfig}: strict` } : { pass: false, why: `${tsconfig}: strict is not on` };
  }
  if (app.ecosystem === 'python') {
    const mypy = mypyConfig(context, app);
    if (mypy && (mypy.strict === true || mypy.strict === 'True' || mypy.strict === 'true' || mypy.disallow_untyped_defs === true || mypy.disallow_untyped_defs === 'True')) return { pass: true, why: 'mypy strict (or disallow_untyped_defs)' };
    const pyright = pyrightConfig(context, app);
    if (pyright && (pyright.typeCheckingMode === 'strict' || pyright.typeCheckingMode === 'all')) return { pass: true, why: 'pyright strict' };
    return { pass: false, why: 'no strict mypy or pyright setting' };
  }
  if (app.ecosystem === null) return { skip: 'no application language' };
  return typeChecker(context, app);
};

const LOCKFILES: Partial<Record<Ecosystem, string[]>> = {
  npm: ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock'],
  python: ['uv.lock', 'poetry.lock', 'Pipfile.lock', 'pdm.lock', 'pylock.toml'],
  go: ['go.sum'],
  rust: ['Cargo.lock'],
  ruby: ['Gemfile.lock'],
  php: ['composer.lock'],
  dotnet: ['packages.lock.json'],
  elixir: ['mix.lock'],
  dart: ['pubspec.lock'],
  swift: ['Package.resolved'],
};

const lockfile: ApplicationCheck = (context, app) => {
  if (app.ecosystem === null) return { skip: 'no build manifest' };
  if (app.ecosystem === 'java') {
    if (!app.manifests.some((path) => path.includes('gradle'))) return { skip: 'Maven has no lockfile' };
    return found(context.findUp(app, ['gradle.lockfile', 'gradle/verification-metadata.xml']), 'gradle.lockfile or dependency verification metadata');
  }
  if (app.ecosystem === 'npm') {
    const dependencies = ['dependencies', 'devDependencies', 'optionalDependencies'].some((key) => Object.keys((get(app.packageJson, key) as Json | undefined) ?? {}).length > 0);
    if (!dependencies) return { skip: 'package.json declares no dependencies' };
  }
  if (app.ecosystem === 'go' && !/^\s*require\b/m.test(context.checkout.read(joinPath(app.dir, 'go.mod')) ?? '')) return { skip: 'go.mod requires nothing' };
  const names = LOCKFILES[app.ecosystem];
  if (!names) return { skip: `no lockfile convention for ${app.ecosystem}` };
  return found(context.findUp(app, names), `lockfile (${names.join(', ')})`);
};

const buildCommand: ApplicationCheck = (context, app) => {
  const make = makeTarget(context, app, /^(build|all|compile)\s*:/m);
  if (app.ecosystem === null) return found(make, 'Makefile, justfile or Taskfile with a build target');
  if (STANDARD_TOOLCHAIN.has(app.ecosystem) || app.ecosystem === 'c') return { pass: true, why: `the ${app.ecosystem} toolchain builds from ${app.manifests.join(', ')}` };
  if (app.ecosystem === 'npm') {
    const script = ['build', 'compile', 'bundle', 'prepare', 'prepack'].find((name) => typeof scripts(app)[name] === 'string');
    if (script) return { pass: true, why: `package.json scripts.${script}` };
    if (!context.findUp(app, ['tsconfig.json'])) return { pass: true, why: 'plain JavaScript: runs as written, nothing to build' };
    return found(make, 'build script in package.json');
  }
  if (app.ecosystem === 'python') {
    const pyproject = joinPath(app.dir, 'pyproject.toml');
    if (get(context.toml.get(pyproject), 'build-system') !== undefined) return { pass: true, why: `${pyproject} [build-system]` };
    return found(context.checkout.has(joinPath(app.dir, 'setup.py')) ? joinPath(app.dir, 'setup.py') : make, 'pyproject.toml [build-system], setup.py or a build target');
  }
  return { pass: true, why: `${app.ecosystem} runs from its manifest (${app.manifests.join(', ')})` };
};

const testCommand: ApplicationCheck = (context, app) => {
  const make = makeTarget(context, app, /^(test|check|tests)\s*:/m);
  if (app.ecosystem && STANDARD_TOOLCHAIN.has(app.ecosystem)) return { pass: true, why: `the ${app.ecosystem} toolchain runs the tests` };
  if (app.ecosystem === 'npm') {
    const script = scripts(app).test;
    if (typeof script === 'string' && !script.includes('no test specified')) return { pass: true, why: `package.json scripts.test: ${script}` };
  }
  if (app.ecosystem === 'python') {
    const hit = pyprojectTool(context, app, 'pytest') ?? pyprojectTool(context, app, 'hatch', 'envs') ?? pyprojectTool(context, app, 'tox')
      ?? context.findUp(app, ['pytest.ini', 'noxfile.py', 'tox.ini']) ?? iniHas(context, app, 'setup.cfg', 'tool:pytest');
    if (hit) return { pass: true, why: hit };
  }
  if (app.ecosystem === 'ruby') {
    const hit = context.findUp(app, ['Rakefile', '.rspec']);
    if (hit) return { pass: true, why: hit };
  }
  if (app.ecosystem === 'php') {
    const hit = context.findUp(app, ['phpunit.xml', 'phpunit.xml.dist']) ?? (get(parseJson(context.checkout.read(joinPath(app.dir, 'composer.json'))), 'scripts', 'test') !== undefined ? 'composer.json scripts.test' : undefined);
    if (hit) return { pass: true, why: hit };
  }
  if (app.ecosystem === 'c' && /enable_testing|add_test/.test(context.checkout.read(joinPath(app.dir, 'CMakeLists.txt')) ?? '')) return { pass: true, why: 'CMake tests (ctest)' };
  return found(make, 'documented test command (package script, test runner configuration or a test target)');
};

const runtimeVersion: ApplicationCheck = (context, app) => {
  const generic = context.findUp(app, ['.tool-versions', '.mise.toml', 'mise.toml', 'flake.nix', 'devbox.json']);
  const read = (name: string) => context.checkout.read(joinPath(app.dir, name)) ?? '';
  const hit = (() => {
    switch (app.ecosystem) {
      case 'npm': return context.findUp(app, ['.nvmrc', '.node-version']) ?? (get(app.packageJson, 'engines', 'node') !== undefined ? 'package.json engines.node' : undefined) ?? packageJsonKey(app, 'volta');
      case 'python': return context.findUp(app, ['.python-version']) ?? (get(app.pyproject, 'project', 'requires-python') !== undefined ? 'pyproject.toml requires-python' : undefined)
        ?? (/python_requires/.test(read('setup.py') + read('setup.cfg')) ? 'python_requires' : undefined);
      case 'go': return /^go\s+\d/m.test(read('go.mod')) ? 'go.mod go directive' : undefined;
      case 'rust': return context.findUp(app, ['rust-toolchain', 'rust-toolchain.toml']) ?? (get(app.cargo, 'package', 'rust-version') ?? get(context.toml.get('Cargo.toml'), 'workspace', 'package', 'rust-version') ? 'Cargo.toml rust-version' : undefined);
      case 'java': return context.findUp(app, ['.java-version', '.sdkmanrc']) ?? buildFileMentions(context, app, /maven\.compiler\.(release|source)|<release>|languageVersion|jvmToolchain|sourceCompatibility|JavaVersion\./);
      case 'ruby': return context.findUp(app, ['.ruby-version']) ?? (/^ruby\s/m.test(read('Gemfile')) ? 'Gemfile ruby' : undefined);
      case 'php': return get(parseJson(read('composer.json')), 'require', 'php') !== undefined ? 'composer.json require.php' : undefined;
      case 'dotnet': return context.findUp(app, ['global.json']);
      case 'dart': return /sdk:/.test(read('pubspec.yaml')) ? 'pubspec.yaml environment sdk' : undefined;
      case 'swift': return /swift-tools-version/.test(read('Package.swift')) ? 'Package.swift swift-tools-version' : undefined;
      default: return undefined;
    }
  })();
  if (app.ecosystem === null || app.ecosystem === 'c') return generic ? { pass: true, why: generic } : { skip: 'no runtime to pin' };
  return found(hit ?? generic, `pinned ${app.ecosystem} version`);
};

function dependencyCheck(pattern: RegExp, what: string): ApplicationCheck {
  return (context, app) => {
    if (app.ecosystem === null) return { skip: 'no build manifest' };
    const match = pattern.exec(context.dependencyText(app));
    return match ? { pass: true, why: `depends on ${match[0]}` } : { pass: false, why: `no ${what} dependency` };
  };
}

function agentInstructionsWithSubstance(context: EvaluationContext, paths: readonly string[]): string | undefined {
  return paths.find((path) => {
    const text = context.checkout.read(path) ?? '';
    return nonBlank(text) >= 300 && /`[^`\n]+`|```/.test(text);
  });
}

const CI_TEST = /\b(npm (run )?test|npm run test|yarn (run )?test|pnpm (run |-r )?test|bun test|npx (vitest|jest|mocha)|vitest|jest|mocha|pytest|tox|nox|python -m unittest|go test|cargo (test|nextest)|mvn[w]? .*(test|verify)|mvnw? (test|verify|install|package)|gradlew? .*(test|check|build)|rspec|rake|phpunit|dotnet test|mix test|flutter test|dart test|swift test|ctest|make \w*(test|check)\w*|just test|task test)\b/;
const CI_LINT = /\b(lint|eslint|biome|oxlint|ruff|flake8|pylint|golangci|staticcheck|clippy|rubocop|checkstyle|spotbugs|detekt|ktlint|phpcs|phpstan|psalm|swiftlint|credo|pre-commit)\b/;

export const REPOSITORY_CHECKS: Partial<Record<CriterionId, RepositoryCheck>> = {
  readme(context) {
    const path = context.firstOf(['README.md', 'README', 'README.rst', 'README.txt', 'README.adoc', 'README.markdown']);
    if (!path) return { pass: false, why: 'no README at the root' };
    const size = nonBlank(context.checkout.read(path) ?? '');
    return size >= 100 ? { pass: true, why: `${path}: ${size} non-blank characters` } : { pass: false, why: `${path}: ${size} non-blank characters, fewer than 100` };
  },
  license: (context) => found(context.firstOf(['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'LICENCE', 'LICENCE.md', 'COPYING', 'COPYING.md', 'LICENSE-MIT', 'LICENSE-APACHE', 'UNLICENSE']), 'license file at the root'),
  gitignore(context) {
    const text = context.checkout.read('.gitignore');
    const patterns = (text ?? '').split('\n').filter((line) => line.trim() && !line.trim().startsWith('#')).length;
    return patterns > 0 ? { pass: true, why: `.gitignore: ${patterns} pattern(s)` } : { pass: false, why: text === null ? 'no .gitignore' : '.gitignore has no pattern' };
  },
  version_control(context) {
    if (!context.git) return { pass: false, why: 'not a git work tree' };
    return context.git.commitHash ? { pass: true, why: `commit ${context.git.commitHash.slice(0, 12)}` } : { pass: false, why: 'a git work tree without commits' };
  },
  readme_setup(context) {
    const path = context.firstOf(['README.md', 'README', 'README.rst', 'README.txt', 'README.adoc', 'README.markdown']);
    const text = path ? context.checkout.read(path) ?? '' : '';
    const heading = /^(#{1,6}\s*|=+\s*)?.*\b(install(ation|ing)?|set ?up|getting started|quick ?start|usage|build(ing)?|develop(ment|ing)?|running|how to use)\b.*$/im;
    // Badges and links in a heading are not its words ("build status" is no build section).
    const lines = text.split('\n').map((line) => line.replace(/!?\[[^\]]*\]\([^)]*\)/g, ''));
    const hit = lines.find((line, index) => heading.test(line) && (/^#{1,6}\s/.test(line) || /^[=\-~^]{3,}\s*$/.test(lines[index + 1] ?? '')));
    return hit ? { pass: true, why: `${path}: "${hit.replace(/^#+\s*/, '').trim()}"` } : { pass: false, why: path ? `${path} has no install, setup, usage or build heading` : 'no README' };
  },
  agent_instructions(context) {
    if (context.agentFiles.length === 0) return { pass: false, why: 'no agent instruction file (AGENTS.md, CLAUDE.md, .cursor/rules, .github/copilot-instructions.md, ...)' };
    const path = agentInstructionsWithSubstance(context, context.agentFiles);
    return path ? { pass: true, why: path } : { pass: false, why: `${context.agentFiles.join(', ')}: under 300 non-blank characters or no command in code formatting` };
  },
  contributing_guide: (context) => found(context.firstOf(['CONTRIBUTING.md', 'CONTRIBUTING', 'CONTRIBUTING.rst', '.github/CONTRIBUTING.md', 'docs/CONTRIBUTING.md', 'docs/contributing.md']), 'contributing guide'),
  ci_config: (context) => (context.ci.files.length > 0 ? { pass: true, why: context.ci.files.join(', ') } : { pass: false, why: 'no CI configuration (.github/workflows, .gitlab-ci.yml, ...)' }),
  task_runner(context) {
    const runner = context.firstOf(['Makefile', 'justfile', 'Justfile', 'Taskfile.yml', 'Taskfile.yaml', 'Rakefile', 'noxfile.py', 'tox.ini', 'magefile.go']);
    if (runner) return { pass: true, why: runner };
    const count = Object.keys(scripts({ packageJson: parseJson(context.checkout.read('package.json')) } as Application)).length;
    return count >= 3 ? { pass: true, why: `package.json: ${count} scripts` } : { pass: false, why: 'no Makefile, justfile, Taskfile, Rakefile, nox or tox file, nor 3 package.json scripts' };
  },
  ci_runs_tests(context) {
    if (context.ci.files.length === 0) return { pass: false, why: 'no CI configuration' };
    const match = CI_TEST.exec(context.ci.text);
    return match ? { pass: true, why: `CI runs "${match[0]}"` } : { pass: false, why: 'no test command in the CI configuration' };
  },
  ci_runs_lint(context) {
    if (context.ci.files.length === 0) return { pass: false, why: 'no CI configuration' };
    const match = CI_LINT.exec(context.ci.text);
    return match ? { pass: true, why: `CI runs "${match[0]}"` } : { pass: false, why: 'no linter in the CI configuration' };
  },
  agent_test_command(context) {
    const hit = context.agentFiles.find((path) => {
      const text = context.checkout.read(path) ?? '';
      const code = [...text.matchAll(/```[\s\S]*?```|`[^`\n]+`/g)].map((match) => match[0]).join('\n');
      return /\b(test|tests|pytest|vitest|jest|tox|nox|rspec|phpunit|ctest)\b/.test(code);
    });
    return hit ? { pass: true, why: `${hit} names a test command` } : { pass: false, why: 'no agent instruction file names a test command in code formatting' };
  },
  editorconfig(context) {
    const sections = parseIniSections(context.checkout.read('.editorconfig'));
    return sections && Object.keys(sections).length > 0 ? { pass: true, why: '.editorconfig' } : { pass: false, why: 'no .editorconfig with settings' };
  },
  pre_commit_hooks(context) {
    const hit = ['.pre-commit-config.yaml', '.pre-commit-config.yml', 'lefthook.yml', 'lefthook.yaml', '.lefthook.yml', '.lintstagedrc', '.lintstagedrc.json', 'lint-staged.config.js', '.simple-git-hooks.json'].find((path) => context.checkout.has(path))
      ?? context.checkout.list('.husky').find((path) => context.checkout.has(path) && !path.endsWith('/.gitignore'))
      ?? context.checkout.list('.githooks').find((path) => context.checkout.has(path))
      ?? packageJsonKey({ packageJson: parseJson(context.checkout.read('package.json')) } as Application, 'simple-git-hooks');
    return found(hit, 'pre-commit, husky, lefthook, lint-staged or .githooks configuration');
  },
  dependency_updates(context) {
    const dependabot = ['.github/dependabot.yml', '.github/dependabot.yaml'].find((path) => Array.isArray(parseYamlObject(context.checkout.read(path))?.updates));
    if (dependabot) return { pass: true, why: dependabot };
    const renovate = ['renovate.json', 'renovate.json5', '.renovaterc', '.renovaterc.json', '.github/renovate.json', '.github/renovate.json5', '.gitlab/renovate.json'].find((path) => context.checkout.has(path));
    return found(renovate ?? packageJsonKey({ packageJson: parseJson(context.checkout.read('package.json')) } as Application, 'renovate'), 'Dependabot (with updates) or Renovate configuration');
  },
  security_policy: (context) => found(context.firstOf(['SECURITY.md', '.github/SECURITY.md', 'docs/SECURITY.md', 'SECURITY.rst', 'SECURITY']), 'SECURITY.md'),
  codeowners(context) {
    const path = ['CODEOWNERS', '.github/CODEOWNERS', 'docs/CODEOWNERS', '.gitlab/CODEOWNERS'].find((candidate) => context.checkout.has(candidate));
    if (!path) return { pass: false, why: 'no CODEOWNERS' };
    const rules = (context.checkout.read(path) ?? '').split('\n').filter((line) => /^\s*[^#\s]\S*\s+\S/.test(line)).length;
    return rules > 0 ? { pass: true, why: `${path}: ${rules} rule(s)` } : { pass: false, why: `${path} has no rule` };
  },
  issue_templates(context) {
    const templates = [...context.checkout.filesUnder('.github/ISSUE_TEMPLATE'), ...context.checkout.filesUnder('.gitlab/issue_templates')].filter((path) => /\.(md|ya?ml)$/i.test(path) && !/config\.ya?ml$/i.test(path));
    const single = context.firstOf(['.github/ISSUE_TEMPLATE.md', 'ISSUE_TEMPLATE.md', 'docs/ISSUE_TEMPLATE.md']);
    return templates.length > 0 ? { pass: true, why: `${templates.length} issue template(s)` } : found(single, 'issue template');
  },
  pr_template(context) {
    const single = context.firstOf(['.github/pull_request_template.md', 'pull_request_template.md', 'docs/pull_request_template.md', '.github/PULL_REQUEST_TEMPLATE.md']);
    const folder = [...context.checkout.filesUnder('.github/PULL_REQUEST_TEMPLATE'), ...context.checkout.filesUnder('.gitlab/merge_request_templates')][0];
    return found(single ?? folder, 'pull request template');
  },
  dev_environment(context) {
    const hit = ['.devcontainer/devcontainer.json', '.devcontainer.json', 'flake.nix', 'shell.nix', 'devbox.json', '.gitpod.yml', 'docker-compose.yml', 'compose.yaml', 'docker-compose.yaml', 'compose.yml'].find((path) => context.checkout.has(path))
      ?? context.checkout.filesUnder('.devcontainer').find((path) => path.endsWith('devcontainer.json'))
      ?? context.checkout.files.find((path) => /^(scripts?|bin|tools)\/(setup|bootstrap|dev-setup|install-deps)(\.[a-z]+)?$/i.test(path));
    return found(hit, 'dev container, Nix or devbox environment, compose file, or setup script');
  },
  docs_folder(context) {
    const site = ['mkdocs.yml', 'mkdocs.yaml', 'docs/conf.py', 'book.toml', 'docusaurus.config.js', 'docusaurus.config.ts', 'docs/.vitepress/config.ts', 'docs/.vitepress/config.js', 'antora.yml'].find((path) => context.checkout.has(path));
    if (site) return { pass: true, why: site };
    const folder = ['docs', 'doc', 'documentation'].find((dir) => context.checkout.filesUnder(dir).filter((path) => /\.(md|mdx|rst|adoc|txt)$/i.test(path)).length >= 2);
    return found(folder && `${folder}/`, 'docs folder with 2 or more text files, or a documentation site configuration');
  },
  changelog(context) {
    const hit = context.firstOf(['CHANGELOG.md', 'CHANGELOG', 'CHANGELOG.rst', 'CHANGES.md', 'CHANGES', 'CHANGES.rst', 'HISTORY.md', 'HISTORY.rst', 'History.md', 'NEWS.md', 'NEWS', 'RELEASES.md', 'docs/changelog.md', 'docs/CHANGELOG.md', 'docs/changes.rst', '.changeset/config.json']);
    return found(hit, 'changelog or release notes');
  },
  no_large_files(context) {
    const lfs = (context.checkout.read('.gitattributes') ?? '').includes('filter=lfs');
    const limit = 5 * 1024 * 1024;
    const large = context.checkout.files.filter((path) => context.checkout.sizeOf(path) > limit);
    if (large.length === 0) return { pass: true, why: 'no file over 5 MiB' };
    return lfs ? { pass: true, why: `${large.length} file(s) over 5 MiB, Git LFS configured` } : { pass: false, why: `${large.length} file(s) over 5 MiB without Git LFS (first: ${large[0]})` };
  },
  test_coverage(context) {
    const file = ['codecov.yml', '.codecov.yml', '.coveragerc', '.nycrc', '.nycrc.json', '.c8rc', '.c8rc.json', 'tarpaulin.toml', '.github/codecov.yml'].find((path) => context.checkout.has(path));
    if (file) return { pass: true, why: file };
    const pyproject = context.toml.get('pyproject.toml');
    if (get(pyproject, 'tool', 'coverage') !== undefined) return { pass: true, why: 'pyproject.toml [tool.coverage]' };
    const match = /\b(coverage|--cov\b|codecov|coveralls|tarpaulin|llvm-cov|jacoco|kover|c8|nyc)/.exec(context.ci.text);
    return match ? { pass: true, why: `CI: "${match[0]}"` } : { pass: false, why: 'no coverage configuration or coverage step in CI' };
  },
  debug_config: (context) => found(['.vscode/launch.json', '.idea/runConfigurations', '.zed/debug.json'].find((path) => context.checkout.has(path) || context.checkout.isDirectory(path)), '.vscode/launch.json or shared run configurations'),
  vulnerability_scanning(context) {
    const match = /\b(codeql|snyk|npm audit|pnpm audit|yarn audit|pip-audit|safety check|cargo[- ]audit|cargo[- ]deny|govulncheck|trivy|osv-scanner|dependency-review-action|grype|bundler-audit|semgrep|gosec|bandit)\b/.exec(context.ci.text + (context.checkout.read('.pre-commit-config.yaml') ?? ''));
    if (match) return { pass: true, why: `"${match[0]}"` };
    return found(['deny.toml', '.snyk', '.github/codeql/codeql-config.yml'].find((path) => context.checkout.has(path)), 'dependency or code scanning (CodeQL, Snyk, audit tools, cargo-deny, govulncheck, Trivy, ...)');
  },
  release_automation(context) {
    const file = ['.goreleaser.yml', '.goreleaser.yaml', 'release-please-config.json', '.release-please-manifest.json', '.changeset/config.json', '.releaserc', '.releaserc.json', '.releaserc.yml', 'release.config.js', 'release.toml', 'cliff.toml', 'release-plz.toml'].find((path) => context.checkout.has(path));
    if (file) return { pass: true, why: file };
    const onRelease = context.ci.workflows.find((workflow) => {
      const on = workflow.on ?? workflow[true as unknown as string];
      return (on && typeof on === 'object' && ('release' in on || get(on, 'push', 'tags') !== undefined)) || on === 'release';
    });
    return onRelease ? { pass: true, why: `workflow "${String(onRelease.name ?? 'unnamed')}" runs on releases or tags` } : { pass: false, why: 'no release tool configuration nor a workflow on releases or tags' };
  },
  architecture_doc(context) {
    const hit = context.firstOf(['ARCHITECTURE.md', 'docs/ARCHITECTURE.md', 'docs/architecture.md', 'DESIGN.md', 'docs/design.md'])
      ?? ['docs/adr', 'docs/adrs', 'docs/decisions', 'adr', 'doc/adr', 'docs/architecture'].find((dir) => context.checkout.filesUnder(dir).length > 0);
    return found(hit, 'ARCHITECTURE.md, design document or decision records');
  },
  conventional_commits(context) {
    if (!context.git) return { skip: 'no git metadata' };
    const subjects = context.git.recentSubjects;
    if (subjects.length < 5) return { skip: `${subjects.length} commit(s): too few to judge` };
    const conventional = subjects.filter((subject) => /^(feat|fix|docs|style|refactor|perf|test|tests|build|ci|chore|revert|deps)(\([^)]*\))?!?: \S/.test(subject)).length;
    const share = conventional / subjects.length;
    return { pass: share >= 0.8, why: `${conventional} of the last ${subjects.length} commit subjects are conventional` };
  },
  secret_scanning(context) {
    const file = ['.gitleaks.toml', '.secrets.baseline', '.trufflehog.yml', '.github/secret_scanning.yml'].find((path) => context.checkout.has(path));
    if (file) return { pass: true, why: file };
    const match = /\b(gitleaks|detect-secrets|trufflehog|ggshield|talisman|secretlint)\b/.exec(context.ci.text + (context.checkout.read('.pre-commit-config.yaml') ?? ''));
    return match ? { pass: true, why: `"${match[0]}"` } : { pass: false, why: 'no secret scanner (gitleaks, detect-secrets, trufflehog, ...) in configuration, pre-commit or CI' };
  },
  agent_commands(context) {
    const hit = ['.claude/commands', '.claude/skills', '.claude/agents', '.cursor/commands', '.github/prompts', '.github/chatmodes', '.agents/skills', '.codex/prompts', '.gemini/commands', '.windsurf/workflows'].find((dir) => context.checkout.filesUnder(dir).length > 0);
    return found(hit && `${hit}/`, 'reusable agent commands, prompts or skills folder');
  },
  mcp_config: (context) => found(['.mcp.json', '.cursor/mcp.json', '.vscode/mcp.json', '.gemini/settings.json', '.codex/config.toml'].find((path) => context.checkout.has(path)), 'shared MCP server configuration (.mcp.json, .cursor/mcp.json, .vscode/mcp.json)'),
};

export const APPLICATION_CHECKS: Partial<Record<CriterionId, ApplicationCheck>> = {
  build_manifest: (_context, app) => (app.manifests.length > 0 ? { pass: true, why: app.manifests.join(', ') } : { pass: false, why: 'no build manifest' }),
  lockfile,
  tests_present(context, app) {
    const { tests } = testFiles(context, app);
    return tests.length > 0 ? { pass: true, why: `${tests.length} test file(s), e.g. ${tests[0]}` } : { pass: false, why: 'no test files' };
  },
  build_command: buildCommand,
  test_command: testCommand,
  linter,
  runtime_version: runtimeVersion,
  formatter,
  type_checker: typeChecker,
  strict_types: strictTypes,
  test_ratio(context, app) {
    const { tests, sources } = testFiles(context, app);
    if (sources.length === 0) return { skip: 'no source files' };
    const ratio = tests.length / sources.length;
    return { pass: ratio >= 0.2, why: `${tests.length} test file(s) for ${sources.length} source file(s) (${ratio.toFixed(2)})` };
  },
  structured_logging: dependencyCheck(/\b(pino|winston|bunyan|roarr|structlog|loguru|python-json-logger|go\.uber\.org\/zap|rs\/zerolog|sirupsen\/logrus|tracing-subscriber|slog|env_logger|log4j|logback|slf4j|semantic_logger|lograge|monolog|serilog|nlog)\b/, 'structured logging library'),
  tracing: dependencyCheck(/(@opentelemetry\/|opentelemetry|@sentry\/|sentry-sdk|sentry|dd-trace|ddtrace|newrelic|honeycomb|elastic-apm|@datadog\/)/, 'tracing or error tracking'),
  metrics: dependencyCheck(/\b(prom-client|prometheus[-_]client|prometheus|micrometer|statsd|hot-shots|opentelemetry-sdk-metrics|@opentelemetry\/sdk-metrics|metrics-exporter)/, 'metrics'),
  feature_flags: dependencyCheck(/(launchdarkly|unleash|open-?feature|growthbook|flagsmith|statsig|configcat|flipper|togglz|flagd|split-io|@splitsoftware|posthog)/, 'feature flag'),
  product_analytics: dependencyCheck(/(posthog|@segment\/|analytics-node|analytics-python|mixpanel|amplitude|rudderstack|@rudderstack|snowplow|heap-api|plausible)/, 'product analytics'),
  app_agent_instructions(context, app) {
    const own = AGENT_FILE_NAMES.map((name) => joinPath(app.dir, name)).find((path) => context.checkout.has(path));
    if (own && agentInstructionsWithSubstance(context, [own])) return { pass: true, why: own };
    if (app.dir === '') {
      const root = agentInstructionsWithSubstance(context, context.agentFiles);
      return root ? { pass: true, why: root } : { pass: false, why: 'no agent instruction file with substance' };
    }
    const mentioning = context.agentFiles.find((path) => (context.checkout.read(path) ?? '').includes(app.dir));
    return mentioning ? { pass: true, why: `${mentioning} names ${app.dir}` } : { pass: false, why: `no AGENTS.md or CLAUDE.md in ${app.dir}, and no root instruction file names it` };
  },
};
