import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READINESS_CRITERIA } from '../../src/sdk/readiness-levels.js';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { cli } from '../cli/helpers.js';
import { makeRepository, README_ONLY, WELL_KEPT } from './fixtures.js';

// `quarterdeck readiness evaluate` as a subprocess (the built CLI): the summary, the JSON, and
// --upload against a real server port with the report then read back through GET.

describe('quarterdeck readiness evaluate', () => {
  let server: TestServer;
  let org: TestOrganization;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer();
    org = await createOrganization(server);
    url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => server.close());

  it('prints the level and what blocks the next, the JSON report, and uploads it to the server', async () => {
    const dir = makeRepository(WELL_KEPT, { commits: ['feat: widgets'], remote: 'https://github.com/acme/widgets.git' });
    const text = await cli(['readiness', 'evaluate', dir]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Readiness of https:\/\/github.com\/acme\/widgets.git \(commit [0-9a-f]{12} on main\)$/m);
    expect(text.stdout).toMatch(/^Level [3-5] of 5: /m);
    expect(text.stdout).toMatch(/^Next: level \d \(\w+\) needs \d+ more of its criteria to pass\. Failing:$/m);

    const json = await cli(['readiness', 'evaluate', dir, '--format', 'json']);
    const printed = JSON.parse(json.stdout);
    expect(Object.keys(printed.report).sort()).toEqual(Object.keys(READINESS_CRITERIA).sort());
    expect(printed.agentVersion).toMatch(/^quarterdeck \d+\.\d+\.\d+/);

    const uploaded = await cli(['readiness', 'evaluate', dir, '--format', 'json', '--upload'], { QUARTERDECK_URL: url, QUARTERDECK_API_KEY: org.owner.key });
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const reportId = /uploaded: report (\S+) for github.com\/acme\/widgets/.exec(uploaded.stderr)![1];
    const listed = await server.app.inject({ url: '/api/organization/maturity-level-reports?repoId=github.com/acme/widgets', headers: auth(org.owner.key) });
    const stored = listed.json().reports.find((item: { reportId: string }) => item.reportId === reportId);
    expect(stored).toMatchObject({ ...JSON.parse(uploaded.stdout), repoId: 'github.com/acme/widgets' });
  });

  it('refuses clearly: a bad format, --upload without a key or with a local repository URL, a wrong key, a missing path', async () => {
    const dir = makeRepository(README_ONLY);
    expect(await cli(['readiness', 'evaluate', dir, '--format', 'xml'])).toMatchObject({ code: 1, stderr: expect.stringContaining('--format must be text or json') });
    expect(await cli(['readiness', 'evaluate', dir, '--upload'])).toMatchObject({ code: 1, stderr: expect.stringContaining('--upload needs an API key') });
    const local = await cli(['readiness', 'evaluate', dir, '--upload'], { QUARTERDECK_URL: url, QUARTERDECK_API_KEY: org.owner.key });
    expect(local.code).toBe(2);
    expect(local.stderr).toContain('repoUrl');
    const wrongKey = await cli(['readiness', 'evaluate', dir, '--upload', '--repo-url', 'https://github.com/acme/bare'], { QUARTERDECK_URL: url, QUARTERDECK_API_KEY: 'qd_wrong' });
    expect(wrongKey.code).toBe(3);
    const missing = await cli(['readiness', 'evaluate', join(dir, 'nope')]);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('cannot read') });
  });
});
