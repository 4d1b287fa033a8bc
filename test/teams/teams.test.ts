import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGERS, MEMBERS } from '../../src/domain/roles.js';
import { authMatrix } from '../helpers/auth-matrix.js';
import { addUser, auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// Teams through the v0 API (docs/teams.md): create, rename, delete, members in and out (a member
// in several teams), the members list's team column, pagination, errors, roles and tenancy.

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
  other = await createOrganization(server, 'Other');
});
afterAll(async () => server.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const request = (method: Method, url: string, key: string, payload?: object) => server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });
const createTeam = async (name: string, key = org.users.manager.key) => {
  const response = await request('POST', '/api/v0/teams', key, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().team as { id: string; name: string; memberCount: number; source: string; externalId: string | null };
};

describe('teams', () => {
  it('creates, reads, renames and deletes a team', async () => {
    const team = await createTeam('Platform');
    expect(team).toMatchObject({ name: 'Platform', source: 'manual', externalId: null, memberCount: 0 });
    expect(team.id).toMatch(/^team_/);
    expect((await request('GET', `/api/v0/teams/${team.id}`, org.users.member.key)).json().team).toEqual(team);
    const renamed = await request('PATCH', `/api/v0/teams/${team.id}`, org.users.owner.key, { name: 'Platform Core', externalId: 'idp-group-7' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().team).toMatchObject({ id: team.id, name: 'Platform Core', externalId: 'idp-group-7' });
    const cleared = await request('PATCH', `/api/v0/teams/${team.id}`, org.users.owner.key, { externalId: null });
    expect(cleared.json().team).toMatchObject({ name: 'Platform Core', externalId: null });
    expect((await request('DELETE', `/api/v0/teams/${team.id}`, org.users.manager.key)).statusCode).toBe(204);
    expectError(await request('GET', `/api/v0/teams/${team.id}`, org.users.manager.key), 404);
    expectError(await request('DELETE', `/api/v0/teams/${team.id}`, org.users.manager.key), 404);
  });

  it('keeps names unique per organization, case-insensitively, and external ids unique', async () => {
    const first = await createTeam('Mobile');
    expectError(await request('POST', '/api/v0/teams', org.users.manager.key, { name: 'MOBILE' }), 409);
    const second = await createTeam('Web');
    expectError(await request('PATCH', `/api/v0/teams/${second.id}`, org.users.manager.key, { name: 'mobile' }), 409);
    expect((await request('PATCH', `/api/v0/teams/${first.id}`, org.users.manager.key, { externalId: 'g-1' })).statusCode).toBe(200);
    expectError(await request('PATCH', `/api/v0/teams/${second.id}`, org.users.manager.key, { externalId: 'g-1' }), 409);
    expect((await request('GET', `/api/v0/teams/${second.id}`, org.users.manager.key)).json().team).toMatchObject({ name: 'Web', externalId: null });
    // Another organization may use the same name.
    await createTeam('Mobile', other.owner.key);
  });

  it('rejects bad input with the error body', async () => {
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'a\u0007b' }, { name: 'ok', extra: 1 }, { name: 'ok', externalId: '' }]) {
      expectError(await request('POST', '/api/v0/teams', org.users.manager.key, body), 400);
    }
    const team = await createTeam('Validation');
    expectError(await request('PATCH', `/api/v0/teams/${team.id}`, org.users.manager.key, { name: 3 }), 400);
    expectError(await request('POST', `/api/v0/teams/${team.id}/members`, org.users.manager.key, {}), 400);
    expectError(await request('PATCH', '/api/v0/teams/team_nope', org.users.manager.key, { name: 'x' }), 404);
  });

  it('pages teams by creation', async () => {
    const fresh = await createOrganization(server, 'Paged');
    const made = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) made.push((await createTeam(name, fresh.owner.key)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { teams: { id: string }[]; pagination: { nextCursor: string | null } } = (await request('GET', `/api/v0/teams?limit=2${cursor ? `&cursor=${cursor}` : ''}`, fresh.users.member.key)).json();
      seen.push(...page.teams.map((team: { id: string }) => team.id));
      cursor = page.pagination.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made);
    const otherPage = (await request('GET', '/api/v0/teams?limit=1', org.owner.key)).json();
    expectError(await request('GET', `/api/v0/teams?cursor=${otherPage.pagination.nextCursor}`, fresh.owner.key), 400);
  });
});

