import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../src/telemetry/ingest.js';
import type { TelemetryEvent } from '../../src/telemetry/events.js';
import { auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, postEvents, runRollups } from './helpers.js';

// The agent product as a dimension (group_by=agent on the four per-day endpoints), and the rules
// for what exporters leave out (client, autonomy): worked by hand on one day of three agents'
// events — Quarterdeck's own client (no agent), Claude Code through the events endpoint, Codex
// through recordEvents (the path of OpenTelemetry translations) without client or autonomy.

let server: TestServer;
let org: TestOrganization;
const DAY = daysAgo(2);
const RANGE = `startDate=${daysAgo(3)}&endDate=${daysAgo(1)}`;

let sequence = 0;
const at = (extra: Record<string, unknown>) => ({ id: `a-${++sequence}`, timestamp: `${DAY}T09:00:00Z`, ...extra });
const call = (extra: Record<string, unknown>) => ({ type: 'model_call', modelId: 'm', modelTier: 'standard', cacheReadTokens: 0, cacheWriteTokens: 0, ...extra });

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: daysAgo(20) });
  org = await createOrganization(server);
  const { owner, member, manager, guest } = org.users;
  const own = { sessionId: 'own', client: 'terminal-ui' };
  const claude = { sessionId: 'claude', client: 'terminal-ui', agent: 'claude-code', userId: member.id };
  const events = [
    at({ ...own, type: 'session_start' }),
    at({ ...own, type: 'user_message', autonomyMode: 'spec' }),
    at({ ...own, type: 'tool_call', tool: 'Read', autonomyLevel: 'manual' }),
    at({ ...own, ...call({ inputTokens: 100, outputTokens: 50, billableTokens: 10 }) }),
    at({ ...claude, type: 'session_start' }),
    at({ ...claude, type: 'user_message', autonomyMode: 'auto-high' }),
    at({ ...claude, ...call({ inputTokens: 10, outputTokens: 5, cacheReadTokens: 1, billableTokens: 2.5, reportedCostUsd: 0.0123 }) }),
    // Below half a micro-dollar: kept as 0, yet a reported cost.
    at({ ...claude, ...call({ inputTokens: 20, outputTokens: 5, cacheWriteTokens: 3, billableTokens: 1.5, reportedCostUsd: 0.0000004 }) }),
    at({ ...claude, type: 'tool_call', tool: 'Edit', mcpServer: 'github', autonomyLevel: 'auto_high' }),
    at({ ...claude, type: 'tool_decision', tool: 'Edit', decision: 'accept' }),
    at({ ...claude, type: 'lines_changed', linesAdded: 10, linesRemoved: 2 }),
    at({ ...claude, type: 'file_edited', path: 'a.ts', language: 'typescript' }),
  ];
  expect((await postEvents(server, owner.key, events)).statusCode).toBe(202);
  const codex = { sessionId: 'codex', agent: 'codex' };
  const exported = [
    at({ ...codex, type: 'user_message' }),
    at({ ...codex, type: 'user_message' }),
    at({ ...codex, type: 'tool_call', tool: 'Bash' }),
    at({ ...codex, ...call({ inputTokens: 7, outputTokens: 3, billableTokens: 1 }) }),
    at({ ...codex, type: 'tool_decision', tool: 'Bash', decision: 'reject' }),
    at({ ...codex, type: 'lines_changed', linesAdded: 5, linesRemoved: 7 }),
    at({ ...codex, type: 'git_commit' }),
  ];
  await recordEvents(server.store.db, server.config.modelCatalogue, org.id, manager.id, exported as TelemetryEvent[]);
  // A user whose only event is one of the new types: active, and in no other figure.
  await recordEvents(server.store.db, server.config.modelCatalogue, org.id, guest.id, [at({ ...codex, sessionId: 'lines', type: 'lines_changed', linesAdded: 3, linesRemoved: 0 })] as TelemetryEvent[]);
  await runRollups(server);
}, 60_000);
afterAll(async () => server.close());

