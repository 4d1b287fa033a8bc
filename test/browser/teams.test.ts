import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords } from '../cli/helpers.js';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { acceptInvitation } from '../helpers/console-server.js';
import { startBuiltServer, type BuiltServer } from '../helpers/built-console.js';
import { scratchDatabase } from '../helpers/server.js';

// Teams in the console, in headless Chromium against the built server: a manager creates and
// renames teams, puts a member in two, sees the members table's team column, and reads each
// team's spend against last month on the dashboard — the same figures as the API's CSV — with
// the team filter. Every page: axe scan and a screenshot.

const adminToken = `qda_${randomBytes(24).toString('hex')}`;
let server: BuiltServer;
let browser: Browser;
let page: Page;
let dataDir: string;
let shots: string;
let dropDatabase: (() => Promise<void>) | undefined;
let ownerKey: string;
const people: { id: string; email: string; key: string }[] = [];

const today = new Date().toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const lastMonthEnd = addDays(`${today.slice(0, 7)}-01`, -1);
const lastMonthStart = `${lastMonthEnd.slice(0, 7)}-01`;

async function call(method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * A model call of `credits` Standard Credits for a person on a day, and of credits × 0.3 dollars:
 * credits × 100,000 input tokens of a model the price dataset lists at $3 per million.
 */
async function spend(person: { key: string }, day: string, credits: number, id: string) {
  const event = { id, type: 'model_call', timestamp: `${day}T12:00:00Z`, sessionId: 's', client: 'web', modelId: 'claude-sonnet-4-5', modelTier: 'standard', inputTokens: credits * 100_000, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, billableTokens: credits };
  expect((await call('POST', '/api/v1/telemetry/events', person.key, { events: [event] })).status).toBe(202);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'qd-teams-data-'));
  shots = await mkdtemp(join(tmpdir(), 'qd-teams-screenshots-'));
  console.log(`teams screenshots: ${shots}`);
  const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_TOKEN: adminToken, DATABASE_URL: '', REDIS_URL: '', RATE_LIMIT_PER_MINUTE: '1000000', ANALYTICS_HISTORY_START: addDays(lastMonthStart, -1) };
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL);
    dropDatabase = scratch.drop;
    Object.assign(env, { DATABASE_URL: scratch.url, REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
  }
  server = await startBuiltServer(env);
  const created = (await (await call('POST', '/admin/v1/organizations', adminToken, { name: 'Teams Org', ownerEmail: 'owner@teams.test' })).json()) as { apiKey: string; inviteUrl: string };
  ownerKey = created.apiKey;
  for (const name of ['Ada', 'Grace', 'Linus']) {
    const answer = (await (await call('POST', '/api/v0/organization/users', ownerKey, { email: `${name.toLowerCase()}@teams.test`, name, role: 'member' })).json()) as { user: { id: string; email: string }; apiKey: string };
    people.push({ id: answer.user.id, email: answer.user.email, key: answer.apiKey });
  }
  // Last month: Ada 10, Grace 2.5, Linus 4; this month (when a day of it has ended): Ada 1.
  await spend(people[0]!, addDays(lastMonthStart, 3), 10, 'a1');
  await spend(people[1]!, addDays(lastMonthStart, 5), 2.5, 'g1');
  await spend(people[2]!, lastMonthEnd, 4, 'l1');
  if (addDays(today, -1) >= `${today.slice(0, 7)}-01`) await spend(people[0]!, addDays(today, -1), 1, 'a2');
  expect((await call('POST', '/admin/v1/rollups/run', adminToken)).status).toBe(200);

  browser = await sharedChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  page = await context.newPage();
  await acceptInvitation(page, created.inviteUrl);
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
  await dropDatabase?.();
  await rm(dataDir, { recursive: true, force: true });
});

const check = (name: string) => screenshotAndScan(page, shots, name);

async function createTeam(name: string) {
  await page.getByRole('button', { name: 'Create team' }).click();
  await page.getByLabel('Team name').fill(name);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('cell', { name, exact: true }).waitFor();
}

