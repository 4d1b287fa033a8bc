import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, addUser, auth, consoleHeaders, createOrganization, type TestOrganization } from '../helpers/server.js';
import { createScimToken, expectScimError, PATCH_OP, scim, startScimWorld, type ScimWorld } from '../helpers/scim.js';

// SCIM 2.0 as Okta and Microsoft Entra ID send it (docs/scim.md), over HTTP on loopback: the
// request sequences of their SCIM documentation (bodies shaped as documented, quirks included),
// filters and paging, the token, the SCIM error body, teams and roles from groups, and the audit
// log of every change.

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

let world: ScimWorld;
beforeAll(async () => {
  world = await startScimWorld();
});
afterAll(async () => world.server.close());

const db = () => world.server.store.db;
const auditOf = async (action: string) =>
  db().selectFrom('audit_log').selectAll().where('organization_id', '=', world.org.id).where('action', '=', action).orderBy('id').execute();
const v0 = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, key: string, payload?: object) =>
  world.server.app.inject({ method, url, headers: auth(key), ...(payload ? { payload } : {}) });

describe('Okta', () => {
  it('creates, finds, updates, deactivates and reactivates a user, as Okta sends it', async () => {
    // Okta looks the user up by userName first, then creates it.
    const lookup = await scim(world, 'GET', `/Users?filter=${encodeURIComponent('userName eq "test.user@okta.local"')}&startIndex=1&count=100`);
    expect(lookup.status).toBe(200);
    expect(lookup.headers.get('content-type')).toContain('application/scim+json');
    expect(lookup.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    const created = await scim(world, 'POST', '/Users', {
      schemas: [USER],
      userName: 'test.user@okta.local',
      name: { givenName: 'Test', familyName: 'User' },
      emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
      displayName: 'Test User',
      locale: 'en-US',
      externalId: '00ujl29u0le5T6Aj10h7',
      groups: [],
      password: '1mz050nq',
      active: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.headers.get('location')).toBe(`${world.server.config.publicApiUrl}/scim/v2/Users/${id}`);
    expect(created.body).toMatchObject({
      schemas: [USER],
      userName: 'test.user@okta.local',
      externalId: '00ujl29u0le5T6Aj10h7',
      name: { givenName: 'Test', familyName: 'User', formatted: 'Test User' },
      displayName: 'Test User',
      emails: [{ value: 'test.user@okta.local', type: 'work', primary: true }],
      active: true,
      meta: { resourceType: 'User', location: created.headers.get('location') },
    });
    expect(JSON.stringify(created.body)).not.toContain('1mz050nq');

    // The member: role member, invited until their first sign-in (SSO), no API key, no invitation.
    const member = await db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(member).toMatchObject({ organization_id: world.org.id, email: 'test.user@okta.local', name: 'Test User', role: 'member', active: true, external_id: '00ujl29u0le5T6Aj10h7', joined_at: null, password_hash: null });
    expect(await db().selectFrom('api_keys').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await db().selectFrom('invitations').select('id').where('user_id', '=', id).execute()).toEqual([]);

    // Found again by filter, case-insensitively on userName; read by id.
    const found = await scim(world, 'GET', `/Users?filter=${encodeURIComponent('userName eq "TEST.USER@okta.local"')}`);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0].id).toBe(id);
    expect((await scim(world, 'GET', `/Users/${id}`)).body).toEqual(found.body.Resources[0]);

    // Okta's profile update is a PUT of the whole user.
    const replaced = await scim(world, 'PUT', `/Users/${id}`, {
      schemas: [USER],
      id,
      userName: 'test.user@okta.local',
      name: { givenName: 'Another', familyName: 'User' },
      emails: [{ primary: true, value: 'test.user@okta.local', type: 'work' }],
      displayName: 'Another User',
      active: true,
      externalId: '00ujl29u0le5T6Aj10h7',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.name).toEqual({ givenName: 'Another', familyName: 'User', formatted: 'Another User' });

    // Deactivation: a path-less replace of active.
    const deactivated = await scim(world, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.active).toBe(false);
    expect((await db().selectFrom('users').select(['active', 'deactivated_at']).where('id', '=', id).executeTakeFirstOrThrow()).active).toBe(false);
    // Still readable and findable (Okta reactivates through the same resource).
    expect((await scim(world, 'GET', `/Users/${id}`)).body.active).toBe(false);

    const reactivated = await scim(world, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] });
    expect(reactivated.body.active).toBe(true);

    const audit = await db().selectFrom('audit_log').selectAll().where('organization_id', '=', world.org.id).where('target_id', '=', id).orderBy('id').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['member.created', 'member.updated', 'member.deactivated', 'member.reactivated']);
    expect(audit.every((entry) => entry.actor_type === 'scim' && entry.actor_label === 'Okta' && entry.request_id && entry.ip)).toBe(true);
  });

  it('pushes a group: create, add and remove members, rename, delete', async () => {
    const ada = (await scim(world, 'POST', '/Users', { schemas: [USER], userName: 'ada@okta.local', name: { givenName: 'Ada', familyName: 'L' }, active: true })).body.id as string;
    const bob = (await scim(world, 'POST', '/Users', { schemas: [USER], userName: 'bob@okta.local', name: { givenName: 'Bob', familyName: 'M' }, active: true })).body.id as string;

    const created = await scim(world, 'POST', '/Groups', { schemas: [GROUP], displayName: 'Test SCIMv2', members: [] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ schemas: [GROUP], displayName: 'Test SCIMv2', members: [], meta: { resourceType: 'Group' } });

    // Okta: add members with a value list, remove one by a value filter, in one request.
    const added = await scim(world, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value: ada, display: 'ada@okta.local' }, { value: bob, display: 'bob@okta.local' }] }] });
    expect(added.status).toBe(204);
    const swapped = await scim(world, 'PATCH', `/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${ada}"]` }],
    });
    expect(swapped.status).toBe(204);
    const read = await scim(world, 'GET', `/Groups/${id}`);
    expect(read.body.members.map((member: { value: string }) => member.value)).toEqual([bob]);
    expect(read.body.members[0]).toMatchObject({ value: bob, display: 'bob@okta.local' });

    // The team: source scim, in the teams API with its member.
    const team = (await v0('GET', `/api/v0/teams/${id}`, world.org.owner.key)).json().team;
    expect(team).toMatchObject({ name: 'Test SCIMv2', source: 'scim', memberCount: 1 });

    // Okta renames with a path-less replace naming id and displayName.
    expect((await scim(world, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { id, displayName: 'Test SCIMv2 renamed' } }] })).status).toBe(204);
    expect((await scim(world, 'GET', `/Groups/${id}?excludedAttributes=members`)).body).toMatchObject({ displayName: 'Test SCIMv2 renamed' });
    expect((await scim(world, 'GET', `/Groups/${id}?excludedAttributes=members`)).body.members).toBeUndefined();

    // Okta's member-list replace.
    expect((await scim(world, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'members', value: [{ value: ada }] }] })).status).toBe(204);
    expect((await scim(world, 'GET', `/Groups/${id}`)).body.members.map((member: { value: string }) => member.value)).toEqual([ada]);

    expect((await scim(world, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expectScimError(await scim(world, 'GET', `/Groups/${id}`), 404);
    // The members stay in the organization.
    expect((await scim(world, 'GET', `/Users/${ada}`)).body.active).toBe(true);

    const actions = (await db().selectFrom('audit_log').select('action').where('organization_id', '=', world.org.id).where('target_id', '=', id).orderBy('id').execute()).map((row) => row.action);
    expect(actions).toEqual(['team.created', 'team.member_added', 'team.member_added', 'team.member_removed', 'team.updated', 'team.member_added', 'team.member_removed', 'team.deleted']);
  });
});

