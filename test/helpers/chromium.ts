import { chromium, type Browser } from 'playwright-core';

// Headless Debian Chromium (/usr/bin/chromium), for the browser tests and bench/console.ts.

export const CHROMIUM = '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
