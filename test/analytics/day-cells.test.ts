import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../../src/telemetry/ingest.js';
import type { TelemetryEvent } from '../../src/telemetry/events.js';
import { createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { daysAgo, eventArb, exportedEventArb, materialize, postEvents, sendEvents } from './helpers.js';

// The day's cells and sessions (migrations/0035, 0037), which the rollup reads instead of the
// day's events: after every way events are stored (the events endpoint, recordEvents for exported
// events, duplicates within a batch and across retries, batches racing for the same rows), they
// are what grouping the stored events gives, computed here apart from the triggers.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

/** Cells the trigger kept that grouping the events does not give, and the other way round. */
async function cellsApartFromEvents(organizationId: string) {
  const { rows } = await sql<{ missing: number; extra: number; cells: number }>`
    WITH expected AS (
      SELECT day, user_id, type, client, agent, repository, model_id, model_tier, mcp_server IS NOT NULL AS mcp, autonomy_mode, name,
        hook_event, hook_matcher, hook_command, extension, language, decision,
        count(*) AS events, sum(credits) AS credits, sum(input_tokens) AS input_tokens, sum(output_tokens) AS output_tokens,
        sum(cache_read_tokens) AS cache_read_tokens, sum(cache_write_tokens) AS cache_write_tokens,
        sum(round(reported_cost_usd * 1000000)) AS reported_cost_micros, count(reported_cost_usd) AS reported_costs,
        sum(lines_added) AS lines_added, sum(lines_removed) AS lines_removed
      FROM telemetry_events WHERE organization_id = ${organizationId}
      GROUP BY day, user_id, type, client, agent, repository, model_id, model_tier, mcp, autonomy_mode, name,
        hook_event, hook_matcher, hook_command, extension, language, decision
    ),
    kept AS (
      SELECT day, user_id, type, client, agent, repository, model_id, model_tier, mcp, autonomy_mode, name,
        hook_event, hook_matcher, hook_command, extension, language, decision,
        events, credits, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens,
        reported_cost_micros, reported_costs, lines_added, lines_removed
      FROM telemetry_day_cells WHERE organization_id = ${organizationId}
    )
    SELECT (SELECT count(*)::int FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM kept) missing) AS missing,
      (SELECT count(*)::int FROM (SELECT * FROM kept EXCEPT ALL SELECT * FROM expected) extra) AS extra,
      (SELECT count(*)::int FROM kept) AS cells`.execute(server.store.db);
  return rows[0]!;
}

/** The day's sessions the trigger kept that the events do not give, and the other way round. */
async function sessionsApartFromEvents(organizationId: string) {
  const { rows } = await sql<{ missing: number; extra: number; sessions: number }>`
    WITH expected AS (SELECT DISTINCT day, session_id, user_id FROM telemetry_events WHERE organization_id = ${organizationId}),
    kept AS (SELECT day, session_id, user_id FROM telemetry_day_sessions WHERE organization_id = ${organizationId})
    SELECT (SELECT count(*)::int FROM (SELECT * FROM expected EXCEPT ALL SELECT * FROM kept) missing) AS missing,
      (SELECT count(*)::int FROM (SELECT * FROM kept EXCEPT ALL SELECT * FROM expected) extra) AS extra,
      (SELECT count(*)::int FROM kept) AS sessions`.execute(server.store.db);
  return rows[0]!;
}

describe('the day cells', () => {
  it('are the stored events grouped, through batches, retries, duplicates and races', async () => {
    const users = [org.users.owner, org.users.manager, org.users.member];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(eventArb(3, 60), exportedEventArb(3, 60)), { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 3 }), async (generated, racers) => {
        const events = generated.map((event) => materialize(event, users, 'cells-'));
        // The same batch sent by several senders at once: each event is stored, and counted, once.
        await Promise.all(Array.from({ length: racers }, () => sendEvents(server, org, events)));
        expect(await cellsApartFromEvents(org.id)).toMatchObject({ missing: 0, extra: 0 });
        expect(await sessionsApartFromEvents(org.id)).toMatchObject({ missing: 0, extra: 0 });
      }),
      { numRuns: 25 },
    );
    expect((await cellsApartFromEvents(org.id)).cells).toBeGreaterThan(0);
    expect((await sessionsApartFromEvents(org.id)).sessions).toBeGreaterThan(0);
  });

  it('keep a field left out apart from an empty one, and dimensions longer than a key', async () => {
    const other = await createOrganization(server, 'Cells Two');
    const day = daysAgo(1);
    const timestamp = `${day}T10:00:00Z`;
    const longCommand = 'x'.repeat(4000);
    const longRepository = `github.com/acme/${'r'.repeat(2000)}`;
    const hook = (id: string, matcher: string, command: string) => ({ id, type: 'hook', event: 'PreToolUse', matcher, command, timestamp, sessionId: 's', client: 'terminal-ui' });
    const response = await postEvents(server, other.owner.key, [
      hook('a', '', longCommand),
      hook('b', '', longCommand),
      hook('c', 'Bash', longCommand),
      { ...hook('d', '', 'lint'), repository: longRepository },
      { id: 'e', type: 'session_start', timestamp, sessionId: 's', client: 'terminal-ui' },
    ]);
    expect(response.statusCode, response.body).toBe(202);
    // An exporter that does not say which client ran (the path of OpenTelemetry translations).
    await recordEvents(server.store.db, server.config.modelCatalogue, other.id, other.owner.id, [{ id: 'f', type: 'session_start', timestamp, sessionId: 's' } as TelemetryEvent]);
    // Two events alike but for one dimension, NULL in one and '' in the other: no endpoint makes
    // that pair, but the cells count whatever a statement stores.
    const stored = { organization_id: other.id, day, occurred_at: new Date(timestamp), user_id: other.owner.id, session_id: 's', client: 'web', type: 'session_start' };
    await server.store.db.insertInto('telemetry_events').values([{ ...stored, id: 'g', language: '' }, { ...stored, id: 'h', language: null }]).execute();
    const cells = await sql<{ hook_matcher: string | null; client: string | null; language: string | null; events: string | number }>`
      SELECT hook_matcher, client, language, events FROM telemetry_day_cells WHERE organization_id = ${other.id}
      ORDER BY type, hook_matcher, hook_command, client, language`.execute(server.store.db);
    expect(cells.rows.map((row) => ({ ...row, events: Number(row.events) }))).toEqual([
      { hook_matcher: '', client: 'terminal-ui', language: null, events: 1 },
      { hook_matcher: '', client: 'terminal-ui', language: null, events: 2 },
      { hook_matcher: 'Bash', client: 'terminal-ui', language: null, events: 1 },
      { hook_matcher: null, client: 'terminal-ui', language: null, events: 1 },
      { hook_matcher: null, client: 'web', language: '', events: 1 },
      { hook_matcher: null, client: 'web', language: null, events: 1 },
      { hook_matcher: null, client: null, language: null, events: 1 },
    ]);
    expect(await cellsApartFromEvents(other.id)).toMatchObject({ missing: 0, extra: 0, cells: 7 });
  });
});
