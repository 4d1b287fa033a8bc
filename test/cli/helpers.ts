import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_COMMAND } from '../hooks/helpers.js';

// The `quarterdeck` CLI as a subprocess, pointed at a test server by its environment.

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(CLI_COMMAND[0]!, [...CLI_COMMAND.slice(1), ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a command that must succeed and returns its JSON output. */
export async function cliJson<T = any>(args: string[], env: Record<string, string | undefined>): Promise<T> {
  const result = await cli(args, env);
  if (result.code !== 0) throw new Error(`quarterdeck ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/** A file in a fresh temporary directory. */
export async function tempFile(name: string, content: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'qd-cli-')), name);
  await writeFile(path, content);
  return path;
}

/** A minimal RFC 4180 reader, to check that what we write reads back. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(cell), (cell = '');
    else if (char === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += char;
  }
  return rows;
}

/** CSV text as records keyed by its header line. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...lines] = parseCsv(text);
  return lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i]!])));
}

/** A flat JSON row as its CSV cells read back: arrays as JSON, null as empty. */
export function asCsvCells(row: object): Record<string, string> {
  return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Array.isArray(value) ? JSON.stringify(value) : String(value ?? '')]));
}
