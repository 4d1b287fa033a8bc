import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoIdOf } from '../../src/domain/repo-id.js';
import { accessToken, auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// Readiness reports (api.md; decisions.md §5) on the app host path.

const URL = '/api/organization/maturity-level-reports';

describe('repoIdOf', () => {
  it('normalizes https, ssh and scp-like URLs to host/owner/name', () => {
    for (const url of [
      'https://github.com/Acme/Widget',
      'https://github.com/acme/widget.git',
      'https://github.com/acme/widget/',
      'http://user:pass@GitHub.com:8443/acme/widget.git/',
      'ssh://git@github.com/acme/widget.git',
      'ssh://git@github.com:22/acme/widget',
      'git@github.com:Acme/Widget.git',
      'github.com:acme/widget',
      'github.com/acme/widget',
      '  https://github.com/acme/widget  ',
    ]) {
      expect(repoIdOf(url), url).toBe('github.com/acme/widget');
    }
    expect(repoIdOf('https://gitlab.example.test/group/sub/project.git')).toBe('gitlab.example.test/group/sub/project');
  });

  it('refuses what names no repository', () => {
    for (const url of ['', 'https://github.com/acme', 'https://github.com/', 'ftp://example.test/a/b', 'not a url', 'git@github.com:widget.git']) {
      expect(repoIdOf(url), url).toBeUndefined();
    }
  });
});

let server: TestServer;
let org: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server);
  other = await createOrganization(server, 'Other');
});
afterAll(async () => server?.close());

function report(overrides: Record<string, unknown> = {}) {
  return {
    repoUrl: 'git@github.com:Acme/Widget.git',
    apps: { 'services/api': { description: 'The API' } },
    report: { lint_config: { numerator: 1, denominator: 2, rationale: 'one of two apps lints' }, skipped: { numerator: null, denominator: 1, rationale: 'not applicable' } },
    commitHash: 'abc123',
    branch: 'main',
    hasLocalChanges: false,
    hasNonRemoteCommits: true,
    modelUsed: { id: 'model-x', reasoningEffort: 'high' },
    agentVersion: '1.2.3',
    ...overrides,
  };
}

const upload = (payload: unknown, key = org.users.member.key) => server.app.inject({ method: 'POST', url: URL, headers: auth(key), payload: payload as object });
const list = async (query = '', key = org.users.guest.key) => server.app.inject({ method: 'GET', url: `${URL}${query}`, headers: auth(key) });

describe('POST', () => {
  it('stores the report and answers 201 with reportId, createdAt and repoId', async () => {
    const before = Date.now();
    const response = await upload(report());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.reportId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.createdAt).toBeGreaterThanOrEqual(before);
    expect(body.createdAt).toBeLessThanOrEqual(Date.now());
    expect(body).toEqual({ ...report(), reportId: body.reportId, createdAt: body.createdAt, repoId: 'github.com/acme/widget' });
    const listed = (await list(`?repoId=github.com/acme/widget`, org.owner.key)).json();
    expect(listed.reports.find((r: { reportId: string }) => r.reportId === body.reportId)).toEqual(body);
  });

  it('takes the same upload at /api/organization/agent-readiness-reports, where newer clients write', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/organization/agent-readiness-reports', headers: auth(org.users.member.key), payload: report({ repoUrl: 'https://github.com/acme/newer' }) });
    expect(response.statusCode).toBe(201);
    const listed = (await list('?repoId=github.com/acme/newer', org.owner.key)).json();
    expect(listed.reports).toEqual([response.json()]);
    expectError(await server.app.inject({ method: 'POST', url: '/api/organization/agent-readiness-reports', headers: auth(org.users.member.key), payload: report({ repoUrl: 'not a url' }) }), 400);
    expectError(await server.app.inject({ method: 'POST', url: '/api/organization/agent-readiness-reports', headers: auth(org.users.guest.key), payload: report() }), 403);
  });

  it('takes only the required fields', async () => {
    const minimal = { repoUrl: 'https://github.com/acme/minimal', apps: {}, report: {} };
    const response = await upload(minimal);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ...minimal, reportId: response.json().reportId, createdAt: response.json().createdAt, repoId: 'github.com/acme/minimal' });
  });

  it('validates criteria, enums, unknown fields and the repository URL (400)', async () => {
    const bad: [unknown, string][] = [
      [report({ report: { c: { numerator: 3, denominator: 2, rationale: 'r' } } }), 'body/report/c/numerator'],
      [report({ report: { c: { numerator: -1, denominator: 2, rationale: 'r' } } }), 'body/report/c/numerator'],
      [report({ report: { c: { numerator: 0, denominator: 0, rationale: 'r' } } }), 'body/report/c/denominator'],
      [report({ report: { c: { numerator: 0, denominator: 1 } } }), 'body/report/c/rationale'],
      [report({ modelUsed: { id: 'm', reasoningEffort: 'extreme' } }), 'body/modelUsed/reasoningEffort'],
      [report({ reportId: '00000000-0000-4000-8000-000000000000' }), 'body/reportId'],
      [report({ createdAt: 1 }), 'body/createdAt'],
      [report({ repoUrl: 'https://github.com/only-owner' }), 'body/repoUrl'],
      [report({ hasLocalChanges: 'no' }), 'body/hasLocalChanges'],
      [{ repoUrl: 'https://github.com/a/b', apps: {} }, 'body/report'],
    ];
    for (const [payload, path] of bad) {
      const error = expectError(await upload(payload), 400);
      expect(error.errors?.map((e) => e.path), JSON.stringify(payload)).toContain(path);
    }
    const fresh = await createOrganization(server, 'Bad uploads');
    for (const [payload] of bad) await upload(payload, fresh.users.member.key);
    expect((await list('', fresh.owner.key)).json().reports).toEqual([]);
  });
});

