import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import type { BuiltServer } from '../helpers/built-console.js';
import { type ConsoleServer, createOrganization, phonePage, signedInPage, startConsoleServer } from '../helpers/console-server.js';
import { CLI_COMMAND } from '../hooks/helpers.js';

// Sessions from the console, in headless Chromium against the built server: an owner registers a
// computer (the dialog gives the `quarterdeck agent` command), a real `quarterdeck agent --run cat`
// runs with that token, the owner starts a session on it from "New session", sends a message and
// reads the agent's answer; the list filters by computer and status; the session is renamed, the
// list shows each session's owner and filters by owner (`?owner=` in the address); the session
// and the computer are deleted from the console. Pages scanned with axe at 1440 and 390 px.

let running: ConsoleServer;
let server: BuiltServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let workdir: string;
let shots: string;
let agent: ChildProcess | undefined;
let agentOutput = '';
let ownerKey: string;

const check = (name: string, on: Page = page) => screenshotAndScan(on, shots, name);

beforeAll(async () => {
  workdir = await mkdtemp(join(tmpdir(), 'qd-sessions-agent-'));
  shots = await mkdtemp(join(tmpdir(), 'qd-sessions-screenshots-'));
  console.log(`sessions screenshots: ${shots}`);
  running = await startConsoleServer();
  server = running.server;
  const { inviteUrl, apiKey } = await createOrganization(running, 'Sessions Org', 'owner@sessions.test');
  ownerKey = apiKey;
  browser = await sharedChromium();
  ({ context, page } = await signedInPage(browser, inviteUrl));
}, 300_000);

afterAll(async () => {
  agent?.kill('SIGTERM');
  await closeContexts(browser);
  await running?.close();
  await rm(workdir, { recursive: true, force: true });
});

