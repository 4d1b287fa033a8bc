import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliJson } from '../cli/helpers.js';
import { listPrice } from '../../src/repositories/list-prices.js';
import { runs, bodyOf, daysBack, type Manifest } from '../otlp/captured.js';
import { codexExport, codexRecord, geminiExport, retryLoopRecords } from './records.js';
import { addUser, auth, createOrganization, expectError, json, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';

// Agent sessions built from what the real agent CLIs exported (test/fixtures/otlp), compared with
// what the mock model served them; sent twice, and in reverse order, they give the same session.
// Then a crafted export of a failing command repeated four times, flagged as a retry loop and
// priced independently here; Quarterdeck's own events; roles, other organizations, bad input.

/** The agent name each capture's translator gives, and whether the capture names its model and tool calls. */
const AGENT_OF: Record<string, string> = {
  'claude-code': 'claude-code',
  codex: 'codex',
  gemini: 'gemini-cli',
  qwen: 'qwen-code',
  copilot: 'copilot-cli',
  droid: 'droid',
  opencode: 'opencode',
};
/** Captures whose exports carry no model call (Droid sends no tokens; opencode only with its AI SDK spans). */
const NO_MODEL_CALLS = new Set(['droid', 'opencode/http-default']);
const NO_TOOL_CALLS = new Set(['opencode/http-default']);

let server: TestServer;
let org: TestOrganization;
let member: Caller;
let other: TestOrganization;
/** Where the captures are sent again in reverse: event ids are unique per organization. */
let reversing: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  reversing = await createOrganization(server, 'Reversing Org');
  org = await createOrganization(server, 'Sessions Org');
  other = await createOrganization(server, 'Other Org');
  member = org.users.member;
});
afterAll(async () => server?.close());

const get = (key: string, url: string) => server.app.inject({ method: 'GET', url, headers: auth(key) });

async function send(key: string, manifest: Manifest, requests: Manifest['requests'], days: number): Promise<void> {
  for (const request of requests) {
    const { payload, contentType } = bodyOf(manifest, request, days);
    const response = await server.app.inject({ method: 'POST', url: `/v1/${request.signal}`, headers: { ...auth(key), 'content-type': contentType }, payload });
    expect(response.statusCode, `${request.file}: ${response.body}`).toBe(200);
  }
}

async function sessionsOf(key: string, query = ''): Promise<any[]> {
  const all: any[] = [];
  let cursor: string | null = null;
  do {
    const page: { agentSessions: any[]; pagination: { nextCursor: string | null } } = json(await get(key, `/api/v0/agent-sessions?limit=100${query}${cursor ? `&cursor=${cursor}` : ''}`));
    all.push(...page.agentSessions);
    cursor = page.pagination.nextCursor;
  } while (cursor);
  return all;
}

/** The sessions of a person that an action made. */
async function newSessions(caller: Caller, action: () => Promise<void>): Promise<any[]> {
  const before = new Set((await sessionsOf(caller.key, `&user=${caller.id}`)).map((session) => session.id));
  await action();
  return (await sessionsOf(caller.key, `&user=${caller.id}`)).filter((session) => !before.has(session.id));
}

/** A session without what depends on the organization and person it is of. */
const figures = ({ id: _id, userId: _user, ...rest }: any) => rest;