describe('team members', () => {
  it('adds and removes members; a member may be in several teams; the members list shows their teams', async () => {
    const alpha = await createTeam('Alpha');
    const beta = await createTeam('Beta');
    const { member, guest } = org.users;
    const added = await request('POST', `/api/v0/teams/${alpha.id}/members`, org.users.manager.key, { userId: member.id });
    expect(added.statusCode).toBe(201);
    expect(added.json().member).toMatchObject({ userId: member.id, role: 'member', active: true });
    expect((await request('POST', `/api/v0/teams/${beta.id}/members`, org.users.manager.key, { userId: member.id })).statusCode).toBe(201);
    expect((await request('POST', `/api/v0/teams/${beta.id}/members`, org.users.manager.key, { userId: guest.id })).statusCode).toBe(201);
    expectError(await request('POST', `/api/v0/teams/${alpha.id}/members`, org.users.manager.key, { userId: member.id }), 409);

    const betaMembers = (await request('GET', `/api/v0/teams/${beta.id}/members`, org.users.member.key)).json();
    expect(betaMembers.members.map((m: { userId: string }) => m.userId)).toEqual([member.id, guest.id].sort());
    expect((await request('GET', `/api/v0/teams/${beta.id}`, org.users.manager.key)).json().team.memberCount).toBe(2);

    const users = (await request('GET', '/api/v0/organization/users?limit=100', org.users.manager.key)).json().users as { id: string; teams: { id: string; name: string }[] }[];
    expect(users.find((user) => user.id === member.id)!.teams).toEqual([{ id: alpha.id, name: 'Alpha' }, { id: beta.id, name: 'Beta' }]);
    expect(users.find((user) => user.id === org.users.owner.id)!.teams).toEqual([]);

    expect((await request('DELETE', `/api/v0/teams/${beta.id}/members/${member.id}`, org.users.manager.key)).statusCode).toBe(204);
    expectError(await request('DELETE', `/api/v0/teams/${beta.id}/members/${member.id}`, org.users.manager.key), 404);
    expect((await request('GET', `/api/v0/teams/${beta.id}/members`, org.users.manager.key)).json().members.map((m: { userId: string }) => m.userId)).toEqual([guest.id]);
    // Deleting a team leaves its members in the organization and their other teams.
    expect((await request('DELETE', `/api/v0/teams/${alpha.id}`, org.users.manager.key)).statusCode).toBe(204);
    const after = (await request('GET', '/api/v0/organization/users?limit=100', org.users.manager.key)).json().users as { id: string; active: boolean; teams: unknown[] }[];
    expect(after.find((user) => user.id === member.id)).toMatchObject({ active: true, teams: [] });
  });

  it('answers 404 for unknown users or another organization\'s, and 409 for a deactivated user', async () => {
    const team = await createTeam('Gamma');
    expectError(await request('POST', `/api/v0/teams/${team.id}/members`, org.users.manager.key, { userId: 'usr_nope' }), 404);
    expectError(await request('POST', `/api/v0/teams/${team.id}/members`, org.users.manager.key, { userId: other.users.member.id }), 404);
    const leaving = await addUser(server, org.owner.key, 'member');
    expect((await request('DELETE', `/api/v0/organization/users/${leaving.id}`, org.owner.key)).statusCode).toBe(204);
    expectError(await request('POST', `/api/v0/teams/${team.id}/members`, org.users.manager.key, { userId: leaving.id }), 409);
    expectError(await request('GET', '/api/v0/teams/team_nope/members', org.users.manager.key), 404);
    expectError(await request('DELETE', `/api/v0/teams/${team.id}/members/usr_nope`, org.users.manager.key), 404);
  });

  it('pages a team\'s members, with cursors bound to the team', async () => {
    const team = await createTeam('Paged members');
    const people = [];
    for (let i = 0; i < 3; i += 1) people.push(await addUser(server, org.owner.key, 'member'));
    for (const person of people) await request('POST', `/api/v0/teams/${team.id}/members`, org.users.manager.key, { userId: person.id });
    const first = (await request('GET', `/api/v0/teams/${team.id}/members?limit=2`, org.users.manager.key)).json();
    expect(first.pagination.hasMore).toBe(true);
    const second = (await request('GET', `/api/v0/teams/${team.id}/members?limit=2&cursor=${first.pagination.nextCursor}`, org.users.manager.key)).json();
    expect([...first.members, ...second.members].map((m: { userId: string }) => m.userId)).toEqual(people.map((p) => p.id).sort());
    expect(second.pagination).toEqual({ hasMore: false, nextCursor: null });
    const elsewhere = await createTeam('Elsewhere');
    expectError(await request('GET', `/api/v0/teams/${elsewhere.id}/members?cursor=${first.pagination.nextCursor}`, org.users.manager.key), 400);
  });
});

