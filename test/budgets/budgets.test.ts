import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGERS } from '../../src/domain/roles.js';
import { authMatrix, type MatrixContext } from '../helpers/auth-matrix.js';
import { auth, createOrganization, expectError, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { postEvents, runRollups } from '../analytics/helpers.js';

// Budgets through the v0 API (docs/budgets.md): create, read, change, delete; one per scope;
// validation; the month's spend in credits and in money against the events this test sends
// (earlier days aggregated by the rollup, today's from the raw events), its forecast, and the
// members' limits; roles (owner and manager only) and tenancy.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
}, 60_000);
afterAll(async () => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const request = (method: Method, url: string, key: string, payload?: object) => server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });
async function ok(method: Method, url: string, key: string, payload?: object, status = 200) {
  const response = await request(method, url, key, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
const createBudget = async (org: TestOrganization, payload: object) => (await ok('POST', '/api/v0/budgets', org.owner.key, payload, 201)).budget;
const createTeam = async (org: TestOrganization, name: string, members: Caller[]) => {
  const team = (await ok('POST', '/api/v0/teams', org.owner.key, { name }, 201)).team;
  for (const member of members) await ok('POST', `/api/v0/teams/${team.id}/members`, org.owner.key, { userId: member.id }, 201);
  return team.id as string;
};

/** The days of this UTC month before today (at most `n`, the latest), and today. */
const today = new Date().toISOString().slice(0, 10);
const earlierDays = (n: number) => {
  const days: string[] = [];
  for (let d = Number(today.slice(8, 10)) - 1; d >= 1 && days.length < n; d -= 1) days.unshift(`${today.slice(0, 8)}${String(d).padStart(2, '0')}`);
  return days;
};

// The test's own model and price: per million tokens, so a token costs this many micro-units.
const MODEL = 'budget-test-model';
const PRICE = { input: 3, output: 15, cacheRead: 0.5, cacheWrite: 4 };

interface Usage {
  user: Caller;
  day: string;
  credits: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}
let eventSequence = 0;
async function send(org: TestOrganization, usages: Usage[]) {
  const now = Date.now();
  const events = usages.map((usage) => ({
    id: `budget-${(eventSequence += 1)}-${now}`,
    type: 'model_call',
    timestamp: usage.day === today ? new Date(now - 1000).toISOString() : `${usage.day}T12:00:00Z`,
    sessionId: 'budget-session',
    client: 'terminal-ui',
    userId: usage.user.id,
    modelId: MODEL,
    modelTier: 'standard',
    inputTokens: usage.input,
    outputTokens: usage.output,
    cacheReadTokens: usage.cacheRead,
    cacheWriteTokens: usage.cacheWrite,
    billableTokens: usage.credits,
  }));
  const response = await postEvents(server, org.owner.key, events);
  expect(response.statusCode, response.body).toBe(202);
}

/** The reference cost: each user's day's token sums times the prices, rounded once to a micro-unit (docs/prices.md). */
function referenceCost(usages: Usage[], discount = 1): number {
  const sums = new Map<string, { input: number; output: number; cacheRead: number; cacheWrite: number }>();
  for (const usage of usages) {
    const key = `${usage.user.id}/${usage.day}`;
    const sum = sums.get(key) ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
    sum.input += usage.input;
    sum.output += usage.output;
    sum.cacheRead += usage.cacheRead;
    sum.cacheWrite += usage.cacheWrite;
    sums.set(key, sum);
  }
  let micros = 0;
  for (const sum of sums.values()) micros += Math.round((sum.input * PRICE.input + sum.output * PRICE.output + sum.cacheRead * PRICE.cacheRead + sum.cacheWrite * PRICE.cacheWrite) * discount);
  return micros / 1e6;
}

const creditsOf = (list: Usage[]) => Math.round(list.reduce((sum, usage) => sum + usage.credits * 1e6, 0)) / 1e6;

/** The month-end forecast of these credits, computed here: spent + the average of the month's last (up to) seven whole days times what is left of it. */
function referenceForecast(usages: Usage[]): number {
  const now = new Date();
  const daysInMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
  const elapsed = Number(today.slice(8, 10)) - 1 + (now.getTime() - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  const spent = creditsOf(usages);
  const window = earlierDays(7);
  const rate = window.length > 0 ? window.reduce((sum, day) => sum + creditsOf(usages.filter((usage) => usage.day === day)), 0) / window.length : spent / Math.max(1 / 24, elapsed);
  return spent + rate * (daysInMonth - elapsed);
}

describe('budgets', () => {
  it('creates, reads, changes and deletes budgets, one per scope', async () => {
    const org = await createOrganization(server);
    const teamId = await createTeam(org, 'Platform', [org.users.member]);
    const budget = await createBudget(org, { scope: 'organization', unit: 'money', amount: 250.5 });
    expect(budget).toMatchObject({ scope: 'organization', teamId: null, unit: 'money', currency: 'USD', amount: 250.5, thresholds: [50, 80, 100], spent: 0, forecast: 0, percent: 0, thresholdsReached: [], crossings: [] });
    expect(budget.id).toMatch(/^bdg_/);
    expect(budget.month).toBe(today.slice(0, 7));
    expectError(await request('POST', '/api/v0/budgets', org.users.manager.key, { scope: 'organization', unit: 'credits', amount: 10 }), 409);

    const team = await createBudget(org, { scope: 'team', teamId, unit: 'credits', amount: 1000, thresholds: [100, 25, 25, 75] });
    expect(team).toMatchObject({ scope: 'team', teamId, unit: 'credits', currency: null, thresholds: [25, 75, 100] });
    expectError(await request('POST', '/api/v0/budgets', org.owner.key, { scope: 'team', teamId, unit: 'money', amount: 1 }), 409);

    expect((await ok('GET', `/api/v0/budgets/${team.id}`, org.users.manager.key)).budget).toEqual(team);
    const listed = (await ok('GET', '/api/v0/budgets', org.owner.key)).budgets;
    expect(listed.map((b: { id: string }) => b.id)).toEqual([budget.id, team.id]);

    const changed = (await ok('PATCH', `/api/v0/budgets/${team.id}`, org.owner.key, { amount: 2000, thresholds: [90] })).budget;
    expect(changed).toMatchObject({ amount: 2000, thresholds: [90], scope: 'team', unit: 'credits' });
    expect(changed.updatedAt).toBeGreaterThanOrEqual(team.updatedAt);

    expect((await request('DELETE', `/api/v0/budgets/${budget.id}`, org.owner.key)).statusCode).toBe(204);
    expectError(await request('GET', `/api/v0/budgets/${budget.id}`, org.owner.key), 404);
    expectError(await request('DELETE', `/api/v0/budgets/${budget.id}`, org.owner.key), 404);
    expectError(await request('PATCH', `/api/v0/budgets/${budget.id}`, org.owner.key, { amount: 1 }), 404);
    // The organization's scope is free again; deleting the team deletes its budget.
    await createBudget(org, { scope: 'organization', unit: 'credits', amount: 5 });
    expect((await request('DELETE', `/api/v0/teams/${teamId}`, org.owner.key)).statusCode).toBe(204);
    expectError(await request('GET', `/api/v0/budgets/${team.id}`, org.owner.key), 404);
  });

  it('rejects bad input with the error body, writing nothing', async () => {
    const org = await createOrganization(server);
    const other = await createOrganization(server, 'Other');
    const foreignTeam = await createTeam(other, 'Theirs', []);
    for (const body of [
      {},
      { scope: 'organization', unit: 'credits' },
      { scope: 'organization', unit: 'credits', amount: 0 },
      { scope: 'organization', unit: 'credits', amount: -5 },
      { scope: 'organization', unit: 'credits', amount: '10' },
      { scope: 'organization', unit: 'credits', amount: 1e12 },
      { scope: 'organization', unit: 'dollars', amount: 10 },
      { scope: 'company', unit: 'credits', amount: 10 },
      { scope: 'organization', unit: 'credits', amount: 10, thresholds: [] },
      { scope: 'organization', unit: 'credits', amount: 10, thresholds: [0] },
      { scope: 'organization', unit: 'credits', amount: 10, thresholds: [1001] },
      { scope: 'organization', unit: 'credits', amount: 10, thresholds: [50.5] },
      { scope: 'organization', unit: 'credits', amount: 10, extra: true },
      { scope: 'organization', unit: 'credits', amount: 10, teamId: foreignTeam },
      { scope: 'team', unit: 'credits', amount: 10 },
    ]) {
      expectError(await request('POST', '/api/v0/budgets', org.owner.key, body), 400);
    }
    // Another organization's team, or none: not found.
    expectError(await request('POST', '/api/v0/budgets', org.owner.key, { scope: 'team', teamId: foreignTeam, unit: 'credits', amount: 10 }), 404);
    expectError(await request('POST', '/api/v0/budgets', org.owner.key, { scope: 'team', teamId: 'team_nope', unit: 'credits', amount: 10 }), 404);
    expect((await ok('GET', '/api/v0/budgets', org.owner.key)).budgets).toEqual([]);
    const budget = await createBudget(org, { scope: 'organization', unit: 'credits', amount: 10 });
    for (const body of [{}, { amount: 0 }, { unit: 'money' }, { scope: 'team' }, { thresholds: [2000] }]) {
      expectError(await request('PATCH', `/api/v0/budgets/${budget.id}`, org.owner.key, body), 400);
    }
    expectError(await request('GET', '/api/v0/budgets/members?sort=name', org.owner.key), 400);
    expect((await ok('GET', `/api/v0/budgets/${budget.id}`, org.owner.key)).budget).toMatchObject({ amount: 10, thresholds: [50, 80, 100] });
  });

  it("counts the month's credits and cost of the organization and of a team's members, aggregated days and today's alike", async () => {
    const org = await createOrganization(server);
    const { owner, manager, member } = org.users;
    expect((await request('PUT', '/api/v0/organization/prices/models', owner.key, { models: [{ modelId: MODEL, prices: PRICE }] })).statusCode).toBe(200);
    const days = [...earlierDays(9), today];
    // Member in two teams; the manager in one; the owner in none.
    const alpha = await createTeam(org, 'Alpha', [member, manager]);
    const beta = await createTeam(org, 'Beta', [member]);
    const usages: Usage[] = days.flatMap((day, i) => [
      { user: member, day, credits: 10 + i, input: 1000 * (i + 1), output: 333, cacheRead: 77, cacheWrite: 5 },
      { user: manager, day, credits: 2.5, input: 50, output: 7, cacheRead: 0, cacheWrite: 1 },
      { user: owner, day, credits: 1.25, input: 10_000, output: 0, cacheRead: 3, cacheWrite: 0 },
    ]);
    await send(org, usages.filter((usage) => usage.day !== today));
    await runRollups(server);
    await send(org, usages.filter((usage) => usage.day === today));

    const orgMoney = await createBudget(org, { scope: 'organization', unit: 'money', amount: 1 });
    const alphaCredits = await createBudget(org, { scope: 'team', teamId: alpha, unit: 'credits', amount: 100 });
    const betaMoney = await createBudget(org, { scope: 'team', teamId: beta, unit: 'money', amount: 0.5 });
    const of = (users: Caller[]) => usages.filter((usage) => users.includes(usage.user));

    const budgets = new Map<string, { spent: number; percent: number; forecast: number; thresholdsReached: number[] }>((await ok('GET', '/api/v0/budgets', manager.key)).budgets.map((b: { id: string }) => [b.id, b]));
    expect(budgets.get(orgMoney.id)!.spent).toBeCloseTo(referenceCost(usages), 6);
    expect(budgets.get(alphaCredits.id)!.spent).toBeCloseTo(creditsOf(of([member, manager])), 6);
    expect(budgets.get(betaMoney.id)!.spent).toBeCloseTo(referenceCost(of([member])), 6);
    const betaSpent = referenceCost(of([member]));
    expect(budgets.get(betaMoney.id)!.percent).toBeCloseTo(Math.round((betaSpent / 0.5) * 10_000) / 100, 2);
    expect(budgets.get(betaMoney.id)!.thresholdsReached).toEqual([50, 80, 100].filter((t) => betaSpent * 100 >= 0.5 * t));

    expect(budgets.get(alphaCredits.id)!.forecast).toBeCloseTo(referenceForecast(of([member, manager])), 2);

    // A change of the discount re-prices the month, aggregated days (after the rollup) and today alike.
    expect((await request('PATCH', '/api/v0/organization/prices', owner.key, { discount: 0.5 })).statusCode).toBe(200);
    await runRollups(server);
    const discounted = (await ok('GET', `/api/v0/budgets/${orgMoney.id}`, owner.key)).budget;
    expect(discounted.spent).toBeCloseTo(referenceCost(usages, 0.5), 6);
    // Another currency: the organization's own prices still apply (docs/prices.md), and the budget says which currency.
    expect((await request('PATCH', '/api/v0/organization/prices', owner.key, { currency: 'EUR' })).statusCode).toBe(200);
    await runRollups(server);
    expect((await ok('GET', `/api/v0/budgets/${orgMoney.id}`, owner.key)).budget).toMatchObject({ currency: 'EUR', spent: discounted.spent });
  });

  it("lists members with a limit, what they used and their forecast, sorted", async () => {
    const org = await createOrganization(server);
    const { owner, manager, member, guest } = org.users;
    expect((await request('PUT', '/api/v0/organization/usage/limits/global', owner.key, { limit: 100 })).statusCode).toBe(200);
    expect((await request('PUT', '/api/v0/organization/usage/limits/users', owner.key, { users: [{ email: member.email, limit: 40 }, { email: guest.email, limit: 0 }] })).statusCode).toBe(200);
    const earlier: Usage[] = earlierDays(3).map((day, i) => ({ user: member, day, credits: 2 + i, input: 1, output: 0, cacheRead: 0, cacheWrite: 0 }));
    await send(org, earlier);
    await runRollups(server);
    const todays: Usage[] = [
      { user: member, day: today, credits: 30 - creditsOf(earlier), input: 1, output: 0, cacheRead: 0, cacheWrite: 0 },
      { user: manager, day: today, credits: 50, input: 1, output: 0, cacheRead: 0, cacheWrite: 0 },
    ];
    await send(org, todays);
    const byPercent = await ok('GET', '/api/v0/budgets/members', manager.key);
    expect(byPercent.month).toBe(today.slice(0, 7));
    expect(byPercent.members.map((m: { email: string }) => m.email)).toEqual([guest.email, member.email, manager.email, owner.email]);
    expect(byPercent.members[1]).toMatchObject({ userId: member.id, limit: 40, used: 30, percent: 75 });
    expect(byPercent.members[0]).toMatchObject({ limit: 0, used: 0, percent: 100 });
    expect(byPercent.members[1].forecast).toBeCloseTo(referenceForecast([...earlier, todays[0]!]), 2);
    expect(byPercent.members[2].forecast).toBeCloseTo(referenceForecast([todays[1]!]), 2);
    const byUsed = await ok('GET', '/api/v0/budgets/members?sort=used', owner.key);
    expect(byUsed.members.map((m: { email: string }) => m.email).slice(0, 2)).toEqual([manager.email, member.email]);
    const byForecast = await ok('GET', '/api/v0/budgets/members?sort=forecast', owner.key);
    expect(byForecast.members.map((m: { forecast: number }) => m.forecast)).toEqual([...byForecast.members.map((m: { forecast: number }) => m.forecast)].sort((a, b) => b - a));
  });
});

// Roles and tenancy: owner and manager only; another organization's budget 404.
const budgetOf = async ({ server, org }: Pick<MatrixContext, 'server' | 'org'>) => {
  const existing = await server.app.inject({ method: 'GET', url: '/api/v0/budgets', headers: auth(org.owner.key) });
  const found = existing.json().budgets[0]?.id as string | undefined;
  if (found) return found;
  return (await server.app.inject({ method: 'POST', url: '/api/v0/budgets', headers: auth(org.owner.key), payload: { scope: 'organization', unit: 'credits', amount: 100 } })).json().budget.id as string;
};
const foreign = async (ctx: MatrixContext) => `/api/v0/budgets/${await budgetOf({ ...ctx, org: ctx.other })}`;
authMatrix([
  { method: 'GET', url: '/api/v0/budgets', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: '/api/v0/budgets/members', credentials: 'apiKeyOrJwt', roles: MANAGERS },
  {
    method: 'POST',
    url: '/api/v0/budgets',
    payload: async (ctx: MatrixContext) => {
      const team = await ctx.server.app.inject({ method: 'POST', url: '/api/v0/teams', headers: auth(ctx.org.owner.key), payload: { name: `t-${Math.random()}` } });
      return { scope: 'team', teamId: team.json().team.id, unit: 'credits', amount: 10 };
    },
    credentials: 'apiKeyOrJwt',
    roles: MANAGERS,
  },
  { method: 'GET', url: async (ctx) => `/api/v0/budgets/${await budgetOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: foreign },
  { method: 'PATCH', url: async (ctx) => `/api/v0/budgets/${await budgetOf(ctx)}`, payload: () => ({ amount: 200 }), credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: foreign },
  { method: 'DELETE', url: async (ctx) => `/api/v0/budgets/${await budgetOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: foreign },
]);