describe('sessions from the captured exports of every agent', () => {
  describe.each(runs.map((manifest) => [`${manifest.dir} ${manifest.run}`, manifest] as const))('%s', (_name, manifest) => {
    const run = `${manifest.dir}/${manifest.run}`;
    const expected = Object.values(manifest.expected.tokensByModel);
    const sum = (field: 'calls' | 'input' | 'output' | 'cacheRead' | 'cacheWrite') => expected.reduce((total, model) => total + model[field], 0);

    it('is one session per agent session, with the calls the mock served, exact when sent twice or in reverse', async () => {
      const { days } = daysBack(manifest);
      const noModelCalls = NO_MODEL_CALLS.has(manifest.dir) || NO_MODEL_CALLS.has(run);
      const sessions = await newSessions(org.owner, () => send(org.owner.key, manifest, manifest.requests, days));
      if (noModelCalls && NO_TOOL_CALLS.has(run)) {
        expect(sessions).toEqual([]);
        return;
      }
      expect(sessions).toHaveLength(1);
      const [session] = sessions;
      expect(session.agent).toBe(AGENT_OF[manifest.dir]);
      expect(session.toolCalls).toBe(NO_TOOL_CALLS.has(run) ? 0 : manifest.expected.toolCallsAsked.length);
      if (!noModelCalls) {
        expect(session.modelCalls).toBe(sum('calls'));
        expect(session.tokens).toEqual({ input: sum('input'), output: sum('output'), cacheRead: sum('cacheRead'), cacheWrite: sum('cacheWrite') });
        expect(session.models).toEqual(Object.keys(manifest.expected.tokensByModel).map((model) => model.toLowerCase()).sort());
      }
      expect(session.endedAt).toBeGreaterThanOrEqual(session.startedAt);
      // A run that went right (one write, no failure) has no waste: no rule fires on it.
      expect({ flagged: session.flagged, findings: session.findings, errors: session.errors }).toEqual({ flagged: false, findings: [], errors: 0 });

      const detail = json(await get(org.owner.key, `/api/v0/agent-sessions/${session.id}`));
      const kinds = (kind: string) => detail.timeline.filter((step: { kind: string }) => step.kind === kind);
      expect(kinds('tool_call')).toHaveLength(session.toolCalls);
      expect(kinds('model_call')).toHaveLength(session.modelCalls);
      const instants = detail.timeline.map((step: { at: number }) => step.at);
      expect(instants).toEqual([...instants].sort((a, b) => a - b));

      // The same exports again change nothing.
      expect(await newSessions(org.owner, () => send(org.owner.key, manifest, manifest.requests, days))).toEqual([]);
      expect(json(await get(org.owner.key, `/api/v0/agent-sessions/${session.id}`))).toEqual(detail);

      // In reverse order, into another organization: the same figures.
      const reversed = await newSessions(reversing.owner, () => send(reversing.owner.key, manifest, [...manifest.requests].reverse(), days));
      expect(reversed.map(figures)).toEqual([figures(session)]);
    });
  });

  it('prices a session as the analytics do: its tokens per model at the list prices', async () => {
    const manifest = runs.find((one) => one.dir === 'claude-code' && one.run === 'http-json-identity-content')!;
    const target = await createOrganization(server, 'priced');
    await send(target.owner.key, manifest, manifest.requests, daysBack(manifest).days);
    const [session] = await sessionsOf(target.owner.key);
    expect(session.userId).toBe(target.owner.id);
    const [model, tokens] = Object.entries(manifest.expected.tokensByModel)[0]!;
    const price = listPrice(model.toLowerCase())!;
    const micros = Math.round(tokens.input * price.input + tokens.output * price.output + tokens.cacheRead * price.cacheRead + tokens.cacheWrite * price.cacheWrite);
    expect(session.cost).toBe(micros / 1_000_000);
    expect(session.currency).toBe('USD');
  });
});

/** A log record of an agent's session, in OTLP/JSON. */
const logRecord = codexRecord;

