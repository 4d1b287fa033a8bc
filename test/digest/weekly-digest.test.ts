import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/db/store.js';
import { addDays } from '../../src/domain/dates.js';
import { lastEndedWeek, weeklyDigest, type DigestDay } from '../../src/domain/weekly-digest.js';
import { sendWeeklyDigests } from '../../src/jobs/weekly-digest.js';
import { DATASET_PRICES } from '../analytics/reference.js';
import { runRollups } from '../analytics/helpers.js';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// The weekly digest (docs/webhooks.md, "The weekly digest"): which week, its figures against a
// reference computed here from the events sent, spikes against the four weeks before, and one
// `digest` event per organization and week however many passes and replicas compute it.

describe('the last ended week', () => {
  it('is Monday to Sunday (UTC) of the week before the current one', () => {
    expect(lastEndedWeek(new Date('2026-11-25T12:00:00Z'))).toEqual({ start: '2026-11-16', end: '2026-11-22' }); // a Wednesday
    expect(lastEndedWeek(new Date('2026-11-23T00:00:00Z'))).toEqual({ start: '2026-11-16', end: '2026-11-22' }); // Monday, midnight
    expect(lastEndedWeek(new Date('2026-11-22T23:59:59Z'))).toEqual({ start: '2026-11-09', end: '2026-11-15' }); // Sunday night
    expect(lastEndedWeek(new Date('2027-01-01T08:00:00Z'))).toEqual({ start: '2026-12-21', end: '2026-12-27' }); // across a year
  });
});

describe('the digest of a week', () => {
  const week = { start: '2026-11-16', end: '2026-11-22' };
  const day = (date: string, models: Record<string, number>): DigestDay => ({
    date,
    billable_tokens: Object.values(models).reduce((a, b) => a + b, 0),
    by_model: Object.entries(models).map(([model_id, billable_tokens]) => ({ model_id, billable_tokens })),
    by_user: [],
  });
  const digestOf = (days: DigestDay[]) => weeklyDigest({ week, currency: 'USD', days, repositories: [], teamDays: [] });

  it('is none for a week without model calls', () => {
    expect(digestOf([day('2026-11-09', { a: 100 })])).toBeNull();
    expect(digestOf([day('2026-11-17', {})])).toBeNull();
  });

  it('finds spikes against the mean of the four weeks before, weeks without usage counted as 0', () => {
    // a: 100 in each of the four weeks before, 150 now (x1.5: a spike); b: 400 in one week (mean 100), 140 now (x1.4: none);
    // c: new this week (no mean: no spike). The total: 800 before (mean 200), 390 now (x1.95).
    const digest = digestOf([
      ...['2026-10-19', '2026-10-26', '2026-11-02', '2026-11-09'].map((date) => day(date, { a: 100 })),
      day('2026-11-12', { b: 400 }),
      day('2026-10-18', { a: 1_000_000 }), // five weeks before: left out
      day('2026-11-16', { a: 150 }),
      day('2026-11-22', { b: 140, c: 100 }),
    ])!;
    expect(digest.billableTokens).toBe(390);
    expect(digest.spikes).toEqual([
      { modelId: null, billableTokens: 390, trailingWeeklyMean: 200, ratio: 1.95 },
      { modelId: 'a', billableTokens: 150, trailingWeeklyMean: 100, ratio: 1.5 },
    ]);
    expect(digest.models.map((model) => model.modelId)).toEqual(['a', 'b', 'c']);
  });
});

let server: TestServer;
let org: TestOrganization;
let quiet: TestOrganization;
const now = new Date();
const week = lastEndedWeek(now);

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: addDays(week.start, -60) });
  org = await createOrganization(server, 'Digest Org');
  quiet = await createOrganization(server, 'Quiet Org');
});
afterAll(async () => server.close());

interface Call {
  day: string;
  user: 'member' | 'manager';
  modelId: string;
  inputTokens: number;
  outputTokens: number;
  repository: string;
}

const calls: Call[] = [
  // The four weeks before: 1,000 tokens of one model a week.
  ...[1, 2, 3, 4].map((k): Call => ({ day: addDays(week.start, 2 - 7 * k), user: 'member', modelId: 'claude-sonnet-4-5', inputTokens: 1000, outputTokens: 0, repository: 'github.com/acme/api' })),
  // The week.
  { day: week.start, user: 'member', modelId: 'claude-sonnet-4-5', inputTokens: 2000, outputTokens: 500, repository: 'https://github.com/acme/api.git' },
  { day: week.end, user: 'manager', modelId: 'claude-sonnet-4-5', inputTokens: 500, outputTokens: 0, repository: 'git@github.com:acme/web.git' },
  { day: addDays(week.start, 3), user: 'manager', modelId: 'unpriced-model-x', inputTokens: 300, outputTokens: 100, repository: 'github.com/acme/web' },
];

