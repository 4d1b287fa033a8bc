import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../src/domain/dates.js';
import { formatMoney, formatMoneyPrecise } from '../../web/src/format.js';
import { closeContexts, screenshotAndScan, sharedChromium } from '../helpers/browser.js';
import { acceptInvitation, callApi, type ConsoleServer, createOrganization, phonePage, signedInPage, startConsoleServer } from '../helpers/console-server.js';

// The agent sessions explorer and a session's waterfall, against sessions built by the real
// ingestion: a Copilot CLI trace whose `task` tool ran a subagent (its calls are child spans of the
// tool's span), a Codex log export that repeats a failing `npm test` four times (a retry loop), and
// 22 sessions of Quarterdeck's own events for another person. What the pages show is held against
// the API's answers (sorted and counted here); the filters live in the address and the back button
// undoes one; a member sees only their own; an unknown id is a 404 heading asked for once.

let running: ConsoleServer;
let url: string;
let ownerKey: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let shots: string;
let people: Record<'alice' | 'bob', { id: string; apiKey: string }>;
let productTeam: string;
let sessions: Session[];

interface Session {
  id: string;
  userId: string;
  agent: string;
  cost: number;
  currency: string;
  startedAt: number;
  repository: string | null;
  flagged: boolean;
  wasteCost: number;
  modelCalls: number;
  toolCalls: number;
  errors: number;
}

const today = dayOf(new Date());
const yesterday = addDays(today, -1);
const twoDaysAgo = addDays(today, -2);
const T0 = Date.parse(`${yesterday}T10:00:00Z`);
const LOOP_START = Date.parse(`${twoDaysAgo}T15:00:00Z`);

const call = <T = any>(method: string, path: string, body?: unknown, key = ownerKey, status = 200): Promise<T> => callApi<T>(url, method, path, body, key, status);

const attributes = (values: Record<string, string | number | boolean>) =>
  Object.entries(values).map(([key, value]) => ({ key, value: typeof value === 'string' ? { stringValue: value } : typeof value === 'boolean' ? { boolValue: value } : { intValue: String(value) } }));

const nanos = (ms: number) => String(BigInt(ms) * 1_000_000n);
const TRACE = 'a1'.repeat(16);

/** A Copilot CLI span of the session, as its exporter sends it (OTLP/JSON). */
function copilotSpan(spanId: string, parent: string, from: number, to: number, values: Record<string, string | number>, failed = false) {
  return {
    traceId: TRACE,
    spanId: spanId.padEnd(16, '0'),
    parentSpanId: parent.padEnd(16, '0'),
    name: String(values['gen_ai.operation.name']),
    kind: 1,
    startTimeUnixNano: nanos(T0 + from * 1000),
    endTimeUnixNano: nanos(T0 + to * 1000),
    attributes: attributes({ 'gen_ai.conversation.id': 'flight-copilot', ...values }),
    status: failed ? { code: 2, message: 'exit 1' } : { code: 0 },
  };
}

