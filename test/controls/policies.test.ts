import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { assertApiKeyCreationAllowed, assertComputerCreationAllowed, assertModelAllowed, sessionDefaults, type EnterpriseSettings } from '../../src/domain/policies.js';
import { assertUnderCreditLimit, setGlobalLimit, setUserLimit } from '../../src/repositories/credit-limits.js';
import { appendRevision, currentSettings } from '../../src/repositories/enterprise-controls.js';
import { createOrganization, startTestServer, useCredits, type TestOrganization, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/audit.js';

// The policies other areas enforce, as pure functions, and the two functions reading their inputs.

/** The domain error code `run` throws (undefined when it returns). */
const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.code;
  }
};

describe('sessionDefaults', () => {
  it('takes model, specModeModel and runInWorktree from sessionDefaultSettings, nothing else', () => {
    expect(sessionDefaults({})).toEqual({});
    expect(sessionDefaults({ sessionDefaultSettings: { model: 'm1', specModeModel: 'm2', runInWorktree: false, other: 1 } as never })).toEqual({ model: 'm1', specModeModel: 'm2', runInWorktree: false });
    expect(sessionDefaults({ sessionDefaultSettings: { runInWorktree: true } })).toEqual({ runInWorktree: true });
  });
});

describe('assertModelAllowed', () => {
  it('allows everything without a model policy', () => {
    expect(codeOf(() => assertModelAllowed({}, 'any'))).toBeUndefined();
  });
  it('refuses blocked models with 403', () => {
    const settings: EnterpriseSettings = { modelPolicy: { blockedModelIds: ['bad'] } };
    expect(codeOf(() => assertModelAllowed(settings, 'bad'))).toBe('policy_refused');
    expect(codeOf(() => assertModelAllowed(settings, 'good'))).toBeUndefined();
  });
  it('with a non-empty allow list, refuses models not on it; an empty list allows all', () => {
    expect(codeOf(() => assertModelAllowed({ modelPolicy: { allowedModelIds: ['a'] } }, 'b'))).toBe('policy_refused');
    expect(codeOf(() => assertModelAllowed({ modelPolicy: { allowedModelIds: ['a'] } }, 'a'))).toBeUndefined();
    expect(codeOf(() => assertModelAllowed({ modelPolicy: { allowedModelIds: [] } }, 'b'))).toBeUndefined();
  });
  it('blocking wins over allowing', () => {
    expect(codeOf(() => assertModelAllowed({ modelPolicy: { allowedModelIds: ['a'], blockedModelIds: ['a'] } }, 'a'))).toBe('policy_refused');
  });
});

describe('assertComputerCreationAllowed', () => {
  it('allows both provider types by default', () => {
    expect(codeOf(() => assertComputerCreationAllowed({}, 'hosted', 'a@x.test'))).toBeUndefined();
    expect(codeOf(() => assertComputerCreationAllowed({}, 'byom', 'a@x.test'))).toBeUndefined();
  });
  it('managedComputersEnabled governs hosted, byomComputersEnabled governs byom', () => {
    expect(codeOf(() => assertComputerCreationAllowed({ managedComputersEnabled: false }, 'hosted', 'a@x.test'))).toBe('policy_refused');
    expect(codeOf(() => assertComputerCreationAllowed({ managedComputersEnabled: false }, 'byom', 'a@x.test'))).toBeUndefined();
    expect(codeOf(() => assertComputerCreationAllowed({ byomComputersEnabled: false }, 'byom', 'a@x.test'))).toBe('policy_refused');
    expect(codeOf(() => assertComputerCreationAllowed({ byomComputersEnabled: false }, 'hosted', 'a@x.test'))).toBeUndefined();
  });
  it('e-mail lists limit who may create, compared case-insensitively; empty means everyone', () => {
    const settings: EnterpriseSettings = { byomComputersAllowedEmails: ['Alice@X.test'], managedComputersAllowedEmails: [] };
    expect(codeOf(() => assertComputerCreationAllowed(settings, 'byom', 'alice@x.TEST'))).toBeUndefined();
    expect(codeOf(() => assertComputerCreationAllowed(settings, 'byom', 'bob@x.test'))).toBe('policy_refused');
    expect(codeOf(() => assertComputerCreationAllowed(settings, 'hosted', 'bob@x.test'))).toBeUndefined();
  });
});

