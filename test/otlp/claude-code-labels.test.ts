import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createOrganization, expectError, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { runRollups } from '../analytics/helpers.js';
import { attributedReference, KIND_OF_LABEL, type LabelledIncrement, type UsageType } from '../analytics/attributed-reference.js';
import { attributeOf, capturedLogs, capturedSumPoints, daysBack, named, replay, runNamed, type JsonSumPoint } from './captured.js';

// Claude Code 2.1.332 driven through a sub-agent, a skill and a local stdio MCP server's tool
// (test/fixtures/otlp/claude-code/http-json-labels, a conversation scripted by the mock model):
// the attribution labels as the real CLI sent them, replayed, and GET
// /api/v1/analytics/attributed-costs compared with a reference computed here from the captured
// usage points themselves.

const manifest = runNamed('claude-code', 'http-json-labels');
const points = capturedSumPoints(manifest);
const logs = capturedLogs(manifest);
const { day, days } = daysBack(manifest);

/** The organization's own prices (USD per million tokens), so the reference needs no dataset. */
const PRICES = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

const labelOf = (point: JsonSumPoint, key: string) => attributeOf({ timeUnixNano: '0', attributes: point.attributes }, key);
const valueOf = (point: JsonSumPoint) => Number(point.asDouble ?? point.asInt ?? 0);
const usagePoints = points.filter((point) => point.metric === 'claude_code.token.usage' || point.metric === 'claude_code.cost.usage');

/** The captured usage points as increments with the attribution labels they carry (moved to the replay's day). */
const increments: LabelledIncrement[] = usagePoints.map((point) => ({
  day,
  metric: point.metric,
  type: labelOf(point, 'type') as UsageType | undefined,
  value: valueOf(point),
  labels: Object.fromEntries(Object.keys(KIND_OF_LABEL).flatMap((label) => (labelOf(point, label) === undefined ? [] : [[label, labelOf(point, label)!]]))),
}));
const reference = (kind?: string) => attributedReference(increments, PRICES, kind);

let server: TestServer;
let org: TestOrganization;
const get = (path: string, key = org.owner.key) => server.app.inject({ url: `/api/v1/analytics/${path}`, headers: auth(key) });

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  org = await createOrganization(server, 'Claude Code labels');
  const response = await server.app.inject({ method: 'PUT', url: '/api/v0/organization/prices/models', headers: auth(org.owner.key), payload: { models: [{ modelId: 'claude-sonnet-4-5', prices: PRICES }] } });
  expect(response.statusCode, response.body).toBe(200);
  await replay(server, manifest, org.owner.key, days);
  await runRollups(server);
}, 120_000);
afterAll(async () => server?.close());