describe('waste', () => {
  const PRICE = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
  const MODEL = 'loop-test-model';
  let sessionId: string;
  let start: number;
  let waste: TestOrganization;

  beforeAll(async () => {
    waste = await createOrganization(server, 'Waste Org');
    const priced = await server.app.inject({ method: 'PUT', url: '/api/v0/organization/prices/models', headers: auth(waste.owner.key), payload: { models: [{ modelId: MODEL, prices: PRICE }] } });
    expect(priced.statusCode).toBe(200);
    // A prompt, then four times: a model call that asks for the same failing command, and its failure; then a success of another command.
    start = Date.now() - 3_600_000;
    const records = retryLoopRecords('loop-1', start, MODEL);
    // Sent in two exports, the second first.
    const half = Math.floor(records.length / 2);
    for (const part of [records.slice(half), records.slice(0, half)]) {
      const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(waste.owner.key), 'content-type': 'application/json' }, payload: codexExport(part) });
      expect(response.statusCode).toBe(200);
    }
    const flagged = await sessionsOf(waste.owner.key, '&flagged=true');
    expect(flagged).toHaveLength(1);
    sessionId = flagged[0].id;
    // The same exports again: nothing changes.
    const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(waste.owner.key), 'content-type': 'application/json' }, payload: codexExport(records) });
    expect(response.statusCode).toBe(200);
    expect(await sessionsOf(waste.owner.key)).toEqual(flagged);
  });

  it('flags a failing command repeated four times as a retry loop, priced by the model calls inside it', async () => {
    const session = json(await get(waste.owner.key, `/api/v0/agent-sessions/${sessionId}`));
    expect(session.flagged).toBe(true);
    const loop = session.findings.find((finding: { pattern: string }) => finding.pattern === 'retry_loop');
    // The model calls from the first failure to the last: attempts 2, 3 and 4 (the first came before it).
    const inside = [1, 2, 3].map((attempt) => ({ input: 1000 + attempt - 200, output: 100, cacheRead: 200 }));
    const micros = Math.round(inside.reduce((total, call) => total + call.input * PRICE.input + call.output * PRICE.output + call.cacheRead * PRICE.cacheRead, 0));
    expect(loop).toMatchObject({ pattern: 'retry_loop', occurrences: 1, tool: 'exec_command', firstAt: start + 1500, lastAt: start + 4500, estimatedCost: micros / 1_000_000 });
    expect(loop.tokens).toBe(inside.reduce((total, call) => total + call.input + call.output + call.cacheRead, 0));
    // Four failing calls in a row are a burst of tool errors too; the waste counts each call once.
    expect(session.findings.map((finding: { pattern: string }) => finding.pattern).sort()).toEqual(['retry_loop', 'tool_error_burst']);
    expect(session.wasteCost).toBe(micros / 1_000_000);
    expect(session).toMatchObject({ errors: 4, toolCalls: 5, modelCalls: 5, turns: 1 });
    const tools = session.timeline.filter((step: { kind: string }) => step.kind === 'tool_call');
    expect(tools.map((step: { outcome: string; durationMs: number }) => [step.outcome, step.durationMs])).toEqual([...Array(4).fill(['failure', 40]), ['success', 10]]);
    // No content: the command is not in the answer.
    expect(JSON.stringify(session)).not.toContain('npm test');
  });

  it('finds rereads without a change between, and context pressure, priced by the model call after each', async () => {
    const at = start + 100_000;
    const session = { 'session.id': 'reread-1' };
    const read = (n: number, path: string) => logRecord('x', at + n * 1000, 'gemini_cli.tool_call', { ...session, function_name: 'read_file', function_args: JSON.stringify({ file_path: path }), success: true, duration_ms: 5 });
    const write = (n: number, path: string) => logRecord('x', at + n * 1000, 'gemini_cli.tool_call', { ...session, function_name: 'write_file', function_args: JSON.stringify({ file_path: path, content: 'x' }), success: true, duration_ms: 5 });
    const call = (n: number, input: number) => logRecord('x', at + n * 1000 + 500, 'gemini_cli.api_response', { ...session, model: MODEL, input_token_count: input, output_token_count: 10, cached_content_token_count: 0, status_code: 200, duration_ms: 100 });
    const records = [
      read(0, '/w/a.ts'), call(0, 100),
      read(1, '/w/a.ts'), call(1, 200), // a reread: nothing changed a.ts
      write(2, '/w/a.ts'), call(2, 300),
      read(3, '/w/a.ts'), call(3, 400), // read again after a change: not a reread
      read(4, '/w/b.ts'), call(4, 500),
      logRecord('x', at + 5000, 'gemini_cli.chat_compression', { ...session, tokens_before: 9000, tokens_after: 2000 }), call(5, 600),
    ];
    const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(waste.owner.key), 'content-type': 'application/json' }, payload: geminiExport(records) });
    expect(response.statusCode).toBe(200);
    const [listed] = await sessionsOf(waste.owner.key, '&agent=gemini-cli');
    const priced = (input: number) => Math.round(input * PRICE.input + 10 * PRICE.output) / 1_000_000;
    expect(listed).toMatchObject({ flagged: true, compactions: 1, toolCalls: 5, modelCalls: 6, errors: 0 });
    expect(listed.findings).toEqual([
      { pattern: 'reread', occurrences: 1, tool: null, firstAt: at + 1000, lastAt: at + 1000, tokens: 210, estimatedCost: priced(200) },
      { pattern: 'context_pressure', occurrences: 1, tool: null, firstAt: at + 5000, lastAt: at + 5000, tokens: 610, estimatedCost: priced(600) },
    ]);
    expect(listed.wasteCost).toBeCloseTo(priced(200) + priced(600), 9);
    const timeline = json(await get(waste.owner.key, `/api/v0/agent-sessions/${listed.id}`)).timeline;
    expect(timeline.find((step: { kind: string }) => step.kind === 'compaction')).toMatchObject({ name: 'chat_compression', at: at + 5000 });
    expect(JSON.stringify(timeline)).not.toContain('/w/a.ts');
  });

  it('lists flagged sessions, sorted by cost, errors and duration, above a cost', async () => {
    const all = await sessionsOf(waste.owner.key);
    const ids = (list: any[]) => list.map((session) => session.id);
    expect(ids(await sessionsOf(waste.owner.key, '&flagged=false'))).not.toContain(sessionId);
    for (const [sort, field] of [['cost', 'cost'], ['errors', 'errors'], ['duration', 'durationMs']] as const) {
      const sorted = await sessionsOf(waste.owner.key, `&sort=${sort}`);
      expect(sorted.map((session) => session[field])).toEqual(all.map((session) => session[field]).sort((a, b) => b - a));
    }
    const loop = all.find((session) => session.id === sessionId);
    expect(ids(await sessionsOf(waste.owner.key, `&costAbove=${loop.cost - 0.000001}`))).toContain(sessionId);
    expect(ids(await sessionsOf(waste.owner.key, `&costAbove=${loop.cost}`))).not.toContain(sessionId);
    expect(ids(await sessionsOf(waste.owner.key, '&agent=codex'))).toEqual([sessionId]);
    expect(await sessionsOf(waste.owner.key, '&agent=copilot-cli')).toEqual([]);
  });

  it('filters by model: the sessions that called it, as their models say', async () => {
    // The captured runs of every agent, above: sessions of many models.
    const all = await sessionsOf(org.owner.key);
    const models = [...new Set(all.flatMap((session) => session.models as string[]))];
    expect(models.length).toBeGreaterThan(1);
    for (const model of models) {
      const expected = all.filter((session) => session.models.includes(model)).map((session) => session.id);
      expect((await sessionsOf(org.owner.key, `&model=${encodeURIComponent(model)}`)).map((session) => session.id)).toEqual(expected);
    }
    expect(await sessionsOf(org.owner.key, '&model=no-such-model')).toEqual([]);
    expectError(await get(org.owner.key, '/api/v0/agent-sessions?model='), 400);
    // A cursor is bound to its model too.
    const first = json(await get(org.owner.key, '/api/v0/agent-sessions?limit=1'));
    if (first.pagination.hasMore) expectError(await get(org.owner.key, `/api/v0/agent-sessions?limit=1&model=${models[0]}&cursor=${first.pagination.nextCursor}`), 400);
  });

  it('lists and shows them with the CLI', async () => {
    const env = { QUARTERDECK_URL: await server.app.listen({ port: 0, host: '127.0.0.1' }), QUARTERDECK_API_KEY: waste.owner.key };
    const listed = await cliJson(['agent-sessions', 'list', '--flagged', 'true', '--agent', 'codex', '--model', 'loop-test-model', '--sort', 'cost', '--all'], env);
    expect(listed.map((session: { id: string }) => session.id)).toEqual([sessionId]);
    const shown = await cliJson(['agent-sessions', 'show', sessionId], env);
    expect(shown.timeline.filter((step: { kind: string }) => step.kind === 'tool_call')).toHaveLength(5);
    const refused = await cli(['agent-sessions', 'list', '--sort', 'tokens'], env);
    expect(refused.code).toBe(1);
  });

  it('pages with a cursor bound to its filters', async () => {
    const first = json(await get(waste.owner.key, '/api/v0/agent-sessions?limit=1'));
    expect(first.agentSessions).toHaveLength(1);
    if (first.pagination.hasMore) {
      const next = json(await get(waste.owner.key, `/api/v0/agent-sessions?limit=1&cursor=${first.pagination.nextCursor}`));
      expect(next.agentSessions[0].id).not.toBe(first.agentSessions[0].id);
      expectError(await get(waste.owner.key, `/api/v0/agent-sessions?limit=1&sort=cost&cursor=${first.pagination.nextCursor}`), 400);
    }
  });
});