async function addToTeam(team: string, person: string) {
  await page.getByRole('button', { name: `Members of ${team}` }).click();
  const dialog = page.getByRole('dialog', { name: `Members of ${team}` });
  await dialog.getByLabel('Add a member').click();
  await page.getByRole('option', { name: new RegExp(`^${person} `) }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByRole('cell', { name: person, exact: true }).waitFor();
  return dialog;
}

describe('teams in the console', () => {
  it('creates, renames and fills teams; a member in two teams; the members table shows them', async () => {
    await page.goto(`${server.url}/settings/teams`);
    await page.getByRole('heading', { name: 'Teams', exact: true }).waitFor();
    await page.getByText('No teams yet').waitFor();
    await check('01-teams-empty');
    await createTeam('Backend');
    await createTeam('Mobil');
    await page.getByRole('button', { name: 'Rename Mobil' }).click();
    await page.getByLabel('Team name').fill('Mobile');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await page.getByRole('cell', { name: 'Mobile', exact: true }).waitFor();

    let dialog = await addToTeam('Backend', 'Ada');
    await dialog.getByLabel('Add a member').click();
    await page.getByRole('option', { name: /^Grace / }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('cell', { name: 'Grace', exact: true }).waitFor();
    await check('02-team-members');
    await dialog.getByRole('button', { name: 'Close' }).click();
    dialog = await addToTeam('Mobile', 'Grace');
    await dialog.getByLabel('Add a member').click();
    await page.getByRole('option', { name: /^Linus / }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('cell', { name: 'Linus', exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Remove Linus from Mobile' }).click();
    await expect.poll(() => dialog.getByRole('cell', { name: 'Linus', exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Backend/ }).getByRole('cell').nth(1).textContent()).toBe('2');
    await check('03-teams');

    await page.goto(`${server.url}/settings/members`);
    const grace = page.getByRole('row', { name: /Grace/ });
    await grace.getByText('Backend').waitFor();
    expect(await grace.getByText('Mobile').count()).toBe(1);
    expect(await page.getByRole('row', { name: /Linus/ }).getByText('Backend').count()).toBe(0);
    await check('04-members-with-teams');
  }, 180_000);

  it('shows each team\'s spend against last month, the API\'s figures, with a team filter', async () => {
    const csv = await (await call('GET', `/api/v1/analytics/tokens?startDate=${lastMonthStart}&endDate=${lastMonthEnd}&group_by=team`, ownerKey, undefined, { accept: 'text/csv' })).text();
    const credits = new Map<string, number>();
    const dollars = new Map<string, number>();
    for (const row of csvRecords(csv)) {
      credits.set(row.team_name!, (credits.get(row.team_name!) ?? 0) + Number(row.billable_tokens));
      dollars.set(row.team_name!, (dollars.get(row.team_name!) ?? 0) + Number(row.cost));
    }
    // Backend: Ada 10 + Grace 2.5; Mobile: Grace 2.5 (Linus left it). The organization: 16.5.
    expect(Object.fromEntries(credits)).toEqual({ Backend: 12.5, Mobile: 2.5 });
    expect(Object.fromEntries(dollars)).toEqual({ Backend: 3.75, Mobile: 0.75 });

    // From the history start: the KPI cards have no previous period to compare with (their change
    // badges are another page's matter), while the Teams panel compares calendar months.
    await page.goto(`${server.url}/analytics?start=${addDays(lastMonthStart, -1)}&end=${addDays(today, -1)}`);
    const panel = page.getByRole('region', { name: 'Teams: spend against last month' });
    const backend = panel.getByRole('row', { name: /Backend/ });
    await backend.waitFor({ timeout: 60_000 });
    // Money first, then Standard Credits.
    expect(await backend.getByRole('cell').nth(2).textContent()).toBe('$3.75');
    expect(await backend.getByRole('cell').nth(5).textContent()).toBe('12.5');
    expect(await panel.getByRole('row', { name: /Mobile/ }).getByRole('cell').nth(2).textContent()).toBe('$0.75');
    await check('05-dashboard-teams');

    await panel.getByLabel('Team', { exact: true }).click();
    await page.getByRole('option', { name: 'Mobile' }).click();
    await page.waitForURL(/[?&]team=team_/);
    await expect.poll(() => panel.getByRole('row', { name: /Backend/ }).count()).toBe(0);
    expect(await panel.getByRole('row', { name: /Mobile/ }).getByRole('cell').nth(2).textContent()).toBe('$0.75');
    await check('06-dashboard-team-filter');
  }, 180_000);
});
