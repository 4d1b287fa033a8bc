import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../src/domain/dates.js';
import { deleteStaleSeries } from '../../src/jobs/series-retention.js';
import { SERIES_RETENTION_DAYS } from '../../src/otlp/cumulative.js';
import { auth, createOrganization, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// The state of cumulative series is kept SERIES_RETENTION_DAYS after its last point (docs/otel.md,
// "Counted exactly once"): older state is deleted, fresher state kept, and a series that comes
// back under a start time older than the retention counts from its next point on, never twice.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Series retention');
});
afterAll(async () => server?.close());

const DAY_MS = 86_400_000;
const nanos = (ms: number) => String(BigInt(ms) * 1_000_000n);
const yesterdayNoon = Date.parse(`${addDays(dayOf(Date.now()), -1)}T12:00:00Z`);

/** A cumulative commit counter of one Claude Code process, as OTLP/JSON. */
function commits(instance: string, startMs: number, points: [atMs: number, value: number][]) {
  return {
    resourceMetrics: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'claude-code' } }, { key: 'service.instance.id', value: { stringValue: instance } }] },
        scopeMetrics: [
          {
            scope: { name: 'com.anthropic.claude_code' },
            metrics: [{ name: 'claude_code.commit.count', sum: { aggregationTemporality: 2, isMonotonic: true, dataPoints: points.map(([at, value]) => ({ startTimeUnixNano: nanos(startMs), timeUnixNano: nanos(at), asDouble: value })) } }],
          },
        ],
      },
    ],
  };
}

async function send(body: object) {
  const response = await server.app.inject({ method: 'POST', url: '/v1/metrics', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({});
}

async function commitsOfYesterday(): Promise<number> {
  expect((await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: auth(server.adminToken) })).statusCode).toBe(200);
  const day = addDays(dayOf(Date.now()), -1);
  const rows = json(await server.app.inject({ url: `/api/v1/analytics/productivity?startDate=${day}&endDate=${day}`, headers: auth(org.owner.key) })).data as { git_commits: number }[];
  return rows.reduce((sum, row) => sum + row.git_commits, 0);
}

const seriesRows = () => server.store.db.selectFrom('otlp_cumulative_series').select(['start_unix_nano', 'updated_at']).where('organization_id', '=', org.id).execute();

describe('cumulative series retention', () => {
  it('deletes the state of series whose last point is older than the retention, and keeps the rest', async () => {
    await send(commits('stale', yesterdayNoon - 3600_000, [[yesterdayNoon, 2]]));
    await send(commits('fresh', yesterdayNoon - 1800_000, [[yesterdayNoon, 5]]));
    expect(await seriesRows()).toHaveLength(2);
    // The stale process's state as if its last point had come just over the retention ago.
    await server.store.db
      .updateTable('otlp_cumulative_series')
      .set({ updated_at: new Date(Date.now() - (SERIES_RETENTION_DAYS * DAY_MS + 60_000)) })
      .where('organization_id', '=', org.id)
      .where('start_unix_nano', '=', nanos(yesterdayNoon - 3600_000))
      .execute();
    expect(await deleteStaleSeries(server.store.db)).toBeGreaterThanOrEqual(1);
    const left = await seriesRows();
    expect(left).toHaveLength(1);
    expect(String(left[0]!.start_unix_nano)).toBe(nanos(yesterdayNoon - 1800_000));
    expect(left[0]!.updated_at.getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect(await deleteStaleSeries(server.store.db)).toBe(0);
    expect(await commitsOfYesterday()).toBe(7);
  });

  it('counts a series that comes back under a start time older than the retention from its next point on, never twice', async () => {
    const before = await commitsOfYesterday();
    const oldStart = Date.now() - (SERIES_RETENTION_DAYS + 5) * DAY_MS;
    // Its state is gone (deleted, or never kept here): the first point is the baseline.
    await send(commits('long-lived', oldStart, [[yesterdayNoon, 40]]));
    expect(await commitsOfYesterday()).toBe(before);
    // Later points count their increase; a retry of either adds nothing.
    await send(commits('long-lived', oldStart, [[yesterdayNoon + 60_000, 43]]));
    await send(commits('long-lived', oldStart, [[yesterdayNoon, 40], [yesterdayNoon + 60_000, 43]]));
    expect(await commitsOfYesterday()).toBe(before + 3);
    // A start time within the retention counts from zero, as any new series.
    await send(commits('long-lived', yesterdayNoon - 60_000, [[yesterdayNoon + 120_000, 4]]));
    expect(await commitsOfYesterday()).toBe(before + 7);
  });
});