const chat = (spanId: string, parent: string, from: number, to: number, input: number, output: number) =>
  copilotSpan(spanId, parent, from, to, { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4.1', 'gen_ai.usage.input_tokens': input, 'gen_ai.usage.output_tokens': output });
const tool = (spanId: string, parent: string, from: number, to: number, name: string, failed = false) =>
  copilotSpan(spanId, parent, from, to, { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': name }, failed);

/** The Copilot session's steps in the waterfall's order: [name, depth]. The subagent ran inside `task`. */
const COPILOT_STEPS: [string, number][] = [
  ['gpt-4.1', 0],
  ['view', 0],
  ['task', 0],
  ['gpt-4.1', 1],
  ['bash', 1],
  ['gpt-4.1', 1],
  ['glob', 1],
  ['gpt-4.1', 0],
];

const copilotExport = {
  resourceSpans: [
    {
      resource: { attributes: attributes({ 'service.name': 'github-copilot', 'vcs.repository.url.full': 'https://github.com/acme/web' }) },
      scopeSpans: [
        {
          scope: { name: 'github.copilot' },
          spans: [
            // The agent's own span (no step): the root of the trace.
            { ...copilotSpan('f0', '', 0, 60, { 'gen_ai.operation.name': 'invoke_agent' }), parentSpanId: '' },
            chat('c1', 'f0', 1, 5, 1000, 200),
            tool('e1', 'f0', 5.5, 6, 'view'),
            tool('e2', 'f0', 7, 40, 'task'),
            chat('c2', 'e2', 8, 12, 2000, 300),
            tool('e3', 'e2', 13, 20, 'bash', true),
            chat('c3', 'e2', 21, 25, 2500, 100),
            // A reading tool, not a writing one: a session that changed files with no commit in the
            // 24 hours after it counts as abandoned once that time has passed, which for this
            // session (yesterday, 10:00 UTC) depends on the hour the test runs at, and on whether the
            // server's abandoned-sessions pass runs after it arrives. The waste filter below expects
            // the retry loop alone.
            tool('e4', 'e2', 26, 27, 'glob'),
            chat('c4', 'f0', 41, 50, 3000, 400),
          ],
        },
      ],
    },
  ],
};

/** Codex's log records: a prompt, then four times a model call and the same failing command, then a success. */
function codexExport() {
  const record = (at: number, name: string, values: Record<string, string | number | boolean>) => ({ timeUnixNano: nanos(at), attributes: attributes({ 'event.name': name, 'conversation.id': 'flight-loop', ...values }) });
  const records = [record(LOOP_START, 'codex.user_prompt', { prompt: 'Make the tests pass, then mail ops@acme-corp.com', prompt_length: 48 })];
  for (let attempt = 0; attempt < 4; attempt++) {
    const at = LOOP_START + 1000 * (attempt + 1);
    records.push(record(at, 'codex.sse_event', { 'event.kind': 'response.completed', model: 'gpt-5-codex', input_token_count: 40_000 + attempt, output_token_count: 500, cached_token_count: 0 }));
    records.push(record(at + 500, 'codex.tool_result', { tool_name: 'exec_command', arguments: '{"cmd":"npm test"}', success: 'false', duration_ms: '400' }));
  }
  records.push(record(LOOP_START + 6000, 'codex.sse_event', { 'event.kind': 'response.completed', model: 'gpt-5-codex', input_token_count: 5000, output_token_count: 50, cached_token_count: 0 }));
  records.push(record(LOOP_START + 6500, 'codex.tool_result', { tool_name: 'exec_command', arguments: '{"cmd":"git status"}', success: 'true', duration_ms: '10' }));
  return { resourceLogs: [{ resource: { attributes: attributes({ 'service.name': 'codex_exec', 'vcs.repository.url.full': 'https://github.com/acme/api' }) }, scopeLogs: [{ scope: { name: 'codex' }, logRecords: records }] }] };
}

/** Bob's sessions through Quarterdeck's own events: a prompt and a model call each, all different in cost. */
function bobEvents() {
  return Array.from({ length: 22 }, (_, i) => {
    const at = T0 + (i + 1) * 120_000;
    const common = { sessionId: `bob-${i}`, client: 'terminal-ui', repository: 'https://github.com/acme/api' };
    return [
      { id: `bob-${i}-prompt`, type: 'user_message', timestamp: at, autonomyMode: 'auto-low', ...common },
      { id: `bob-${i}-model`, type: 'model_call', timestamp: at + 30_000 + i * 1000, modelId: 'claude-sonnet-4-5', modelTier: 'standard', inputTokens: 1000 * (i + 1), outputTokens: 100 * (i + 1), cacheReadTokens: 0, cacheWriteTokens: 0, ...common },
    ];
  }).flat();
}

async function allSessions(key = ownerKey): Promise<Session[]> {
  return (await call<{ agentSessions: Session[] }>('GET', '/api/v0/agent-sessions?limit=100', undefined, key)).agentSessions;
}

/** What the tests read of an element in the page (the tests compile without the DOM's types); a cast, as the callbacks run in the page. */
type Element = { getAttribute(name: string): string | null; querySelector(selector: string): Element | null; lastChild: { textContent: string | null } | null };

const rows = (on: Page) => on.getByRole('table', { name: 'Agent sessions' }).getByTestId('agent-session-row');
/** The ids of the sessions the explorer lists, in its order. */
const shownIds = async (on: Page) => (await rows(on).locator('td:first-child a').evaluateAll((links) => (links as unknown as Element[]).map((link) => link.getAttribute('href')!.split('/').pop()!))) as string[];
/** How long a poll waits: the machine running the suite may be loaded (two cores, many files). */
const WAIT = { timeout: 20_000 };
const search = (on: Page) => new URL(on.url()).searchParams;

beforeAll(async () => {
  shots = await mkdtemp(join(tmpdir(), 'qd-agent-sessions-screenshots-'));
  console.log(`agent-sessions screenshots: ${shots}`);
  running = await startConsoleServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  url = running.server.url;
  const created = await createOrganization(running, 'Flight Org', 'owner@flight.test');
  ownerKey = created.apiKey;
  people = {} as never;
  for (const name of ['alice', 'bob'] as const) {
    const added = await call<{ user: { id: string }; apiKey: string }>('POST', '/api/v0/organization/users', { email: `${name}@flight.test`, name: name === 'alice' ? 'Alice Agent' : 'Bob Builder', role: 'member' }, ownerKey, 201);
    people[name] = { id: added.user.id, apiKey: added.apiKey };
  }
  productTeam = (await call<{ team: { id: string } }>('POST', '/api/v0/teams', { name: 'Product' }, ownerKey, 201)).team.id;
  await call('POST', `/api/v0/teams/${productTeam}/members`, { userId: people.bob.id }, ownerKey, 201);
  // Content kept (redacted) from here on: the Codex session's prompt and tool input are shown under their steps.
  await call('PATCH', '/api/v0/organization/enterprise-controls', { agentSessionContent: { enabled: true, retentionDays: 30 } });
  await call('PUT', '/api/v0/organization/prices/models', {
    models: [
      { modelId: 'gpt-4.1', prices: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2 } },
      { modelId: 'gpt-5-codex', prices: { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 1.25 } },
    ],
  });
  for (const [path, body] of [
    ['/v1/traces', copilotExport],
    ['/v1/logs', codexExport()],
  ] as const) {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${people.alice.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status, await response.text()).toBe(200);
  }
  await call('POST', '/api/v1/telemetry/events', { events: bobEvents() }, people.bob.apiKey, 202);
  // The repositories page reads the daily rollup of the same events.
  for (let attempt = 0; (await call<{ pendingDays: number }>('POST', '/admin/v1/rollups/run', undefined, running.adminToken)).pendingDays > 0; attempt++) {
    if (attempt > 10) throw new Error('the rollup did not finish');
  }
  sessions = await allSessions();
  expect(sessions).toHaveLength(24);
  browser = await sharedChromium();
  ({ context, page } = await signedInPage(browser, created.inviteUrl));
}, 300_000);

afterAll(async () => {
  await closeContexts(browser);
  await running?.close();
});

const copilot = () => sessions.find((session) => session.agent === 'copilot-cli')!;
const loop = () => sessions.find((session) => session.agent === 'codex')!;

describe('the agent sessions explorer', () => {
  it('is one click from the landing page and pages through every session by cursor', async () => {
    await page.goto(`${url}/`);
    await page.waitForURL('**/analytics');
    // The dashboard's own requests first (a browser asks a host six at a time; a loaded machine answers slowly).
    await expect.poll(() => page.locator('.mantine-Loader-root').count(), { timeout: 60_000 }).toBe(0);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Agent sessions' }).click();
    await page.waitForURL('**/agent-sessions');
    await expect.poll(() => rows(page).count(), { timeout: 60_000 }).toBe(20);
    await page.getByRole('button', { name: 'More sessions' }).click();
    await expect.poll(() => rows(page).count(), WAIT).toBe(24);
    // Newest first, as the API answers; the person by name.
    expect(await shownIds(page)).toEqual(sessions.map((session) => session.id));
    expect(await rows(page).first().getByRole('cell').nth(1).textContent()).toBe('Bob Builder');
    await screenshotAndScan(page, shots, '01-explorer-light-1440');
  }, 60_000);

  it('sorts by cost, filters in the address, and the back button undoes a filter', async () => {
    // The reference: every session by cost, highest first, worked out here.
    const byCost = [...sessions].sort((a, b) => b.cost - a.cost);
    expect(new Set(byCost.map((session) => session.cost)).size).toBe(byCost.length);
    await page.getByLabel('Sort by').selectOption({ label: 'Most cost' });
    await expect.poll(() => search(page).get('sort'), WAIT).toBe('cost');
    await expect.poll(() => shownIds(page), WAIT).toEqual(byCost.slice(0, 20).map((session) => session.id));
    expect(await rows(page).first().getByRole('cell').nth(7).textContent()).toContain(formatMoney(byCost[0]!.cost, byCost[0]!.currency));

    await page.getByLabel('Waste').selectOption({ label: 'Waste found' });
    await expect.poll(() => shownIds(page), WAIT).toEqual([loop().id]);
    expect(search(page).get('flagged')).toBe('true');
    expect(await rows(page).first().getByRole('cell').last().textContent()).toBe(`${formatMoney(loop().wasteCost, loop().currency)}Retry loop, Tool-error burst`);
    await page.goBack();
    await expect.poll(() => search(page).has('flagged'), WAIT).toBe(false);
    expect(search(page).get('sort')).toBe('cost');
    await expect.poll(() => rows(page).count(), WAIT).toBe(20);

    // A person and a team she is not in: nothing; the person alone: her two sessions.
    await page.getByLabel('Person').selectOption({ label: 'Alice Agent' });
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);
    await page.getByLabel('Team').selectOption({ label: 'Product' });
    await page.getByText('No session matches these filters').waitFor();
    await page.getByLabel('Person').selectOption({ label: 'Everyone' });
    await expect.poll(() => rows(page).count(), WAIT).toBe(20);
    expect([...search(page).keys()].sort()).toEqual(['sort', 'team']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.url(), WAIT).toBe(`${url}/agent-sessions`);

    // Text filters are sent on Enter; cost above, against the API's figures.
    await page.getByLabel('Repository').fill('github.com/acme/web');
    await page.getByLabel('Repository').press('Enter');
    await expect.poll(() => shownIds(page), WAIT).toEqual([copilot().id]);
    await page.getByLabel('Repository').fill('');
    await page.getByLabel('Repository').press('Enter');
    // Every session again (the pages already read come from the cache).
    await expect.poll(() => rows(page).count(), WAIT).toBeGreaterThanOrEqual(20);
    expect(search(page).has('repository')).toBe(false);
    const threshold = [...sessions].sort((a, b) => b.cost - a.cost)[5]!.cost;
    await page.getByLabel('Cost above').fill(String(threshold));
    await page.getByLabel('Cost above').press('Enter');
    await expect.poll(() => shownIds(page), WAIT).toEqual(sessions.filter((session) => session.cost > threshold).map((session) => session.id));

    // The model: the sessions that called it, as the API lists them.
    await page.goto(`${url}/agent-sessions?model=gpt-5-codex`);
    await expect.poll(() => shownIds(page), WAIT).toEqual([loop().id]);
    expect(await page.getByLabel('Model').inputValue()).toBe('gpt-5-codex');
    await page.getByLabel('Model').fill('claude-sonnet-4-5');
    await page.getByLabel('Model').press('Enter');
    const sonnet = (await call<{ agentSessions: Session[] }>('GET', '/api/v0/agent-sessions?model=claude-sonnet-4-5&limit=20')).agentSessions.map((session) => session.id);
    expect(sonnet).toHaveLength(20);
    await expect.poll(() => shownIds(page), WAIT).toEqual(sonnet);
    expect(search(page).get('model')).toBe('claude-sonnet-4-5');

    // Days: the start's UTC day; an end before the start is said before any request.
    await page.goto(`${url}/agent-sessions?startDate=${twoDaysAgo}&endDate=${twoDaysAgo}&agent=codex`);
    await expect.poll(() => shownIds(page), WAIT).toEqual([loop().id]);
    expect(await page.getByLabel('Agent', { exact: true }).inputValue()).toBe('codex');
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v0/agent-sessions')) asked++;
    });
    await page.goto(`${url}/agent-sessions?startDate=${yesterday}&endDate=${twoDaysAgo}`);
    await page.getByText('The end date is before the start date.').waitFor();
    expect(asked).toBe(0);
    // What only the server knows comes back as its error, not a blank page.
    await page.goto(`${url}/agent-sessions?repository=${encodeURIComponent('not a repository')}`);
    await page.getByText('Something went wrong').waitFor();
  }, 90_000);

  it('reads in dark and on a phone', async () => {
    const dark = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce', colorScheme: 'dark', storageState: await context.storageState() });
    const darkPage = await dark.newPage();
    await darkPage.goto(`${url}/agent-sessions?sort=errors`);
    await expect.poll(() => rows(darkPage).count(), WAIT).toBe(20);
    await screenshotAndScan(darkPage, shots, '02-explorer-dark-1440');
    await dark.close();
    const { context: phone, page: mobile } = await phonePage(browser, context);
    await mobile.goto(`${url}/agent-sessions?flagged=true`);
    await expect.poll(() => rows(mobile).count(), WAIT).toBe(1);
    expect(await mobile.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshotAndScan(mobile, shots, '03-explorer-light-390');
    await phone.close();
  }, 60_000);
});

describe('a session page', () => {
  it('shows the totals and the timeline as a waterfall, the subagent nested under its tool call', async () => {
    const detail = await call<Session & { timeline: { kind: string; name: string | null }[] }>('GET', `/api/v0/agent-sessions/${copilot().id}`);
    await page.goto(`${url}/agent-sessions?agent=copilot-cli`);
    await rows(page).first().getByRole('link').click();
    await page.waitForURL(`**/agent-sessions/${copilot().id}`);
    await page.getByRole('heading', { name: 'Copilot CLI session' }).waitFor();
    expect(await page.title()).toBe('Agent session · Quarterdeck');
    expect(await page.getByTestId('total-person').textContent()).toBe('Alice Agent');
    expect(await page.getByTestId('total-model').textContent()).toBe('gpt-4.1');
    expect(await page.getByTestId('total-repository').textContent()).toBe('github.com/acme/web');
    expect(await page.getByTestId('total-model-calls').textContent()).toBe(String(detail.modelCalls));
    expect(await page.getByTestId('total-tool-calls').textContent()).toBe(String(detail.toolCalls));
    expect([detail.modelCalls, detail.toolCalls, detail.errors]).toEqual([4, 4, 1]);
    expect(await page.getByTestId('total-errors').textContent()).toBe('1');
    expect(await page.getByTestId('total-cost').textContent()).toBe(formatMoney(detail.cost, detail.currency));

    const steps = page.getByTestId('timeline-step');
    await expect.poll(() => steps.count(), WAIT).toBe(COPILOT_STEPS.length);
    const shown = await steps.evaluateAll((found) => (found as unknown as Element[]).map((row) => [row.querySelector('[data-testid="step-name"]')!.lastChild!.textContent, Number(row.getAttribute('data-depth'))]));
    expect(shown).toEqual(COPILOT_STEPS);
    // The tool calls are the ones the agent made (the API's timeline), with their outcomes.
    const toolNames = await page.locator('[data-testid="timeline-step"][data-kind="tool_call"] [data-testid="step-name"]').evaluateAll((names) => (names as unknown as Element[]).map((name) => name.lastChild!.textContent));
    expect(toolNames.sort()).toEqual(detail.timeline.filter((step) => step.kind === 'tool_call').map((step) => step.name).sort());
    expect(toolNames).toEqual(['bash', 'glob', 'task', 'view']);
    const bash = steps.nth(4);
    expect(await bash.getByRole('cell').nth(2).textContent()).toBe('failure');
    expect(await bash.getByTestId('step-name').textContent()).toBe('Inside task: bash');
    // The subagent's calls sit inside the task's bar on the time axis.
    const [task, child] = [await steps.nth(2).getByTestId('waterfall-bar').boundingBox(), await steps.nth(3).getByTestId('waterfall-bar').boundingBox()];
    expect(child!.x).toBeGreaterThanOrEqual(task!.x);
    expect(child!.x + child!.width).toBeLessThanOrEqual(task!.x + task!.width + 1);
    await screenshotAndScan(page, shots, '04-session-light-1440');

    // Share: the link copied is the session's address.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Link copied' }).waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(`${url}/agent-sessions/${copilot().id}`);
  }, 60_000);

  it('marks the steps of a retry loop and prices the waste', async () => {
    const { context: phone, page: mobile } = await phonePage(browser, context);
    await mobile.goto(`${url}/agent-sessions/${loop().id}`);
    await mobile.getByRole('heading', { name: 'Waste found' }).waitFor();
    expect(await mobile.getByRole('region', { name: 'Waste found' }).getByText(formatMoneyPrecise(loop().wasteCost, loop().currency), { exact: true }).count()).toBe(1);
    expect(await mobile.getByRole('listitem').first().textContent()).toMatch(/^Retry loop of exec_command: once, from \+1\.5 s to \+4\.5 s, /);
    const marked = mobile.getByTestId('timeline-step').filter({ hasText: 'Retry loop' });
    expect(await marked.count()).toBeGreaterThanOrEqual(4);
    // The kept content: under the prompt and each tool call, collapsed, marked redacted.
    const contents = mobile.getByTestId('step-content');
    expect(await contents.count()).toBe(6);
    const prompt = contents.first();
    expect(await prompt.getByText('Make the tests pass').isVisible()).toBe(false);
    await prompt.getByText('Content of Prompt').click();
    await prompt.getByText('Make the tests pass, then mail [REDACTED:email]').waitFor();
    expect(await prompt.getByText('redacted', { exact: true }).count()).toBe(1);
    expect(await mobile.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshotAndScan(mobile, shots, '05-loop-light-390');
    await phone.close();
    const dark = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce', colorScheme: 'dark', storageState: await context.storageState() });
    const darkPage = await dark.newPage();
    await darkPage.goto(`${url}/agent-sessions/${loop().id}`);
    await darkPage.getByRole('heading', { name: 'Waste found' }).waitFor();
    await screenshotAndScan(darkPage, shots, '06-loop-dark-1440');
    await dark.close();
  }, 60_000);

  it('answers an unknown id with a not-found heading, asked once and not offered again', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v0/agent-sessions/')) asked.push(request.url());
    });
    await page.goto(`${url}/agent-sessions/ags_nope`);
    await page.getByRole('heading', { level: 1, name: 'Agent session not found' }).waitFor();
    expect(await page.title()).toBe('Agent session not found · Quarterdeck');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(asked).toHaveLength(1);
  }, 30_000);
});

