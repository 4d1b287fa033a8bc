import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, auth, createOrganization, expectError, json, startTestServer, useCredits, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';
import { addMessage, createSession, registerComputer } from '../compute/fixtures.js';

// Ingest-key telemetry and credit limits (issue 50, finding 3; docs/otel.md "Ingest keys and
// credit limits"): a fleet ingest key names any member, so one export naming the owner with
// plausible but large usage refused the owner's next message for the rest of the month. With the
// control creditLimitsExcludeIngestKeyTelemetry the limits count only what the member's own key
// and Quarterdeck's clients reported, while the month's total stays what every key sent.

const LIMIT = 1_000;

let server: TestServer;
let org: TestOrganization;
let ingestKey: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Fleet limits');
  ingestKey = json(await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(org.owner.key), payload: { name: 'fleet', kind: 'ingest' } })).key;
  expect((await server.app.inject({ method: 'PUT', url: '/api/v0/organization/usage/limits/global', headers: auth(org.owner.key), payload: { limit: LIMIT } })).statusCode).toBe(200);
});
afterAll(async () => server.close());

let sequence = 0;
/** One model call of `credits` Standard Credits, as a fleet exporter sends it with the ingest key. */
function fleetCall(credits: number, named: { userEmail: string }) {
  sequence += 1;
  return {
    id: `fleet-${sequence}`,
    type: 'model_call',
    timestamp: Date.now() - 60_000,
    sessionId: 'fleet',
    client: 'terminal-ui',
    modelId: 'claude-sonnet-4-5',
    modelTier: 'standard',
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    billableTokens: credits,
    ...named,
  };
}

async function sendWithIngestKey(events: object[]) {
  const response = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(ingestKey), payload: { events } });
  expect(response.statusCode, response.body).toBe(202);
  return json(response);
}

const setExclusion = async (caller: Caller, value: boolean | null) => {
  const response = await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/enterprise-controls', headers: auth(caller.key), payload: { creditLimitsExcludeIngestKeyTelemetry: value } });
  expect(response.statusCode, response.body).toBe(200);
};

const standing = async (caller: Caller) => json(await server.app.inject({ method: 'GET', url: '/api/v0/organization/usage/limits/me', headers: auth(caller.key) }));

/** The month's total of a member, as the trigger keeps it: every key's credits. */
async function monthTotal(userId: string): Promise<number> {
  const row = await server.store.db.selectFrom('monthly_credit_usage').select('credits').where('organization_id', '=', org.id).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.credits);
}

describe('ingest-key telemetry and credit limits', () => {
  it("refuses the owner's message after a fleet export names them, and not once the control keeps ingest keys out", async () => {
    const owner = org.owner;
    const computer = await registerComputer(server, owner.key);
    const session = await createSession(server, owner.key, { computerId: computer.id });
    // The owner's own usage (their client, not the ingest key) stays under the limit.
    const own = 250.5;
    await useCredits(server, org.id, owner.id, own);
    expect((await addMessage(server, owner.key, session.sessionId, { text: 'before' })).statusCode).toBe(200);

    const fleet = [3_000, 1_200.25];
    expect(await sendWithIngestKey(fleet.map((credits) => fleetCall(credits, { userEmail: owner.email })))).toMatchObject({ accepted: 2 });
    // The finding, reproduced: by default the fleet key's word counts, and the owner is refused.
    expectError(await addMessage(server, owner.key, session.sessionId, { text: 'refused' }), 402);
    expect((await standing(owner)).used).toBeCloseTo(own + fleet[0]! + fleet[1]!, 6);

    await setExclusion(org.users.manager, true);
    expect((await addMessage(server, owner.key, session.sessionId, { text: 'after' })).statusCode).toBe(200);
    expect(await standing(owner)).toMatchObject({ used: own, limit: LIMIT, remaining: LIMIT - own });
    const users = json(await server.app.inject({ method: 'PUT', url: '/api/v0/organization/usage/limits/users', headers: auth(owner.key), payload: { users: [{ email: owner.email, limit: LIMIT }] } }));
    expect(users.errors ?? []).toEqual([]);
    const listed = json(await server.app.inject({ method: 'GET', url: '/api/v0/organization/usage/limits/users', headers: auth(owner.key) }));
    expect(listed.userLimits).toEqual([{ email: owner.email, limit: LIMIT, used: own }]);
    // Nothing was dropped: the month's total still holds every key's credits.
    expect(await monthTotal(owner.id)).toBeCloseTo(own + fleet[0]! + fleet[1]!, 6);

    // The member's own spending still reaches the limit.
    await useCredits(server, org.id, owner.id, LIMIT);
    expectError(await addMessage(server, owner.key, session.sessionId, { text: 'own spending' }), 402);
  });

  it("keeps events waiting for an unknown identity marked as the ingest key's once linked", async () => {
    const member = await addUser(server, org.owner.key, 'member');
    const alias = `laptop-${member.id}@elsewhere.example`;
    expect(await sendWithIngestKey([fleetCall(5_000, { userEmail: alias })])).toMatchObject({ unattributed: 1 });
    const { identities } = json(await server.app.inject({ method: 'GET', url: '/api/v0/organization/telemetry-identities', headers: auth(org.owner.key) }));
    const identity = identities.find((candidate: { value: string }) => candidate.value === alias.toLowerCase());
    const linked = await server.app.inject({ method: 'POST', url: `/api/v0/organization/telemetry-identities/${encodeURIComponent(identity.id)}/link`, headers: auth(org.owner.key), payload: { userId: member.id } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await monthTotal(member.id)).toBe(5_000);
    expect((await standing(member)).used).toBe(0);
    // Without the control the same events count again.
    await setExclusion(org.owner, null);
    expect((await standing(member)).used).toBe(5_000);
  });
});
