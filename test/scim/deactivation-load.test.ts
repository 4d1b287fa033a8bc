import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerComputer } from '../compute/fixtures.js';
import { acceptInvitation, addUser, consoleHeaders } from '../helpers/server.js';
import { PATCH_OP, scim, startScimWorld, type ScimWorld } from '../helpers/scim.js';

// Deactivation under load (docs/scim.md "Deactivation"): loops keep calling the API over HTTP with
// a member's API key and their computer's token while the provider deactivates the member through
// SCIM. Every request that starts after the SCIM answer is refused with 401 — none succeeds — and
// the console session is over; a reactivation brings the key and the token back (not the session).

let world: ScimWorld;
beforeAll(async () => {
  world = await startScimWorld();
});
afterAll(async () => world.server.close());

interface Outcome {
  startedAt: number;
  endedAt: number;
  status: number;
}

/** Calls `url` with `token` in a loop until `stop`, each request with its start time. */
async function hammer(url: string, token: string, method: 'GET' | 'POST', stop: { done: boolean }, outcomes: Outcome[]): Promise<Outcome[]> {
  const deadline = Date.now() + 40_000;
  while (!stop.done && Date.now() < deadline) {
    const startedAt = performance.now();
    const response = await fetch(`${world.baseUrl}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    outcomes.push({ startedAt, endedAt: performance.now(), status: response.status });
  }
  return outcomes;
}

describe('deactivation through SCIM under load', () => {
  it('refuses every request of the key and the computer token that starts after the SCIM answer; reactivation restores them', { timeout: 90_000 }, async () => {
    const person = await addUser(world.server, world.org.owner.key, 'member');
    const computer = await registerComputer(world.server, person.key);
    const browser = await acceptInvitation(world.server, person);
    expect((await fetch(`${world.baseUrl}/api/v0/teams`, { headers: consoleHeaders(world.server, browser) })).status).toBe(200);

    const stop = { done: false };
    const seen: Outcome[][] = [[], [], []];
    const loops = [
      hammer('/api/v0/teams', person.key, 'GET', stop, seen[0]!),
      hammer('/api/v0/teams', person.key, 'GET', stop, seen[1]!),
      hammer('/api/v0/agent/heartbeat', computer.token, 'POST', stop, seen[2]!),
    ];
    // Let every loop get going (and warm the credential cache), then deactivate.
    const warm = Date.now() + 15_000;
    while (seen.some((outcomes) => outcomes.length < 3) && Date.now() < warm) await new Promise((resolve) => setTimeout(resolve, 20));
    const sentAt = performance.now();
    const answer = await scim(world, 'PATCH', `/Users/${person.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    const answeredAt = performance.now();
    expect(answer.status).toBe(200);
    // Keep calling until every loop has made several requests after the answer.
    const settle = Date.now() + 15_000;
    while (seen.some((outcomes) => outcomes.filter((outcome) => outcome.startedAt > answeredAt).length < 5) && Date.now() < settle) await new Promise((resolve) => setTimeout(resolve, 20));
    stop.done = true;
    const [keyA, keyB, heartbeat] = await Promise.all(loops);

    for (const outcomes of [keyA!, keyB!, heartbeat!]) {
      // Requests over before the SCIM request was sent all worked; those in flight meanwhile may go either way.
      const before = outcomes.filter((outcome) => outcome.endedAt < sentAt);
      const after = outcomes.filter((outcome) => outcome.startedAt > answeredAt);
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((outcome) => outcome.status === 200)).toBe(true);
      expect(after.length).toBeGreaterThanOrEqual(5);
      expect(after.map((outcome) => outcome.status).filter((status) => status !== 401)).toEqual([]);
    }
    // The console session ended at once and does not come back.
    expect((await fetch(`${world.baseUrl}/api/v0/teams`, { headers: consoleHeaders(world.server, browser) })).status).toBe(401);

    const reactivated = await scim(world, 'PATCH', `/Users/${person.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    expect(reactivated.body.active).toBe(true);
    expect((await fetch(`${world.baseUrl}/api/v0/teams`, { headers: { authorization: `Bearer ${person.key}` } })).status).toBe(200);
    expect((await fetch(`${world.baseUrl}/api/v0/agent/heartbeat`, { method: 'POST', headers: { authorization: `Bearer ${computer.token}` } })).status).toBe(200);
    expect((await fetch(`${world.baseUrl}/api/v0/teams`, { headers: consoleHeaders(world.server, browser) })).status).toBe(401);
  });

  it('ends the same way through a SCIM DELETE', async () => {
    const person = await addUser(world.server, world.org.owner.key, 'member');
    expect((await fetch(`${world.baseUrl}/api/v0/teams`, { headers: { authorization: `Bearer ${person.key}` } })).status).toBe(200);
    expect((await scim(world, 'DELETE', `/Users/${person.id}`)).status).toBe(204);
    expect((await fetch(`${world.baseUrl}/api/v0/teams`, { headers: { authorization: `Bearer ${person.key}` } })).status).toBe(401);
  });
});
