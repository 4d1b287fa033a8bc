import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../helpers/server.js';
import { expectScimError, PATCH_OP, scim, startScimWorld, type ScimWorld } from '../helpers/scim.js';

// What the identity provider may not do to an owner, and deactivations that race (docs/scim.md
// "Owners", docs/security.md): over HTTP on loopback, as a provider calls.

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

let world: ScimWorld;
beforeAll(async () => {
  world = await startScimWorld();
});
afterAll(async () => world.server.close());

const emailOf = async (userId: string) => (await world.server.store.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

describe('owners', () => {
  it("never changes an owner's e-mail, by PUT or PATCH (400 mutability), and writes nothing", async () => {
    const owner = world.org.owner;
    const replace = await scim(world, 'PUT', `/Users/${owner.id}`, { schemas: [USER], userName: 'taken-over@attacker.test', active: true });
    expectScimError(replace, 400, 'mutability');
    expectScimError(await scim(world, 'PATCH', `/Users/${owner.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: 'taken-over@attacker.test' }] }), 400, 'mutability');
    expectScimError(await scim(world, 'PATCH', `/Users/${owner.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { userName: 'taken-over@attacker.test', displayName: 'X' } }] }), 400, 'mutability');
    expect(await emailOf(owner.id)).toBe(owner.email);
    const updates = await world.server.store.db.selectFrom('audit_log').select('id').where('organization_id', '=', world.org.id).where('action', '=', 'member.updated').where('target_id', '=', owner.id).execute();
    expect(updates).toEqual([]);
    // The owner's name and the same e-mail in another case still go through.
    const renamed = await scim(world, 'PUT', `/Users/${owner.id}`, { schemas: [USER], userName: owner.email.toUpperCase(), displayName: 'Owner Renamed', active: true });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.displayName).toBe('Owner Renamed');
  });

  it("still changes a manager's or member's e-mail", async () => {
    const manager = world.org.users.manager;
    const changed = await scim(world, 'PATCH', `/Users/${manager.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: `renamed-${manager.email}` }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await emailOf(manager.id)).toBe(`renamed-${manager.email}`);
  });
});

describe('concurrent deactivations', () => {
  it('answers every one of 12 concurrent deactivations of one member with success, and writes one entry', async () => {
    const member = await addUser(world.server, world.org.owner.key, 'member');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? scim(world, 'PATCH', `/Users/${member.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] })
          : scim(world, 'PUT', `/Users/${member.id}`, { schemas: [USER], userName: member.email, active: false }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(answers.every((answer) => answer.body.active === false)).toBe(true);
    const entries = await world.server.store.db.selectFrom('audit_log').select('id').where('organization_id', '=', world.org.id).where('action', '=', 'member.deactivated').where('target_id', '=', member.id).execute();
    expect(entries).toHaveLength(1);
  });
});
