import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { acceptInvitation } from '../helpers/console-server.js';
import { freePort } from '../helpers/built-console.js';
import { CLI_COMMAND } from '../hooks/helpers.js';

// Every console page of `quarterdeck demo`, as its owner sees it, at 1440 and 390 px, in light
// and dark: it has content (no loader left, no error), a title of its own, one main landmark,
// nothing wider than a phone, and no serious or critical axe violation (colour contrast included).
// The demo runs on the embedded store whatever the suite's store, so this runs in the
// embedded-store passes only.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let demo: ChildProcess;
let dataDir: string;
let shots: string;
let browser: Browser;
let consoleUrl: string;
let apiUrl: string;
let apiKey: string;
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

/** Starts `quarterdeck demo` and answers what it prints once ready. */
async function startDemo(): Promise<{ invitation: string; api: string; key: string }> {
  const port = await freePort();
  demo = spawn(CLI_COMMAND[0]!, [...CLI_COMMAND.slice(1), 'demo'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error', DEMO_USERS: '12', DEMO_DAYS: '45' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Console:\s+(\S+)[\s\S]*?Owner API key:\s+(qd_\S+)[\s\S]*?'(http:\/\/[^/']+)\/api/.exec(output);
      if (match) resolve({ invitation: match[1]!, key: match[2]!, api: match[3]! });
    };
    demo.stdout!.on('data', onData);
    demo.stderr!.on('data', onData);
    demo.on('exit', (code) => reject(new Error(`the demo exited ${code} before it was ready: ${output}`)));
  });
}

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  if (onPostgres) return;
  dataDir = await mkdtemp(join(tmpdir(), 'qd-every-page-data-'));
  shots = await mkdtemp(join(tmpdir(), 'qd-every-page-screenshots-'));
  console.log(`every-page screenshots: ${shots}`);
  const started = await startDemo();
  consoleUrl = new URL(started.invitation).origin;
  apiUrl = started.api;
  apiKey = started.key;
  browser = await sharedChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await acceptInvitation(page, started.invitation);
  storageState = await context.storageState();
  await context.close();
}, 600_000);

afterAll(async () => {
  await closeContexts(browser);
  if (demo && demo.exitCode === null) {
    const exited = new Promise((resolve) => demo.once('exit', resolve));
    demo.kill('SIGINT');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The demo's pages, each with what must be on it once loaded. */
async function consolePages(): Promise<{ path: string; heading: RegExp; signedOut?: true }[]> {
  const { users } = await get<{ users: { id: string; role: string }[] }>('/api/v0/organization/users?limit=50');
  const { sessions } = await get<{ sessions: { sessionId: string }[] }>('/api/v0/sessions');
  const member = users.find((user) => user.role === 'member')!;
  const { agentSessions } = await get<{ agentSessions: { id: string }[] }>('/api/v0/agent-sessions?limit=1');
  return [
    { path: '/analytics?days=30', heading: /Analytics|Dashboard/ },
    { path: `/analytics/users/${member.id}?days=30`, heading: /./ },
    { path: '/impact?days=30', heading: /Impact/ },
    { path: '/repositories?days=30', heading: /Repositories/ },
    { path: '/agent-sessions', heading: /Agent sessions/ },
    // The demo's sessions when it sends some (telemetry that names a session).
    ...(agentSessions[0] ? [{ path: `/agent-sessions/${agentSessions[0].id}`, heading: /session/ }] : []),
    { path: '/readiness', heading: /Readiness/ },
    { path: '/sessions', heading: /Sessions/ },
    { path: `/sessions/${sessions[0]!.sessionId}`, heading: /./ },
    { path: '/computers', heading: /Computers/ },
    { path: '/settings/controls', heading: /controls/i },
    { path: '/settings/limits', heading: /limits/i },
    { path: '/settings/budgets', heading: /Budgets/ },
    { path: '/settings/prices', heading: /Prices/ },
    { path: '/settings/api-keys', heading: /API keys/ },
    { path: '/settings/members', heading: /Members/ },
    { path: '/settings/teams', heading: /Teams/ },
    { path: '/settings/connected-agents', heading: /Connected agents/ },
    { path: '/settings/webhooks', heading: /Webhooks/ },
    { path: '/settings/git-hosts', heading: /Git hosts/ },
    { path: '/settings/sso', heading: /Single sign-on/ },
    { path: '/settings/provisioning', heading: /Provisioning/ },
    { path: '/settings/audit-log', heading: /Audit log/ },
    { path: '/settings/no-such-page', heading: /not found/i },
    { path: '/sign-in', heading: /Sign in/i, signedOut: true },
  ];
}

async function expectLoaded(page: Page, path: string, heading: RegExp): Promise<void> {
  await page.goto(`${consoleUrl}${path}`);
  await page.locator('h1').first().waitFor({ timeout: 60_000 }).catch(() => expect.fail(`${path}: no heading`));
  expect(await page.locator('h1').first().textContent(), `${path}: its heading`).toMatch(heading);
  // Data views show a loader while they load: none may be left.
  await expect.poll(() => page.locator('.mantine-Loader-root').count(), { timeout: 30_000, message: `${path}: loaders left` }).toBe(0);
  expect(await page.getByText('Something went wrong').count(), `${path}: an error shown`).toBe(0);
  expect(await page.locator('main').count(), `${path}: main landmarks`).toBe(1);
  const title = await page.title();
  expect(title, `${path}: its title`).toMatch(/. · Quarterdeck$/);
}

const colorSchemeOf = (page: Page) => page.evaluate<string | null>("document.documentElement.getAttribute('data-mantine-color-scheme')");

const shotName = (path: string) => path.replace(/\?.*$/, '').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';

describe.skipIf(onPostgres)('every console page of the demo', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1440, 390]) {
      it(`has content, a title, one main landmark and no serious axe violation at ${width} px in ${colorScheme}`, async () => {
        const options = { viewport: { width, height: 900 }, reducedMotion: 'reduce', colorScheme } as const;
        const context = await browser.newContext({ ...options, storageState });
        const visitor = await browser.newContext(options);
        const [ownersPage, visitorsPage] = [await context.newPage(), await visitor.newPage()];
        try {
          for (const { path, heading, signedOut } of await consolePages()) {
            const page = signedOut ? visitorsPage : ownersPage;
            await expectLoaded(page, path, heading);
            expect(await colorSchemeOf(page), path).toBe(colorScheme);
            if (width === 390) expect(await page.evaluate<number>('document.documentElement.scrollWidth'), `${path}: wider than the phone`).toBeLessThanOrEqual(390);
            await screenshotAndScan(page, shots, `${colorScheme}-${width}-${shotName(path)}`);
          }
        } finally {
          await context.close();
          await visitor.close();
        }
      }, 600_000);
    }
  }

  it('keeps the appearance chosen in the account menu over the system setting', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce', colorScheme: 'light', storageState });
    const page = await context.newPage();
    await expectLoaded(page, '/settings/api-keys', /API keys/);
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('group', { name: 'Appearance' }).getByText('Dark').click();
    expect(await colorSchemeOf(page)).toBe('dark');
    await page.reload();
    await expectLoaded(page, '/settings/api-keys', /API keys/);
    expect(await colorSchemeOf(page)).toBe('dark');
    await page.getByRole('button', { name: /^Account:/ }).click();
    await page.getByRole('group', { name: 'Appearance' }).getByText('System').click();
    expect(await colorSchemeOf(page)).toBe('light');
    await context.close();
  }, 120_000);
});
