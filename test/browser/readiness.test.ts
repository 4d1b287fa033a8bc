import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READINESS_CRITERIA } from '../../src/sdk/readiness-levels.js';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { createOrganization, signedInPage, startConsoleServer, type ConsoleServer } from '../helpers/console-server.js';

// The readiness page as the organization's view, in Chromium against the built server: three
// repositories whose reports are built so that their levels are known by construction (every
// criterion of the levels below passes, the named ones fail), a fourth listed repository whose
// evaluation failed for want of a computer. The page's mean level, repositories by level, the
// criteria that block most repositories (by their names), progress and the failure are read
// against those; light and dark, 1440 and 390 px, each photographed and scanned by axe.

let running: ConsoleServer;
let browser: Browser;
let shots: string;
let apiKey: string;
let inviteUrl: string;
/** The owner signed in once (an invitation link works once): every context starts from it. */
let storageState: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>;

/** A report passing every criterion of levels up to `passUpTo` and failing the rest, but for `fail` (failing) and `skip` (n/a). */
function reportOf(repoUrl: string, passUpTo: number, fail: string[] = [], skip: string[] = []) {
  const report = Object.fromEntries(
    Object.entries(READINESS_CRITERIA).map(([id, info]) => {
      if (skip.includes(id)) return [id, { numerator: null, denominator: 1, rationale: 'not applicable' }];
      const pass = info.level <= passUpTo && !fail.includes(id);
      return [id, { numerator: pass ? 1 : 0, denominator: 1, rationale: pass ? 'found' : 'missing' }];
    }),
  );
  return { repoUrl, apps: { '.': { description: 'the service' } }, report, commitHash: 'a'.repeat(40), branch: 'main' };
}

async function post(path: string, body: unknown): Promise<any> {
  const response = await fetch(`${running.server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  shots = await mkdtemp(join(tmpdir(), 'qd-readiness-shots-'));
  running = await startConsoleServer();
  ({ apiKey, inviteUrl } = await createOrganization(running, 'Readiness Org', 'owner@readiness.example.test'));
  const upload = (body: unknown) => post('/api/organization/maturity-level-reports', body);
  // api: at level 0 first, then level 1 (level 2 fails agent_instructions and ci_config: 7 of 9 < 8).
  await upload(reportOf('https://github.example.test/acme/api', 1, ['readme', 'license']));
  await upload(reportOf('https://github.example.test/acme/api', 2, ['agent_instructions', 'ci_config']));
  // web: level 1, held by agent_instructions and linter.
  await upload(reportOf('https://github.example.test/acme/web', 2, ['agent_instructions', 'linter']));
  // tools: level 2 (every level-3 criterion fails), lockfile not applicable.
  await upload(reportOf('https://github.example.test/acme/tools', 2, [], ['lockfile']));
  // A listed repository with no report: its evaluation fails, no computer being online.
  await post('/api/v0/readiness/repositories', { cloneUrl: 'https://github.example.test/acme/new.git' });
  for (const repo of ['api', 'web', 'tools']) await post('/api/v0/readiness/repositories', { cloneUrl: `https://github.example.test/acme/${repo}.git` });
  await post('/api/v0/readiness/evaluations', {});
  browser = await sharedChromium();
  const { context } = await signedInPage(browser, inviteUrl);
  storageState = await context.storageState();
  await context.close();
}, 180_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
  console.log(`readiness screenshots: ${shots}`);
});

describe('the readiness page in Chromium', () => {
  it("shows the organization's mean level, its repositories by level, the criteria blocking most of them by name, and failed evaluations", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce', storageState });
    const page = await context.newPage();
    await page.goto(`${running.server.url}/readiness`);
    const progress = page.getByRole('table', { name: "Each repository's level, progress to the next and last evaluation" });
    await progress.waitFor();
    // Levels 1, 1, 2: a mean of 1.3.
    await page.getByText('1.3', { exact: true }).waitFor();
    const byLevel = page.getByRole('table', { name: 'Repositories by readiness level' });
    expect(await byLevel.locator('tbody tr td:last-child').allTextContents()).toEqual(['0', '2', '1', '0', '0', '0']);
    // The least ready first; the listed repository without a report last, with why its evaluation failed.
    expect(await progress.locator('tbody tr td:first-child').allTextContents()).toEqual(['github.example.test/acme/api', 'github.example.test/acme/web', 'github.example.test/acme/tools', 'github.example.test/acme/new']);
    const api = progress.locator('tbody tr').nth(0);
    expect(await api.locator('td').nth(2).textContent()).toContain('2 Documented: 7 of 8 needed, 1 more');
    const tools = progress.locator('tbody tr').nth(2);
    expect(await tools.locator('td').nth(2).textContent()).toContain('3 Standardized: 0 of 13 needed, 13 more');
    const fresh = progress.locator('tbody tr').nth(3);
    expect(await fresh.textContent()).toContain('failed');
    expect(await fresh.textContent()).toContain('no computer of the organization is online');
    // Blockers: agent instructions hold two repositories back; then the level-2 and level-3 ones of one each.
    const blockers = page.getByRole('table', { name: 'Failing criteria ranked by the repositories they block' });
    const names = await blockers.locator('tbody tr td:first-child').allTextContents();
    expect(names[0]).toBe('Agent instruction file with substance');
    expect(await blockers.locator('tbody tr').first().locator('td').nth(2).textContent()).toBe('2');
    expect(names.slice(1, 3)).toEqual(['Continuous integration configured', 'Linter configured']);
    expect(names).toHaveLength(3 + 16);
    // A repository's history: api's two reports, its criteria by name.
    const criteria = page.getByRole('table', { name: 'Criteria of github.example.test/acme/api' });
    await criteria.waitFor();
    expect(await criteria.locator('tbody tr td:first-child').first().textContent()).toBe('Build manifest');
    await expect.poll(() => page.locator('.recharts-line-curve').count()).toBeGreaterThan(0);
    await context.close();
  }, 180_000);

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1440, 390]) {
      it(`reads at ${width} px in ${colorScheme} with no serious axe violation`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', colorScheme, storageState });
        const page = await context.newPage();
        await page.goto(`${running.server.url}/readiness`);
        await page.getByRole('table', { name: 'Failing criteria ranked by the repositories they block' }).waitFor();
        if (width === 390) expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
        await screenshotAndScan(page, shots, `readiness-${colorScheme}-${width}`);
        await context.close();
      }, 180_000);
    }
  }
});