const get = async (path: string, key = org.users.manager.key) => {
  const response = await server.app.inject({ url: `/api/v1/analytics/${path}`, headers: auth(key) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Record<string, unknown>[]; meta: unknown };
};
const group = (group_key: string, figures: Record<string, unknown>) => ({ date: DAY, group_key, ...figures });

describe('group_by=agent', () => {
  it('tokens: per agent product present that day, (none) for events without one, reported cost null when none was reported', async () => {
    const body = await get(`tokens?${RANGE}&group_by=agent`);
    expect(body.meta).toEqual({ org_id: org.id, start_date: daysAgo(3), end_date: daysAgo(1), currency: 'USD' });
    expect(body.data).toEqual([
      // Model `m` has no price: no cost is counted, and the rows name it.
      group('(none)', { billable_tokens: 10, input_tokens: 100, output_tokens: 50, cache_read_tokens: 0, cache_write_tokens: 0, cost: 0, unpriced_models: ['m'], reported_cost_usd: null }),
      group('claude-code', { billable_tokens: 4, input_tokens: 30, output_tokens: 10, cache_read_tokens: 1, cache_write_tokens: 3, cost: 0, unpriced_models: ['m'], reported_cost_usd: 0.0123 }),
      group('codex', { billable_tokens: 1, input_tokens: 7, output_tokens: 3, cache_read_tokens: 0, cache_write_tokens: 0, cost: 0, unpriced_models: ['m'], reported_cost_usd: null }),
    ]);
  });

  it('tools: calls, MCP calls, skills, commands, hooks and accept/reject decisions', async () => {
    const none = { skills_invocations: 0, slash_commands_invocations: 0, hooks_invocations: 0 };
    expect((await get(`tools?${RANGE}&group_by=agent`)).data).toEqual([
      group('(none)', { tool_calls: 1, mcp_calls: 0, ...none, decisions_accepted: 0, decisions_rejected: 0 }),
      group('claude-code', { tool_calls: 1, mcp_calls: 1, ...none, decisions_accepted: 1, decisions_rejected: 0 }),
      group('codex', { tool_calls: 1, mcp_calls: 0, ...none, decisions_accepted: 0, decisions_rejected: 1 }),
    ]);
  });

  it('activity: active users with any event of the agent, sessions, messages', async () => {
    expect((await get(`activity?${RANGE}&group_by=agent`)).data).toEqual([
      group('(none)', { daily_active_users: 1, sessions: 1, messages: 1, user_messages: 1 }),
      group('claude-code', { daily_active_users: 1, sessions: 1, messages: 1, user_messages: 1 }),
      group('codex', { daily_active_users: 2, sessions: 0, messages: 2, user_messages: 2 }),
    ]);
  });

  it('productivity: files, commits, pull requests, lines added and removed', async () => {
    const zero = { files_created: 0, files_edited: 0, git_commits: 0, git_prs_created: 0 };
    expect((await get(`productivity?${RANGE}&group_by=agent`)).data).toEqual([
      group('(none)', { ...zero, lines_added: 0, lines_removed: 0 }),
      group('claude-code', { ...zero, files_edited: 1, lines_added: 10, lines_removed: 2 }),
      group('codex', { ...zero, git_commits: 1, lines_added: 8, lines_removed: 7 }),
    ]);
  });

  it('answers CSV with an empty cell for an unknown cost', async () => {
    const response = await server.app.inject({ url: `/api/v1/analytics/tokens?${RANGE}&group_by=agent`, headers: { ...auth(org.owner.key), accept: 'text/csv' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.split('\r\n')).toEqual([
      'date,group_key,billable_tokens,input_tokens,output_tokens,cache_read_tokens,cache_write_tokens,cost,unpriced_models,reported_cost_usd',
      `${DAY},(none),10,100,50,0,0,0,"[""m""]",`,
      `${DAY},claude-code,4,30,10,1,3,0,"[""m""]",0.0123`,
      `${DAY},codex,1,7,3,0,0,0,"[""m""]",`,
      '',
    ]);
  });

  it('has no rows for days without events, nor for a range before the history start', async () => {
    expect((await get(`activity?startDate=${daysAgo(1)}&endDate=${daysAgo(1)}&group_by=agent`)).data).toEqual([]);
    expect((await get(`tools?startDate=${daysAgo(40)}&endDate=${daysAgo(30)}&group_by=agent`)).data).toEqual([]);
  });

  it('is for owners and managers only, and 400 for a value of another endpoint', async () => {
    for (const key of [org.users.member.key, org.users.guest.key]) expectError(await server.app.inject({ url: `/api/v1/analytics/tokens?${RANGE}&group_by=agent`, headers: auth(key) }), 403);
    expectError(await server.app.inject({ url: `/api/v1/analytics/productivity?${RANGE}&group_by=client`, headers: auth(org.owner.key) }), 400);
  });
});

describe('what exporters leave out', () => {
  const dayRow = async (path: string) => (await get(path)).data.find((row) => row.date === DAY)!;

  it('an event without client counts as activity, in no client', async () => {
    const activity = await dayRow(`activity?${RANGE}`);
    expect(activity).toMatchObject({ daily_active_users: 4, daily_active_users_by_client: { 'terminal-ui': 2, web: 0, 'non-interactive-cli': 0 }, sessions: 2, messages: 4, user_messages: 4 });
    expect((await get(`activity?${RANGE}&group_by=client`)).data).toEqual([{ date: DAY, group_key: 'terminal-ui', daily_active_users: 2 }]);
  });

  it('tool autonomy level ratio over the calls that say a level', async () => {
    const tools = await dayRow(`tools?${RANGE}`);
    expect(tools).toMatchObject({ tool_calls: 3, tool_autonomy_level_ratio: { auto_high: 0.5, auto_medium: 0, auto_low: 0, manual: 0.5 } });
  });

  it("a user's messages without a mode make no delegation level (manual); a user with only new event types has a row of zeros", async () => {
    const rows = (await get(`users?${RANGE}`)).data;
    const of = (id: string) => rows.find((row) => row.user_id === id)!;
    expect(of(org.users.manager.id)).toMatchObject({ user_messages: 2, tool_calls: 1, autonomy_ratio: 0.5, delegation_level: 'manual', git_commits: 1 });
    expect(of(org.users.member.id)).toMatchObject({ delegation_level: 'auto-high', mcp_calls: 1 });
    expect(of(org.users.guest.id)).toMatchObject({ tool_calls: 0, billable_tokens: 0, messages: 0, sessions: 0, primary_model: '', delegation_level: 'manual', languages: [] });
  });
});