describe('Quarterdeck’s own events, roles and other organizations', () => {
  let memberSession: string;
  let ownerSession: string;
  const at = Date.now() - 60_000;
  beforeAll(async () => {
    other = await createOrganization(server, 'Other Org');
    const events = (prefix: string) => [
      { id: `${prefix}-1`, type: 'user_message', timestamp: at, sessionId: `${prefix}-s`, client: 'terminal-ui', autonomyMode: 'auto-low' },
      { id: `${prefix}-2`, type: 'model_call', timestamp: at + 10, sessionId: `${prefix}-s`, client: 'terminal-ui', modelId: 'claude-sonnet-4-5', modelTier: 'standard', inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
      { id: `${prefix}-3`, type: 'hook', timestamp: at + 20, sessionId: `${prefix}-s`, client: 'terminal-ui', event: 'PreToolUse', matcher: 'Bash', command: 'check' },
    ];
    for (const [caller, prefix] of [[member, 'm'], [org.users.manager, 'g']] as const) {
      const response = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(caller.key), payload: { events: events(prefix) } });
      expect(response.statusCode).toBe(202);
    }
    memberSession = (await sessionsOf(member.key))[0].id;
    ownerSession = (await sessionsOf(org.owner.key, `&user=${org.users.manager.id}`))[0].id;
  });

  it('makes a session of Quarterdeck’s own events, with its hook', async () => {
    const session = json(await get(member.key, `/api/v0/agent-sessions/${memberSession}`));
    expect(session).toMatchObject({ agent: 'quarterdeck', agentSessionId: 'm-s', userId: member.id, turns: 1, modelCalls: 1, tokens: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0 } });
    expect(session.timeline.map((step: { kind: string; name: string | null }) => [step.kind, step.name])).toEqual([
      ['prompt', null],
      ['model_call', null],
      ['hook', 'PreToolUse'],
    ]);
  });

  it('shows a member only their own sessions; owners and managers all', async () => {
    expect((await sessionsOf(member.key)).map((session) => session.userId)).toEqual([member.id]);
    expect(await sessionsOf(member.key, `&user=${org.users.manager.id}`)).toEqual([]);
    expectError(await get(member.key, `/api/v0/agent-sessions/${ownerSession}`), 404);
    for (const caller of [org.owner, org.users.manager]) expect(json(await get(caller.key, `/api/v0/agent-sessions/${memberSession}`)).id).toBe(memberSession);
    expectError(await get(org.users.guest.key, '/api/v0/agent-sessions'), 403);
    expect((await server.app.inject({ method: 'GET', url: '/api/v0/agent-sessions' })).statusCode).toBe(401);
  });

  it('filters by team', async () => {
    const created = await server.app.inject({ method: 'POST', url: '/api/v0/teams', headers: auth(org.owner.key), payload: { name: 'Sessions team' } });
    expect(created.statusCode, created.body).toBe(201);
    const { team } = json(created);
    const added = await server.app.inject({ method: 'POST', url: `/api/v0/teams/${team.id}/members`, headers: auth(org.owner.key), payload: { userId: member.id } });
    expect(added.statusCode, added.body).toBe(201);
    expect((await sessionsOf(org.owner.key, `&team=${team.id}`)).map((session) => session.id)).toEqual([memberSession]);
  });

  it('hides another organization’s sessions: 404, and not in its lists', async () => {
    expectError(await get(other.owner.key, `/api/v0/agent-sessions/${memberSession}`), 404);
    expect(await sessionsOf(other.owner.key)).toEqual([]);
    const stranger = await addUser(server, other.owner.key, 'manager');
    expectError(await get(stranger.key, `/api/v0/agent-sessions/${ownerSession}`), 404);
  });

  it('refuses bad queries with the one error body', async () => {
    for (const query of ['startDate=2026-02-30', 'startDate=2026-03-02&endDate=2026-03-01', 'sort=tokens', 'flagged=maybe', 'costAbove=-1', 'limit=0', 'cursor=garbage', 'repository=not%20a%20repo']) {
      expectError(await get(org.owner.key, `/api/v0/agent-sessions?${query}`), 400);
    }
  });

  it('filters by the day a session started', async () => {
    const day = new Date(at).toISOString().slice(0, 10);
    expect((await sessionsOf(member.key, `&startDate=${day}&endDate=${day}`)).map((session) => session.id)).toEqual([memberSession]);
    expect(await sessionsOf(member.key, '&endDate=2020-01-01')).toEqual([]);
    expect(await sessionsOf(member.key, '&startDate=2099-01-01')).toEqual([]);
  });
});
