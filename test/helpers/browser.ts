import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The check every console page passes in the browser tests: photographed into a folder, and no
// serious or critical axe violations.

export { closeContexts, sharedChromium } from './chromium.js';

export async function screenshotAndScan(page: Page, folder: string, name: string): Promise<void> {
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
  const result = await new AxeBuilder({ page }).analyze();
  const severe = result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(severe.map((violation) => `${name}: ${violation.id} — ${violation.help} (${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`).join(', ')})`)).toEqual([]);
}
