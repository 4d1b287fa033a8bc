import { chromium, type Browser } from 'playwright-core';

// Headless Debian Chromium (/usr/bin/chromium), for the browser tests and bench/console.ts.

export const CHROMIUM = '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The test worker's one Chromium: launched by the first browser test file the worker runs and
 * kept for the files after it (the suite's workers keep their modules: vitest.config.ts); it ends
 * with the worker. A file opens contexts of its own and closes them after (closeContexts).
 */
export function sharedChromium(): Promise<Browser> {
  workerBrowser ??= launchChromium();
  return workerBrowser;
}

/** Closes what a test file opened in the shared browser: the worker runs one file at a time. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  for (const context of browser?.contexts() ?? []) await context.close();
}
