import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredTimelines } from '../../src/jobs/timeline-retention.js';
import { decideAbandonedSessions } from '../../src/repositories/agent-sessions.js';
import { auth, createOrganization, expectError, json, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { codexExport, retryLoopRecords } from './records.js';

// Abandoned agent sessions (a session that changed files and cost money, with no commit of its
// person within 24 hours) decided by the job against each kind of outcome, and cleared by a late
// one; then the monthly waste figures, compared with the sessions' own findings summed here.

const HOUR = 3_600_000;
const REPOSITORY = 'github.com/acme/shop';
const MODEL = 'claude-sonnet-4-5';

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
let member: Caller;
/** When the old sessions started: three days ago, so their window has passed. */
const at = Date.now() - 72 * HOUR;
const month = new Date(at).toISOString().slice(0, 7);

const get = (key: string, url: string) => server.app.inject({ method: 'GET', url, headers: auth(key) });
const post = (key: string, url: string, payload: object) => server.app.inject({ method: 'POST', url, headers: auth(key), payload });

/** A session of Quarterdeck's own events: a prompt, a priced model call, a file edit if `edits`, then `extra` events. */
async function ownSession(caller: Caller, name: string, start: number, edits: boolean, extra: { type: string; offset: number }[] = []): Promise<void> {
  const base = { sessionId: name, client: 'terminal-ui', repository: `https://${REPOSITORY}.git` };
  const events = [
    { id: `${name}-1`, type: 'user_message', timestamp: start, autonomyMode: 'auto-low', ...base },
    { id: `${name}-2`, type: 'model_call', timestamp: start + 1000, modelId: MODEL, modelTier: 'standard', inputTokens: 1000, outputTokens: 200, cacheReadTokens: 0, cacheWriteTokens: 0, ...base },
    ...(edits ? [{ id: `${name}-3`, type: 'file_edited', timestamp: start + 2000, path: 'src/a.ts', language: 'typescript', ...base }] : []),
    ...extra.map((event, i) => ({ id: `${name}-x${i}`, type: event.type, timestamp: start + event.offset, ...base })),
  ];
  const response = await post(caller.key, '/api/v1/telemetry/events', { events });
  expect(response.statusCode, response.body).toBe(202);
}

async function sessionsOf(key: string, query = ''): Promise<any[]> {
  return json(await get(key, `/api/v0/agent-sessions?limit=100${query}`)).agentSessions;
}
const byKey = async (caller: Caller) => new Map((await sessionsOf(caller.key, `&user=${caller.id}`)).map((session) => [session.agentSessionId, session]));

async function recordCommit(caller: Caller, sessionId: string, committedAt: number, sha: string): Promise<void> {
  const response = await post(caller.key, '/api/v0/agent-commits', {
    commits: [{ sha, repository: REPOSITORY, branch: 'feature', sessionId, agent: 'claude-code', committedAt: new Date(committedAt).toISOString(), linesAdded: 3, linesRemoved: 1 }],
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Waste Org');
  other = await createOrganization(server, 'Other Org');
  member = org.users.member;
  await ownSession(org.owner, 'edits-no-commit', at, true);
  await ownSession(org.owner, 'edits-commit-event', at + HOUR, true, [{ type: 'git_commit', offset: 3000 }]);
  await ownSession(org.owner, 'edits-hook-commit', at + 2 * HOUR, true);
  // Committed two hours after the session, in its repository, from another session: an outcome.
  await recordCommit(org.owner, 'a-later-session', at + 4 * HOUR, 'a'.repeat(40));
  await ownSession(org.owner, 'no-edits', at + 5 * HOUR, false);
  await ownSession(org.owner, 'commit-too-late', at + 6 * HOUR, true);
  await recordCommit(org.owner, 'commit-too-late', at + 6 * HOUR + 2000 + 25 * HOUR, 'b'.repeat(40));
  await ownSession(org.owner, 'still-open', Date.now() - HOUR, true);
  await ownSession(member, 'members-own', at + 7 * HOUR, true);
  // Another organization's session with no commit: its own figures, never the first one's.
  await ownSession(other.owner, 'elsewhere', at, true);
  const loop = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload: codexExport(retryLoopRecords('loop-1', at + 8 * HOUR, MODEL)) });
  expect(loop.statusCode).toBe(200);
  // Eleven exports and an organization each: longer than the default on a loaded machine.
}, 120_000);
afterAll(async () => server?.close());

