import { minimatch } from 'minimatch';
import type { Checkout } from './checkout.js';
import { mavenDescription, mavenModules, parseJson, parseToml, parseYamlObject, type Json } from './parsers.js';

// The applications of a checkout (docs/readiness.md "Applications"): the members its workspace
// manifests declare (npm, pnpm, lerna, Cargo, uv, Maven modules, every Gradle build of a
// settings file, every Go module of a go.work), else the root when it holds a manifest, else the
// top-most manifest directories at most two levels down outside examples and fixtures, else the
// repository itself.

export type Ecosystem = 'rust' | 'go' | 'java' | 'python' | 'dotnet' | 'ruby' | 'php' | 'elixir' | 'dart' | 'swift' | 'npm' | 'c';

/** Manifest file names and the ecosystem each names, in the order that picks an application's primary ecosystem. */
const MANIFESTS: ReadonlyArray<[string, Ecosystem]> = [
  ['Cargo.toml', 'rust'], ['go.mod', 'go'], ['pom.xml', 'java'], ['build.gradle', 'java'], ['build.gradle.kts', 'java'],
  ['pyproject.toml', 'python'], ['setup.py', 'python'], ['setup.cfg', 'python'], ['Pipfile', 'python'],
  ['Gemfile', 'ruby'], ['composer.json', 'php'], ['mix.exs', 'elixir'], ['pubspec.yaml', 'dart'], ['Package.swift', 'swift'],
  ['package.json', 'npm'], ['CMakeLists.txt', 'c'], ['meson.build', 'c'],
];
const DOTNET_PROJECT = /\.(csproj|fsproj|vbproj)$/;
const MAX_APPS = 500;
/** Directories whose manifests are samples or fixtures, not applications, when nothing declares members. */
const NOT_APPLICATIONS = new Set(['example', 'examples', 'sample', 'samples', 'docs', 'doc', 'test', 'tests', 'testdata', 'fixtures', 'vendor', 'third_party', 'third-party', 'benches', 'bench']);

export interface Application {
  /** '.' for the root, else the directory relative to the root. */
  path: string;
  /** '' for the root, else the same as path. */
  dir: string;
  ecosystem: Ecosystem | null;
  manifests: string[];
  description: string;
  packageJson: Json | null;
  pyproject: Json | null;
  cargo: Json | null;
}

export function joinPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The TOML manifests of a checkout (pyproject.toml, Cargo.toml), each parsed once. */
export class TomlFiles {
  private readonly parsed = new Map<string, Json | null>();

  constructor(private readonly checkout: Checkout) {}

  get(path: string): Json | null {
    if (!this.parsed.has(path)) this.parsed.set(path, parseToml(this.checkout.read(path)));
    return this.parsed.get(path) ?? null;
  }
}

function manifestsIn(checkout: Checkout, dir: string): string[] {
  return checkout.list(dir).filter((path) => checkout.has(path) && (MANIFESTS.some(([name]) => name === baseName(path)) || DOTNET_PROJECT.test(path)));
}

function ecosystemOf(manifests: string[]): Ecosystem | null {
  for (const [name, ecosystem] of MANIFESTS) if (manifests.some((path) => baseName(path) === name)) return ecosystem;
  return manifests.some((path) => DOTNET_PROJECT.test(path)) ? 'dotnet' : null;
}

function field(object: Json | null, ...keys: string[]): unknown {
  let value: unknown = object;
  for (const key of keys) value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json)[key] : undefined;
  return value;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The directories a list of workspace globs names, those with a manifest. */
