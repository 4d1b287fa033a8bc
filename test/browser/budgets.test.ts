import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import type { BuiltServer } from '../helpers/built-console.js';
import { callApi, type ConsoleServer, createOrganization, phonePage, signedInPage, startConsoleServer } from '../helpers/console-server.js';

// Budgets and limits from the console, in headless Chromium against the built server: usage of
// this month sent through the API, an organization and a team budget added and changed on the
// budgets page, the dashboard's panel with the budget and the members near their limit (sortable),
// the limits page warning before a limit below what a member used, and each person's e-mail
// opt-out. Every screen scanned with axe, the budgets page also at 390 px.

let running: ConsoleServer;
let server: BuiltServer;
let ownerKey: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shots: string;
const people: Record<'near' | 'over' | 'calm', { id: string; email: string; apiKey: string }> = {} as never;

const check = (name: string, on: Page = page) => screenshotAndScan(on, shots, name);

const call = <T = any>(method: string, path: string, body?: unknown, key = ownerKey, status = 200): Promise<T> => callApi<T>(server.url, method, path, body, key, status);

/** `tokens` input tokens of a priced model now, attributed to the key's member. */
async function use(key: string, tokens: number, tag: string): Promise<void> {
  const event = { id: `use-${tag}`, type: 'model_call', timestamp: new Date().toISOString(), sessionId: `s-${tag}`, client: 'terminal-ui', modelId: 'claude-sonnet-4-5', modelTier: 'standard', inputTokens: tokens, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  await call('POST', '/api/v1/telemetry/events', { events: [event] }, key, 202);
}

beforeAll(async () => {
  shots = await mkdtemp(join(tmpdir(), 'qd-budgets-screenshots-'));
  console.log(`budgets screenshots: ${shots}`);
  running = await startConsoleServer();
  server = running.server;
  const { inviteUrl, apiKey } = await createOrganization(running, 'Budgets Org', 'owner@budgets.test');
  ownerKey = apiKey;
  for (const name of ['near', 'over', 'calm'] as const) {
    const added = await call<{ user: { id: string; email: string }; apiKey: string }>('POST', '/api/v0/organization/users', { email: `${name}@budgets.test`, name: `Member ${name}`, role: 'member' }, ownerKey, 201);
    people[name] = { id: added.user.id, email: added.user.email, apiKey: added.apiKey };
  }
  await use(people.near.apiKey, 8000, 'near');
  await use(people.over.apiKey, 12_000, 'over');
  await use(people.calm.apiKey, 1000, 'calm');
  // 80 %, 120 % and 10 % of their limits.
  await call('PUT', '/api/v0/organization/usage/limits/users', {
    users: [
      { email: people.near.email, limit: 10_000 },
      { email: people.over.email, limit: 10_000 },
      { email: people.calm.email, limit: 10_000 },
    ],
  });
  browser = await sharedChromium();
  ({ context, page } = await signedInPage(browser, inviteUrl));
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
});

describe('budgets and limits in the console', () => {
  it('adds an organization budget in money and a team budget in credits, and changes one', async () => {
    const team = (await call<{ team: { id: string } }>('POST', '/api/v0/teams', { name: 'Platform' }, ownerKey, 201)).team;
    await call('POST', `/api/v0/teams/${team.id}/members`, { userId: people.near.id }, ownerKey, 201);
    await page.goto(`${server.url}/settings/budgets`);
    await page.getByText('No budgets yet').waitFor();
    await check('01-budgets-empty');
    await page.getByRole('button', { name: 'Add budget' }).click();
    await page.getByLabel('Amount per month (USD)').fill('0.5');
    await check('02-add-budget');
    await page.getByRole('button', { name: 'Add budget' }).last().click();
    const organizationRow = page.getByRole('row', { name: /The organization/ });
    await organizationRow.waitFor();
    const [organizationBudget] = (await call<{ budgets: { spent: number; percent: number; scope: string }[] }>('GET', '/api/v0/budgets')).budgets;
    // 21,000 input tokens at the dataset's list price of $3 per million: $0.063, 12.6 % of $0.50.
    expect(organizationBudget).toMatchObject({ scope: 'organization', spent: 0.063, percent: 12.6 });
    expect(await organizationRow.textContent()).toContain('$0.06');
    expect(await organizationRow.textContent()).toContain('12.6 %');

    await page.getByRole('button', { name: 'Add budget' }).click();
    await page.getByLabel('For').selectOption({ label: 'Team Platform' });
    await page.getByLabel('In', { exact: true }).selectOption('credits');
    await page.getByLabel('Amount per month (Standard Credits)').fill('10000');
    await page.getByLabel('Thresholds (% of the amount)').fill('75, 90');
    await page.getByRole('button', { name: 'Add budget' }).last().click();
    const teamRow = page.getByRole('row', { name: /Team Platform/ });
    await expect.poll(() => teamRow.textContent()).toContain('80 %');
    // Every scope has a budget now: nothing more to add.
    expect(await page.getByRole('button', { name: 'Add budget' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Edit the budget of Team Platform' }).click();
    await page.getByLabel('Thresholds (% of the amount)').fill('75, 90, x');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.getByLabel('Amount per month (Standard Credits)').fill('16000');
    await page.getByLabel('Thresholds (% of the amount)').fill('40, 90');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => teamRow.textContent()).toContain('50 %');
    expect((await call<{ budgets: { scope: string; amount: number; thresholds: number[] }[] }>('GET', '/api/v0/budgets')).budgets.find((budget) => budget.scope === 'team')).toMatchObject({ amount: 16_000, thresholds: [40, 90] });
    await check('03-budgets');
  }, 120_000);

  it('fits the budgets page on a 390 px screen', async () => {
    const { context: phone, page: mobile } = await phonePage(browser, context);
    await mobile.goto(`${server.url}/settings/budgets`);
    await mobile.getByRole('row', { name: /Team Platform/ }).waitFor();
    expect(await mobile.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await check('04-budgets-390', mobile);
    await phone.close();
  }, 60_000);

  it("shows the organization's budget and the members near their limit on the dashboard, sortable", async () => {
    await page.goto(`${server.url}/analytics`);
    const panel = page.getByRole('region', { name: 'Budgets and limits this month' });
    await panel.getByTestId('budget-organization').getByText('12.6 %').waitFor({ timeout: 20_000 });
    const near = panel.getByRole('table', { name: 'Members near their credit limit' });
    await near.waitFor();
    // Each member by name, the e-mail under it.
    const names = () => near.locator('tbody tr td:first-child > :first-child').allTextContents();
    const emails = () => near.locator('tbody tr td:first-child > :last-child').allTextContents();
    // 120 % and 80 %; the member at 10 % is not listed.
    expect(await names()).toEqual(['Member over', 'Member near']);
    expect(await emails()).toEqual([people.over.email, people.near.email]);
    expect(await panel.getByText('Members at 75 % of their credit limit or more: 2').count()).toBe(1);
    await near.getByRole('button', { name: 'Used' }).click();
    expect(await emails()).toEqual([people.near.email, people.over.email]);
    await check('05-dashboard-budget');
  }, 60_000);

  it('warns before a limit below what a member already used cuts them off', async () => {
    await page.goto(`${server.url}/settings/limits`);
    await page.getByRole('button', { name: `Edit the limit of ${people.calm.email}` }).click();
    await page.getByLabel('Standard Credits per month').fill('5000');
    expect(await page.getByText('This cuts off at once').count()).toBe(0);
    await page.getByLabel('Standard Credits per month').fill('900');
    await page.getByText('This cuts off at once').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'This cuts off at once' }).textContent()).toContain(`${people.calm.email} has already used 1,000 Standard Credits this month`);
    await check('06-limit-cut-off-warning');
    await page.getByRole('button', { name: 'Save and cut off' }).click();
    await page.getByRole('button', { name: 'Save and cut off' }).waitFor({ state: 'detached' });
    const limits = await call<{ userLimits: { email: string; limit: number }[] }>('GET', '/api/v0/organization/usage/limits/users');
    expect(limits.userLimits.find((entry) => entry.email === people.calm.email)?.limit).toBe(900);
  }, 60_000);

  it("turns the signed-in person's e-mails off and on", async () => {
    await page.goto(`${server.url}/analytics`);
    await page.getByRole('button', { name: 'Account: owner@budgets.test' }).click();
    const email = page.getByLabel('E-mail me about limits, budgets and the weekly digest');
    await expect.poll(() => email.isChecked()).toBe(true);
    await check('07-account-email');
    await email.click();
    await expect.poll(async () => (await call<{ preferences: { emailNotifications: boolean } }>('GET', '/api/v0/organization/users/me/preferences')).preferences.emailNotifications).toBe(false);
    await expect.poll(() => email.isChecked()).toBe(false);
    await email.click();
    await expect.poll(async () => (await call<{ preferences: { emailNotifications: boolean } }>('GET', '/api/v0/organization/users/me/preferences')).preferences.emailNotifications).toBe(true);
  }, 60_000);
});