describe('abandoned sessions', () => {
  it('flags a session that changed files and cost money with no commit of its person within 24 hours', async () => {
    expect(new Set((await sessionsOf(org.owner.key, '&flagged=true')).map((session) => session.agentSessionId))).toEqual(new Set(['loop-1']));
    // The hook's commit of the `a-later-session` falls in the windows of `edits-no-commit` (its repository, 4 h after its start) too.
    expect(await decideAbandonedSessions(server.store.db)).toBe(3);
    const sessions = await byKey(org.owner);
    const abandoned = [...sessions.values()].filter((session) => session.findings.some((finding: { pattern: string }) => finding.pattern === 'abandoned'));
    expect(abandoned.map((session) => session.agentSessionId).sort()).toEqual(['commit-too-late']);
    const [session] = abandoned;
    expect(session.flagged).toBe(true);
    expect(session.cost).toBeGreaterThan(0);
    expect(session.wasteCost).toBe(session.cost);
    expect(session.findings).toEqual([{ pattern: 'abandoned', occurrences: 1, tool: null, firstAt: session.startedAt, lastAt: session.endedAt, tokens: 1200, estimatedCost: session.cost }]);
    for (const kept of ['edits-no-commit', 'edits-commit-event', 'edits-hook-commit', 'no-edits', 'still-open']) expect(sessions.get(kept).flagged, kept).toBe(false);
    // The member's and the other organization's sessions have no commit either.
    expect((await sessionsOf(member.key, '&flagged=true')).map((one) => one.agentSessionId)).toEqual(['members-own']);
    expect((await sessionsOf(other.owner.key, '&flagged=true')).map((one) => one.agentSessionId)).toEqual(['elsewhere']);
    // A second pass changes nothing.
    expect(await decideAbandonedSessions(server.store.db)).toBe(0);
  });

  it('clears the flag when an outcome inside the window arrives late, and keeps it through a late record of the session', async () => {
    const response = await post(member.key, '/api/v1/telemetry/events', { events: [{ id: 'late-commit', type: 'git_commit', timestamp: at + 7 * HOUR + 10 * HOUR, sessionId: 'members-own', client: 'terminal-ui' }] });
    expect(response.statusCode).toBe(202);
    expect(await decideAbandonedSessions(server.store.db)).toBe(1);
    expect(await sessionsOf(member.key, '&flagged=true')).toEqual([]);
    // A record from inside an abandoned session, sent late, does not move its end: it stays abandoned.
    const before = (await byKey(org.owner)).get('commit-too-late');
    const late = { id: 'late-prompt', type: 'user_message', timestamp: at + 6 * HOUR + 500, sessionId: 'commit-too-late', client: 'terminal-ui', autonomyMode: 'auto-low' };
    expect((await post(org.owner.key, '/api/v1/telemetry/events', { events: [late] })).statusCode).toBe(202);
    const after = (await byKey(org.owner)).get('commit-too-late');
    expect(after).toMatchObject({ flagged: true, endedAt: before.endedAt, turns: 2 });
  });
});

