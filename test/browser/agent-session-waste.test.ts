import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryLoopRecords, codexExport } from '../agent-sessions/records.js';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { type ConsoleServer, createOrganization, signedInPage, startConsoleServer } from '../helpers/console-server.js';

// The dashboard's "Waste found this month" card in headless Chromium: a retry loop sent over OTLP
// shows as its pattern with its fix and cost, its link opens the flagged sessions; axe in light
// and dark, and at 390 px.

let running: ConsoleServer;
let browser: Browser;
let context: BrowserContext;
let shots: string;

beforeAll(async () => {
  shots = await mkdtemp(join(tmpdir(), 'qd-waste-screenshots-'));
  console.log(`waste card screenshots: ${shots}`);
  running = await startConsoleServer();
  const { inviteUrl, apiKey } = await createOrganization(running, 'Waste Card Org', 'owner@waste.test');
  const sent = await fetch(`${running.server.url}/v1/logs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(codexExport(retryLoopRecords('card-loop', Date.now() - 3_600_000, 'gpt-5'))),
  });
  expect(sent.status).toBe(200);
  browser = await sharedChromium();
  ({ context } = await signedInPage(browser, inviteUrl));
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
});

describe('the waste card on the dashboard', () => {
  for (const [colorScheme, width] of [['light', 1440], ['dark', 1440], ['light', 390]] as const) {
    it(`shows the retry loop with its fix and links to the flagged sessions (${colorScheme}, ${width} px)`, async () => {
      const view = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', colorScheme, storageState: await context.storageState() });
      const page = await view.newPage();
      await page.goto(`${running.server.url}/analytics`);
      const card = page.getByRole('region', { name: 'Waste found this month' });
      await card.getByTestId('waste-retry_loop').waitFor();
      expect(await card.getByTestId('waste-total').textContent()).toMatch(/^1 flagged session, /);
      expect(await card.getByTestId('waste-retry_loop').textContent()).toContain('If a command fails twice the same way');
      expect(await card.getByRole('link', { name: 'Flagged sessions' }).getAttribute('href')).toBe('/agent-sessions?flagged=true');
      if (width === 390) expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      await card.scrollIntoViewIfNeeded();
      await screenshotAndScan(page, shots, `waste-${colorScheme}-${width}`);
      await view.close();
    }, 120_000);
  }
});