function matchDirectories(checkout: Checkout, directories: string[], patterns: string[], base = ''): string[] {
  const clean = (pattern: string) => joinPath(base, pattern.replace(/^\.\//, '').replace(/\/+$/, ''));
  const include = patterns.filter((pattern) => !pattern.startsWith('!')).map(clean);
  const exclude = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => clean(pattern.slice(1)));
  if (include.length === 0) return [];
  const included = (dir: string) => include.some((pattern) => minimatch(dir, pattern));
  const excluded = (dir: string) => exclude.some((pattern) => minimatch(dir, pattern));
  return directories.filter((dir) => included(dir) && !excluded(dir) && manifestsIn(checkout, dir).length > 0);
}

function declaredMembers(checkout: Checkout, toml: TomlFiles, directories: string[]): string[] {
  const members = new Set<string>();
  const add = (list: string[]) => list.forEach((dir) => members.add(dir));
  const packageJson = parseJson(checkout.read('package.json'));
  const workspaces = field(packageJson, 'workspaces');
  add(matchDirectories(checkout, directories, Array.isArray(workspaces) ? strings(workspaces) : strings(field(workspaces as Json, 'packages'))));
  add(matchDirectories(checkout, directories, strings(field(parseYamlObject(checkout.read('pnpm-workspace.yaml')), 'packages'))));
  add(matchDirectories(checkout, directories, strings(field(parseJson(checkout.read('lerna.json')), 'packages'))));
  const cargo = toml.get('Cargo.toml');
  add(matchDirectories(checkout, directories, [...strings(field(cargo, 'workspace', 'members')), ...strings(field(cargo, 'workspace', 'exclude')).map((dir) => `!${dir}`)]));
  add(matchDirectories(checkout, directories, strings(field(toml.get('pyproject.toml'), 'tool', 'uv', 'workspace', 'members'))));
  // Maven: modules, and their modules in turn.
  const pending = [''];
  const visited = new Set(pending);
  while (pending.length > 0) {
    const dir = pending.pop()!;
    for (const module of mavenModules(checkout.read(joinPath(dir, 'pom.xml')))) {
      const moduleDir = joinPath(dir, module.replace(/\/pom\.xml$/, '').replace(/\/+$/, ''));
      if (!checkout.has(joinPath(moduleDir, 'pom.xml')) || visited.has(moduleDir)) continue;
      visited.add(moduleDir);
      // A module that lists modules is an aggregator: its modules are the applications.
      if (mavenModules(checkout.read(joinPath(moduleDir, 'pom.xml'))).length > 0) pending.push(moduleDir);
      else members.add(moduleDir);
    }
  }
  // Gradle settings and go.work are programs or directive lists no package here reads; their
  // members are taken as every build or module below them instead.
  if (checkout.has('settings.gradle') || checkout.has('settings.gradle.kts')) {
    add(directories.filter((dir) => dir !== '' && (checkout.has(joinPath(dir, 'build.gradle')) || checkout.has(joinPath(dir, 'build.gradle.kts')))));
  }
  if (checkout.has('go.work')) add(directories.filter((dir) => checkout.has(joinPath(dir, 'go.mod'))));
  return [...members].filter((dir) => dir !== '').sort();
}

function describe(checkout: Checkout, app: Omit<Application, 'description'>): string {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const named = text(field(app.packageJson, 'description')) ?? text(field(app.pyproject, 'project', 'description')) ?? text(field(app.pyproject, 'tool', 'poetry', 'description'))
    ?? text(field(app.cargo, 'package', 'description')) ?? mavenDescription(checkout.read(joinPath(app.dir, 'pom.xml')))
    ?? text(field(app.packageJson, 'name')) ?? text(field(app.pyproject, 'project', 'name')) ?? text(field(app.cargo, 'package', 'name'));
  if (named) return named;
  if (app.ecosystem === null) return 'The repository (no build manifest found)';
  return `${app.ecosystem} application (${app.manifests.map(baseName).join(', ')})`;
}

function application(checkout: Checkout, toml: TomlFiles, dir: string): Application {
  const manifests = manifestsIn(checkout, dir);
  const base = {
    path: dir === '' ? '.' : dir,
    dir,
    ecosystem: ecosystemOf(manifests),
    manifests,
    packageJson: parseJson(checkout.read(joinPath(dir, 'package.json'))),
    pyproject: toml.get(joinPath(dir, 'pyproject.toml')),
    cargo: toml.get(joinPath(dir, 'Cargo.toml')),
  };
  return { ...base, description: describe(checkout, base) };
}

export function findApplications(checkout: Checkout, toml: TomlFiles): Application[] {
  const allDirectories = [...new Set(checkout.files.map((file) => file.slice(0, Math.max(0, file.lastIndexOf('/')))))];
  let dirs = declaredMembers(checkout, toml, allDirectories);
  if (dirs.length > 0) {
    // A root that is itself a package besides declaring a workspace is an application too.
    if (field(toml.get('Cargo.toml'), 'package') !== undefined) dirs.unshift('');
  } else if (manifestsIn(checkout, '').length > 0) {
    dirs = [''];
  } else {
    const candidates = allDirectories
      .filter((dir) => dir !== '' && dir.split('/').length <= 2 && !dir.split('/').some((part) => NOT_APPLICATIONS.has(part) || part.startsWith('.')))
      .filter((dir) => manifestsIn(checkout, dir).length > 0)
      .sort();
    dirs = candidates.filter((dir) => !candidates.some((other) => dir.startsWith(`${other}/`)));
    if (dirs.length === 0) dirs = [''];
  }
  if (dirs.length > MAX_APPS) {
    checkout.warnings.push(`${dirs.length} applications found: only the first ${MAX_APPS} evaluated`);
    dirs = dirs.slice(0, MAX_APPS);
  }
  return dirs.map((dir) => application(checkout, toml, dir));
}