describe('Microsoft Entra ID', () => {
  it('runs the documented user sequence, quirks included', async () => {
    // Entra checks the matching attribute (userName) first, then creates.
    const missing = await scim(world, 'GET', `/Users?filter=${encodeURIComponent('userName eq "Test_User_ab6490ee@contoso.example"')}`);
    expect(missing.body.totalResults).toBe(0);
    const created = await scim(world, 'POST', '/Users', {
      schemas: [USER, ENTERPRISE],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName: 'Test_User_ab6490ee@contoso.example',
      active: true,
      emails: [{ primary: true, type: 'work', value: 'Test_User_fd0ea19b@contoso.example' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
      title: 'scim tester',
      [ENTERPRISE]: { department: 'Engineering', employeeNumber: '99887766' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ userName: 'Test_User_ab6490ee@contoso.example', externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef', name: { formatted: 'givenName familyName' } });

    // Entra also finds users by externalId.
    const byExternalId = await scim(world, 'GET', `/Users?filter=${encodeURIComponent('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')}`);
    expect(byExternalId.body.Resources.map((user: { id: string }) => user.id)).toEqual([id]);

    // Entra's update: capitalized ops, a filtered e-mail path (Add when it had none), attributes it may send that are not kept.
    const patched = await scim(world, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'updatedEmail@contoso.example' },
        { op: 'Add', path: 'emails[type eq "home"].value', value: 'home@contoso.example' },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        { op: 'Replace', path: 'title', value: 'tester' },
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Research' },
      ],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.name).toMatchObject({ givenName: 'givenName', familyName: 'updatedFamilyName', formatted: 'givenName updatedFamilyName' });
    // userName is the e-mail: the work e-mail reads back as the userName.
    expect(patched.body.emails).toEqual([{ value: 'Test_User_ab6490ee@contoso.example', type: 'work', primary: true }]);

    // A path-less Replace whose keys are paths, with Entra's "False" string: deactivates.
    const disabled = await scim(world, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', value: { 'name.givenName': 'New', active: 'False' } }] });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body).toMatchObject({ active: false, name: { givenName: 'New', familyName: 'updatedFamilyName', formatted: 'New updatedFamilyName' } });
    const enabled = await scim(world, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    expect(enabled.body.active).toBe(true);
    // The current form: a real boolean, and a userName change.
    const renamed = await scim(world, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: 'renamed@contoso.example' }, { op: 'replace', path: 'active', value: false }] });
    expect(renamed.body).toMatchObject({ userName: 'renamed@contoso.example', active: false });

    // Hard delete: deactivated, then 404 and out of every query; history kept.
    expect((await scim(world, 'DELETE', `/Users/${id}`)).status).toBe(204);
    expectScimError(await scim(world, 'GET', `/Users/${id}`), 404);
    expectScimError(await scim(world, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: true }] }), 404);
    expectScimError(await scim(world, 'DELETE', `/Users/${id}`), 404);
    expect((await scim(world, 'GET', `/Users?filter=${encodeURIComponent('userName eq "renamed@contoso.example"')}`)).body.totalResults).toBe(0);
    expect(await db().selectFrom('users').select(['active']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ active: false });
    // Provisioned again: the same member comes back.
    const again = await scim(world, 'POST', '/Users', { schemas: [USER], userName: 'RENAMED@contoso.example', externalId: 'second-life', active: true });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id, userName: 'RENAMED@contoso.example', externalId: 'second-life', active: true });
  });

  it('runs the documented group sequence: create, filter, add and remove members, rename, delete', async () => {
    const ids: string[] = [];
    for (const name of ['grace', 'linus']) ids.push((await scim(world, 'POST', '/Users', { schemas: [USER], userName: `${name}@contoso.example`, active: true })).body.id);
    const created = await scim(world, 'POST', '/Groups', {
      schemas: [GROUP, 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/Group'],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Entra Group',
      meta: { resourceType: 'Group' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const filtered = await scim(world, 'GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "entra group"')}`);
    expect(filtered.body).toMatchObject({ totalResults: 1, Resources: [{ id, displayName: 'Entra Group', externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159' }] });
    expect(filtered.body.Resources[0].members).toBeUndefined();
    expect((await scim(world, 'GET', `/Groups?filter=${encodeURIComponent('externalId eq "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159"')}`)).body.totalResults).toBe(1);

    const add = await scim(world, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ name: 'addMember', op: 'Add', path: 'members', value: ids.map((value) => ({ displayName: 'new member', value })) }] });
    expect(add.status, JSON.stringify(add.body)).toBe(204);
    const remove = await scim(world, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ name: 'removeMember', op: 'Remove', path: 'members', value: [{ value: ids[0] }] }] });
    expect(remove.status).toBe(204);
    // The filtered form of removal Entra sends too.
    expect((await scim(world, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: `members[value eq "${ids[1]}"]` }] })).status).toBe(204);
    expect((await scim(world, 'GET', `/Groups/${id}`)).body.members).toEqual([]);
    // Removing someone not in the group changes nothing.
    expect((await scim(world, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Remove', path: `members[value eq "${ids[1]}"]` }] })).status).toBe(204);

    expect((await scim(world, 'PATCH', `/Groups/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'displayName', value: 'Entra Group updated' }] })).status).toBe(204);
    expect((await scim(world, 'GET', `/Groups/${id}`)).body.displayName).toBe('Entra Group updated');
    expect((await scim(world, 'DELETE', `/Groups/${id}`)).status).toBe(204);
    expect((await scim(world, 'GET', `/Groups?filter=${encodeURIComponent('displayName eq "Entra Group updated"')}`)).body.totalResults).toBe(0);
  });
});

