// The fleet run (issue "Fleet telemetry II", docs/otel.md "The fleet run"): every real agent CLI,
// run by four people, each set up with `quarterdeck agents setup` and one ingest key — docs/otel.md's
// settings and nothing else of telemetry — against a Quarterdeck server started here, then checked
// from the outside: every run on the right member (nothing unattributed), the tokens and tool
// calls the mock model served, each agent's version on Connected agents, and today's live figures
// holding all of it within a minute of the last run. The server runs as its own process
// (`src/main.ts`); its log is server.log in the run's scratch folder.
//
//   npx tsx scripts/otlp-capture/fleet-run.ts [agent ...]        (default: all seven)
//
// FLEET_DATABASE_URL=postgres://… runs the server on a fresh database of that PostgreSQL server
// (default: the embedded store in a scratch directory); AGENTS_DIR as for capture.ts; FLEET_KEEP=1
// leaves the server running afterwards (its address and the owner's key are printed).
// FLEET_CONSOLE=<folder> also has the owner watch the console's dashboard in Chromium from before
// the first run (the console built with `npm run build:web`): the run then waits for the open
// dashboard's "Today so far" card to show every person's credits as the API does, and writes
// its screenshot and Connected agents' into the folder.
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml';
import { launchChromium } from '../../test/helpers/chromium.js';
import { AGENTS, PROMPT, type AgentDefinition, type RunPlan } from './agents.js';
import { startMockModel, type ServedCall } from './mock-model.js';
import { cliEnvironment, packageVersions, runProcess, writePlanFiles } from './run-cli.js';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const INSTALL_DIR = process.env.AGENTS_DIR ?? '/tmp/agents';
const SCRATCH = process.env.FLEET_SCRATCH ?? '/tmp/otlp-fleet-run';
const RUN_TIMEOUT_MS = Number(process.env.CAPTURE_TIMEOUT_MS ?? 180_000);
/** The issue's bound: today's figures hold every run within a minute of the last one ending. */
const VISIBLE_WITHIN_MS = 60_000;

const PEOPLE = [
  { name: 'Ada Lovelace', email: 'ada@fleet.example.com' },
  { name: 'Grace Hopper', email: 'grace@fleet.example.com' },
  { name: 'Alan Turing', email: 'alan@fleet.example.com' },
  { name: 'Edsger Dijkstra', email: 'edsger@fleet.example.com' },
];

/** The capture's agent name and the agent product Quarterdeck (and `agents setup`) calls it. */
const PRODUCT: Record<string, string> = { 'claude-code': 'claude-code', codex: 'codex', gemini: 'gemini-cli', qwen: 'qwen-code', copilot: 'copilot-cli', droid: 'droid', opencode: 'opencode' };
/** Agents that send no token counts (docs/otel.md: Droid's are behind a vendor flag): their runs are checked by tool calls. */
const SENDS_NO_TOKENS = new Set(['droid']);
/** Agents that send no version of their own (docs/otel.md: Gemini CLI's service.version is Node.js's): Connected agents shows none. */
const SENDS_NO_VERSION = new Set(['gemini']);

// ---- The capture's settings without their telemetry: what is left is the model API and vendor traffic off.
const TELEMETRY_ENV = /^(OTEL_|CLAUDE_CODE_ENABLE_TELEMETRY$|CLAUDE_CODE_ENHANCED_TELEMETRY_BETA$|COPILOT_OTEL_ENABLED$)/;

function withoutTelemetry(plan: RunPlan): RunPlan {
  const env = Object.fromEntries(Object.entries(plan.env).filter(([name]) => !TELEMETRY_ENV.test(name)));
  const files = Object.fromEntries(Object.entries(plan.files).map(([path, text]) => [path, fileWithoutTelemetry(path, text)]));
  return { ...plan, env, files };
}

