import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import ignore from 'ignore';

// The files of a checkout as the evaluator may see them, with its bounds: at most `maxFiles`
// paths, none deeper than `maxDepth` directories, no file read past `maxReadBytes`, no binary
// file read as text, and no symbolic link followed out of the checkout. What a bound leaves out
// is said once in `warnings`; a checkout over the file bound is refused as a whole, since a
// report on part of it would read as a report on all of it.

export interface CheckoutLimits {
  maxFiles: number;
  maxDepth: number;
  maxReadBytes: number;
}

export const DEFAULT_LIMITS: CheckoutLimits = { maxFiles: 100_000, maxDepth: 32, maxReadBytes: 1024 * 1024 };

/** The checkout cannot be evaluated (missing, not a directory, over the file bound). */
export class CheckoutRefused extends Error {}

/** Never listed: version control internals and installed dependencies, whatever .gitignore says. */
const SKIPPED_DIRECTORIES = new Set(['.git', 'node_modules']);
const BINARY_SNIFF_BYTES = 8000;

export class Checkout {
  readonly files: readonly string[];
  readonly warnings: string[] = [];
  private readonly fileSet: Set<string>;
  private readonly children = new Map<string, string[]>();
  private readonly texts = new Map<string, string | null>();

  private constructor(readonly root: string, files: string[], readonly limits: CheckoutLimits, warnings: string[]) {
    this.files = files.sort();
    this.fileSet = new Set(files);
    this.warnings.push(...warnings);
    for (const file of this.files) {
      let path = file;
      while (true) {
        const cut = path.lastIndexOf('/');
        const parent = cut < 0 ? '' : path.slice(0, cut);
        const list = this.children.get(parent);
        const fresh = list === undefined;
        if (fresh) this.children.set(parent, [path]);
        else if (list.at(-1) !== path) list.push(path);
        if (!fresh || parent === '') break;
        path = parent;
      }
    }
  }

  /**
   * The checkout at `root`: the paths git lists (tracked, and untracked but not ignored) when
   * `gitFiles` is given, else a walk that honours the root .gitignore.
   */
  static open(root: string, gitFiles: string[] | null, limits: CheckoutLimits = DEFAULT_LIMITS): Checkout {
    const real = checkoutRoot(root);
    const warnings: string[] = [];
    const files = gitFiles === null ? walk(real, limits, warnings) : boundGitFiles(gitFiles, limits, warnings);
    return new Checkout(real, files, limits, warnings);
  }

  has(path: string): boolean {
    return this.fileSet.has(path);
  }

  isDirectory(path: string): boolean {
    return this.children.has(path);
  }

  /** The files and directories directly in `directory` ('' is the root), as full relative paths. */
  list(directory: string): readonly string[] {
    return this.children.get(directory) ?? [];
  }

  /** Every file under `directory` ('' is the root). */
  filesUnder(directory: string): readonly string[] {
    if (directory === '') return this.files;
    const prefix = `${directory}/`;
    return this.files.filter((file) => file.startsWith(prefix));
  }

  /** The size in bytes of a listed file (of the link itself for a symbolic link), 0 when gone. */
  sizeOf(path: string): number {
    try {
      return lstatSync(join(this.root, path)).size;
    } catch {
      return 0;
    }
  }

  /**
   * A file's text, or null when it is not listed, is a link out of the checkout, is larger than
   * the read bound or is binary; each refusal is warned about once.
   */
  read(path: string): string | null {
    if (this.texts.has(path)) return this.texts.get(path)!;
    const text = this.fileSet.has(path) ? this.readBounded(path) : null;
    this.texts.set(path, text);
    return text;
  }

  private readBounded(path: string): string | null {
    const absolute = join(this.root, path);
    try {
      const target = realpathSync(absolute);
      const inside = relative(this.root, target);
      if (inside.startsWith('..') || isAbsolute(inside)) {
        this.warnings.push(`${path}: a symbolic link out of the checkout, not read`);
        return null;
      }
      const stat = statSync(target);
      if (!stat.isFile()) return null;
      if (stat.size > this.limits.maxReadBytes) {
        this.warnings.push(`${path}: ${stat.size} bytes, over the ${this.limits.maxReadBytes}-byte read bound, not read`);
        return null;
      }
      const bytes = readFileSync(target);
      if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
        this.warnings.push(`${path}: binary, not read`);
        return null;
      }
      return bytes.toString('utf8');
    } catch {
      // A dangling link or a file removed since the listing: nothing to read.
      return null;
    }
  }
}

/** The real path of a checkout directory; refused when it is missing or no directory. */
export function checkoutRoot(root: string): string {
  let real: string;
  try {
    real = realpathSync(root);
  } catch (error) {
    throw new CheckoutRefused(`cannot read ${root}: ${(error as Error).message}`);
  }
  if (!statSync(real).isDirectory()) throw new CheckoutRefused(`${root} is not a directory`);
  return real;
}

function tooMany(limits: CheckoutLimits): CheckoutRefused {
  return new CheckoutRefused(`more than ${limits.maxFiles} files: refused (evaluate a smaller part of the checkout, or raise --max-files)`);
}

function depthOf(path: string): number {
  let depth = 0;
  for (let index = path.indexOf('/'); index >= 0; index = path.indexOf('/', index + 1)) depth++;
  return depth;
}

function warnDeep(count: number, first: string | undefined, limits: CheckoutLimits, warnings: string[]): void {
  if (count > 0) warnings.push(`${count} path(s) deeper than ${limits.maxDepth} directories not evaluated (first: ${first})`);
}

function boundGitFiles(gitFiles: string[], limits: CheckoutLimits, warnings: string[]): string[] {
  if (gitFiles.length > limits.maxFiles) throw tooMany(limits);
  const kept = gitFiles.filter((file) => depthOf(file) <= limits.maxDepth && !file.split('/').some((part) => SKIPPED_DIRECTORIES.has(part)));
  const deep = gitFiles.filter((file) => depthOf(file) > limits.maxDepth);
  warnDeep(deep.length, deep[0], limits, warnings);
  return kept;
}

/** A walk without git: the root .gitignore decides, links are listed but never descended. */
function walk(root: string, limits: CheckoutLimits, warnings: string[]): string[] {
  const ignored = ignore();
  try {
    const text = readFileSync(join(root, '.gitignore'));
    if (text.length <= limits.maxReadBytes) ignored.add(text.toString('utf8'));
  } catch {
    // No .gitignore: every file counts.
  }
  const files: string[] = [];
  let deep = 0;
  let firstDeep: string | undefined;
  const pending: Array<{ directory: string; depth: number }> = [{ directory: '', depth: 0 }];
  while (pending.length > 0) {
    const { directory, depth } = pending.pop()!;
    let entries;
    try {
      entries = readdirSync(join(root, directory), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = directory === '' ? entry.name : `${directory}/${entry.name}`;
      if (entry.isDirectory()) {
        if (SKIPPED_DIRECTORIES.has(entry.name) || ignored.ignores(`${path}/`)) continue;
        if (depth + 1 > limits.maxDepth) {
          deep++;
          firstDeep ??= path;
          continue;
        }
        pending.push({ directory: path, depth: depth + 1 });
      } else if ((entry.isFile() || entry.isSymbolicLink()) && !ignored.ignores(path)) {
        files.push(path);
        if (files.length > limits.maxFiles) throw tooMany(limits);
      }
    }
  }
  warnDeep(deep, firstDeep, limits, warnings);
  return files;
}