describe('filters and paging', () => {
  it('pages with startIndex and count, totalResults the whole match', async () => {
    const fresh = await createOrganization(world.server, 'Paging');
    const { token } = await createScimToken(world.server, fresh.owner.key);
    const caller = { baseUrl: world.baseUrl, token };
    for (let i = 0; i < 5; i += 1) await scim(caller, 'POST', '/Users', { schemas: [USER], userName: `p${i}@paging.example`, active: true });
    const all = await scim(caller, 'GET', '/Users');
    // The bootstrap created four members (one per role), and five more.
    expect(all.body.totalResults).toBe(9);
    const ids = all.body.Resources.map((user: { id: string }) => user.id);
    const pages: string[] = [];
    for (let start = 1; start <= 9; start += 4) {
      const page = await scim(caller, 'GET', `/Users?startIndex=${start}&count=4`);
      expect(page.body).toMatchObject({ totalResults: 9, startIndex: start, itemsPerPage: Math.min(4, 10 - start) });
      pages.push(...page.body.Resources.map((user: { id: string }) => user.id));
    }
    expect(pages).toEqual(ids);
    expect((await scim(caller, 'GET', '/Users?count=0')).body).toMatchObject({ totalResults: 9, itemsPerPage: 0, Resources: [] });
    expect((await scim(caller, 'GET', '/Users?startIndex=0&count=-3')).body).toMatchObject({ startIndex: 1, itemsPerPage: 0 });
    expect((await scim(caller, 'GET', '/Users?startIndex=50')).body).toMatchObject({ totalResults: 9, itemsPerPage: 0 });
    expectScimError(await scim(caller, 'GET', '/Users?count=many'), 400, 'invalidValue');
  });

  it('filters on userName, externalId, displayName and id with eq (and "and"); anything else is 400 invalidFilter', async () => {
    const created = await scim(world, 'POST', '/Users', { schemas: [USER], userName: 'filter.me@example.test', externalId: 'Ext-1', displayName: 'Filter Person', active: true });
    const id = created.body.id;
    const match = async (filter: string) => (await scim(world, 'GET', `/Users?filter=${encodeURIComponent(filter)}`)).body.Resources.map((user: { id: string }) => user.id);
    expect(await match('userName eq "Filter.Me@example.test"')).toEqual([id]);
    expect(await match('USERNAME Eq "filter.me@example.test"')).toEqual([id]);
    expect(await match('externalId eq "Ext-1"')).toEqual([id]);
    expect(await match('externalId eq "ext-1"')).toEqual([]);
    expect(await match('displayName eq "filter person"')).toEqual([id]);
    expect(await match(`id eq "${id}"`)).toEqual([id]);
    expect(await match('userName eq "filter.me@example.test" and externalId eq "Ext-1"')).toEqual([id]);
    expect(await match('userName eq "filter.me@example.test" and externalId eq "other"')).toEqual([]);
    expect(await match('userName eq "filter.me@example.test" and userName eq "someone.else@example.test"')).toEqual([]);
    expect(await match(`${USER}:userName eq "filter.me@example.test"`)).toEqual([id]);
    for (const filter of ['userName sw "filter"', 'userName eq "a" or userName eq "b"', 'title eq "x"', 'userName eq', 'not (userName eq "x")', 'emails[type eq "work"].value eq "x"', 'userName pr', 'userName eq 5', '(((']) {
      expectScimError(await scim(world, 'GET', `/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
    }
    expectScimError(await scim(world, 'GET', `/Groups?filter=${encodeURIComponent('userName eq "x"')}`), 400, 'invalidFilter');
    expectScimError(await scim(world, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${'x'.repeat(1100)}"`)}`), 400);
  });
});

describe('the SCIM token', () => {
  it('is the only credential: none, wrong, revoked or another organization\'s token is 401 in SCIM\'s error body', async () => {
    const other = await createOrganization(world.server, 'Other');
    const otherToken = await createScimToken(world.server, other.owner.key);
    const someone = (await scim({ baseUrl: world.baseUrl, token: otherToken.token }, 'POST', '/Users', { schemas: [USER], userName: 'other@other.example' })).body.id;
    // Another organization's resources are not found with this organization's token.
    expectScimError(await scim(world, 'GET', `/Users/${someone}`), 404);
    expect((await scim(world, 'GET', `/Users?filter=${encodeURIComponent('userName eq "other@other.example"')}`)).body.totalResults).toBe(0);

    const browser = await acceptInvitation(world.server, world.org.owner);
    for (const headers of <Record<string, string>[]>[
      { authorization: '' },
      { authorization: 'Bearer qd_scim_wrong' },
      { authorization: `Bearer ${world.org.owner.key}` },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: '', cookie: consoleHeaders(world.server, browser).cookie! },
    ]) {
      const answer = await scim(world, 'GET', '/Users', undefined, headers);
      expectScimError(answer, 401);
      expect(answer.headers.get('www-authenticate')).toContain('Bearer');
    }
    // Discovery and unknown paths want the token too.
    expectScimError(await scim(world, 'GET', '/ServiceProviderConfig', undefined, { authorization: '' }), 401);

    const revoked = await createScimToken(world.server, world.org.owner.key, 'soon revoked');
    expect((await scim({ baseUrl: world.baseUrl, token: revoked.token }, 'GET', '/Users?count=1')).status).toBe(200);
    expect((await v0('DELETE', `/api/v0/organization/scim-tokens/${revoked.id}`, world.org.owner.key)).statusCode).toBe(204);
    expectScimError(await scim({ baseUrl: world.baseUrl, token: revoked.token }, 'GET', '/Users?count=1'), 401);
    // The SCIM token is not an API key.
    expect((await world.server.app.inject({ method: 'GET', url: '/api/v0/teams', headers: auth(world.token) })).statusCode).toBe(401);
  });
});

describe('errors', () => {
  it('answers bad input with SCIM\'s error body, never 500', async () => {
    const member = (await scim(world, 'POST', '/Users', { schemas: [USER], userName: 'errors@example.test' })).body.id;
    expectScimError(await scim(world, 'POST', '/Users', { schemas: [USER], userName: 'ERRORS@example.test' }), 409, 'uniqueness');
    expectScimError(await scim(world, 'POST', '/Users', { schemas: [USER], userName: 'x@example.test', externalId: '00ujl29u0le5T6Aj10h7' }), 409, 'uniqueness');
    for (const body of [{}, { userName: 'not an e-mail' }, { userName: 5 }, { userName: 'a@b.example', active: 'maybe' }, { userName: 'a@b.example', name: 'flat' }, { userName: 'a@b.example', externalId: 'x'.repeat(300) }, []]) {
      expectScimError(await scim(world, 'POST', '/Users', body), 400);
    }
    expectScimError(await scim(world, 'POST', '/Users', '{"userName":'), 400, 'invalidSyntax');
    expectScimError(await scim(world, 'POST', '/Users', 'userName=x', { 'content-type': 'text/plain' }), 415);
    for (const [body, scimType] of [
      [{ schemas: [PATCH_OP] }, 'invalidSyntax'],
      [{ Operations: [{ op: 'move', path: 'active' }] }, 'invalidSyntax'],
      [{ Operations: [{ op: 'remove' }] }, 'noTarget'],
      [{ Operations: [{ op: 'replace', path: 'emails[type eq', value: 'x' }] }, 'invalidPath'],
      [{ Operations: [{ op: 'replace', path: '__proto__.polluted', value: 1 }] }, 'invalidPath'],
      [{ Operations: [{ op: 'replace', path: 'constructor.prototype.polluted', value: 1 }] }, 'invalidPath'],
      [{ Operations: [{ op: 'replace', value: 'no object' }] }, 'invalidValue'],
      [{ Operations: [{ op: 'replace', path: 'userName', value: 'not an e-mail' }] }, 'invalidValue'],
      [{ Operations: [{ op: 'replace', path: 'active', value: 'sometimes' }] }, 'invalidValue'],
      [{ Operations: [{ op: 'replace', path: 'name.givenName', value: { nested: true } }] }, 'invalidValue'],
      [{ Operations: 'all of them' }, 'invalidSyntax'],
    ] as const) {
      expectScimError(await scim(world, 'PATCH', `/Users/${member}`, body), 400, scimType);
    }
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expectScimError(await scim(world, 'PATCH', '/Users/usr_missing', { Operations: [{ op: 'replace', path: 'active', value: false }] }), 404);
    expectScimError(await scim(world, 'PUT', '/Users/usr_missing', { userName: 'nobody@example.test' }), 404);
    expectScimError(await scim(world, 'GET', '/Nothing'), 404);
    expectScimError(await scim(world, 'GET', `/Users/${'x'.repeat(99)}`), 404);

    expectScimError(await scim(world, 'POST', '/Groups', { displayName: '' }), 400, 'invalidValue');
    expectScimError(await scim(world, 'POST', '/Groups', { displayName: 'ok', members: [{ value: 'usr_unknown' }] }), 400, 'invalidValue');
    expectScimError(await scim(world, 'POST', '/Groups', { displayName: 'ok', members: 'everyone' }), 400, 'invalidValue');
    // A manual team's name is taken.
    await v0('POST', '/api/v0/teams', world.org.owner.key, { name: 'Hand-made' });
    expectScimError(await scim(world, 'POST', '/Groups', { displayName: 'hand-made' }), 409, 'uniqueness');
    const group = (await scim(world, 'POST', '/Groups', { displayName: 'Errors group' })).body.id;
    expectScimError(await scim(world, 'PATCH', `/Groups/${group}`, { Operations: [{ op: 'add', path: 'members', value: [{ value: 'usr_unknown' }] }] }), 400, 'invalidValue');
    expectScimError(await scim(world, 'PATCH', `/Groups/${group}`, { Operations: [{ op: 'replace', path: 'displayName', value: 'Hand-made' }] }), 409, 'uniqueness');
    expectScimError(await scim(world, 'PATCH', '/Groups/team_missing', { Operations: [{ op: 'replace', path: 'displayName', value: 'x' }] }), 404);
    // Manual teams are not SCIM groups.
    const manual = (await v0('GET', '/api/v0/teams?limit=100', world.org.owner.key)).json().teams.find((team: { name: string }) => team.name === 'Hand-made').id;
    expectScimError(await scim(world, 'GET', `/Groups/${manual}`), 404);
    expectScimError(await scim(world, 'DELETE', `/Groups/${manual}`), 404);
  });

  it('never deactivates the last active owner (409, no scimType)', async () => {
    const lonely = await createOrganization(world.server, 'One owner');
    const caller = { baseUrl: world.baseUrl, token: (await createScimToken(world.server, lonely.owner.key)).token };
    const answer = await scim(caller, 'PATCH', `/Users/${lonely.owner.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] });
    expectScimError(answer, 409);
    expect(answer.body.scimType).toBeUndefined();
    expectScimError(await scim(caller, 'DELETE', `/Users/${lonely.owner.id}`), 409);
    expect((await scim(caller, 'GET', `/Users/${lonely.owner.id}`)).body.active).toBe(true);
  });

  it('answers the discovery endpoints', async () => {
    const config = await scim(world, 'GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({ patch: { supported: true }, bulk: { supported: false }, filter: { supported: true }, authenticationSchemes: [{ type: 'oauthbearertoken' }] });
    const types = await scim(world, 'GET', '/ResourceTypes');
    expect(types.body.Resources.map((type: { id: string }) => type.id)).toEqual(['User', 'Group']);
    const schemas = await scim(world, 'GET', '/Schemas');
    expect(schemas.body.Resources.map((schema: { id: string }) => schema.id)).toEqual([USER, GROUP]);
  });
});

