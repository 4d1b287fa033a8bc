import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoEvents } from '../../src/demo/generate.js';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { acceptInvitation } from '../helpers/console-server.js';
import { startBuiltServer, type BuiltServer } from '../helpers/built-console.js';
import { scratchDatabase } from '../helpers/server.js';

// The repositories page in headless Chromium against the built server: a demo organization's
// telemetry (its sessions name repositories) and a readiness report; the manager reads the most
// expensive repositories (in money) with their readiness, the same rows and order as the API, and downloads
// the API's CSV. Axe scan and a screenshot.

const USERS = 4;
const DAYS = 30;

let server: BuiltServer;
let browser: Browser;
let page: Page;
let dataDir: string;
let shots: string;
let dropDatabase: (() => Promise<void>) | undefined;
const adminToken = `qda_${randomBytes(24).toString('hex')}`;
let ownerKey: string;

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function call(method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

interface Row {
  repository: string;
  cost: number;
  unpriced_models: string[];
  billable_tokens: number;
  readiness_score: number | null;
}

let rows: Row[];
const range = () => `startDate=${daysBefore(yesterday(), DAYS - 1)}&endDate=${yesterday()}`;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'qd-repositories-data-'));
  shots = await mkdtemp(join(tmpdir(), 'qd-repositories-screenshots-'));
  console.log(`repositories screenshots: ${shots}`);
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_TOKEN: adminToken, DATABASE_URL: '', REDIS_URL: '', RATE_LIMIT_PER_MINUTE: '1000000' };
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL);
    dropDatabase = scratch.drop;
    Object.assign(env, { DATABASE_URL: scratch.url, REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
  }
  server = await startBuiltServer(env);
  const created = await json<{ apiKey: string; inviteUrl: string }>(await call('POST', '/admin/v1/organizations', adminToken, { name: 'Repo Org', ownerEmail: 'owner@repos.test' }), 201);
  ownerKey = created.apiKey;
  const keys = [ownerKey];
  for (let i = 1; i < USERS; i++) {
    keys.push((await json<{ apiKey: string }>(await call('POST', '/api/v0/organization/users', ownerKey, { email: `user${i}@repos.test`, name: `User ${i}`, role: 'member' }), 201)).apiKey);
  }
  const events = generateDemoEvents({ seed: 11, users: USERS, days: DAYS, lastDay: yesterday() });
  for (let user = 0; user < USERS; user++) {
    const own = events.filter((event) => event.user === user).map((event) => event.event);
    for (let i = 0; i < own.length; i += 1000) await json(await call('POST', '/api/v1/telemetry/events', keys[user]!, { events: own.slice(i, i + 1000) }), 202);
  }
  for (let attempt = 0; (await json<{ pendingDays: number }>(await call('POST', '/admin/v1/rollups/run', adminToken), 200)).pendingDays > 0; attempt++) {
    if (attempt > 10) throw new Error('the rollup did not finish');
  }
  // A readiness report of the most expensive repository, in another spelling of its URL.
  rows = (await json<{ data: Row[] }>(await call('GET', `/api/v1/analytics/repositories?${range()}`, ownerKey), 200)).data;
  const [owner, name] = rows[0]!.repository.split('/').slice(1);
  const report = { repoUrl: `git@github.example.test:${owner}/${name}.git`, apps: {}, report: { lint: { numerator: 1, denominator: 1, rationale: 'CI lints' }, tests: { numerator: 1, denominator: 2, rationale: 'Half the apps' }, docs: { numerator: 3, denominator: 3, rationale: 'Documented' } } };
  await json(await call('POST', '/api/organization/maturity-level-reports', ownerKey, report), 201);
  rows = (await json<{ data: Row[] }>(await call('GET', `/api/v1/analytics/repositories?${range()}`, ownerKey), 200)).data;

  browser = await sharedChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', acceptDownloads: true });
  page = await context.newPage();
  await acceptInvitation(page, created.inviteUrl);
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the repositories page in Chromium', () => {
  it("shows the most expensive repositories first, each with its latest readiness, as the API answers", async () => {
    expect(rows.length).toBeGreaterThan(2);
    await page.getByRole('link', { name: 'Repositories' }).click();
    await page.waitForURL('**/repositories');
    await page.getByText(`${DAYS} days`, { exact: true }).click();
    const table = page.getByRole('table', { name: 'Repositories, their usage and readiness' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(rows.length);
    const shown = await table.locator('tbody tr td:first-child').allTextContents();
    expect(shown).toEqual(rows.map((row) => row.repository));
    // Money first, at the organization's prices; the demo's in-house model has none, and says so.
    // The console's rule (docs/console.md "Money"): cents from 100 on, up to four decimals below.
    const dollars = { format: (value: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: Math.abs(value) < 100 ? 4 : 2 }).format(value) };
    expect(rows.some((row) => row.cost > 0 && row.unpriced_models.length > 0)).toBe(true);
    const unpriced = (row: Row) => (row.unpriced_models.length > 0 ? `without ${row.unpriced_models.length} unpriced` : '');
    expect(await table.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(rows.map((row) => `${dollars.format(row.cost)}${unpriced(row)}`));
    await expect.poll(() => page.getByText('A Standard Credit is one token', { exact: false }).count()).toBe(1);
    // The latest readiness by its column's heading (a button opening the row's agent sessions follows it).
    const readiness = (await table.locator('thead th').allTextContents()).findIndex((heading) => heading.startsWith('Latest readiness'));
    expect(readiness).toBeGreaterThan(0);
    expect(await table.locator('tbody tr').first().locator('td').nth(readiness).textContent()).toContain('67 %');
    expect(await table.locator('tbody tr').nth(1).locator('td').nth(readiness).textContent()).toBe('No report');
    await screenshotAndScan(page, shots, '01-repositories');
  }, 180_000);

  it('downloads the CSV the API answers with Accept: text/csv', async () => {
    const name = 'Usage and readiness by repository';
    const panel = page.getByRole('region', { name, exact: true });
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: `Download CSV: ${name}` }).click()]);
    const downloaded = await readFile((await download.path())!, 'utf8');
    const expected = await (await call('GET', `/api/v1/analytics/repositories?${range()}`, ownerKey, undefined, { accept: 'text/csv' })).text();
    expect(downloaded.trim().split('\n').length).toBe(rows.length + 1);
    expect(downloaded).toBe(expected);
  }, 60_000);
});