/** A call to the API with an API key (the owner's unless given); its answer's JSON when the status is the expected one. */
async function call<T>(method: string, path: string, body?: unknown, key = ownerKey, expected = 200): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** `quarterdeck agent` with the command the registration dialog printed, answering with `cat`. */
function startAgent(command: string): void {
  const token = /QUARTERDECK_COMPUTER_TOKEN=(qdc_\S+)/.exec(command)?.[1];
  const url = /--url (\S+)/.exec(command)?.[1];
  expect(token, command).toBeDefined();
  expect(url).toBe(server.url);
  agent = spawn(CLI_COMMAND[0]!, [...CLI_COMMAND.slice(1), 'agent', '--url', url!, '--workdir', workdir, '--run', 'cat', '--heartbeat-ms', '500', '--claim-wait-ms', '2000', '--flush-ms', '100'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, QUARTERDECK_COMPUTER_TOKEN: token! },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  agent.stdout!.on('data', (chunk: Buffer) => (agentOutput += chunk.toString()));
  agent.stderr!.on('data', (chunk: Buffer) => (agentOutput += chunk.toString()));
}

describe('sessions from the console', () => {
  it('says a session needs a computer before one is registered', async () => {
    await page.goto(`${server.url}/sessions`);
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByText('A session runs on a computer, and there is none yet.').waitFor();
    await check('01-new-session-no-computer');
    await page.getByRole('link', { name: 'Register a computer first' }).click();
    await page.waitForURL('**/computers');
  }, 60_000);

  it('registers a computer whose dialog gives the agent command, and answers a session started on it', async () => {
    await page.getByRole('button', { name: 'Register computer' }).click();
    await page.getByLabel('Name').fill('build-box');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const command = (await page.getByLabel('Start the agent', { exact: true }).textContent())!;
    expect(command).toContain('quarterdeck agent --url');
    await check('02-computer-registered');
    startAgent(command);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'build-box' }).waitFor();
    // The agent connects and provisions: the computer becomes active.
    await expect.poll(() => page.getByRole('region', { name: 'build-box' }).getByText('active', { exact: true }).count(), { timeout: 60_000, message: agentOutput }).toBeGreaterThan(0);

    await page.goto(`${server.url}/sessions`);
    await page.getByRole('button', { name: 'New session' }).click();
    await expect.poll(() => page.getByLabel('Computer').inputValue()).not.toBe('');
    expect(await page.getByLabel('Computer').locator('option').first().textContent()).toBe('build-box (active)');
    await page.getByLabel('Title').fill('Ask the build box');
    await check('03-new-session');
    await page.getByRole('button', { name: 'Start session' }).click();
    await page.getByRole('heading', { name: 'Ask the build box' }).waitFor();
    await page.getByText('On build-box (active)', { exact: false }).waitFor();
    await page.getByLabel('Message to the agent').fill('hello from the console');
    await page.getByRole('button', { name: 'Send' }).click();
    // `cat` answers with what it was given: the assistant's message says it back.
    await page.getByRole('article', { name: 'Assistant message' }).getByText('hello from the console').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('session-status').textContent(), { timeout: 20_000 }).toBe('idle');
    expect(await page.getByRole('button', { name: 'Interrupt' }).isDisabled()).toBe(true);
    await check('04-session-answered');
  }, 180_000);

  it('lists sessions with their computer, filters by status, and fits a phone', async () => {
    await page.goto(`${server.url}/sessions`);
    const table = page.getByRole('table', { name: 'Sessions' });
    await table.getByRole('link', { name: 'Ask the build box' }).waitFor();
    expect(await table.locator('tbody tr').first().textContent()).toContain('build-box');
    await page.getByLabel('Status').selectOption('running');
    await page.getByText('0 of 1').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(0);
    await page.getByLabel('Status').selectOption('idle');
    await page.getByText('1 of 1').waitFor();
    await check('05-sessions');
    const { context: phone, page: mobile } = await phonePage(browser, context);
    await mobile.goto(`${server.url}/sessions`);
    await mobile.getByRole('link', { name: 'Ask the build box' }).waitFor();
    expect(await mobile.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await check('06-sessions-390', mobile);
    await phone.close();
  }, 120_000);

  it('frames every page: its title, one main landmark a skip link reaches, and a page for unknown paths', async () => {
    await page.goto(`${server.url}/computers`);
    await page.getByRole('heading', { name: 'Computers' }).waitFor();
    await expect.poll(() => page.title()).toBe('Computers · Quarterdeck');
    expect(await page.getByRole('main').count()).toBe(1);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the content' });
    expect(await page.evaluate<string>('document.activeElement.textContent')).toBe('Skip to the content');
    await skip.press('Enter');
    expect(await page.evaluate<string>('document.activeElement.tagName')).toBe('MAIN');
    await page.goto(`${server.url}/sessions`);
    await page.getByRole('link', { name: 'Ask the build box' }).click();
    await expect.poll(() => page.title()).toBe('Ask the build box · Quarterdeck');
    await page.goto(`${server.url}/settings/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found · Quarterdeck');
    await check('07-not-found');
    await page.goto(`${server.url}/sessions`);
  }, 60_000);

  it('renames the session from its page', async () => {
    await page.getByRole('link', { name: 'Ask the build box' }).click();
    await page.getByRole('heading', { name: 'Ask the build box' }).waitFor();
    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename this session' });
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Ask the build box');
    await dialog.getByLabel('Title').fill('   ');
    expect(await dialog.getByRole('button', { name: 'Rename' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Title').fill('  Build box questions ');
    await check('08-rename-session');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('heading', { name: 'Build box questions' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.title()).toBe('Build box questions · Quarterdeck');
    await page.getByRole('link', { name: '← Sessions' }).click();
    await page.getByRole('table', { name: 'Sessions' }).getByRole('link', { name: 'Build box questions' }).waitFor();
  }, 60_000);

  it("shows each session's owner and filters by owner, from the menu or the address", async () => {
    const added = await call<{ user: { id: string }; apiKey: string }>('POST', '/api/v0/organization/users', { email: 'morgan@sessions.test', name: 'Morgan Member', role: 'member' }, ownerKey, 201);
    const theirs = await call<{ sessionId: string; ownerId: string }>('POST', '/api/v0/sessions', { title: "Morgan's notes" }, added.apiKey, 201);
    expect(theirs.ownerId).toBe(added.user.id);
    const ownerId = (await call<{ sessions: { ownerId: string }[] }>('GET', '/api/v0/sessions?limit=100')).sessions.find((session) => session.ownerId !== added.user.id)!.ownerId;

    await page.goto(`${server.url}/sessions`);
    const table = page.getByRole('table', { name: 'Sessions' });
    await table.getByRole('link', { name: "Morgan's notes" }).waitFor();
    await expect.poll(() => table.getByRole('row', { name: /Morgan's notes/ }).getByRole('cell').nth(1).textContent()).toBe('Morgan Member');
    expect(await table.getByRole('row', { name: /Build box questions/ }).getByRole('cell').nth(1).textContent()).toBe('owner@sessions.test');
    await page.getByLabel('Owner', { exact: true }).selectOption({ label: 'Morgan Member' });
    await page.waitForURL(`**/sessions?owner=${added.user.id}`);
    await page.getByText('1 of 2').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    await check('09-sessions-by-owner');

    // A link to one person's sessions lands filtered; Anyone clears the address.
    await page.goto(`${server.url}/sessions?owner=${ownerId}`);
    await table.getByRole('link', { name: 'Build box questions' }).waitFor();
    await page.getByText('1 of 2').waitFor();
    expect(await page.getByLabel('Owner', { exact: true }).inputValue()).toBe(ownerId);
    expect(await table.getByRole('link', { name: "Morgan's notes" }).count()).toBe(0);
    await page.getByLabel('Owner', { exact: true }).selectOption({ label: 'Anyone' });
    await page.getByText('2 of 2').waitFor();
    expect(new URL(page.url()).search).toBe('');

    const { context: phone, page: mobile } = await phonePage(browser, context);
    await mobile.goto(`${server.url}/sessions?owner=${added.user.id}`);
    await mobile.getByRole('link', { name: "Morgan's notes" }).waitFor();
    expect(await mobile.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await check('10-sessions-by-owner-390', mobile);
    await phone.close();
    await call('DELETE', `/api/v0/sessions/${theirs.sessionId}`, undefined, ownerKey, 204);
  }, 120_000);

  it('deletes the session, then the computer, from the console', async () => {
    await page.goto(`${server.url}/sessions`);
    await page.getByRole('link', { name: 'Build box questions' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete session' }).click();
    await page.waitForURL('**/sessions');
    await page.getByText('No sessions yet').waitFor();

    await page.goto(`${server.url}/computers`);
    await page.getByRole('heading', { name: 'build-box' }).waitFor();
    await check('11-computer-active');
    await page.getByRole('button', { name: 'Delete build-box' }).click();
    await check('12-delete-computer');
    await page.getByRole('button', { name: 'Delete computer' }).click();
    await page.getByText('No computers yet').waitFor();
    // Its token died with it: the agent is refused and stops (exit 3, docs/agent.md).
    const code = await new Promise<number | null>((resolve) => (agent!.exitCode !== null ? resolve(agent!.exitCode) : agent!.on('exit', resolve)));
    expect(code).toBe(3);
  }, 120_000);
});