/** Codex's [otel] table, Gemini's and Qwen's telemetry block, opencode's experimental.openTelemetry: taken out. */
function fileWithoutTelemetry(path: string, text: string): string {
  if (path.endsWith('.toml')) {
    const { otel: _otel, ...rest } = parseToml(text);
    return `${stringifyToml(rest)}\n`;
  }
  if (!path.endsWith('.json')) return text;
  const { telemetry: _telemetry, experimental, ...rest } = JSON.parse(text) as Record<string, unknown>;
  const { openTelemetry: _openTelemetry, ...otherExperimental } = (experimental ?? {}) as Record<string, unknown>;
  return `${JSON.stringify(Object.keys(otherExperimental).length > 0 ? { ...rest, experimental: otherExperimental } : rest, null, 2)}\n`;
}

// ---- The server, its organization, the people and the ingest key.
interface Fleet {
  url: string;
  ownerKey: string;
  /** The owner's one-time console sign-in link. */
  inviteUrl: string;
  ingestKey: string;
  members: Map<string, string>;
  stop(): Promise<void>;
}

async function freshDatabase(serverUrl: string): Promise<string> {
  const name = `fleet_run_${Date.now()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A free loopback port: the server's public address (links, the console's origin check) must name the real one. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * The server as it is run in production: a process of its own (its event loop shared with nothing
 * of this script's), on a port chosen first so its public address is the real one.
 */
async function startServerProcess(scratch: string, env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(join(scratch, 'server.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? scratch, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${join(scratch, 'server.log')}`);
    const ready = await fetch(`${url}/readyz`).then((response) => response.ok, () => false);
    if (ready) break;
    if (waited > 120_000) throw new Error(`the server did not get ready in 2 minutes: ${join(scratch, 'server.log')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop: () => (child.kill('SIGTERM'), exited) };
}

async function startFleet(scratch: string): Promise<Fleet> {
  const adminToken = randomBytes(24).toString('hex');
  const databaseUrl = process.env.FLEET_DATABASE_URL ? await freshDatabase(process.env.FLEET_DATABASE_URL) : '';
  const server = await startServerProcess(scratch, { DATA_DIR: join(scratch, 'server-data'), DATABASE_URL: databaseUrl, ADMIN_TOKEN: adminToken });
  const call = async (path: string, key: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, any>>;
  };
  const created = await call('/admin/v1/organizations', adminToken, { name: 'Fleet run', ownerEmail: 'owner@fleet.example.com' });
  const ownerKey = created.apiKey as string;
  const members = new Map<string, string>();
  for (const person of PEOPLE) {
    const added = await call('/api/v0/organization/users', ownerKey, { email: person.email, name: person.name, role: 'member', createApiKey: false });
    members.set(person.email, added.user.id as string);
  }
  const ingest = await call('/api/v0/api-keys', ownerKey, { name: 'fleet', kind: 'ingest' });
  return { url: server.url, ownerKey, inviteUrl: created.inviteUrl as string, ingestKey: ingest.key as string, members, stop: () => server.stop() };
}

// ---- One person's run of one agent.
interface RunOutcome {
  agent: AgentDefinition;
  person: (typeof PEOPLE)[number];
  served: ServedCall[];
  exitCode: number | null;
  timedOut: boolean;
  setupOutput: string;
  endedAt: number;
  /** Stops the agent's own server, for an agent whose headless runs are sent to one. */
  stopServer(): Promise<void>;
}

/**
 * Agents whose headless run is sent to their own long-lived server, as docs/otel.md says a job
 * that must count every call should run them: `opencode run` alone exits before its last spans
 * leave ("opencode"), `opencode serve` exports them on its schedule.
 */
const SERVES_HEADLESS_RUNS = new Set(['opencode']);

/** `<agent> serve` on a free port with the person's environment; stopped after the fleet is checked. */
async function startAgentServer(profiled: (args: string[]) => [string, string[]], env: Record<string, string>, workDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [command, args] = profiled(['serve', '--hostname', '127.0.0.1', '--port', String(port)]);
  const child = spawn(command, args, { cwd: workDir, env, stdio: 'ignore', detached: true });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  // Each probe has its own time limit: a request the server takes while it is still starting may
  // get no answer at all (seen on a first start with a fresh HOME).
  const answers = () => fetch(url, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false);
  for (let waited = 0; !(await answers()); waited += 250) {
    if (child.exitCode !== null || waited > 60_000) throw new Error(`${command} ${args.join(' ')}: no server at ${url}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop: () => (process.kill(-child.pid!, 'SIGTERM'), exited) };
}

