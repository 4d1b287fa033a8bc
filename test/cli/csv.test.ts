import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates.js';
import { acceptsCsv } from '../../src/http/csv.js';
import { csvCell, toCsv } from '../../src/sdk/csv.js';
import { asCsvCells, csvRecords, parseCsv } from './helpers.js';
import { addUser, auth, createOrganization, expectError, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';

// CSV from the analytics endpoints (Accept: text/csv) and the one CSV encoder behind it.

describe('the CSV encoder', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('flattens objects with dotted keys and keeps arrays as JSON in one cell', () => {
    expect(toCsv([{ a: 1, b: { c: 2, d: { e: 'x' } }, list: [{ k: 1 }] }, { a: 3, extra: 'y' }])).toBe(
      'a,b.c,b.d.e,list,extra\r\n1,2,x,"[{""k"":1}]",\r\n3,,,,y\r\n',
    );
    expect(toCsv([])).toBe('');
  });

  it('reads back what it writes, for any strings', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string()), { minLength: 1, maxLength: 5 }), (pairs) => {
        const rows = pairs.map(([first, second]) => ({ first, second }));
        const parsed = parseCsv(toCsv(rows));
        expect(parsed[0]).toEqual(['first', 'second']);
        expect(parsed.slice(1)).toEqual(pairs.map((pair) => pair.map((text) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text))));
      }),
    );
  });

  it('negotiates CSV only when asked for it over JSON', () => {
    expect(acceptsCsv('text/csv')).toBe(true);
    expect(acceptsCsv('text/csv, */*;q=0.5')).toBe(true);
    expect(acceptsCsv('application/json, text/csv')).toBe(false);
    expect(acceptsCsv('application/json;q=0.5, text/csv')).toBe(true);
    expect(acceptsCsv('text/csv;q=0')).toBe(false);
    expect(acceptsCsv('*/*')).toBe(false);
    expect(acceptsCsv(undefined)).toBe(false);
  });
});

describe('analytics as CSV', () => {
  let server: TestServer;
  let org: TestOrganization;
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const csvHeaders = (key: string) => ({ ...auth(key), accept: 'text/csv' });
  beforeAll(async () => {
    server = await startTestServer();
    org = await createOrganization(server);
    const tools = ['Read', 'Edit, "quoted"', '=HYPERLINK("http://x")'];
    const events = tools.map((tool, i) => ({ id: `t-${i}`, type: 'tool_call', timestamp: `${day}T0${i}:00:00Z`, sessionId: 's', client: 'web', tool, autonomyLevel: 'manual' }));
    events.push({ id: 'm-1', type: 'model_call', timestamp: `${day}T05:00:00Z`, sessionId: 's', client: 'web', modelId: 'model-a', modelTier: 'standard', inputTokens: 3, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 } as never);
    const posted = await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(org.owner.key), payload: { events } });
    expect(posted.statusCode).toBe(202);
    await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: auth(server.adminToken) });
  });
  afterAll(async () => server.close());

  it('answers a header line and one line per row, grouped rows quoted and defused', async () => {
    const response = await server.app.inject({ url: `/api/v1/analytics/tools?startDate=${day}&endDate=${day}&group_by=tool_name`, headers: csvHeaders(org.owner.key) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(parseCsv(response.body)).toEqual([
      ['date', 'group_key', 'tool_calls'],
      [day, "'=HYPERLINK(\"http://x\")", '1'],
      [day, 'Edit, "quoted"', '1'],
      [day, 'Read', '1'],
    ]);
  });

  it('flattens nested objects into dotted columns and arrays into JSON cells', async () => {
    const response = await server.app.inject({ url: `/api/v1/analytics/tokens?startDate=${day}&endDate=${day}`, headers: csvHeaders(org.owner.key) });
    const [header, row, ...rest] = parseCsv(response.body);
    expect(rest).toEqual([]);
    const record = Object.fromEntries(header!.map((name, i) => [name, row![i]]));
    expect(record).toMatchObject({ date: day, input_tokens: '3', output_tokens: '2' });
    expect(JSON.parse(record.by_model!)).toEqual([expect.objectContaining({ model_id: 'model-a', input_tokens: 3 })]);

    const activity = await server.app.inject({ url: `/api/v1/analytics/activity?startDate=${day}&endDate=${day}`, headers: csvHeaders(org.owner.key) });
    expect(parseCsv(activity.body)[0]).toEqual(expect.arrayContaining(['daily_active_users_by_client.web', 'daily_active_users_by_client.terminal-ui']));
  });

  it('carries the /users paging in headers', async () => {
    const response = await server.app.inject({ url: `/api/v1/analytics/users?startDate=${day}&endDate=${day}&limit=1`, headers: csvHeaders(org.owner.key) });
    expect(response.headers['x-has-more']).toBe('false');
    expect(response.headers['x-next-cursor']).toBe('');
    expect(parseCsv(response.body)).toHaveLength(2);
  });

  it('streams /users: the rows of the JSON page, for more users than one chunk of the stream', async () => {
    const crowd = await createOrganization(server, 'Crowd');
    const members = [crowd.owner, ...(await Promise.all(Array.from({ length: 24 }, () => addUser(server, crowd.owner.key, 'member'))))];
    const events = members.map((member, i) => ({ id: `c-${i}`, type: 'tool_call', timestamp: `${day}T01:00:00Z`, sessionId: 's', client: 'web', tool: 'Read', autonomyLevel: 'manual', userId: member.id }));
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/telemetry/events', headers: auth(crowd.owner.key), payload: { events } })).statusCode).toBe(202);
    await server.app.inject({ method: 'POST', url: '/admin/v1/rollups/run', headers: auth(server.adminToken) });
    const url = `/api/v1/analytics/users?startDate=${addDays(day, -1)}&endDate=${day}&limit=100`;
    const csv = await server.app.inject({ url, headers: csvHeaders(crowd.owner.key) });
    const records = csvRecords(csv.body);
    const rows = (await server.app.inject({ url, headers: auth(crowd.owner.key) })).json().data as Record<string, unknown>[];
    expect(rows).toHaveLength(members.length);
    expect(records).toEqual(rows.map(asCsvCells));
  });

  it('keeps JSON the default and errors as the JSON error body', async () => {
    const json = await server.app.inject({ url: `/api/v1/analytics/productivity?startDate=${day}&endDate=${day}`, headers: auth(org.owner.key) });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json().data).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expectError(await server.app.inject({ url: `/api/v1/analytics/tokens?startDate=${today}&endDate=${today}`, headers: csvHeaders(org.owner.key) }), 400);
    expectError(await server.app.inject({ url: `/api/v1/analytics/tokens?startDate=${day}&endDate=${day}`, headers: csvHeaders(org.users.member.key) }), 403);
    expectError(await server.app.inject({ url: `/api/v1/analytics/tokens?startDate=${day}&endDate=${day}`, headers: { accept: 'text/csv' } }), 401);
    expectError(await server.app.inject({ url: `/api/v1/analytics/users?startDate=${day}&endDate=${day}&limit=0`, headers: csvHeaders(org.owner.key) }), 400);
  });

  it('mentions text/csv in the OpenAPI document', async () => {
    const document = (await server.app.inject({ url: '/openapi.json' })).json();
    for (const kind of ['tokens', 'tools', 'activity', 'productivity', 'users']) {
      expect(document.paths[`/api/v1/analytics/${kind}`].get.description).toContain('text/csv');
    }
  });
});
