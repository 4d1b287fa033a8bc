import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { createOrganization, phonePage, signedInPage, startConsoleServer, type ConsoleServer } from '../helpers/console-server.js';
import { formatMoney } from '../../web/src/format.js';

/** Money as the console shows it (docs/console.md "Money"). */
const dollar = (value: number) => formatMoney(value, 'USD');

// The dashboard's "Today so far" card and its cost by skill, sub-agent, plugin and MCP server
// panel in headless Chromium against the built server: the card shows what the API answers for
// the day in progress and picks up a call stored while it is open (its refresh, no reload); the
// panel lists each kind as the API sums it. Axe in light and dark, at 1440 and 390 px.

let running: ConsoleServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shots: string;
let ownerKey: string;
const DAY_MS = 86_400_000;
const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS).toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${running.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ownerKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const text = (value: string) => ({ stringValue: value });
/** Claude Code 2.1.332's token counter with attribution labels (OTLP/JSON as it sends it). */
function claudeUsage(atMs: number, points: { type: string; value: number; labels: Record<string, string> }[]) {
  return {
    resourceMetrics: [
      {
        resource: { attributes: [{ key: 'service.name', value: text('claude-code') }, { key: 'service.version', value: text('2.1.332') }] },
        scopeMetrics: [
          {
            scope: { name: 'com.anthropic.claude_code', version: '2.1.332' },
            metrics: [
              {
                name: 'claude_code.token.usage',
                unit: 'tokens',
                sum: {
                  aggregationTemporality: 1,
                  isMonotonic: true,
                  dataPoints: points.map((point, i) => ({
                    attributes: [
                      { key: 'session.id', value: text(`browser-${i}`) },
                      { key: 'model', value: text('claude-sonnet-4-5') },
                      { key: 'type', value: text(point.type) },
                      ...Object.entries(point.labels).map(([key, value]) => ({ key, value: text(value) })),
                    ],
                    startTimeUnixNano: `${atMs - 60_000}000000`,
                    timeUnixNano: `${atMs}000000`,
                    asDouble: point.value,
                  })),
                },
              },
            ],
          },
        ],
      },
    ],
  };
}

let sequence = 0;
const modelCall = (modelId: string, inputTokens: number, agent: string) => ({
  id: `browser-today-${++sequence}`,
  type: 'model_call',
  timestamp: Date.now() - 1000,
  sessionId: 'today',
  client: 'terminal-ui',
  agent,
  modelId,
  modelTier: 'standard',
  inputTokens,
  outputTokens: 100,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
});

interface TodayRow {
  dimension: string;
  group_key: string;
  user_email: string | null;
  cost: number;
  billable_tokens: number;
  model_calls: number;
}

beforeAll(async () => {
  shots = await mkdtemp(join(tmpdir(), 'qd-fleet-costs-screenshots-'));
  console.log(`fleet costs screenshots: ${shots}`);
  running = await startConsoleServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  const created = await createOrganization(running, 'Fleet Org', 'owner@fleet.test');
  ownerKey = created.apiKey;
  await ok(await call('PATCH', '/api/v0/organization/users/me', { name: 'Olive Owner' }));
  await ok(await call('PUT', '/api/v0/organization/prices/models', { models: [{ modelId: 'claude-sonnet-4-5', prices: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } }] }));
  const usage = claudeUsage(Date.parse(`${twoDaysAgo}T10:00:00Z`), [
    { type: 'input', value: 120_000, labels: { 'skill.name': 'pdf' } },
    { type: 'input', value: 40_000, labels: { 'skill.name': 'release-notes', 'plugin.name': 'docs-kit' } },
    { type: 'output', value: 9_000, labels: { 'mcp_server.name': 'github', 'plugin.name': 'docs-kit' } },
    { type: 'input', value: 75_000, labels: { 'agent.name': 'code-reviewer' } },
  ]);
  await ok(await call('POST', '/v1/metrics', usage));
  await ok(await call('POST', '/api/v1/telemetry/events', { events: [modelCall('claude-sonnet-4-5', 20_000, 'claude-code'), modelCall('gpt-4.1', 5_000, 'copilot-cli')] }), 202);
  browser = await sharedChromium();
  ({ context, page } = await signedInPage(browser, created.inviteUrl));
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
});

