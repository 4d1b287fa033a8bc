import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { auth, createOrganization, json, startTestServer, type TestServer } from '../helpers/server.js';
import { daysBack, replay, runs } from './captured.js';

// What the real agent CLIs exported (test/fixtures/otlp, captured by scripts/otlp-capture against
// a mock of their model API), sent to the server as they were sent, and the analytics that come
// out compared with what the mock served: tokens by model, tool calls. Sent a second time, they
// change nothing.

/** What each agent's exports say, by design of the agent (test/fixtures/otlp/README.md); a run's own line wins. */
const REPORTS: Record<string, { tokens: boolean; toolCalls: boolean }> = {
  // opencode sends its model and tool calls only with its AI SDK spans turned on.
  'opencode/http-default': { tokens: false, toolCalls: false },
  'claude-code': { tokens: true, toolCalls: true },
  codex: { tokens: true, toolCalls: true },
  gemini: { tokens: true, toolCalls: true },
  qwen: { tokens: true, toolCalls: true },
  copilot: { tokens: true, toolCalls: true },
  opencode: { tokens: true, toolCalls: true },
  // Droid sends no token counts (its token metrics are behind a vendor flag).
  droid: { tokens: false, toolCalls: true },
};

let server: TestServer;
let admin: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  admin = auth(server.adminToken);
});
afterAll(async () => server?.close());

async function rollUp(): Promise<void> {
  const response = await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: admin });
  expect(response.statusCode).toBe(200);
}

describe.each(runs.map((manifest) => [`${manifest.agent} ${manifest.run}`, manifest] as const))('%s', (_name, manifest) => {
  const reports = REPORTS[`${manifest.dir}/${manifest.run}`] ?? REPORTS[manifest.dir]!;

  it('counts what the mock served, once, however often the export is sent', async () => {
    const org = await createOrganization(server, `${manifest.agent} ${manifest.run}`);
    const { day, days } = daysBack(manifest);
    await replay(server, manifest, org.owner.key, days);
    await rollUp();
    const range = `startDate=${addDays(day, -1)}&endDate=${addDays(day, 1)}`;
    const read = async () => {
      const tokens = json(await server.app.inject({ url: `/api/v1/analytics/tokens?${range}`, headers: auth(org.owner.key) })).data;
      const tools = json(await server.app.inject({ url: `/api/v1/analytics/tools?${range}`, headers: auth(org.owner.key) })).data;
      return { tokens, tools };
    };
    const first = await read();
    const expected = Object.values(manifest.expected.tokensByModel);
    const sum = (field: 'input' | 'output' | 'cacheRead' | 'cacheWrite') => (reports.tokens ? expected.reduce((total, model) => total + model[field], 0) : 0);
    const total = (field: string) => first.tokens.reduce((t: number, row: Record<string, number>) => t + row[field]!, 0);
    expect({ input: total('input_tokens'), output: total('output_tokens'), cacheRead: total('cache_read_tokens'), cacheWrite: total('cache_write_tokens') }).toEqual({
      input: sum('input'),
      output: sum('output'),
      cacheRead: sum('cacheRead'),
      cacheWrite: sum('cacheWrite'),
    });
    if (reports.tokens) {
      const byModel = first.tokens.flatMap((row: { by_model: { model_id: string; input_tokens: number }[] }) => row.by_model.map((model) => model.model_id));
      expect(new Set(byModel)).toEqual(new Set(Object.keys(manifest.expected.tokensByModel).map((model) => model.toLowerCase())));
    }
    const toolCalls = first.tools.reduce((t: number, row: { tool_calls: number }) => t + row.tool_calls, 0);
    expect(toolCalls).toBe(reports.toolCalls ? manifest.expected.toolCallsAsked.length : 0);

    await replay(server, manifest, org.owner.key, days);
    await rollUp();
    expect(await read()).toEqual(first);
  });
});