const quarterdeck = (args: string[], env: Record<string, string>) =>
  runProcess(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/main.ts'), ...args], { cwd: ROOT, env: { ...cliEnvironment(env.HOME!, env) }, timeoutMs: 30_000 });

async function runPerson(fleet: Fleet, agent: AgentDefinition, person: (typeof PEOPLE)[number], scratch: string): Promise<RunOutcome> {
  const dir = join(scratch, agent.name, person.email.split('@')[0]!);
  rmSync(dir, { recursive: true, force: true });
  const home = join(dir, 'home');
  const workDir = join(dir, 'work');
  mkdirSync(home, { recursive: true });
  mkdirSync(workDir, { recursive: true });
  const mock = await startMockModel({ workDir, usage: agent.usage });
  // The capture's first run gives the model API settings; its telemetry settings are dropped.
  const plan = withoutTelemetry(agent.runs[0]!.plan({ modelApi: mock.url, otlpHttp: '', otlpGrpc: '', home, workDir, installDir: INSTALL_DIR }));
  writePlanFiles(plan, home, workDir);

  // What the person (or the fleet's rollout) does per docs/otel.md: the setup command with the
  // ingest key and their e-mail, --check sending a probe export to the server.
  const product = PRODUCT[agent.name]!;
  const setup = await quarterdeck(['agents', 'setup', '--agent', product, '--url', fleet.url, '--key', fleet.ingestKey, '--email', person.email, '--check'], { HOME: home });
  if (setup.code !== 0) throw new Error(`${agent.name} ${person.email}: agents setup failed: ${setup.output}`);
  // The environment file the setup asks the shell profile to source, sourced as a login shell would.
  const envFile = join(home, '.config', 'quarterdeck', `${product}.env`);
  const profiled = (args: string[]): [string, string[]] => (existsSync(envFile) ? ['/bin/bash', ['-c', `. "${envFile}" && exec "$@"`, 'bash', plan.command, ...args]] : [plan.command, args]);
  const env = cliEnvironment(home, plan.env);
  let args = plan.args;
  let stopServer = async () => {};
  if (SERVES_HEADLESS_RUNS.has(agent.name)) {
    const server = await startAgentServer(profiled, env, workDir);
    stopServer = server.stop;
    args = [plan.args[0]!, '--attach', server.url, ...plan.args.slice(1)];
  }
  const result = await runProcess(...profiled(args), { cwd: workDir, env, timeoutMs: RUN_TIMEOUT_MS });
  const endedAt = Date.now();
  await mock.close();
  return { agent, person, served: mock.served, exitCode: result.code, timedOut: result.timedOut, setupOutput: setup.output.trim(), endedAt, stopServer };
}

// ---- What the server says, checked against what the mock served.
interface Connection {
  agent: string;
  sender: { kind: 'user'; user: { email: string } } | { kind: 'identity' | 'key' };
  accepted: number;
  unattributed: number;
  tokens: number;
  toolCalls: number;
  version: string | null;
}

const tokensServed = (served: ServedCall[]) => served.reduce((sum, call) => sum + call.usage.input + call.usage.output + call.usage.cacheRead + call.usage.cacheWrite, 0);
const toolCallsServed = (served: ServedCall[]) => served.filter((call) => call.answer === 'tool_call').length;

interface Verdict {
  problems: string[];
  rows: string[][];
}

async function check(fleet: Fleet, outcomes: RunOutcome[]): Promise<Verdict> {
  const get = async (path: string) => (await (await fetch(`${fleet.url}${path}`, { headers: { authorization: `Bearer ${fleet.ownerKey}` } })).json()) as Record<string, any>;
  const { connections } = (await get('/api/v0/organization/connected-agents')) as { connections: Connection[] };
  const waiting = (await get('/api/v0/organization/telemetry-identities?status=unattributed')).identities as unknown[];
  const today = (await get('/api/v1/analytics/today')).data as { dimension: string; group_key: string; user_email: string | null; model_calls: number; input_tokens: number; output_tokens: number; cache_read_tokens: number; cache_write_tokens: number }[];
  const problems: string[] = [];
  const rows: string[][] = [];
  for (const outcome of outcomes) {
    const product = PRODUCT[outcome.agent.name]!;
    const mine = connections.filter((c) => c.agent === product && c.sender.kind === 'user' && c.sender.user.email === outcome.person.email);
    const counted = { accepted: 0, tokens: 0, toolCalls: 0, version: null as string | null };
    for (const c of mine) Object.assign(counted, { accepted: counted.accepted + c.accepted, tokens: counted.tokens + c.tokens, toolCalls: counted.toolCalls + c.toolCalls, version: c.version ?? counted.version });
    const wantTokens = SENDS_NO_TOKENS.has(outcome.agent.name) ? 0 : tokensServed(outcome.served);
    const where = `${product} ${outcome.person.email}`;
    if (mine.length === 0) problems.push(`${where}: nothing on Connected agents for this member`);
    if (counted.tokens !== wantTokens) problems.push(`${where}: tokens ${counted.tokens}, the mock served ${wantTokens}`);
    if (counted.toolCalls !== toolCallsServed(outcome.served)) problems.push(`${where}: tool calls ${counted.toolCalls}, the mock was asked ${toolCallsServed(outcome.served)}`);
    if ((counted.version === null) !== SENDS_NO_VERSION.has(outcome.agent.name)) problems.push(`${where}: version ${counted.version ?? 'none'} on Connected agents`);
    rows.push([product, outcome.person.email, String(outcome.served.length), String(wantTokens), String(counted.tokens), String(counted.toolCalls), counted.version ?? '— (sends none)']);
  }
  const elsewhere = connections.filter((c) => c.sender.kind !== 'user');
  if (elsewhere.length > 0) problems.push(`${elsewhere.length} Connected agents rows not on a member: ${elsewhere.map((c) => `${c.agent} ${c.sender.kind}`).join(', ')}`);
  if (waiting.length > 0) problems.push(`${waiting.length} unattributed identities`);
  // Today, live: per person, the model calls and tokens of every agent that reports them.
  for (const person of PEOPLE) {
    const theirs = outcomes.filter((o) => o.person === person && !SENDS_NO_TOKENS.has(o.agent.name));
    const row = today.find((r) => r.dimension === 'user' && r.user_email === person.email);
    const calls = theirs.reduce((sum, o) => sum + o.served.length, 0);
    const tokens = theirs.reduce((sum, o) => sum + tokensServed(o.served), 0);
    const shown = row ? row.input_tokens + row.output_tokens + row.cache_read_tokens + row.cache_write_tokens : 0;
    if (!row || row.model_calls !== calls || shown !== tokens) problems.push(`today for ${person.email}: ${row?.model_calls ?? 0} model calls and ${shown} tokens, the mock served ${calls} and ${tokens}`);
  }
  return { problems, rows };
}

// ---- The console, open on the dashboard while the fleet runs.
interface Watcher {
  browser: Browser;
  page: Page;
}

async function openDashboard(fleet: Fleet): Promise<Watcher> {
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await page.goto(fleet.inviteUrl);
  const invitationPath = new URL(page.url()).pathname;
  const password = randomBytes(12).toString('hex');
  await page.getByLabel('New password', { exact: false }).first().fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.waitForURL((url) => url.pathname !== invitationPath);
  await page.goto(`${fleet.url}/analytics`);
  await page.getByRole('region', { name: 'Today so far' }).waitFor();
  return { browser, page };
}

/** How the card writes a figure (web/src/format.ts, formatExact). */
const CARD_NUMBER = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** Whether the open dashboard's card shows each person's credits as the API gives them now. */
async function dashboardShowsEveryone(fleet: Fleet, page: Page): Promise<boolean> {
  const today = await (await fetch(`${fleet.url}/api/v1/analytics/today?group_by=user`, { headers: { authorization: `Bearer ${fleet.ownerKey}` } })).json() as { data: { user_email: string | null; billable_tokens: number }[] };
  // A row's text whole: a cell (the spend with its unpriced note) can span lines.
  const lines = await page.getByRole('table', { name: 'Today so far by people' }).getByRole('row').allInnerTexts().catch(() => [] as string[]);
  return PEOPLE.every((person) => {
    const credits = today.data.find((row) => row.user_email === person.email)?.billable_tokens;
    return credits !== undefined && lines.some((line) => line.includes(person.email) && line.includes(CARD_NUMBER.format(credits)));
  });
}

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const agents = names.length > 0 ? AGENTS.filter((a) => names.includes(a.name)) : AGENTS;
  if (agents.length === 0) throw new Error(`usage: fleet-run.ts [${AGENTS.map((a) => a.name).join('|')} ...]`);
  const scratch = join(SCRATCH, String(Date.now()));
  mkdirSync(scratch, { recursive: true });
  const fleet = await startFleet(scratch);
  console.log(`Quarterdeck at ${fleet.url} (${process.env.FLEET_DATABASE_URL ? 'PostgreSQL' : 'embedded store'}); ${PEOPLE.length} members, one ingest key; scratch ${scratch}`);
  const consoleFolder = process.env.FLEET_CONSOLE;
  const watcher = consoleFolder ? await openDashboard(fleet) : undefined;
  const outcomes: RunOutcome[] = [];
  for (const agent of agents) {
    const versions = packageVersions(agent, INSTALL_DIR);
    // The four people's laptops run at the same time.
    const runs = await Promise.all(PEOPLE.map((person) => runPerson(fleet, agent, person, scratch)));
    outcomes.push(...runs);
    console.log(`${agent.name} ${versions[agent.packages[0]!]}: ${runs.map((r) => `${r.person.email.split('@')[0]} exit ${r.exitCode}${r.timedOut ? ' (timed out)' : ''}, ${r.served.length} model calls`).join('; ')}`);
  }
  const lastEnded = Math.max(...outcomes.map((o) => o.endedAt));
  let verdict = await check(fleet, outcomes);
  while (verdict.problems.length > 0 && Date.now() - lastEnded < VISIBLE_WITHIN_MS) {
    await new Promise((r) => setTimeout(r, 2_000));
    verdict = await check(fleet, outcomes);
  }
  const seconds = ((Date.now() - lastEnded) / 1000).toFixed(1);
  if (watcher && consoleFolder) {
    let shown = await dashboardShowsEveryone(fleet, watcher.page);
    while (!shown && Date.now() - lastEnded < VISIBLE_WITHIN_MS) {
      await new Promise((r) => setTimeout(r, 1_000));
      shown = await dashboardShowsEveryone(fleet, watcher.page);
    }
    const dashboardSeconds = ((Date.now() - lastEnded) / 1000).toFixed(1);
    if (!shown) verdict.problems.push(`the open dashboard's Today so far card did not show every person's credits within ${VISIBLE_WITHIN_MS / 1000} s`);
    else console.log(`The open dashboard's Today so far card showed every person's credits ${dashboardSeconds} s after the last run ended.`);
    mkdirSync(consoleFolder, { recursive: true });
    await watcher.page.getByRole('region', { name: 'Today so far' }).screenshot({ path: join(consoleFolder, 'today-so-far.png') });
    await watcher.page.goto(`${fleet.url}/settings/connected-agents`);
    await watcher.page.getByRole('table').first().waitFor();
    await watcher.page.screenshot({ path: join(consoleFolder, 'connected-agents.png'), fullPage: true });
    await watcher.browser.close();
  }
  console.log(`\nprompt: ${PROMPT}`);
  console.log(['agent', 'member', 'model calls served', 'tokens served', 'tokens counted', 'tool calls', 'version'].join(' | '));
  for (const row of verdict.rows) console.log(row.join(' | '));
  if (verdict.problems.length === 0) console.log(`\nAll ${outcomes.length} runs on their member, nothing unattributed, today's figures complete ${seconds} s after the last run ended.`);
  else console.log(`\n${verdict.problems.length} problems ${seconds} s after the last run ended:\n- ${verdict.problems.join('\n- ')}`);
  await Promise.all(outcomes.map((outcome) => outcome.stopServer()));
  if (process.env.FLEET_KEEP === '1') {
    console.log(`\nServer left running: ${fleet.url}, owner key ${fleet.ownerKey}`);
    return;
  }
  await fleet.stop();
  process.exit(verdict.problems.length === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
