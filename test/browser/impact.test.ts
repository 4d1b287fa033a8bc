import { readFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from '@octokit/webhooks-methods';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../src/domain/dates.js';
import { formatExact, formatMoney, formatPercent } from '../../web/src/format.js';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import type { BuiltServer } from '../helpers/built-console.js';
import { callApi, type ConsoleServer, createOrganization, signedInPage, startConsoleServer } from '../helpers/console-server.js';

// The Impact view against the API: four pull requests of two members in two teams delivered to a
// connected GitHub host (two with an agent's co-author trailer, one without, one closed unmerged),
// agent usage in one repository; the figures the page shows are the API's answer for the same
// range, computed here on their own, and each panel's CSV is the API's CSV; the range's merged
// pull requests are listed with their evidence and host links (light and dark scheme), and a
// member's page and the repositories page show their own figures. Then the Git hosts
// page lists the host and its deliveries, and connects another. (390 px and dark mode: the demo's
// pages in every-page.test.ts.)

let running: ConsoleServer;
let server: BuiltServer;
let ownerKey: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shots: string;
let people: Record<'alice' | 'bob', { id: string; email: string; apiKey: string; login: string }>;

const yesterday = addDays(dayOf(new Date()), -1);
const dayBefore = addDays(yesterday, -1);
const start = addDays(yesterday, -6);
const at = (day: string, time: string) => `${day}T${time}:00Z`;

const call = <T = any>(method: string, path: string, body?: unknown, key = ownerKey, status = 200): Promise<T> => callApi<T>(server.url, method, path, body, key, status);

async function csvOf(query: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/analytics/outcomes?${query}`, { headers: { authorization: `Bearer ${ownerKey}`, accept: 'text/csv' } });
  expect(response.status).toBe(200);
  return response.text();
}

interface PullRequest {
  repo: string;
  number: number;
  author: { login: string; email: string };
  commitAt: string;
  trailer?: string;
  /** Merged then, or closed unmerged with `closed`. */
  endAt: string;
  closed?: true;
  /** Reviewed by another person then. */
  reviewAt?: string;
}

/** A pull request's push, opening and closing, as GitHub delivers them, signed with the host's secret. */
async function deliver(hostId: string, secret: string, pr: PullRequest): Promise<void> {
  const repository = { html_url: `https://github.com/${pr.repo}` };
  const pull = { number: pr.number, html_url: `https://github.com/${pr.repo}/pull/${pr.number}`, user: { login: pr.author.login }, head: { ref: `change-${pr.number}` }, created_at: pr.commitAt, merged_at: null, merge_commit_sha: null };
  const sha = `${pr.repo.length}${pr.number}`.padEnd(40, 'a');
  const deliveries: [string, object][] = [
    ['push', { ref: `refs/heads/change-${pr.number}`, repository, commits: [{ id: sha, message: `Change ${pr.number}${pr.trailer ? `\n\n${pr.trailer}` : ''}`, timestamp: pr.commitAt, author: { name: pr.author.login, email: pr.author.email, username: pr.author.login } }] }],
    ['pull_request', { action: 'opened', repository, pull_request: pull }],
    ...(pr.reviewAt ? [['pull_request_review', { action: 'submitted', repository, pull_request: pull, review: { submitted_at: pr.reviewAt, user: { login: 'reviewer' } } }] as [string, object]] : []),
    ['pull_request', { action: 'closed', repository, pull_request: pr.closed ? { ...pull, closed_at: pr.endAt } : { ...pull, closed_at: pr.endAt, merged_at: pr.endAt, merge_commit_sha: sha, additions: 10, deletions: 2 } }],
  ];
  for (const [i, [event, payload]] of deliveries.entries()) {
    const body = JSON.stringify(payload);
    const response = await fetch(`${server.url}/api/v1/git-hosts/${hostId}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': `impact-${pr.repo}-${pr.number}-${i}`, 'x-hub-signature-256': await sign(secret, body) },
      body,
    });
    expect(await response.json()).toEqual({ outcome: 'stored' });
  }
}

beforeAll(async () => {
  shots = await mkdtemp(join(tmpdir(), 'qd-impact-screenshots-'));
  console.log(`impact screenshots: ${shots}`);
  running = await startConsoleServer();
  server = running.server;
  const { inviteUrl, apiKey } = await createOrganization(running, 'Impact Org', 'owner@impact.test');
  ownerKey = apiKey;
  people = {} as never;
  for (const login of ['alice', 'bob'] as const) {
    const added = await call<{ user: { id: string; email: string }; apiKey: string }>('POST', '/api/v0/organization/users', { email: `${login}@impact.test`, name: login, role: 'member' }, ownerKey, 201);
    people[login] = { ...added.user, apiKey: added.apiKey, login };
    const { team } = await call<{ team: { id: string } }>('POST', '/api/v0/teams', { name: login === 'alice' ? 'Platform' : 'Product' }, ownerKey, 201);
    await call('POST', `/api/v0/teams/${team.id}/members`, { userId: added.user.id }, ownerKey, 201);
  }
  // Alice's agent at work on acme/api while her pull request is open: its cost.
  const usage = { id: 'impact-usage', type: 'model_call', timestamp: at(dayBefore, '10:10'), sessionId: 'impact-session', client: 'terminal-ui', repository: 'https://github.com/acme/api', modelId: 'claude-sonnet-4-5', modelTier: 'standard', inputTokens: 200_000, outputTokens: 10_000, cacheReadTokens: 0, cacheWriteTokens: 0 };
  await call('POST', '/api/v1/telemetry/events', { events: [usage] }, people.alice.apiKey, 202);
  const host = await call<{ id: string; webhookSecret: string }>('POST', '/api/v0/git-hosts', { provider: 'github', name: 'acme on GitHub' }, ownerKey, 201);
  const claude = 'Co-Authored-By: Claude <noreply@anthropic.com>';
  for (const pr of [
    { repo: 'acme/api', number: 1, author: people.alice, commitAt: at(dayBefore, '10:00'), trailer: claude, endAt: at(dayBefore, '12:00'), reviewAt: at(dayBefore, '11:00') },
    { repo: 'acme/api', number: 2, author: people.bob, commitAt: at(dayBefore, '09:00'), endAt: at(yesterday, '15:00'), reviewAt: at(dayBefore, '13:00') },
    { repo: 'acme/web', number: 1, author: people.bob, commitAt: at(yesterday, '08:00'), endAt: at(yesterday, '10:00'), closed: true as const },
    { repo: 'acme/web', number: 2, author: people.alice, commitAt: at(yesterday, '07:00'), trailer: 'Co-authored-by: Codex <noreply@openai.com>', endAt: at(yesterday, '09:30') },
  ]) {
    await deliver(host.id, host.webhookSecret, pr);
  }
  browser = await sharedChromium();
  ({ context, page } = await signedInPage(browser, inviteUrl));
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
});

interface Row {
  group_key?: string;
  team_name?: string;
  pull_requests_merged: number;
  pull_requests_merged_agent_assisted: number;
  merged_cost: number;
  median_minutes_to_merge_agent_assisted: number | null;
  median_minutes_to_merge_none: number | null;
  p90_minutes_to_merge_agent_assisted: number | null;
  p90_minutes_to_merge_none: number | null;
  median_minutes_to_first_review_agent_assisted: number | null;
  median_minutes_to_first_review_none: number | null;
  p90_minutes_to_first_review_agent_assisted: number | null;
  p90_minutes_to_first_review_none: number | null;
  pull_requests_closed_unmerged_agent_assisted: number;
}

/** The reference: the range's figures from the API's daily rows, worked out here. */
function expected(rows: Row[], currency: string) {
  const merged = rows.reduce((sum, row) => sum + row.pull_requests_merged, 0);
  const assisted = rows.reduce((sum, row) => sum + row.pull_requests_merged_agent_assisted, 0);
  const cost = rows.reduce((sum, row) => sum + row.merged_cost, 0);
  const closedAssisted = rows.reduce((sum, row) => sum + row.pull_requests_closed_unmerged_agent_assisted, 0);
  const middle = (values: (number | null)[]) => {
    const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
    if (known.length === 0) return null;
    const half = Math.floor(known.length / 2);
    return known.length % 2 ? known[half]! : (known[half - 1]! + known[half]!) / 2;
  };
  const hours = (minutes: number | null) => (minutes === null ? '—' : minutes < 60 ? `${Math.round(minutes)} min` : minutes < 2880 ? `${(minutes / 60).toFixed(1)} h` : `${(minutes / 1440).toFixed(1)} days`);
  return {
    merged: formatExact(merged),
    'agent-share': formatPercent(assisted / merged),
    'cost-per-merged': formatMoney(cost / merged, currency),
    'minutes-agent': hours(middle(rows.map((row) => row.median_minutes_to_merge_agent_assisted))),
    'minutes-none': hours(middle(rows.map((row) => row.median_minutes_to_merge_none))),
    'minutes-agent-p90': hours(middle(rows.map((row) => row.p90_minutes_to_merge_agent_assisted))),
    'minutes-none-p90': hours(middle(rows.map((row) => row.p90_minutes_to_merge_none))),
    'review-agent': hours(middle(rows.map((row) => row.median_minutes_to_first_review_agent_assisted))),
    'review-none': hours(middle(rows.map((row) => row.median_minutes_to_first_review_none))),
    'review-agent-p90': hours(middle(rows.map((row) => row.p90_minutes_to_first_review_agent_assisted))),
    'merge-rate-agent': formatPercent(assisted / (assisted + closedAssisted)),
  };
}

describe('the Impact view', () => {
  it('shows the API figures of the range, AI vs human, per team, and downloads the API CSV', async () => {
    const range = `startDate=${start}&endDate=${yesterday}`;
    const answer = await call<{ data: Row[]; meta: { currency: string } }>('GET', `/api/v1/analytics/outcomes?${range}`);
    const figures = expected(answer.data, answer.meta.currency);
    // What was delivered: three merged, two with an agent, one closed; alice's usage priced.
    expect(figures).toMatchObject({ merged: '3', 'agent-share': '67 %', 'minutes-agent': '2.3 h', 'minutes-none': '30.0 h', 'review-agent': '1.0 h', 'review-none': '4.0 h', 'merge-rate-agent': '100 %' });
    expect(answer.data.reduce((sum, row) => sum + row.merged_cost, 0)).toBeGreaterThan(0);

    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Impact' }).click();
    await page.waitForURL(/\/impact/);
    await page.getByText('7 days', { exact: true }).click();
    await page.waitForURL(/days=7/);
    for (const [name, value] of Object.entries(figures)) await expect.poll(() => page.locator(`[data-figure="${name}"]`).textContent(), { message: name }).toBe(value);
    expect(await page.title()).toBe('Impact · Quarterdeck');

    const byTeam = await call<{ data: Row[]; meta: { currency: string } }>('GET', `/api/v1/analytics/outcomes?${range}&group_by=team`);
    for (const team of ['Platform', 'Product']) {
      const own = expected(byTeam.data.filter((row) => row.team_name === team), byTeam.meta.currency);
      const cells = await page.getByRole('table', { name: 'Merged pull requests by team' }).getByRole('row', { name: new RegExp(`^${team}`) }).getByRole('cell').allTextContents();
      expect(cells.slice(0, 6)).toEqual([team, own.merged, own['agent-share'], own['cost-per-merged'], own['minutes-agent'], own['minutes-none']]);
    }
    await screenshotAndScan(page, shots, '01-impact');

    // The range's merged pull requests, as the API lists them, each with its evidence and its link to the host.
    const { pullRequests } = await call<{ pullRequests: { repository: string; number: number; url: string; evidence: { kind: string; agent: string; commitSha: string }[] }[] }>(
      'GET',
      `/api/v0/pull-requests?state=merged&mergedFrom=${start}&mergedTo=${yesterday}`,
    );
    expect(pullRequests.map((pr) => [pr.url, pr.evidence.map((item) => `${item.kind}:${item.agent}`)])).toEqual([
      ['https://github.com/acme/api/pull/2', []],
      ['https://github.com/acme/web/pull/2', ['trailer:codex']],
      ['https://github.com/acme/api/pull/1', ['trailer:claude-code']],
    ]);
    const listed = page.getByRole('table', { name: 'Pull requests merged in the range' });
    await expect.poll(() => listed.getByRole('row').count()).toBe(pullRequests.length + 1);
    for (const [index, pr] of pullRequests.entries()) {
      const row = listed.getByRole('row').nth(index + 1);
      const link = row.getByRole('link', { name: `github.com/${pr.url.split('/').slice(3, 5).join('/')}#${pr.number}` });
      expect(await link.getAttribute('href')).toBe(pr.url);
      const evidence = await row.getByRole('cell').nth(2).textContent();
      if (pr.evidence.length === 0) expect(evidence).toBe('No agent named in its commits');
      for (const item of pr.evidence) expect(evidence).toContain(`${item.agent}: co-author trailer on ${item.commitSha.slice(0, 7)}`);
    }
    // The same page in the dark scheme.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await listed.waitFor();
    expect(await page.evaluate("document.documentElement.getAttribute('data-mantine-color-scheme')")).toBe('dark');
    await screenshotAndScan(page, shots, '02-impact-dark');
    await page.emulateMedia({ colorScheme: 'light' });


    for (const [title, query] of [['Merged pull requests, AI vs human', range], ['By team', `${range}&group_by=team`], ['By repository', `${range}&group_by=repository`]] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download CSV: ${title}` }).click()]);
      expect(await readFile((await download.path())!, 'utf8'), title).toBe(await csvOf(query));
    }

    // A member's page and the repositories page show their own figures for the same range.
    const byUser = await call<{ data: Row[]; meta: { currency: string } }>('GET', `/api/v1/analytics/outcomes?${range}&group_by=user`);
    const alices = expected(byUser.data.filter((row) => row.group_key === people.alice.id), byUser.meta.currency);
    expect(alices).toMatchObject({ merged: '2', 'agent-share': '100 %' });
    await page.goto(`${server.url}/analytics/users/${people.alice.id}?days=7`);
    for (const name of ['merged', 'agent-share', 'cost-per-merged'] as const) {
      await expect.poll(() => page.locator(`[data-figure="member-${name}"]`).textContent(), { message: name, timeout: 20_000 }).toBe(alices[name]);
    }
    const byRepository = await call<{ data: Row[]; meta: { currency: string } }>('GET', `/api/v1/analytics/outcomes?${range}&group_by=repository`);
    const api = expected(byRepository.data.filter((row) => row.group_key === 'github.com/acme/api'), byRepository.meta.currency);
    await page.goto(`${server.url}/repositories?days=7`);
    const repositoryRow = page.getByRole('table', { name: 'Repositories, their usage and readiness' }).getByRole('row', { name: /^github\.com\/acme\/api/ });
    // The cells of Merged PRs, Agent-assisted and Cost per merged PR (beside the readiness level).
    const repositoryFigures = async () => {
      const cells = await repositoryRow.getByRole('cell').allTextContents();
      return [cells[4], cells[5], cells[3]];
    };
    await expect.poll(repositoryFigures, { timeout: 20_000 }).toEqual([api.merged, api['agent-share'], api['cost-per-merged']]);
  }, 180_000);

  it('lists the connected host and its deliveries on the Git hosts page, and connects another', async () => {
    await page.goto(`${server.url}/settings/git-hosts`);
    const host = page.getByRole('region', { name: 'acme on GitHub' });
    await expect.poll(() => host.getByRole('row').count(), { timeout: 20_000 }).toBe(15); // a head row and 14 deliveries
    expect(await host.getByText('Stored').count()).toBe(14);
    await page.getByRole('button', { name: 'Connect a host' }).click();
    await page.getByLabel('Host', { exact: true }).selectOption('gitlab');
    await page.getByLabel('Name', { exact: true }).fill('acme on GitLab');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const secret = await page.getByLabel('Secret', { exact: true }).textContent();
    const { gitHosts } = await call<{ gitHosts: { id: string; name: string; webhookUrl: string }[] }>('GET', '/api/v0/git-hosts');
    const gitlab = gitHosts.find((listed) => listed.name === 'acme on GitLab')!;
    expect(await page.getByRole('dialog').getByLabel('Webhook URL', { exact: true }).textContent()).toBe(gitlab.webhookUrl);
    await page.getByRole('dialog').getByText('Merge request events', { exact: false }).waitFor();
    await screenshotAndScan(page, shots, '03-git-hosts-connected');
    // The secret shown is the host's: GitLab's token is accepted.
    const push = await fetch(gitlab.webhookUrl.replace(/^https?:\/\/[^/]+/, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gitlab-token': secret!, 'x-gitlab-event': 'System Hook', 'x-gitlab-event-uuid': 'impact-gitlab-1' },
      body: JSON.stringify({ object_kind: 'system' }),
    });
    expect(push.status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('region', { name: 'acme on GitLab' }).getByText('Ignored').waitFor();
    await screenshotAndScan(page, shots, '04-git-hosts');
  }, 60_000);

  it('lists a month of merged pull requests a page at a time', async () => {
    // Twenty-one more merged ten days back, outside the 7-day range of the tests above.
    const host = await call<{ id: string; webhookSecret: string }>('POST', '/api/v0/git-hosts', { provider: 'github', name: 'bulk on GitHub' }, ownerKey, 201);
    const day = addDays(yesterday, -10);
    for (let number = 1; number <= 21; number++) {
      await deliver(host.id, host.webhookSecret, { repo: 'acme/bulk', number, author: people.bob, commitAt: at(day, '08:00'), endAt: at(day, `${String(number).padStart(2, '0')}:30`) });
    }
    const { pullRequests } = await call<{ pullRequests: { url: string }[] }>('GET', `/api/v0/pull-requests?state=merged&mergedFrom=${addDays(yesterday, -29)}&mergedTo=${yesterday}&limit=100`);
    expect(pullRequests).toHaveLength(24);
    await page.goto(`${server.url}/impact?days=30`);
    const listed = page.getByRole('table', { name: 'Pull requests merged in the range' });
    const links = async () => Promise.all((await listed.getByRole('link').all()).map((link) => link.getAttribute('href')));
    await expect.poll(() => listed.getByRole('row').count(), { timeout: 20_000 }).toBe(21); // a head row and the first page of 20
    expect(await links()).toEqual(pullRequests.slice(0, 20).map((pr) => pr.url));
    await page.getByRole('button', { name: 'Show more pull requests' }).click();
    await expect.poll(() => listed.getByRole('row').count()).toBe(25);
    expect(await links()).toEqual(pullRequests.map((pr) => pr.url));
    expect(await page.getByRole('button', { name: 'Show more pull requests' }).count()).toBe(0);
  }, 120_000);
});