describe('GET', () => {
  let fresh: TestOrganization;
  let ids: string[];
  beforeAll(async () => {
    fresh = await createOrganization(server, 'Listing');
    ids = [];
    for (let i = 0; i < 5; i++) {
      const repoUrl = i % 2 === 0 ? 'https://github.com/acme/even' : 'https://github.com/acme/odd';
      ids.push((await upload(report({ repoUrl, branch: `b${i}` }), fresh.users.member.key)).json().reportId);
    }
    // Two reports in the same millisecond are ordered by reportId, descending.
    await server.store.db.updateTable('readiness_reports').set({ created_at_ms: 1_800_000_000_000 }).where('report_id', 'in', [ids[3]!, ids[4]!]).execute();
  });

  const expectedOrder = async () => {
    const rows = await server.store.db.selectFrom('readiness_reports').select(['report_id', 'created_at_ms']).where('organization_id', '=', fresh.id).execute();
    return rows.sort((a, b) => b.created_at_ms - a.created_at_ms || (a.report_id < b.report_id ? 1 : -1)).map((row) => row.report_id);
  };

  it('lists newest first (createdAt, then reportId), paging with startAfter until a short page', async () => {
    const order = await expectedOrder();
    const seen: string[] = [];
    let query = '?limit=2';
    for (;;) {
      const response = await list(query, fresh.users.guest.key);
      expect(response.statusCode).toBe(200);
      const page = response.json().reports as { reportId: string }[];
      seen.push(...page.map((r) => r.reportId));
      if (page.length < 2) break;
      query = `?limit=2&startAfter=${page.at(-1)!.reportId}`;
    }
    expect(seen).toEqual(order);
    expect((await list('', fresh.users.guest.key)).json().reports.map((r: { reportId: string }) => r.reportId)).toEqual(order);
  });

  it('filters by repoId (case-insensitively) and pages within the filter', async () => {
    const even = (await expectedOrder()).filter((id) => [ids[0], ids[2], ids[4]].includes(id));
    const all = (await list('?repoId=GitHub.com/acme/even', fresh.owner.key)).json().reports;
    expect(all.map((r: { reportId: string }) => r.reportId)).toEqual(even);
    expect(all.every((r: { repoId: string }) => r.repoId === 'github.com/acme/even')).toBe(true);
    const rest = (await list(`?repoId=github.com/acme/even&startAfter=${even[0]}`, fresh.owner.key)).json().reports;
    expect(rest.map((r: { reportId: string }) => r.reportId)).toEqual(even.slice(1));
    expect((await list('?repoId=github.com/acme/none', fresh.owner.key)).json()).toEqual({ reports: [] });
    const byUrl = (await list(`?repoId=${encodeURIComponent('git@github.com:Acme/Even.git')}`, fresh.owner.key)).json().reports;
    expect(byUrl.map((r: { reportId: string }) => r.reportId)).toEqual(even);
  });

  it('answers 400 for a startAfter outside the organization or the filter, and for bad parameters', async () => {
    const foreign = (await upload(report(), other.users.member.key)).json().reportId;
    expectError(await list(`?startAfter=${foreign}`, fresh.owner.key), 400);
    expectError(await list(`?repoId=github.com/acme/odd&startAfter=${ids[0]}`, fresh.owner.key), 400);
    expectError(await list('?startAfter=00000000-0000-4000-8000-000000000000', fresh.owner.key), 400);
    for (const query of ['?limit=0', '?limit=1001', '?limit=-3', '?limit=abc', '?startAfter=not-a-uuid', '?repoId=']) {
      expectError(await list(query, fresh.owner.key), 400);
    }
    expect((await list('?limit=1000', fresh.owner.key)).statusCode).toBe(200);
  });

  it("never shows another organization's reports", async () => {
    const reports = (await list('', other.owner.key)).json().reports as { reportId: string }[];
    expect(reports.some((r) => ids.includes(r.reportId))).toBe(false);
  });

  it('takes API keys only: a JWT is 401', async () => {
    const token = await accessToken(server, fresh.owner.key);
    expectError(await list('', token), 401);
  });
});