describe('roles from groups', () => {
  let org: TestOrganization;
  let caller: { baseUrl: string; token: string };
  const roleOf = async (id: string) => (await db().selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;

  beforeAll(async () => {
    org = await createOrganization(world.server, 'Mapped');
    caller = { baseUrl: world.baseUrl, token: (await createScimToken(world.server, org.owner.key)).token };
    // Written by the SSO settings; SCIM only reads it.
    await db()
      .insertInto('organization_sso')
      .values({ organization_id: org.id, issuer: 'https://idp.example', client_id: 'c', client_secret: 'sealed', allowed_domains: '[]', group_roles: JSON.stringify({ Leads: 'manager', Staff: 'member', Visitors: 'guest', Root: 'owner' }), group_teams: '{}' })
      .execute();
  });

  it('gives the highest mapped role, never owner, and takes back only what it granted', async () => {
    const person = (await scim(caller, 'POST', '/Users', { schemas: [USER], userName: 'mapped@example.test' })).body.id as string;
    const visitors = (await scim(caller, 'POST', '/Groups', { displayName: 'Visitors', members: [{ value: person }] })).body.id;
    expect(await roleOf(person)).toBe('guest');
    const leads = (await scim(caller, 'POST', '/Groups', { displayName: 'leads', members: [{ value: person }] })).body.id;
    expect(await roleOf(person)).toBe('manager');
    const root = (await scim(caller, 'POST', '/Groups', { displayName: 'Root', members: [{ value: person }] })).body.id;
    expect(await roleOf(person)).toBe('manager');
    // Out of Leads: Visitors remains mapped.
    await scim(caller, 'PATCH', `/Groups/${leads}`, { Operations: [{ op: 'remove', path: `members[value eq "${person}"]` }] });
    expect(await roleOf(person)).toBe('guest');
    // Out of every mapped group: the granted role goes back to member.
    await scim(caller, 'DELETE', `/Groups/${visitors}`);
    expect(await roleOf(person)).toBe('member');
    // A rename into a mapped name maps.
    await scim(caller, 'PATCH', `/Groups/${root}`, { Operations: [{ op: 'replace', path: 'displayName', value: 'Leads' }] }).then((answer) => expect(answer.status).toBe(409));
    await scim(caller, 'DELETE', `/Groups/${leads}`);
    await scim(caller, 'PATCH', `/Groups/${root}`, { Operations: [{ op: 'replace', path: 'displayName', value: 'Leads' }] });
    expect(await roleOf(person)).toBe('manager');

    // A role set by hand after a grant stays when the groups go.
    expect((await v0('PATCH', `/api/v0/organization/users/${person}`, org.owner.key, { role: 'guest' })).statusCode).toBe(200);
    await scim(caller, 'DELETE', `/Groups/${root}`);
    expect(await roleOf(person)).toBe('guest');

    // Owners are never changed.
    const owners = (await scim(caller, 'POST', '/Groups', { displayName: 'Staff', members: [{ value: org.owner.id }] })).body.id;
    expect(await roleOf(org.owner.id)).toBe('owner');
    await scim(caller, 'DELETE', `/Groups/${owners}`);

    const changes = await db().selectFrom('audit_log').select(['details']).where('organization_id', '=', org.id).where('action', '=', 'member.role_changed').orderBy('id').execute();
    expect(changes.map((change) => `${(change.details as { from: string }).from}>${(change.details as { to: string }).to}`)).toEqual(['member>guest', 'guest>manager', 'manager>guest', 'guest>member', 'member>manager', 'manager>guest']);
  });

  it('ends the console sessions of a member whose role changes', async () => {
    const person = await addUser(world.server, org.owner.key, 'member');
    const browser = await acceptInvitation(world.server, person);
    expect((await world.server.app.inject({ method: 'GET', url: '/api/v0/teams', headers: consoleHeaders(world.server, browser) })).statusCode).toBe(200);
    await scim(caller, 'POST', '/Groups', { displayName: 'Leads', members: [{ value: person.id }] });
    expect(await roleOf(person.id)).toBe('manager');
    expect((await world.server.app.inject({ method: 'GET', url: '/api/v0/teams', headers: consoleHeaders(world.server, browser) })).statusCode).toBe(401);
  });

  it('changes no role without a mapping', async () => {
    const person = (await scim(world, 'POST', '/Users', { schemas: [USER], userName: 'unmapped@example.test' })).body.id as string;
    await scim(world, 'POST', '/Groups', { displayName: 'Leads', members: [{ value: person }] });
    expect(await roleOf(person)).toBe('member');
  });
});
