import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { CONSOLE_PASSWORD, setPasswordAndSignIn } from '../helpers/console-server.js';
import { freePort } from '../helpers/built-console.js';
import { auth, createOrganization, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// The Connected agents page in headless Chromium against a real server on a real port: today's
// connections, linking an unattributed identity to a member, inviting the person behind another,
// and the setup panel creating an ingest key and showing each agent's settings with this
// server's address. At 1440 and 390 px wide, axe-scanned and photographed.


let server: TestServer;
let org: TestOrganization;
let url: string;
let browser: Browser;
let shots: string;
let strangerId: string;
let newcomerId: string;

/** Claude Code's events of a few model calls and tool uses, as its OTLP/JSON log exporter sends them. */
function claudeCodeExport(email: string, calls: number) {
  const value = (v: string | number) => (typeof v === 'number' ? { intValue: String(v) } : { stringValue: v });
  const record = (name: string, i: number, extra: Record<string, string | number>) => ({
    timeUnixNano: `${(Date.now() - 60_000 + i * 1000) * 1_000_000}`,
    attributes: Object.entries({ 'event.name': name, 'user.email': email, 'session.id': `session-${email}`, ...extra }).map(([key, v]) => ({ key, value: value(v) })),
  });
  const logRecords = Array.from({ length: calls }, (_, i) => [
    record('api_request', 2 * i, { model: 'claude-sonnet-4', input_tokens: 300_000, output_tokens: 1_000, cache_read_tokens: 0, cache_creation_tokens: 0 }),
    record('tool_result', 2 * i + 1, { tool_name: 'Bash' }),
  ]).flat();
  return { resourceLogs: [{ resource: { attributes: [{ key: 'service.name', value: value('claude-code') }, { key: 'service.version', value: value('2.1.332') }] }, scopeLogs: [{ scope: { name: 'com.anthropic.claude_code.events' }, logRecords }] }] };
}

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await startTestServer({ PUBLIC_APP_URL: url, PUBLIC_API_URL: url, RATE_LIMIT_PER_MINUTE: '1000000' });
  await server.app.listen({ port, host: '127.0.0.1' });
  org = await createOrganization(server, 'Fleet Console Org');
  await server.app.inject({ method: 'PATCH', url: `/api/v0/organization/users/${org.users.member.id}`, headers: auth(org.owner.key), payload: { name: 'Mia Member' } });

  // A fleet connecting through the real receiver: Claude Code on three laptops with one ingest
  // key, as OTLP/JSON log events; Mia's e-mail is a member's, the other two wait for an admin.
  const ingest = await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(org.owner.key), payload: { name: 'fleet', kind: 'ingest' } });
  expect(ingest.statusCode, ingest.body).toBe(201);
  for (const [email, calls] of [[org.users.member.email, 3], ['stranger@laptops.example', 2], ['newcomer@laptops.example', 1]] as const) {
    const exported = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(ingest.json().key), 'content-type': 'application/json' }, payload: claudeCodeExport(email, calls) });
    expect(exported.statusCode, exported.body).toBe(200);
  }
  const identities = (await server.app.inject({ method: 'GET', url: '/api/v0/organization/telemetry-identities', headers: auth(org.owner.key) })).json().identities;
  strangerId = identities.find((row: { value: string }) => row.value === 'stranger@laptops.example').id;
  newcomerId = identities.find((row: { value: string }) => row.value === 'newcomer@laptops.example').id;

  browser = await sharedChromium();
  shots = await mkdtemp(join(tmpdir(), 'qd-connected-agents-screenshots-'));
  console.log(`connected agents screenshots: ${shots}`);
}, 240_000);

afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
});