/** The reference: tokens and cost (list prices of the dataset, read off by hand) of the week's calls matching `which`. */
function expected(which: (call: Call) => boolean) {
  const inWeek = calls.filter((call) => call.day >= week.start && call.day <= week.end && which(call));
  const billableTokens = inWeek.reduce((sum, call) => sum + call.inputTokens + call.outputTokens, 0);
  const cost = inWeek.reduce((sum, call) => {
    const price = DATASET_PRICES[call.modelId];
    return price ? sum + (call.inputTokens * price.input + call.outputTokens * price.output) / 1e6 : sum;
  }, 0);
  return { billableTokens, cost: Math.round(cost * 1e6) / 1e6 };
}

const digestEvents = (organizationId: string) =>
  server.store.db.selectFrom('webhook_events').select(['payload']).where('organization_id', '=', organizationId).where('type', '=', 'digest').execute();

describe('weekly digest events', () => {
  it('writes one digest for the week, with the figures of the reference, once whatever the number of passes and replicas', async () => {
    const team = (await server.app.inject({ method: 'POST', url: '/api/v0/teams', headers: auth(org.owner.key), payload: { name: 'Web' } })).json().team as { id: string };
    expect((await server.app.inject({ method: 'POST', url: `/api/v0/teams/${team.id}/members`, headers: auth(org.owner.key), payload: { userId: org.users.manager.id } })).statusCode).toBe(201);
    const events = calls.map((call, i) => ({
      id: `digest-${i}`,
      type: 'model_call',
      timestamp: `${call.day}T10:00:00.000Z`,
      sessionId: `s-${i}`,
      client: 'terminal-ui',
      userId: org.users[call.user].id,
      modelId: call.modelId,
      modelTier: 'standard',
      inputTokens: call.inputTokens,
      outputTokens: call.outputTokens,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      repository: call.repository,
    }));
    const sent = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(org.owner.key), payload: { events } });
    expect(sent.statusCode, sent.body).toBe(202);
    // Before the rollup, the week's days are pending: no digest yet.
    expect(await sendWeeklyDigests(server.store.db, server.config.analyticsHistoryStart, now)).toBe(0);
    await runRollups(server);

    const passes = [sendWeeklyDigests(server.store.db, server.config.analyticsHistoryStart, now), sendWeeklyDigests(server.store.db, server.config.analyticsHistoryStart, now)];
    const replica = server.store.kind === 'postgres' ? await openStore(server.config, { migrate: false }) : undefined;
    try {
      if (replica) passes.push(sendWeeklyDigests(replica.db, server.config.analyticsHistoryStart, now));
      const written = await Promise.all(passes);
      expect(written.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await replica?.close();
    }
    expect(await sendWeeklyDigests(server.store.db, server.config.analyticsHistoryStart, now)).toBe(0);

    const digests = await digestEvents(org.id);
    expect(digests).toHaveLength(1);
    const member = expected((call) => call.user === 'member');
    const manager = expected((call) => call.user === 'manager');
    const sonnet = expected((call) => call.modelId === 'claude-sonnet-4-5');
    const total = expected(() => true);
    expect(digests[0]!.payload).toEqual({
      weekStart: week.start,
      weekEnd: week.end,
      currency: 'USD',
      ...total,
      unpricedModels: ['unpriced-model-x'],
      models: [
        { modelId: 'claude-sonnet-4-5', ...sonnet },
        { modelId: 'unpriced-model-x', ...expected((call) => call.modelId === 'unpriced-model-x') },
      ],
      topMembers: [
        { userId: org.users.member.id, ...member },
        { userId: org.users.manager.id, ...manager },
      ],
      topRepositories: [
        { repository: 'github.com/acme/api', ...expected((call) => call.repository.includes('acme/api')) },
        { repository: 'github.com/acme/web', ...expected((call) => call.repository.includes('acme/web')) },
      ],
      teams: [{ teamId: team.id, ...manager }],
      // 1,000 tokens a week before: the model and the total are spikes.
      spikes: [
        { modelId: null, billableTokens: total.billableTokens, trailingWeeklyMean: 1000, ratio: total.billableTokens / 1000 },
        { modelId: 'claude-sonnet-4-5', billableTokens: sonnet.billableTokens, trailingWeeklyMean: 1000, ratio: sonnet.billableTokens / 1000 },
      ],
    });
    expect(await digestEvents(quiet.id)).toEqual([]);
  });
});
