// Recaptures the OTLP fixtures of test/fixtures/otlp from the real coding-agent CLIs.
//
//   npx tsx scripts/otlp-capture/capture.ts <agent> [run...]      (agent "all" runs every agent)
//
// The CLIs are installed from npm into AGENTS_DIR (default /tmp/agents/<agent>, see README.md);
// nothing is installed into this repository. Each run starts the mock model API and the capture
// receiver on 127.0.0.1, runs the CLI headless in a scratch HOME and work directory with only the
// run's settings in its environment, waits for its exports to settle, and writes
// test/fixtures/otlp/<agent>/<run>/ (raw request bodies + manifest.json).
import { mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { AGENTS, IDENTITY_EMAIL, PROMPT, type AgentDefinition, type RunContext, type RunDefinition } from './agents.js';
import { startMockModel, type MockUsage, type ServedCall } from './mock-model.js';
import { startCaptureReceiver, type CapturedRequest } from './receiver.js';
import { cliEnvironment, packageVersions, runProcess, writePlanFiles } from './run-cli.js';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const FIXTURES = join(ROOT, 'test/fixtures/otlp');
const INSTALL_DIR = process.env.AGENTS_DIR ?? '/tmp/agents';
const SCRATCH = process.env.CAPTURE_SCRATCH ?? '/tmp/otlp-capture-runs';
const RUN_TIMEOUT_MS = Number(process.env.CAPTURE_TIMEOUT_MS ?? 180_000);
/** how long the exports must have been quiet after the CLI exited */
const SETTLE_MS = 4_000;
const VERBOSE = process.env.CAPTURE_VERBOSE === '1';

async function main(): Promise<void> {
  const [agentName, ...runNames] = process.argv.slice(2);
  const agents = agentName === 'all' ? AGENTS : AGENTS.filter((a) => a.name === agentName);
  if (agents.length === 0) {
    console.error(`usage: capture.ts <${AGENTS.map((a) => a.name).join('|')}|all> [run...]`);
    process.exit(2);
  }
  for (const agent of agents) {
    const runs = runNames.length > 0 ? agent.runs.filter((r) => runNames.includes(r.name)) : agent.runs;
    for (const run of runs) await captureRun(agent, run);
  }
}

async function captureRun(agent: AgentDefinition, run: RunDefinition): Promise<void> {
  const scratch = join(SCRATCH, agent.name, run.name);
  rmSync(scratch, { recursive: true, force: true });
  const home = join(scratch, 'home');
  const workDir = join(scratch, 'work');
  mkdirSync(home, { recursive: true });
  mkdirSync(workDir, { recursive: true });
  const log = (line: string) => VERBOSE && console.log(`  ${line}`);

  const receiver = await startCaptureReceiver(log);
  const mock = await startMockModel({ workDir, usage: agent.usage, delayMs: run.mockDelayMs, script: run.script, log });
  const ctx: RunContext = { modelApi: mock.url, otlpHttp: receiver.httpUrl, otlpGrpc: receiver.grpcUrl, home, workDir, installDir: INSTALL_DIR };
  const plan = run.plan(ctx);
  writePlanFiles(plan, home, workDir);

  console.log(`${agent.name}/${run.name}: running`);
  const started = Date.now();
  const result = await runProcess(plan.command, plan.args, { cwd: workDir, env: cliEnvironment(home, plan.env), timeoutMs: RUN_TIMEOUT_MS, verbose: VERBOSE });
  await settle(receiver.requests);
  await mock.close();
  await receiver.close();

  const versions = packageVersions(agent, INSTALL_DIR);
  const outDir = join(FIXTURES, agent.name, run.name);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const requests = receiver.requests.map((request) => {
    const file = `${String(request.seq).padStart(3, '0')}-${request.signal}.${extension(request)}`;
    writeFileSync(join(outDir, file), request.body);
    return {
      file,
      transport: request.transport,
      signal: request.signal,
      method: request.method,
      path: request.path,
      contentType: request.contentType,
      contentEncoding: request.contentEncoding,
      bytes: request.body.length,
      authorizationSent: request.authorizationSent,
      headers: request.headers,
      receivedAt: request.receivedAt,
    };
  });

  const placeholders = (text: string) =>
    text
      .replaceAll(mock.url, '{{MODEL_API}}')
      .replaceAll(receiver.httpUrl, '{{OTLP_HTTP}}')
      .replaceAll(receiver.grpcUrl, '{{OTLP_GRPC}}')
      .replaceAll(workDir, '{{WORKDIR}}')
      .replaceAll(home, '{{HOME}}')
      .replaceAll(INSTALL_DIR, '{{AGENTS_DIR}}');
  const configFiles = new Set(Object.keys(plan.files).filter((path) => !path.startsWith('~/')));
  const written = readdirSync(workDir).filter((name) => !name.startsWith('.') && !configFiles.has(name));
  const modelCalls = mock.served.map((call) => ({ ...call, toolCall: call.toolCall && JSON.parse(placeholders(JSON.stringify(call.toolCall))) }));
  const totals = usageOf(mock.served);
  const identityInBodies = receiver.requests.some((request) => plainBody(request).includes(IDENTITY_EMAIL));
  const manifest = {
    agent: agent.name,
    run: run.name,
    description: run.description,
    cli: { packages: agent.packages, version: versions[agent.packages[0]!], versions },
    node: process.version,
    protocol: run.protocol,
    mockDelayMs: run.mockDelayMs ?? 0,
    capturedAt: new Date(started).toISOString(),
    settings: {
      env: JSON.parse(placeholders(JSON.stringify(plan.env))),
      files: JSON.parse(placeholders(JSON.stringify(plan.files))),
      command: placeholders([plan.command, ...plan.args].map(shellQuote).join(' ')),
      prompt: run.script?.prompt ?? PROMPT,
    },
    process: { exitCode: result.code, signal: result.signal, timedOut: result.timedOut, durationMs: Date.now() - started, outputTail: placeholders(result.output.slice(-1500)) },
    identity: {
      resourceAttributesSet: plan.env.OTEL_RESOURCE_ATTRIBUTES ?? null,
      emailFoundInExports: plan.env.OTEL_RESOURCE_ATTRIBUTES ? identityInBodies : null,
    },
    requests,
    expected: {
      description:
        'What the mock model API served. usage is in one vocabulary (input excludes cache reads and writes); reportedUsage is the vendor wire format.',
      models: [...new Set(mock.served.map((call) => call.model))],
      modelCalls: modelCalls.length,
      turns: {
        toolCallTurns: mock.served.filter((call) => call.answer === 'tool_call').length,
        textTurns: mock.served.filter((call) => call.answer === 'text').length,
      },
      tokens: totals,
      tokensByModel: Object.fromEntries(
        [...new Set(mock.served.map((call) => call.model))].map((model) => {
          const calls = mock.served.filter((call) => call.model === model);
          return [model, { calls: calls.length, ...usageOf(calls) }];
        }),
      ),
      toolCallsAsked: modelCalls.filter((call) => call.toolCall).map((call) => call.toolCall),
      filesWritten: written.map((name) => ({ name, content: readFileSync(join(workDir, name), 'utf8').slice(0, 200) })),
      calls: modelCalls,
      otherRequests: mock.other,
    },
  };
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(
    `${agent.name}/${run.name}: exit ${result.code}${result.timedOut ? ' (timed out)' : ''}, ${mock.served.length} model calls, ${requests.length} OTLP requests (${summarizeSignals(receiver.requests)}), files ${written.join(',') || 'none'}`,
  );
  if (requests.length === 0 || VERBOSE) console.log(result.output.slice(-3000));
}

/** The calls' usage added up; the 1-hour cache writes only where the mock reports that split (Anthropic). */
function usageOf(calls: ServedCall[]): MockUsage {
  const sum = (field: keyof MockUsage) => calls.reduce((total, call) => total + (call.usage[field] ?? 0), 0);
  const totals: MockUsage = { input: sum('input'), output: sum('output'), cacheRead: sum('cacheRead'), cacheWrite: sum('cacheWrite') };
  return calls.some((call) => call.usage.cacheWrite1h !== undefined) ? { ...totals, cacheWrite1h: sum('cacheWrite1h') } : totals;
}

function extension(request: CapturedRequest): string {
  const json = (request.contentType ?? '').includes('json');
  const gzip = (request.contentEncoding ?? '') === 'gzip' && request.transport === 'http';
  return `${json ? 'json' : 'pb'}${gzip ? '.gz' : ''}`;
}

function plainBody(request: CapturedRequest): string {
  const gzip = request.transport === 'http' && request.contentEncoding === 'gzip';
  try {
    return (gzip ? gunzipSync(request.body) : request.body).toString('latin1');
  } catch {
    return '';
  }
}

function summarizeSignals(requests: CapturedRequest[]): string {
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(r.signal, (counts.get(r.signal) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
}

/** Waits until no export has arrived for SETTLE_MS. */
async function settle(requests: CapturedRequest[]): Promise<void> {
  let seen = -1;
  while (seen !== requests.length) {
    seen = requests.length;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
  }
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