// Roles and tenancy: members read, owner and manager manage, guests nothing; another
// organization's teams answer 404.
const teamOf = async ({ server, org }: { server: TestServer; org: TestOrganization }, name = `t-${Math.random()}`) =>
  (await server.app.inject({ method: 'POST', url: '/api/v0/teams', headers: auth(org.owner.key), payload: { name } })).json().team.id as string;
authMatrix([
  { method: 'GET', url: '/api/v0/teams', credentials: 'apiKeyOrJwt', roles: MEMBERS },
  { method: 'POST', url: '/api/v0/teams', payload: () => ({ name: `new-${Math.random()}` }), credentials: 'apiKeyOrJwt', roles: MANAGERS },
  { method: 'GET', url: async (ctx) => `/api/v0/teams/${await teamOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MEMBERS, foreignUrl: async (ctx) => `/api/v0/teams/${await teamOf({ ...ctx, org: ctx.other })}` },
  {
    method: 'PATCH',
    url: async (ctx) => `/api/v0/teams/${await teamOf(ctx)}`,
    payload: () => ({ name: `renamed-${Math.random()}` }),
    credentials: 'apiKeyOrJwt',
    roles: MANAGERS,
    foreignUrl: async (ctx) => `/api/v0/teams/${await teamOf({ ...ctx, org: ctx.other })}`,
  },
  { method: 'DELETE', url: async (ctx) => `/api/v0/teams/${await teamOf(ctx)}`, credentials: 'apiKeyOrJwt', roles: MANAGERS, foreignUrl: async (ctx) => `/api/v0/teams/${await teamOf({ ...ctx, org: ctx.other })}` },
  {
    method: 'GET',
    url: async (ctx) => `/api/v0/teams/${await teamOf(ctx)}/members`,
    credentials: 'apiKeyOrJwt',
    roles: MEMBERS,
    foreignUrl: async (ctx) => `/api/v0/teams/${await teamOf({ ...ctx, org: ctx.other })}/members`,
  },
  {
    method: 'POST',
    url: async (ctx) => `/api/v0/teams/${await teamOf(ctx)}/members`,
    payload: ({ org }: { org: TestOrganization }) => ({ userId: org.users.member.id }),
    credentials: 'apiKeyOrJwt',
    roles: MANAGERS,
    foreignUrl: async (ctx) => `/api/v0/teams/${await teamOf({ ...ctx, org: ctx.other })}/members`,
  },
  {
    method: 'DELETE',
    url: async (ctx) => {
      const id = await teamOf(ctx);
      await ctx.server.app.inject({ method: 'POST', url: `/api/v0/teams/${id}/members`, headers: auth(ctx.org.owner.key), payload: { userId: ctx.org.users.member.id } });
      return `/api/v0/teams/${id}/members/${ctx.org.users.member.id}`;
    },
    credentials: 'apiKeyOrJwt',
    roles: MANAGERS,
    foreignUrl: async (ctx) => {
      const id = await teamOf({ ...ctx, org: ctx.other });
      await ctx.server.app.inject({ method: 'POST', url: `/api/v0/teams/${id}/members`, headers: auth(ctx.other.owner.key), payload: { userId: ctx.other.users.member.id } });
      return `/api/v0/teams/${id}/members/${ctx.other.users.member.id}`;
    },
  },
]);
