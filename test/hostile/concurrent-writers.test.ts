import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, auth, createOrganization, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';

// Concurrent bulk writers naming the same rows in different orders: none may deadlock (which
// PostgreSQL answers by rolling one back, a 503 here). On the embedded store writes queue on one
// connection, so this bites on PostgreSQL; it runs on both.

let server: TestServer;
let org: TestOrganization;
let users: Caller[];
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000', DATABASE_POOL_SIZE: '20' });
  org = await createOrganization(server);
  users = [];
  for (let i = 0; i < 40; i += 1) users.push(await addUser(server, org.owner.key, 'member'));
}, 120_000);
afterAll(async () => server.close());

function putLimits(order: Caller[], limit: number | null) {
  return server.app.inject({
    method: 'PUT',
    url: '/api/v0/organization/usage/limits/users',
    headers: auth(org.owner.key),
    payload: { users: order.map((user) => ({ email: user.email, limit })) },
  });
}

describe('concurrent bulk credit-limit PUTs', () => {
  it('never deadlock when they name the same users in opposite orders', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 9; round += 1) {
      // Half the rounds create the overrides (inserts), half change or remove them.
      const limit = round % 3 === 1 ? null : round;
      const answers = await Promise.all([
        putLimits(users, limit),
        putLimits([...users].reverse(), limit),
        putLimits([...users.slice(20), ...users.slice(0, 20)], limit),
        putLimits([...users].sort((a, b) => (a.email < b.email ? 1 : -1)), limit),
      ]);
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const listed = await server.app.inject({ method: 'GET', url: '/api/v0/organization/usage/limits/users', headers: auth(org.owner.key) });
    expect(listed.json().userLimits).toHaveLength(40);
  });
});