describe('Claude Code 2.1.332 with a sub-agent, a skill and an MCP tool (claude-code/http-json-labels)', () => {
  it('sends the labels on its usage counters: the sub-agent by type, the skill by name, a configured MCP server as "custom"', () => {
    const named = (label: string) => [...new Set(usagePoints.map((point) => labelOf(point, label)).filter((name) => name !== undefined))];
    expect(named('agent.name')).toEqual(['general-purpose']);
    expect(named('skill.name')).toEqual(['capture-greeting']);
    // The server is configured as "capture"; 2.1.332 sends a user-configured server's name and tool as "custom".
    expect(named('mcp_server.name')).toEqual(['custom']);
    expect(named('mcp_tool.name')).toEqual(['custom']);
    expect(named('plugin.name')).toEqual([]);
    // The sub-agent's usage says query_source "subagent"; the labelled main-conversation calls "main".
    expect(new Set(usagePoints.filter((point) => labelOf(point, 'agent.name')).map((point) => labelOf(point, 'query_source')))).toEqual(new Set(['subagent']));
    // Every labelled increment is one model call's usage as the mock served it (1200/300/100/50).
    for (const point of usagePoints.filter((p) => p.metric === 'claude_code.token.usage' && labelOf(p, 'agent.name'))) {
      expect(valueOf(point)).toBe({ input: 1200, output: 300, cacheRead: 100, cacheCreation: 50 }[labelOf(point, 'type') as 'input']);
    }
  });

  it('puts the same labels on its api_request events, and hides the MCP tool and the skill in its tool events', () => {
    const requests = named(logs, 'api_request');
    expect(requests).toHaveLength(manifest.expected.tokensByModel['claude-sonnet-4-5-20250929']!.calls);
    expect(requests.map((log) => attributeOf(log, 'agent.name')).filter(Boolean)).toEqual(['general-purpose']);
    expect(requests.filter((log) => attributeOf(log, 'skill.name') === 'capture-greeting')).toHaveLength(2);
    expect(requests.filter((log) => attributeOf(log, 'mcp_server.name') === 'custom')).toHaveLength(1);
    expect(named(logs, 'tool_result').map((log) => attributeOf(log, 'tool_name'))).toEqual(['Agent', 'Skill', 'mcp_tool']);
    expect(named(logs, 'skill_activated').map((log) => attributeOf(log, 'skill.name'))).toEqual(['custom_skill']);
  });

  it('GET /api/v1/analytics/attributed-costs gives the skill, the sub-agent and the MCP server the shares the capture reports', async () => {
    const expected = reference();
    expect(expected.map((row) => `${row.kind}:${row.group_key}`)).toEqual(['mcp_server:custom', 'skill:capture-greeting', 'subagent:general-purpose']);
    const response = await get(`attributed-costs?startDate=${day}&endDate=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data).toEqual(expected);
    for (const kind of ['skill', 'subagent', 'mcp_server', 'plugin']) {
      expect(json(await get(`attributed-costs?startDate=${day}&endDate=${day}&group_by=${kind}`)).data).toEqual(reference(kind));
    }
  });

  it("stores the captured MCP tool call without a server (2.1.332 sends the tool as mcp_tool), and reads the server from tool_parameters when tool details are on", async () => {
    const { rows } = await sql<{ tool: string; mcp_server: string | null }>`
      SELECT tool, mcp_server FROM telemetry_events WHERE organization_id = ${org.id} AND type = 'tool_call' ORDER BY tool`.execute(server.store.db);
    expect(rows).toEqual([
      { tool: 'Agent', mcp_server: null },
      { tool: 'Skill', mcp_server: null },
      { tool: 'mcp_tool', mcp_server: null },
    ]);
    // The same record as the run sends it with OTEL_LOG_TOOL_DETAILS=1 (tried, docs/otel.md), and one with parameters that are not JSON.
    const mcpResult = named(logs, 'tool_result').find((log) => attributeOf(log, 'tool_name') === 'mcp_tool')!;
    const withParameters = (id: string, parameters: string) => ({
      ...mcpResult,
      attributes: [...mcpResult.attributes.filter((a) => a.key !== 'tool_use_id'), { key: 'tool_use_id', value: { stringValue: id } }, { key: 'tool_parameters', value: { stringValue: parameters } }],
    });
    const body = { resourceLogs: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'claude-code' } }] }, scopeLogs: [{ scope: { name: 'com.anthropic.claude_code.events' }, logRecords: [withParameters('toolu_details', '{"mcp_server_name":"capture","mcp_tool_name":"echo"}'), withParameters('toolu_not_json', 'mcp_server_name=capture')] }] }] };
    const sent = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(sent.statusCode, sent.body).toBe(200);
    const after = await sql<{ mcp_server: string | null }>`
      SELECT mcp_server FROM telemetry_events WHERE organization_id = ${org.id} AND type = 'tool_call' AND tool = 'mcp_tool' ORDER BY mcp_server NULLS LAST`.execute(server.store.db);
    expect(after.rows).toEqual([{ mcp_server: 'capture' }, { mcp_server: null }, { mcp_server: null }]);
  });

  it('refuses a member and a bad group with the one error body', async () => {
    expectError(await get(`attributed-costs?startDate=${day}&endDate=${day}`, org.users.member.key), 403);
    expectError(await get(`attributed-costs?startDate=${day}&endDate=${day}&group_by=model`), 400);
  });
});