describe('a member', () => {
  it('sees only their own sessions, and another person’s is not found', async () => {
    const { inviteUrl } = await call<{ inviteUrl: string }>('POST', `/api/v0/organization/users/${people.alice.id}/invite`, {}, ownerKey, 201);
    const member = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    const memberPage = await member.newPage();
    await acceptInvitation(memberPage, inviteUrl);
    await memberPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Agent sessions' }).click();
    await expect.poll(() => shownIds(memberPage), WAIT).toEqual(sessions.filter((session) => session.userId === people.alice.id).map((session) => session.id));
    expect(await memberPage.getByLabel('Person').count()).toBe(0);
    // Even asked for someone else's in the address.
    await memberPage.goto(`${url}/agent-sessions?user=${people.bob.id}`);
    await memberPage.getByText('No session matches these filters').waitFor();
    const bobs = sessions.find((session) => session.userId === people.bob.id)!;
    await memberPage.goto(`${url}/agent-sessions/${bobs.id}`);
    await memberPage.getByRole('heading', { name: 'Agent session not found' }).waitFor();
    await member.close();
  }, 60_000);
});

describe('the member page and the repositories page', () => {
  it('list their recent sessions, linked to the explorer filtered the same way', async () => {
    await page.goto(`${url}/analytics/users/${people.alice.id}?days=7`);
    const recent = page.getByRole('region', { name: 'Recent agent sessions' });
    await expect.poll(() => recent.getByTestId('agent-session-row').count(), WAIT).toBe(2);
    await recent.getByRole('link', { name: 'All of them in the explorer' }).click();
    await page.waitForURL(`**/agent-sessions?user=${people.alice.id}`);
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);

    await page.goto(`${url}/repositories?days=7`);
    await page.getByRole('button', { name: 'Recent agent sessions of github.com/acme/api' }).click();
    const ofApi = page.getByRole('region', { name: 'Recent agent sessions of github.com/acme/api' });
    const expected = sessions.filter((session) => session.repository === 'github.com/acme/api').slice(0, 5);
    await expect.poll(() => ofApi.getByTestId('agent-session-row').locator('td:first-child a').evaluateAll((links) => (links as unknown as Element[]).map((link) => link.getAttribute('href'))), WAIT).toEqual(expected.map((session) => `/agent-sessions/${session.id}`));
    await screenshotAndScan(page, shots, '07-repository-sessions-light-1440');
    await ofApi.getByRole('link', { name: 'All of them in the explorer' }).click();
    await page.waitForURL(`**/agent-sessions?repository=${encodeURIComponent('github.com/acme/api')}`);
    await expect.poll(() => rows(page).count(), WAIT).toBe(20);
  }, 60_000);
});