describe('assertApiKeyCreationAllowed', () => {
  it('restricts members and guests only when restrictApiKeyCreationToManagers is true', () => {
    for (const role of ['owner', 'manager', 'member', 'guest'] as const) expect(codeOf(() => assertApiKeyCreationAllowed({}, role))).toBeUndefined();
    const restricted: EnterpriseSettings = { restrictApiKeyCreationToManagers: true };
    expect(codeOf(() => assertApiKeyCreationAllowed(restricted, 'owner'))).toBeUndefined();
    expect(codeOf(() => assertApiKeyCreationAllowed(restricted, 'manager'))).toBeUndefined();
    expect(codeOf(() => assertApiKeyCreationAllowed(restricted, 'member'))).toBe('policy_refused');
    expect(codeOf(() => assertApiKeyCreationAllowed(restricted, 'guest'))).toBe('policy_refused');
  });
});

describe('with a database', () => {
  let server: TestServer;
  let org: TestOrganization;
  let other: TestOrganization;
  beforeAll(async () => {
    server = await startTestServer();
    org = await createOrganization(server);
    other = await createOrganization(server, 'Other');
  });
  afterAll(async () => server?.close());

  const creditStatus = async (organizationId: string, userId: string) => {
    try {
      await assertUnderCreditLimit(server.store.db, organizationId, userId);
      return undefined;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return error.code;
    }
  };

  it('currentSettings is empty before any change and the latest revision after', async () => {
    expect(await currentSettings(server.store.db, org.id)).toEqual({});
    await appendRevision(server.store.db, org.id, org.owner.id, () => ({ modelPolicy: { blockedModelIds: ['x'] } }), SYSTEM_ACTOR);
    await appendRevision(server.store.db, org.id, org.owner.id, (current) => ({ ...current.settings, routerGuidance: 'g' }), SYSTEM_ACTOR);
    expect(await currentSettings(server.store.db, org.id)).toEqual({ modelPolicy: { blockedModelIds: ['x'] }, routerGuidance: 'g' });
    expect(await currentSettings(server.store.db, other.id)).toEqual({});
  });

  it('assertUnderCreditLimit: no limit, global limit, override, credit_limit_reached at the limit', async () => {
    const db = server.store.db;
    const user = org.users.member;
    expect(await creditStatus(org.id, user.id)).toBeUndefined();
    await useCredits(server, org.id, user.id, 40);
    await setGlobalLimit(db, org.id, 50, SYSTEM_ACTOR);
    expect(await creditStatus(org.id, user.id)).toBeUndefined();
    await useCredits(server, org.id, user.id, 10);
    expect(await creditStatus(org.id, user.id)).toBe('credit_limit_reached');
    // The override wins over the global limit, both ways.
    await setUserLimit(db, org.id, user.id, 51);
    expect(await creditStatus(org.id, user.id)).toBeUndefined();
    await setUserLimit(db, org.id, user.id, 0);
    expect(await creditStatus(org.id, org.users.member.id)).toBe('credit_limit_reached');
    await setUserLimit(db, org.id, user.id, null);
    expect(await creditStatus(org.id, user.id)).toBe('credit_limit_reached');
    await setGlobalLimit(db, org.id, null, SYSTEM_ACTOR);
    expect(await creditStatus(org.id, user.id)).toBeUndefined();
  });

  it('assertUnderCreditLimit counts only this UTC month and this organization', async () => {
    const db = server.store.db;
    const user = org.users.guest;
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await useCredits(server, org.id, user.id, 1000, lastMonth);
    await setUserLimit(db, org.id, user.id, 5);
    expect(await creditStatus(org.id, user.id)).toBeUndefined();
    await setGlobalLimit(db, other.id, 0, SYSTEM_ACTOR);
    expect(await creditStatus(org.id, user.id)).toBeUndefined();
    expect(await creditStatus(other.id, other.users.member.id)).toBe('credit_limit_reached');
    await useCredits(server, org.id, user.id, 5);
    expect(await creditStatus(org.id, user.id)).toBe('credit_limit_reached');
  });
});
