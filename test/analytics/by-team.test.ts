import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, eventArb, exportedEventArb, materialize, runRollups, sendEvents, type MaterializedEvent } from './helpers.js';
import { asCsvCells, csvRecords, parseCsv } from '../cli/helpers.js';
import { costOf, type RefEvent } from './reference.js';

// group_by=team on /tokens (with costs), /tools, /activity and /productivity (docs/analytics.md "The team dimension"), against a
// reference computed here from the events sent: overlapping teams (a member in two), an empty
// team, a member in none. A team counts each of its members' events once; the organization's
// rows count every event once, however many teams its user is in. Membership as it is now: a
// member added today brings their history.

let server: TestServer;
let org: TestOrganization;
let users: Caller[];
let sent: RefEvent[];
const teams: Record<'alpha' | 'beta' | 'empty', string> = { alpha: '', beta: '', empty: '' };
const members: Record<string, string[]> = {};
const START = daysAgo(6);
const END = daysAgo(1);
const RANGE = `startDate=${START}&endDate=${END}`;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = auth(org.users.manager.key)) =>
  server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const get = async (path: string) => {
  const response = await call('GET', `/api/v1/analytics/${path}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Record<string, unknown>[]; meta: unknown };
};

async function addMember(team: string, userId: string) {
  expect((await call('POST', `/api/v0/teams/${team}/members`, { userId })).statusCode).toBe(201);
  (members[team] ??= []).push(userId);
}

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: daysAgo(30) });
  org = await createOrganization(server);
  users = [org.users.owner, org.users.manager, org.users.member, org.users.guest];
  const generated = fc.sample(fc.oneof(eventArb(6, 100_000), exportedEventArb(6, 100_000)), { numRuns: 600, seed: 20261126 });
  const events: MaterializedEvent[] = generated.map((event) => materialize(event, users, 'team-'));
  await sendEvents(server, org, events);
  // The stored events: the first of each id (a repeated id is a duplicate).
  const seen = new Set<string>();
  sent = events.map((event) => event.ref).filter((event) => !seen.has(event.id) && seen.add(event.id));
  // The other organization's events and teams must not show.
  const other = await createOrganization(server, 'Other');
  await sendEvents(server, other, fc.sample(eventArb(6, 100_000), { numRuns: 50, seed: 7 }).map((event) => materialize(event, [other.owner], 'other-')));
  await call('POST', '/api/v0/teams', { name: 'Theirs' }, auth(other.owner.key));
  await runRollups(server);
  for (const name of ['alpha', 'beta', 'empty'] as const) teams[name] = (await call('POST', '/api/v0/teams', { name })).json().team.id;
  // alpha {owner, manager}, beta {manager, member}: the manager is in both; the guest in none.
  await addMember(teams.alpha, org.users.owner.id);
  await addMember(teams.alpha, org.users.manager.id);
  await addMember(teams.beta, org.users.manager.id);
  await addMember(teams.beta, org.users.member.id);
}, 120_000);
afterAll(async () => server.close());

// The reference: per day and user set, straight from the events.
const dayOf = (event: RefEvent) => new Date(event.timestamp).toISOString().slice(0, 10);
const inRange = (event: RefEvent) => dayOf(event) >= START && dayOf(event) <= END;
const micros = (event: RefEvent) =>
  Math.round((event.billableTokens ?? (event.inputTokens ?? 0) + (event.outputTokens ?? 0) + (event.cacheWriteTokens ?? 0) + 0.1 * (event.cacheReadTokens ?? 0)) * 1e6);

function referenceRows(kind: 'tokens' | 'tools' | 'activity' | 'productivity', teamIds: string[]) {
  const rows = [];
  for (const day of [...new Set(sent.filter(inRange).map(dayOf))].sort()) {
    for (const team of [...teamIds].sort()) {
      const events = sent.filter((event) => dayOf(event) === day && (members[team] ?? []).includes(event.userId));
      if (events.length === 0) continue;
      const name = Object.entries(teams).find(([, id]) => id === team)![0];
      const calls = events.filter((event) => event.type === 'model_call');
      const sum = (field: keyof RefEvent) => calls.reduce((total, event) => total + ((event[field] as number | undefined) ?? 0), 0);
      const count = (...types: string[]) => events.filter((event) => types.includes(event.type)).length;
      const ofType = (type: string) => events.filter((event) => event.type === type);
      const total = (type: string, field: keyof RefEvent) => ofType(type).reduce((sum, event) => sum + ((event[field] as number | undefined) ?? 0), 0);
      const key = { date: day, group_key: team, team_name: name };
      const figures = {
        tools: () => ({
          tool_calls: count('tool_call'),
          mcp_calls: ofType('tool_call').filter((event) => event.mcpServer !== undefined).length,
          skills_invocations: count('skill'),
          slash_commands_invocations: count('slash_command'),
          hooks_invocations: count('hook'),
          decisions_accepted: ofType('tool_decision').filter((event) => event.decision === 'accept').length,
          decisions_rejected: ofType('tool_decision').filter((event) => event.decision === 'reject').length,
        }),
        productivity: () => ({
          files_created: count('file_created'),
          files_edited: count('file_edited'),
          git_commits: count('git_commit'),
          git_prs_created: count('pr_created'),
          lines_added: total('lines_changed', 'linesAdded'),
          lines_removed: total('lines_changed', 'linesRemoved'),
        }),
      };
      if (kind === 'tools' || kind === 'productivity') {
        rows.push({ ...key, ...figures[kind]() });
        continue;
      }
      rows.push(
        kind === 'tokens'
          ? {
              date: day,
              group_key: team,
              team_name: name,
              billable_tokens: calls.reduce((total, event) => total + micros(event), 0) / 1e6,
              input_tokens: sum('inputTokens'),
              output_tokens: sum('outputTokens'),
              cache_read_tokens: sum('cacheReadTokens'),
              cache_write_tokens: sum('cacheWriteTokens'),
              // The sum of the members' costs: each member's own groups, whatever the team.
              ...costOf(calls),
            }
          : {
              date: day,
              group_key: team,
              team_name: name,
              daily_active_users: new Set(events.map((event) => event.userId)).size,
              sessions: count('session_start'),
              messages: count('user_message', 'assistant_message'),
              user_messages: count('user_message'),
            },
      );
    }
  }
  return rows;
}

describe('group_by=team', () => {
  it('each endpoint: each team from its members\' events, an empty team nowhere', async () => {
    const all = Object.values(teams);
    for (const kind of ['tokens', 'tools', 'activity', 'productivity'] as const) expect((await get(`${kind}?${RANGE}&group_by=team`)).data, kind).toEqual(referenceRows(kind, all));
    expect(referenceRows('tokens', all).length).toBeGreaterThan(5);
    // The data has every kind of figure somewhere, so a figure summed wrong would show.
    for (const kind of ['tools', 'productivity'] as const) {
      for (const [field, value] of Object.entries(referenceRows(kind, all)[0]!)) {
        if (typeof value === 'number') expect(referenceRows(kind, all).some((row) => (row as Record<string, unknown>)[field] !== 0), field).toBe(true);
      }
    }
  });

  it('the organization counts every event once, while the teams overlap', async () => {
    const tokens = (await get(`tokens?${RANGE}`)).data;
    const byTeam = (await get(`tokens?${RANGE}&group_by=team`)).data;
    const organization = sent.filter((event) => inRange(event) && event.type === 'model_call').reduce((total, event) => total + micros(event), 0);
    expect(tokens.reduce((total, row) => total + Math.round((row.billable_tokens as number) * 1e6), 0)).toBe(organization);
    // The manager's events are in both teams: the teams add up to more than the organization's
    // members in teams, and each team alone never exceeds the organization.
    const teamSum = byTeam.reduce((total, row) => total + Math.round((row.billable_tokens as number) * 1e6), 0);
    const inTeams = sent.filter((event) => inRange(event) && event.type === 'model_call' && event.userId !== org.users.guest.id).reduce((total, event) => total + micros(event), 0);
    const managers = sent.filter((event) => inRange(event) && event.type === 'model_call' && event.userId === org.users.manager.id).reduce((total, event) => total + micros(event), 0);
    expect(teamSum).toBe(inTeams + managers);
  });

  it('team_id keeps one team; another organization\'s team or an unknown one is 404', async () => {
    expect((await get(`tokens?${RANGE}&group_by=team&team_id=${teams.beta}`)).data).toEqual(referenceRows('tokens', [teams.beta]));
    expect((await get(`activity?${RANGE}&group_by=team&team_id=${teams.empty}`)).data).toEqual([]);
    expectError(await call('GET', `/api/v1/analytics/tokens?${RANGE}&group_by=team&team_id=team_nope`), 404);
    const theirs = await createOrganization(server, 'Theirs');
    const theirTeam = (await call('POST', '/api/v0/teams', { name: 'x' }, auth(theirs.owner.key))).json().team.id;
    expectError(await call('GET', `/api/v1/analytics/tokens?${RANGE}&group_by=team&team_id=${theirTeam}`), 404);
    expectError(await call('GET', `/api/v1/analytics/tokens?${RANGE}&team_id=${teams.beta}`), 400);
    expectError(await call('GET', `/api/v1/analytics/productivity?${RANGE}&group_by=teams`), 400);
    expectError(await call('GET', `/api/v1/analytics/tokens?${RANGE}&group_by=Team`), 400);
    expectError(await call('GET', `/api/v1/analytics/tokens?${RANGE}&group_by=team`, undefined, auth(org.users.member.key)), 403);
  });

  it('follows membership as it is now: a member added brings their history, one removed takes it away', async () => {
    await addMember(teams.empty, org.users.guest.id);
    expect((await get(`tokens?${RANGE}&group_by=team&team_id=${teams.empty}`)).data).toEqual(referenceRows('tokens', [teams.empty]));
    expect(referenceRows('tokens', [teams.empty]).length).toBeGreaterThan(0);
    expect((await call('DELETE', `/api/v0/teams/${teams.empty}/members/${org.users.guest.id}`)).statusCode).toBe(204);
    members[teams.empty] = [];
    expect((await get(`activity?${RANGE}&group_by=team&team_id=${teams.empty}`)).data).toEqual([]);
  });

  it('leaves the cost out of a day while a member row of it has none (written before costs), until the rollup computes it again', async () => {
    const [row] = (await get(`tokens?${RANGE}&group_by=team&team_id=${teams.alpha}`)).data;
    // A row written before costs was written before the rows' digests too (migrations/0036).
    await server.store.db.updateTable('analytics_user_daily').set({ cost_micros: null, digest: null }).where('organization_id', '=', org.id).where('day', '=', row!.date as string).where('user_id', '=', org.users.owner.id).execute();
    const [uncosted] = (await get(`tokens?${RANGE}&group_by=team&team_id=${teams.alpha}`)).data;
    expect(uncosted).not.toHaveProperty('cost');
    expect(uncosted).not.toHaveProperty('unpriced_models');
    expect(uncosted).toEqual(Object.fromEntries(Object.entries(row!).filter(([field]) => field !== 'cost' && field !== 'unpriced_models')));
    await server.store.db.insertInto('analytics_pending_days').values({ organization_id: org.id, day: row!.date as string }).onConflict((conflict) => conflict.doNothing()).execute();
    await runRollups(server);
    expect((await get(`tokens?${RANGE}&group_by=team&team_id=${teams.alpha}`)).data[0]).toEqual(row);
  });

  it('answers CSV with the same figures', async () => {
    const response = await call('GET', `/api/v1/analytics/tokens?${RANGE}&group_by=team&team_id=${teams.alpha}`, undefined, { ...auth(org.users.manager.key), accept: 'text/csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-currency']).toBe('USD');
    expect(parseCsv(response.body)[0]).toEqual(['date', 'group_key', 'team_name', 'billable_tokens', 'input_tokens', 'output_tokens', 'cache_read_tokens', 'cache_write_tokens', 'cost', 'unpriced_models', 'reported_cost_usd']);
    expect(csvRecords(response.body)).toEqual(referenceRows('tokens', [teams.alpha]).map(asCsvCells));
  });
});
