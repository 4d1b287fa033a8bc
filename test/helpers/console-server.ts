import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startBuiltServer, type BuiltServer } from './built-console.js';
import { scratchDatabase, serverDatabaseEnv } from './server.js';

// A console test's server: the built product on a fresh store of its own (the embedded store in a
// temporary folder, or a scratch PostgreSQL database with Redis when the run has them), an admin
// token, and the password every test person signs in with.

export const CONSOLE_PASSWORD = 'a long console password';

export interface ConsoleServer {
  server: BuiltServer;
  adminToken: string;
  /** Stops the server and removes its store. */
  close(): Promise<void>;
}

export async function startConsoleServer(env: Record<string, string> = {}): Promise<ConsoleServer> {
  const adminToken = `qda_${randomBytes(24).toString('hex')}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'qd-console-data-'));
  const store: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_DIRECT_URL: '', REDIS_URL: '' };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL);
    dropDatabase = scratch.drop;
    Object.assign(store, { ...serverDatabaseEnv(scratch.url), REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
  }
  const server = await startBuiltServer({ ...store, ADMIN_TOKEN: adminToken, ...env });
  return {
    server,
    adminToken,
    close: async () => {
      await server.stop();
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new organization on the console server: its owner's first API key and invitation link. */
export async function createOrganization(running: ConsoleServer, name: string, ownerEmail: string): Promise<{ apiKey: string; inviteUrl: string }> {
  const created = await fetch(`${running.server.url}/admin/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${running.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, ownerEmail }),
  });
  if (created.status !== 201) throw new Error(`creating ${name}: ${created.status} ${await created.text()}`);
  return (await created.json()) as { apiKey: string; inviteUrl: string };
}

/** On the invitation page that is open: sets CONSOLE_PASSWORD and signs in; resolves once the console has left the page. */
export async function setPasswordAndSignIn(page: Page): Promise<void> {
  const invitationPath = new URL(page.url()).pathname;
  await page.getByLabel('New password', { exact: false }).first().fill(CONSOLE_PASSWORD);
  await page.getByLabel('Repeat the password').fill(CONSOLE_PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await page.waitForURL((url) => url.pathname !== invitationPath);
}

/** Follows an invitation link: sets CONSOLE_PASSWORD and lands signed in. */
export async function acceptInvitation(page: Page, inviteUrl: string): Promise<void> {
  await page.goto(inviteUrl);
  await setPasswordAndSignIn(page);
}

/** A desktop-sized context (1440 px) and its page, signed in through the invitation link. */
export async function signedInPage(browser: Browser, inviteUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await acceptInvitation(page, inviteUrl);
  return { context, page };
}

/** A phone-sized (390 px) context signed in as `context` is, and its page; close the context after. */
export async function phonePage(browser: Browser, context: BrowserContext): Promise<{ context: BrowserContext; page: Page }> {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', storageState: await context.storageState() });
  return { context: phone, page: await phone.newPage() };
}

/**
 * One API request to a console test's server (`baseUrl`) with `key`, its status checked (the body
 * in the message when it differs); the answer's JSON, nothing for a 204. Files bind it to their
 * server and owner's key as their `call`.
 */
export async function callApi<T = any>(baseUrl: string, method: string, path: string, body: unknown, key: string, status: number): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(status);
  return (response.status === 204 ? undefined : await response.json()) as T;
}