describe('the dashboard in Chromium', () => {
  it('shows today so far as the API answers it, says it is live and partial, and picks up a new call by itself', async () => {
    await page.goto(`${running.server.url}/analytics`);
    const card = page.getByRole('region', { name: 'Today so far' });
    await expect.poll(() => card.getByText('Live', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
    expect(await card.getByText('Partial day', { exact: true }).count()).toBe(1);
    expect(await card.textContent()).toContain('panels below stop at yesterday');
    const today = (await ok<{ data: TodayRow[] }>(await call('GET', '/api/v1/analytics/today'))).data;
    const total = today.find((row) => row.dimension === 'total')!;
    expect(total.model_calls).toBe(2);
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain(dollar(total.cost));
    const people = card.getByRole('table', { name: 'Today so far by people' });
    // A person by their member name, the e-mail under it, as on every page of the console.
    const personRows = today.filter((row) => row.dimension === 'user');
    expect(personRows.map((row) => row.user_email)).toEqual(['owner@fleet.test']);
    await expect.poll(() => people.locator('tbody td:first-child p').allTextContents()).toEqual(['Olive Owner', 'owner@fleet.test']);
    const agents = card.getByRole('table', { name: 'Today so far by agents' });
    expect(await agents.locator('tbody td:first-child').allTextContents()).toEqual(today.filter((row) => row.dimension === 'agent').map((row) => row.group_key));
    await screenshotAndScan(page, shots, '01-today-light');

    // A call stored now shows within the card's refresh (30 s), the page left as it is.
    await ok(await call('POST', '/api/v1/telemetry/events', { events: [modelCall('claude-sonnet-4-5', 1_000_000, 'claude-code')] }), 202);
    const after = (await ok<{ data: TodayRow[] }>(await call('GET', '/api/v1/analytics/today'))).data.find((row) => row.dimension === 'total')!;
    expect(after.model_calls).toBe(3);
    await expect.poll(() => card.textContent(), { timeout: 45_000, interval: 1000 }).toContain(dollar(after.cost));
  }, 120_000);

  it('lists the cost by skill, sub-agent, plugin and MCP server as the API sums it, one kind at a time', async () => {
    const query = `startDate=${twoDaysAgo}&endDate=${yesterday}`;
    const rows = (await ok<{ data: { kind: string; group_key: string; cost: number }[] }>(await call('GET', `/api/v1/analytics/attributed-costs?${query}`))).data;
    const panel = page.getByRole('region', { name: 'Cost by skill, sub-agent, plugin and MCP server' });
    // The dashboard's default range ends yesterday and holds the day of the usage.
    for (const [label, kind] of [['Skills', 'skill'], ['Sub-agents', 'subagent'], ['Plugins', 'plugin'], ['MCP servers', 'mcp_server']] as const) {
      await panel.getByText(label, { exact: true }).click();
      const expected = rows.filter((row) => row.kind === kind).sort((a, b) => b.cost - a.cost);
      const table = panel.getByRole('table', { name: `Cost by ${label.toLowerCase()}` });
      await expect.poll(() => table.locator('tbody td:first-child').allTextContents(), { timeout: 20_000 }).toEqual(expected.map((row) => row.group_key));
      expect(await table.locator('tbody td:nth-child(2)').allTextContents()).toEqual(expected.map((row) => dollar(row.cost)));
    }
    await panel.getByText('Plugins', { exact: true }).click();
    await screenshotAndScan(page, shots, '02-attributed-light');
  }, 120_000);

  it('has no serious axe violation in dark, and reads at 390 px', async () => {
    const dark = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce', colorScheme: 'dark', storageState: await context.storageState() });
    const darkPage = await dark.newPage();
    await darkPage.goto(`${running.server.url}/analytics`);
    await expect.poll(() => darkPage.getByRole('table', { name: 'Today so far by people' }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => darkPage.getByRole('table', { name: 'Cost by skills' }).count(), { timeout: 20_000 }).toBe(1);
    await screenshotAndScan(darkPage, shots, '03-dark');
    await darkPage.getByRole('region', { name: 'Today so far' }).screenshot({ path: join(shots, '03-dark-today-card.png') });
    const phone = await phonePage(browser, context);
    await phone.page.goto(`${running.server.url}/analytics`);
    await expect.poll(() => phone.page.getByRole('table', { name: 'Today so far by people' }).count(), { timeout: 20_000 }).toBe(1);
    // Nothing wider than the screen: the page does not scroll sideways.
    expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshotAndScan(phone.page, shots, '04-phone');
    await phone.page.getByRole('region', { name: 'Today so far' }).screenshot({ path: join(shots, '04-phone-today-card.png') });
    await phone.page.getByRole('region', { name: 'Cost by skill, sub-agent, plugin and MCP server' }).screenshot({ path: join(shots, '04-phone-attributed-panel.png') });
  }, 120_000);
});
