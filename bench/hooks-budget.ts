import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { ensureBuilt, startBuiltServer } from '../test/helpers/built-console.js';
import { fmt, load, machine, quantile } from './lib/measure.js';

// The budget hook's wall time as an agent sees it (docs/performance.md "Budget hook"): the built
// CLI (`node dist/cli/main.js hooks budget`) spawned once per prompt, its input piped in, timed
// from spawn to exit. Against the built server in its own process on an embedded store, with the
// cache cold (a fresh cache folder per run: one request each), warm (one folder, filled by the
// first run) and with the server stopped (connection refused). The floor, measured in the same
// run, is spawning `node -e ''`: what any hook command written for Node costs.

const { values: flags } = parseArgs({ options: { samples: { type: 'string', default: '60' }, help: { type: 'boolean', default: false } } });
const samples = Number(flags.samples);
if (flags.help || !(samples >= 5)) {
  console.log('npm run bench:hooks-budget [-- --samples 60]');
  process.exit(flags.help ? 0 : 2);
}

const TARGET_P99_MS = 100;
const PAYLOAD = JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 'bench', cwd: process.cwd(), prompt: 'a prompt' });

function spawnTimed(args: string[], env: Record<string, string>): Promise<{ ms: number; code: number | null; stderr: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.on('error', () => undefined);
    child.stdin.end(PAYLOAD);
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code, stderr }));
  });
}

async function series(label: string, run: (index: number) => Promise<{ ms: number; code: number | null; stderr: string }>, expectStderr: boolean): Promise<{ label: string; p50: number; p99: number }> {
  const times: number[] = [];
  for (let index = 0; index < samples; index++) {
    const result = await run(index);
    if (result.code !== 0 || (result.stderr !== '') !== expectStderr) throw new Error(`${label}: unexpected run (exit ${result.code}): ${result.stderr}`);
    times.push(result.ms);
  }
  return { label, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

ensureBuilt();
const workDir = await mkdtemp(join(tmpdir(), 'qd-bench-budget-'));
const adminToken = `qda_${randomBytes(24).toString('hex')}`;
const server = await startBuiltServer({ DATA_DIR: join(workDir, 'data'), ADMIN_TOKEN: adminToken, RATE_LIMIT_PER_MINUTE: '10000000' });
try {
  const ownerEmail = 'bench-owner@example.test';
  const created = await fetch(`${server.url}/admin/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', ownerEmail }),
  });
  const { apiKey } = (await created.json()) as { apiKey: string };
  // A limit with nothing used: the hook asks, finds it far from the threshold, and says nothing.
  await fetch(`${server.url}/api/v0/organization/usage/limits/global`, { method: 'PUT', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ limit: 1_000_000 }) });

  const hook = ['dist/cli/main.js', 'hooks', 'budget'];
  const env = (cache: string) => ({ QUARTERDECK_URL: server.url, QUARTERDECK_API_KEY: apiKey, XDG_CACHE_HOME: join(workDir, cache) });
  // Warm-up: the file cache of the OS and the server's first requests.
  for (let i = 0; i < 5; i++) await spawnTimed(hook, env(`warm-up-${i}`));

  const results = [
    await series("floor: node -e ''", () => spawnTimed(['-e', ''], {}), false),
    await series('server up, cache cold', (index) => spawnTimed(hook, env(`cold-${index}`)), false),
    await series('server up, cache warm', () => spawnTimed(hook, env('warm')), false),
  ];
  await server.stop();
  results.push(await series('server down (connection refused)', (index) => spawnTimed(hook, env(`down-${index}`)), true));

  console.log(`hooks budget: ${samples} runs per row; ${machine()}; ${load()}`);
  console.log(`${'row'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'p99 - floor'.padStart(12)}`);
  const floor = results[0]!;
  for (const row of results) console.log(`${row.label.padEnd(34)} ${fmt(row.p50).padStart(8)} ${fmt(row.p99).padStart(8)} ${fmt(row.p99 - floor.p99).padStart(12)}`);
  for (const row of results.slice(1, 3)) console.log(`target p99 <= ${TARGET_P99_MS} ms, ${row.label}: ${row.p99 <= TARGET_P99_MS ? 'MET' : 'NOT MET'}`);
} finally {
  await server.stop();
  await rm(workDir, { recursive: true, force: true });
}
