import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

// Headless Debian Chromium for the console's browser tests, and the check every page passes:
// photographed into a folder, and no serious or critical axe violations.

export const CHROMIUM = '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function screenshotAndScan(page: Page, folder: string, name: string): Promise<void> {
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
  const result = await new AxeBuilder({ page }).analyze();
  const severe = result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(severe.map((violation) => `${name}: ${violation.id} — ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}