describe('GET /api/v0/agent-sessions/waste', () => {
  /** The month's figures summed from the sessions' own findings, as the list gives them. */
  async function reference(key: string) {
    const flagged = (await sessionsOf(key, '&flagged=true')).filter((session) => new Date(session.startedAt).toISOString().startsWith(month));
    const micros = (cost: number) => Math.round(cost * 1_000_000);
    const patterns: Record<string, { sessions: number; micros: number; occurrences: number }> = {};
    for (const session of flagged) {
      for (const finding of session.findings) {
        const row = (patterns[finding.pattern] ??= { sessions: 0, micros: 0, occurrences: 0 });
        row.sessions += 1;
        row.micros += micros(finding.estimatedCost);
        row.occurrences += finding.occurrences;
      }
    }
    return { flagged, patterns, totalMicros: flagged.reduce((sum, session) => sum + micros(session.wasteCost), 0) };
  }

  it('answers per pattern, repository and agent, as the sessions’ findings add up, with a fix per pattern', async () => {
    const waste = json(await get(org.owner.key, `/api/v0/agent-sessions/waste?month=${month}`));
    const expected = await reference(org.owner.key);
    expect(expected.flagged.length).toBeGreaterThanOrEqual(2);
    expect(waste).toMatchObject({ month, currency: 'USD', total: { sessions: expected.flagged.length, estimatedCost: expected.totalMicros / 1_000_000 } });
    expect(waste.patterns.map((row: { pattern: string }) => row.pattern)).toEqual(['retry_loop', 'reread', 'tool_error_burst', 'context_pressure', 'abandoned']);
    for (const row of waste.patterns) {
      const want = expected.patterns[row.pattern] ?? { sessions: 0, micros: 0, occurrences: 0 };
      expect({ pattern: row.pattern, sessions: row.sessions, estimatedCost: row.estimatedCost, occurrences: row.occurrences }).toEqual({ pattern: row.pattern, sessions: want.sessions, estimatedCost: want.micros / 1_000_000, occurrences: want.occurrences });
      expect(row.suggestedFix.agentsMd.length).toBeGreaterThan(10);
    }
    expect(waste.patterns.find((row: { pattern: string }) => row.pattern === 'retry_loop').suggestedFix.hook).toContain('PreToolUse');
    // One repository: the own events' and the loop's (which names none) apart.
    const repositories = new Map(waste.repositories.map((row: { repository: string | null }) => [row.repository, row]));
    expect(repositories.get(REPOSITORY)).toMatchObject({ sessions: 1, patterns: ['abandoned'] });
    expect(repositories.get(null)).toMatchObject({ sessions: 1, patterns: ['retry_loop', 'tool_error_burst'] });
    expect(new Map(waste.agents.map((row: { agent: string; patterns: string[] }) => [row.agent, row.patterns]))).toEqual(new Map([['quarterdeck', ['abandoned']], ['codex', ['retry_loop', 'tool_error_burst']]]));
    const sum = (rows: { estimatedCost: number }[]) => rows.reduce((total, row) => total + Math.round(row.estimatedCost * 1_000_000), 0);
    expect(sum(waste.repositories)).toBe(expected.totalMicros);
    expect(sum(waste.agents)).toBe(expected.totalMicros);
  });

  it('gives a member the figures of their own sessions, and a month without sessions zeros', async () => {
    await ownSession(member, 'members-second', at + 9 * HOUR, true);
    await decideAbandonedSessions(server.store.db);
    const mine = json(await get(member.key, `/api/v0/agent-sessions/waste?month=${month}`));
    expect(mine.total.sessions).toBe(1);
    expect(mine.agents).toEqual([{ agent: 'quarterdeck', sessions: 1, estimatedCost: mine.total.estimatedCost, patterns: ['abandoned'] }]);
    const empty = json(await get(org.owner.key, '/api/v0/agent-sessions/waste?month=2020-01'));
    expect(empty).toMatchObject({ month: '2020-01', total: { sessions: 0, estimatedCost: 0 }, repositories: [], agents: [] });
    expect(empty.patterns.every((row: { sessions: number }) => row.sessions === 0)).toBe(true);
    // Without a month: the current one.
    expect(json(await get(org.owner.key, '/api/v0/agent-sessions/waste')).month).toBe(new Date().toISOString().slice(0, 7));
  });

  it('keeps organizations apart, refuses guests and anonymous callers, and bad months', async () => {
    const elsewhere = json(await get(other.owner.key, `/api/v0/agent-sessions/waste?month=${month}`));
    expect(elsewhere.total.sessions).toBe(1);
    expect(elsewhere.agents.map((row: { agent: string }) => row.agent)).toEqual(['quarterdeck']);
    expectError(await get(org.users.guest.key, '/api/v0/agent-sessions/waste'), 403);
    expect((await server.app.inject({ method: 'GET', url: '/api/v0/agent-sessions/waste' })).statusCode).toBe(401);
    for (const bad of ['2026-13', '2026-1', 'december', '2026-00']) expectError(await get(org.owner.key, `/api/v0/agent-sessions/waste?month=${bad}`), 400);
  });
});

describe('timeline retention', () => {
  it('deletes the steps of sessions that ended before the setting’s days, keeps their figures, and ignores late records of them', async () => {
    const kept = await createOrganization(server, 'Retention Org');
    await ownSession(kept.owner, 'old', at, true);
    await ownSession(kept.owner, 'recent', Date.now() - HOUR, true);
    const patch = (key: string, body: object) => server.app.inject({ method: 'PATCH', url: '/api/v0/organization/enterprise-controls', headers: auth(key), payload: body });
    expectError(await patch(kept.owner.key, { agentSessionTimelineRetentionDays: 0 }), 400);
    expectError(await patch(kept.users.member.key, { agentSessionTimelineRetentionDays: 1 }), 403);
    expect((await patch(kept.owner.key, { agentSessionTimelineRetentionDays: 1 })).statusCode).toBe(200);
    const before = await byKey(kept.owner);
    // Three steps of the old session go; the other organizations keep theirs (no setting).
    expect(await deleteExpiredTimelines(server.store.db, server.app.log)).toBe(3);
    const stored = await server.store.db.selectFrom('agent_session_steps').select('session_id').where('organization_id', '=', kept.id).execute();
    expect(new Set(stored.map((row) => row.session_id))).toEqual(new Set([before.get('recent').id]));
    const old = json(await get(kept.owner.key, `/api/v0/agent-sessions/${before.get('old').id}`));
    expect(old.timeline).toEqual([]);
    const { timeline: _none, ...figures } = old;
    expect(figures).toEqual(before.get('old'));
    expect(json(await get(kept.owner.key, `/api/v0/agent-sessions/${before.get('recent').id}`)).timeline).toHaveLength(3);
    // A late record of the old session: stored, then deleted by the next pass; the figures do not move.
    const late = { id: 'old-late', type: 'user_message', timestamp: at + 500, sessionId: 'old', client: 'terminal-ui', autonomyMode: 'auto-low', repository: `https://${REPOSITORY}.git` };
    expect((await post(kept.owner.key, '/api/v1/telemetry/events', { events: [late] })).statusCode).toBe(202);
    expect((await byKey(kept.owner)).get('old')).toEqual(before.get('old'));
    expect(await deleteExpiredTimelines(server.store.db, server.app.log)).toBe(1);
    expect(await deleteExpiredTimelines(server.store.db, server.app.log)).toBe(0);
  });
});