/** Sets the person's password through the invitation (which then lands on the API keys page). */
async function acceptInvitation(page: Page, inviteUrl: string): Promise<void> {
  await page.goto(inviteUrl);
  await page.getByRole('heading', { name: 'Welcome to Quarterdeck' }).waitFor();
  await setPasswordAndSignIn(page);
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${url}/sign-in`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Password' }).fill(CONSOLE_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/settings/api-keys');
}

const pending = async (identityId: string) =>
  (await server.app.inject({ method: 'GET', url: '/api/v0/organization/telemetry-identities?status=all', headers: auth(org.owner.key) })).json().identities.find((row: { id: string }) => row.id === identityId);

describe('the Connected agents page', () => {
  it('shows the fleet, links an identity, invites the person behind another, and hands out setup', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await acceptInvitation(page, org.owner.inviteUrl);
    await page.getByRole('link', { name: 'Connected agents' }).click();
    await page.getByRole('heading', { name: 'Connected agents' }).waitFor();
    // The pointer off the navigation: a hovered link is not what the page looks like.
    await page.mouse.move(700, 5);

    const connections = page.getByRole('table', { name: 'Connected agents today' });
    await connections.getByText('Mia Member').waitFor();
    const rows = connections.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    // The most recently heard first.
    expect(await rows.nth(0).textContent()).toContain('newcomer@laptops.example');
    expect(await rows.nth(1).textContent()).toContain('stranger@laptops.example');
    expect(await rows.nth(2).textContent()).toContain('Mia Member');
    expect(await rows.nth(2).textContent()).toMatch(/6.*903K.*3/);
    expect(await rows.nth(1).textContent()).toMatch(/\d+ unattributed/);
    // Each connection's agent version, and the versions in use across the fleet.
    expect(await rows.nth(2).textContent()).toContain('claude-code 2.1.332');
    const versions = page.getByRole('table', { name: 'Agent versions in use' });
    expect(await versions.locator('tbody tr').first().textContent()).toMatch(/claude-code\s*2\.1\.332\s*3/);
    const identities = page.getByRole('table', { name: 'Unattributed identities' });
    await identities.getByText('stranger@laptops.example').waitFor();
    await screenshotAndScan(page, shots, '01-connected-agents-1440');

    // Link the stranger to Mia: the waiting events move, the identity leaves the list.
    await page.getByRole('button', { name: 'Link stranger@laptops.example to a member' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Member').selectOption({ label: `Mia Member (${org.users.member.email})` });
    await screenshotAndScan(page, shots, '02-link-dialog');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await identities.getByText('stranger@laptops.example').waitFor({ state: 'detached' });
    expect(await pending(strangerId)).toMatchObject({ userId: org.users.member.id, pendingEvents: 0 });
    // Its connection shows it linked: the unknown-identity problem and the unattributed badge are gone.
    const stranger = connections.locator('tbody tr', { hasText: 'stranger@laptops.example' });
    await stranger.getByText('linked to a member').waitFor();
    expect(await stranger.textContent()).not.toMatch(/unattributed|unknown identity/);
    await screenshotAndScan(page, shots, '02b-linked-identity');

    // Invite the newcomer: the invitation form comes prefilled, and the identity is linked to the new member.
    await page.getByRole('button', { name: 'Invite newcomer@laptops.example' }).click();
    await expect.poll(() => page.getByRole('dialog').getByLabel('E-mail').inputValue()).toBe('newcomer@laptops.example');
    await page.getByRole('dialog').getByRole('button', { name: 'Invite', exact: true }).click();
    const invitation = (await page.getByLabel('Invitation link', { exact: true }).textContent())!.trim();
    expect(invitation).toContain('/invite/');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Every identity counts for a member').waitFor();
    const newcomer = await pending(newcomerId);
    expect(newcomer.pendingEvents).toBe(0);
    const members = (await server.app.inject({ method: 'GET', url: '/api/v0/organization/users?limit=100', headers: auth(org.owner.key) })).json().users;
    expect(members.find((user: { id: string }) => user.id === newcomer.userId).email).toBe('newcomer@laptops.example');

    // Setup: an ingest key, and every agent's settings with this server's address and the key.
    await page.getByRole('button', { name: 'Create ingest key' }).click();
    const key = (await page.getByLabel('Ingest key', { exact: true }).textContent())!.trim();
    expect(key).toMatch(/^qd_/);
    const claude = (await page.getByLabel('Environment (shell profile)', { exact: true }).textContent())!;
    expect(claude).toContain(`OTEL_EXPORTER_OTLP_ENDPOINT="${url}"`);
    expect(claude).toContain(`OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer ${key}"`);
    await screenshotAndScan(page, shots, '03-setup-claude-code');
    await page.getByRole('tab', { name: 'Codex' }).click();
    const codex = (await page.getByLabel('~/.codex/config.toml', { exact: true }).textContent())!;
    expect(codex).toContain(`endpoint = "${url}/v1/logs"`);
    expect(codex).toContain(`"Authorization" = "Bearer ${key}"`);
    await page.getByRole('tab', { name: 'Factory Droid' }).click();
    expect(await page.getByLabel('Environment (shell profile)', { exact: true }).textContent()).toContain(`OTEL_TELEMETRY_ENDPOINT=${url}`);
    await page.getByRole('tab', { name: 'opencode' }).click();
    expect(await page.getByText('export OTEL_BSP_SCHEDULE_DELAY=200').count()).toBe(1);
    const keys = (await server.app.inject({ method: 'GET', url: '/api/v0/api-keys?limit=100', headers: auth(org.owner.key) })).json().apiKeys;
    expect(keys.find((row: { prefix: string }) => key.startsWith(row.prefix))).toMatchObject({ kind: 'ingest' });
    await context.close();
  }, 180_000);

  it('fits a phone, and tells a member the page is for owners and managers', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await phone.newPage();
    await signIn(page, org.owner.email);
    await page.goto(`${url}/settings/connected-agents`);
    const table = page.getByRole('table', { name: 'Connected agents today' });
    await table.getByText('Mia Member').waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // The table itself fits too: the sender goes under the agent, nothing scrolls sideways.
    expect(await page.evaluate<number>(`(() => { const table = document.querySelector('table[aria-label="Connected agents today"]'); return table.scrollWidth - table.parentElement.clientWidth; })()`)).toBeLessThanOrEqual(0);
    await page.getByRole('table', { name: 'Agent versions in use' }).waitFor();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshotAndScan(page, shots, '04-connected-agents-390');
    await phone.close();

    const member = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const memberPage = await member.newPage();
    await acceptInvitation(memberPage, org.users.member.inviteUrl);
    expect(await memberPage.getByRole('link', { name: 'Connected agents' }).count()).toBe(0);
    await memberPage.goto(`${url}/settings/connected-agents`);
    await memberPage.getByText('Owners and managers only').waitFor();
    await screenshotAndScan(memberPage, shots, '05-member-refused-390');
    await member.close();
  }, 120_000);
});
