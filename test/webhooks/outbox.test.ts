import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/db/store.js';
import { assertUnderCreditLimit } from '../../src/repositories/credit-limits.js';
import { addUser, auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// The events outbox (docs/webhooks.md): each event is written with the change that caused it,
// and only then; member.limit_refused once per member and month under concurrent refusals, from
// one process and (PostgreSQL) from a second replica's pool.

let server: TestServer;
let org: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
});
afterAll(async () => server.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const request = (method: Method, url: string, key: string, payload?: object) => server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });
const eventsOf = (organizationId: string, type: string) =>
  server.store.db.selectFrom('webhook_events').select(['id', 'type', 'payload', 'fanned_out_at']).where('organization_id', '=', organizationId).where('type', '=', type).orderBy('id').execute();

describe('events outbox', () => {
  it('records controls.changed with each revision, and nothing for a refused change', async () => {
    const before = (await eventsOf(org.id, 'controls.changed')).length;
    expect((await request('PATCH', '/api/v0/organization/enterprise-controls', org.users.manager.key, { settings: { sessionRetentionDays: 30 } })).statusCode).toBe(200);
    const stale = await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/enterprise-controls', headers: { ...auth(org.owner.key), 'if-match': '"0"' }, payload: { settings: { sessionRetentionDays: 31 } } });
    expect(stale.statusCode).toBe(412);
    const events = await eventsOf(org.id, 'controls.changed');
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)!.payload).toEqual({ revision: 1, userId: org.users.manager.id });
    expect(events.at(-1)!.fanned_out_at).toBeNull();
  });

  it('records member.invited when a user is added and when re-invited, with ids only', async () => {
    const person = await addUser(server, org.owner.key, 'member');
    expect((await request('POST', `/api/v0/organization/users/${person.id}/invite`, org.owner.key)).statusCode).toBe(201);
    const events = (await eventsOf(org.id, 'member.invited')).filter((event) => event.payload.userId === person.id);
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(Object.keys(event.payload).sort()).toEqual(['expiresAt', 'invitationId', 'userId']);
      expect(event.payload.invitationId).toMatch(/^inv_/);
    }
    // A refused creation (the e-mail is taken) writes no event.
    const count = (await eventsOf(org.id, 'member.invited')).length;
    expect((await request('POST', '/api/v0/organization/users', org.owner.key, { email: person.email, role: 'member' })).statusCode).toBe(409);
    expect(await eventsOf(org.id, 'member.invited')).toHaveLength(count);
  });

  it('records member.limit_refused once per member and month, under concurrent refused requests', async () => {
    const person = await addUser(server, org.owner.key, 'member');
    const computer = (await request('POST', '/api/v0/computers', person.key, { name: 'box', remoteUser: 'dev' })).json();
    const session = (await request('POST', '/api/v0/sessions', person.key, { computerId: computer.id })).json();
    expect((await request('PUT', '/api/v0/organization/usage/limits/users', org.owner.key, { users: [{ email: person.email, limit: 0 }] })).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 12 }, () => request('POST', `/api/v0/sessions/${session.sessionId}/messages`, person.key, { text: 'secret prompt' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(402));
    if (server.store.kind === 'postgres') {
      // A second replica: its own pool on the same database.
      const replica = await openStore(server.config, { migrate: false });
      try {
        const refusals = [...Array(6)].flatMap(() => [assertUnderCreditLimit(replica.db, org.id, person.id), assertUnderCreditLimit(server.store.db, org.id, person.id)]);
        for (const outcome of await Promise.allSettled(refusals)) expect(outcome.status).toBe('rejected');
      } finally {
        await replica.close();
      }
    }
    const events = (await eventsOf(org.id, 'member.limit_refused')).filter((event) => event.payload.userId === person.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({ userId: person.id, month: new Date().toISOString().slice(0, 7), limit: 0, used: 0 });
    expect(JSON.stringify(events[0]!.payload)).not.toContain('secret prompt');
  });
});
