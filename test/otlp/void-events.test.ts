import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAgo, expectClose, postEvents, runRollups } from '../analytics/helpers.js';
import { Reference, type RefEvent } from '../analytics/reference.js';
import { auth, createOrganization, expectError, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// Voiding what an ingest key sent (issue 50, finding 3; docs/otel.md "Voiding what an ingest key
// sent"): an owner removes the events one ingest key delivered in a span of time. The affected
// days are counted again and re-rolled: their analytics become those of the remaining events (an
// independent reference computation), the other days' stay as they were, the members' months lose
// exactly the voided credits, the void is audited, and a sender retrying the voided export is told
// its events are duplicates.

const HISTORY_START = daysAgo(10);
const [START, END] = [daysAgo(4), daysAgo(1)];
const RANGE = `startDate=${START}&endDate=${END}`;

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
let forged: string;
let fleet: string;
let forgedKeyId: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: HISTORY_START });
  [org, other] = [await createOrganization(server, 'Voiding'), await createOrganization(server, 'Elsewhere')];
  const ingestKey = async (name: string) => json(await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(org.owner.key), payload: { name, kind: 'ingest' } }));
  const forgedKey = await ingestKey('leaked');
  [forged, forgedKeyId] = [forgedKey.key, forgedKey.id];
  fleet = (await ingestKey('fleet')).key;
});
afterAll(async () => server.close());

let sequence = 0;
/** A model call of `credits` on the day `day` at noon, for `userId`, as the reference sees it. */
function modelCall(day: string, userId: string, credits: number): RefEvent {
  sequence += 1;
  return {
    id: `void-${sequence}`,
    type: 'model_call',
    timestamp: Date.parse(`${day}T12:00:00Z`) + sequence,
    userId,
    sessionId: `session-${userId}`,
    client: 'terminal-ui',
    modelId: 'claude-sonnet-4-5',
    modelTier: 'standard',
    inputTokens: 100 + sequence,
    outputTokens: 10,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    billableTokens: credits,
  };
}

const wire = (event: RefEvent) => ({ ...event, userId: event.userId });

async function send(key: string, events: RefEvent[]) {
  const response = await postEvents(server, key, events.map(wire));
  expect(response.statusCode, response.body).toBe(202);
  return json(response);
}

const voidCall = (key: string, payload: object) => server.app.inject({ method: 'POST', url: '/api/v0/organization/telemetry-voids', headers: auth(key), payload });

async function analytics(endpoint: string) {
  const response = await server.app.inject({ url: `/api/v1/analytics/${endpoint}?${RANGE}`, headers: auth(org.owner.key) });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).data;
}

async function monthsOf(userId: string): Promise<number> {
  const rows = await server.store.db.selectFrom('monthly_credit_usage').select('credits').where('organization_id', '=', org.id).where('user_id', '=', userId).execute();
  return rows.reduce((sum, row) => sum + Number(row.credits), 0);
}

describe('voiding what an ingest key sent', () => {
  it('removes the events of the key in the span, re-rolls their days to the reference, and leaves everything else', async () => {
    const { member, manager } = org.users;
    const emails = Object.fromEntries(Object.values(org.users).map((user) => [user.id, user.email]));
    const own = [modelCall(daysAgo(3), member.id, 40), modelCall(daysAgo(2), manager.id, 25), modelCall(daysAgo(1), member.id, 7)];
    await send(org.owner.key, own);
    const from = new Date(Date.now() - 1_000);
    const bogus = [modelCall(daysAgo(3), member.id, 90_000), modelCall(daysAgo(2), member.id, 80_000), modelCall(daysAgo(2), manager.id, 70_000)];
    expect(await send(forged, bogus)).toMatchObject({ accepted: 3 });
    const to = new Date(Date.now() + 1);
    // Received after the span (the same key), and by another key: both stay.
    await expect.poll(() => Date.now() > to.getTime() + 5).toBe(true);
    const later = [modelCall(daysAgo(2), member.id, 11)];
    await send(forged, later);
    const fleetEvents = [modelCall(daysAgo(3), manager.id, 13)];
    await send(fleet, fleetEvents);
    await runRollups(server);

    const everything = new Reference({ historyStart: HISTORY_START, catalogue: {}, emails });
    everything.add([...own, ...bogus, ...later, ...fleetEvents]);
    const before = { tokens: await analytics('tokens'), users: await analytics('users') };
    expectClose(before.tokens, everything.tokens(START, END), 'tokens before');
    const memberMonthsBefore = await monthsOf(member.id);

    // Owners only; another organization's owner, an unknown key and a bad span change nothing.
    const span = { ingestKeyId: forgedKeyId, from: from.toISOString(), to: to.toISOString() };
    expectError(await voidCall(manager.key, span), 403);
    expectError(await voidCall(member.key, span), 403);
    expectError(await voidCall(other.owner.key, span), 404);
    expectError(await voidCall(org.owner.key, { ...span, ingestKeyId: 'key_unknown' }), 404);
    expectError(await voidCall(org.owner.key, { ...span, to: span.from }), 400);
    expectError(await voidCall(org.owner.key, { ...span, from: 'yesterday' }), 400);

    const voided = await voidCall(org.owner.key, span);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(json(voided)).toEqual({ voided: 3, days: [daysAgo(3), daysAgo(2)] });
    await runRollups(server);

    const remaining = new Reference({ historyStart: HISTORY_START, catalogue: {}, emails });
    remaining.add([...own, ...later, ...fleetEvents]);
    const after = { tokens: await analytics('tokens'), users: await analytics('users') };
    expectClose(after.tokens, remaining.tokens(START, END), 'tokens after');
    expectClose(after.users, remaining.users(START, END), 'users after');
    // The days without voided events answer exactly as before.
    const untouched = (rows: { date: string }[]) => rows.filter((row) => row.date !== daysAgo(3) && row.date !== daysAgo(2));
    expect(untouched(after.tokens)).toEqual(untouched(before.tokens));
    expect(untouched(after.users)).toEqual(untouched(before.users));
    // The member's months lose exactly the voided credits.
    expect(await monthsOf(member.id)).toBeCloseTo(memberMonthsBefore - 90_000 - 80_000, 6);

    // Audited, with what was voided.
    const { entries } = json(await server.app.inject({ url: '/api/v0/organization/audit-log?action=telemetry.voided', headers: auth(org.owner.key) }));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'telemetry.voided', target: { type: 'api_key', id: forgedKeyId }, details: { events: 3, days: [daysAgo(3), daysAgo(2)] } });

    // The voided export sent again is a duplicate, not counted again; voiding again finds nothing.
    expect(await send(forged, bogus)).toMatchObject({ accepted: 0, duplicates: 3 });
    expect(json(await voidCall(org.owner.key, span))).toEqual({ voided: 0, days: [] });
  });
});
