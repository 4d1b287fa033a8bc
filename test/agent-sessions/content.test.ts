import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredContents } from '../../src/jobs/content-retention.js';
import { codexExport, codexRecord, geminiExport } from './records.js';
import { addUser, auth, createOrganization, expectError, json, startTestServer, type Caller, type TestOrganization, type TestServer } from '../helpers/server.js';

// The content control of agent sessions (decisions.md §16, docs/agent-sessions.md "Content"):
// off by default, nothing of a prompt or a tool's input and output is stored (the table read
// directly); on, each is stored redacted (a fake AWS key pair, a GitHub token, a freshly made
// private key, an e-mail address) and shown to owners, managers and the session's person only;
// it expires after the control's retention, and goes when the control is turned off.

const DAY_MS = 86_400_000;
const AWS_KEY_ID = 'AKIAZ7QX3GUK5RT2VFHD';
const AWS_SECRET = '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';
const GITHUB_TOKEN = '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';
const EMAIL = 'jane.doe@corp-mail.com';
const PRIVATE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;
const PRIVATE_KEY_BODY = PRIVATE_KEY.split('\n')[1]!;
const SECRETS = [AWS_KEY_ID, AWS_SECRET, GITHUB_TOKEN, EMAIL, PRIVATE_KEY_BODY];

const PROMPT = `Deploy with AWS_ACCESS_KEY_ID=${AWS_KEY_ID} aws_secret_access_key = "${AWS_SECRET}" and tell ${EMAIL} when done`;
const ARGUMENTS = JSON.stringify({ cmd: `curl -H "Authorization: token ${GITHUB_TOKEN}" https://api.github.com/user` });
const OUTPUT = `wrote key.pem:\n${PRIVATE_KEY}\nok`;

let server: TestServer;
let off: TestOrganization;
let on: TestOrganization;
let other: TestOrganization;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
  [off, on, other] = [await createOrganization(server, 'Content off'), await createOrganization(server, 'Content on'), await createOrganization(server, 'Other')];
  await turnContent(on, { enabled: true, retentionDays: 7 });
});
afterAll(async () => server?.close());

async function turnContent(org: TestOrganization, control: object | null): Promise<void> {
  const response = await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/enterprise-controls', headers: auth(org.owner.key), payload: { agentSessionContent: control } });
  expect(response.statusCode, response.body).toBe(200);
}

/** A Codex session whose prompt, tool arguments and tool output carry secrets, sent with the caller's key; answers the session's id. */
async function sendSession(caller: Caller, at: number): Promise<string> {
  const conversation = randomUUID();
  const records = [
    codexRecord(conversation, at, 'codex.user_prompt', { prompt: PROMPT, prompt_length: PROMPT.length }),
    codexRecord(conversation, at + 1000, 'codex.sse_event', { 'event.kind': 'response.completed', model: 'gpt-5.1-codex-mini', input_token_count: 900, output_token_count: 80, cached_token_count: 0 }),
    codexRecord(conversation, at + 2000, 'codex.tool_result', { tool_name: 'exec_command', arguments: ARGUMENTS, output: OUTPUT, success: 'true', duration_ms: '30' }),
  ];
  const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(caller.key), 'content-type': 'application/json' }, payload: codexExport(records) });
  expect(response.statusCode, response.body).toBe(200);
  const list = json(await server.app.inject({ method: 'GET', url: `/api/v0/agent-sessions?user=${caller.id}&limit=100`, headers: auth(caller.key) }));
  const session = list.agentSessions.find((one: { agentSessionId: string }) => one.agentSessionId === conversation);
  expect(session).toBeDefined();
  return session.id;
}

const timeline = async (caller: Caller, id: string) => json(await server.app.inject({ method: 'GET', url: `/api/v0/agent-sessions/${id}`, headers: auth(caller.key) })).timeline;

async function storedContent(organizationId: string) {
  return server.store.db.selectFrom('agent_session_step_contents').selectAll().where('organization_id', '=', organizationId).execute();
}

describe('content off (the default)', () => {
  it('stores nothing of prompts and tool input/output, and the timeline has no content', async () => {
    const id = await sendSession(off.users.member, Date.now() - 60_000);
    expect(await storedContent(off.id)).toEqual([]);
    const steps = await timeline(off.owner, id);
    expect(steps.map((step: { kind: string }) => step.kind)).toEqual(['prompt', 'model_call', 'tool_call']);
    for (const step of steps) expect(step).not.toHaveProperty('content');
  });
});

describe('content on', () => {
  let sessionId: string;
  let person: Caller;
  beforeAll(async () => {
    person = on.users.member;
    sessionId = await sendSession(person, Date.now() - 60_000);
  });

  it('stores each prompt and tool input/output redacted: no secret and no e-mail address reaches the table', async () => {
    const rows = await storedContent(on.id);
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    for (const secret of SECRETS) expect(stored).not.toContain(secret);
    expect(stored).not.toContain('BEGIN PRIVATE KEY');
  });

  it('shows the redacted content to the owner, a manager and the session’s person', async () => {
    for (const caller of [on.owner, on.users.manager, person]) {
      const [prompt, model, tool] = await timeline(caller, sessionId);
      expect(prompt.content).toEqual({
        // secretlint reports the secret key's whole `name = "value` match.
        input: 'Deploy with AWS_ACCESS_KEY_ID=[REDACTED:AWSAccessKeyID] [REDACTED:AWSSecretAccessKey]" and tell [REDACTED:email] when done',
        output: null,
      });
      expect(model).not.toHaveProperty('content');
      expect(tool.content).toEqual({
        input: JSON.stringify({ cmd: 'curl -H "Authorization: token [REDACTED:GITHUB_TOKEN]" https://api.github.com/user' }),
        output: 'wrote key.pem:\n[REDACTED:PrivateKey]\n\nok',
      });
    }
  });

  it('is not found for another member, and for another organization', async () => {
    const stranger = await addUser(server, on.owner.key, 'member');
    expectError(await server.app.inject({ method: 'GET', url: `/api/v0/agent-sessions/${sessionId}`, headers: auth(stranger.key) }), 404);
    expectError(await server.app.inject({ method: 'GET', url: `/api/v0/agent-sessions/${sessionId}`, headers: auth(other.owner.key) }), 404);
  });

  it('keeps the content once when the same export comes again', async () => {
    const org = await createOrganization(server, 'Twice');
    await turnContent(org, { enabled: true });
    const at = Date.now() - 30_000;
    const conversation = randomUUID();
    const payload = codexExport([codexRecord(conversation, at, 'codex.user_prompt', { prompt: 'hello', prompt_length: 5 })]);
    for (let time = 0; time < 2; time += 1) {
      const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(200);
    }
    expect((await storedContent(org.id)).map((row) => row.input)).toEqual(['hello']);
  });

  it('redacts addresses on reserved and private names too, and keeps code with an @ that is no address', async () => {
    const org = await createOrganization(server, 'Private names');
    await turnContent(org, { enabled: true });
    const addresses = ['a@b.test', 'x@corp.internal', 'docs@site.example', 'nobody@mail.invalid', 'dev@app.localhost', 'root@localhost', 'pi@printer.local', 'admin@nas.lan', 'jane@ad.corp', 'ops@router.home.arpa', 'It.Ops@Build.Corp.Internal'];
    // No address: a decorator, scoped packages (one on a path that ends like a private name), a
    // name without a dot after the @, and names only beginning or ending like the private ones.
    const code = ['@decorator', 'npm i @scope/pkg', 'import x from "@scope/pkg.local"', 'ssh user@local', 'see tests.local and foo.test', 'a@b.testing', 'a@b.lanes'];
    const prompt = [...addresses.map((address) => `mail ${address};`), ...code].join('\n');
    const records = [codexRecord(randomUUID(), Date.now() - 10_000, 'codex.user_prompt', { prompt, prompt_length: prompt.length })];
    const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload: codexExport(records) });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await storedContent(org.id);
    expect(stored!.input).toBe([...addresses.map(() => 'mail [REDACTED:email];'), ...code].join('\n'));
  });

  it('keeps nothing of the agents’ placeholders for content they hold back', async () => {
    const org = await createOrganization(server, 'Placeholders');
    await turnContent(org, { enabled: true });
    const records = [codexRecord(randomUUID(), Date.now() - 10_000, 'codex.user_prompt', { prompt: '[REDACTED]', prompt_length: 40 })];
    const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload: codexExport(records) });
    expect(response.statusCode).toBe(200);
    expect(await storedContent(org.id)).toEqual([]);
  });
});

describe('each agent’s content fields', () => {
  it('reads Claude Code’s prompt and tool_input and Gemini CLI’s prompt and function_args, and drops Claude Code’s placeholder', async () => {
    const org = await createOrganization(server, 'Agents');
    await turnContent(org, { enabled: true });
    const at = Date.now() - 20_000;
    const claude = (offset: number, name: string, values: Record<string, string>) => codexRecord('-', at + offset, name, { 'session.id': 'claude-1', ...values });
    const claudeExport = {
      resourceLogs: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'claude-code' } }] },
          scopeLogs: [
            {
              scope: { name: 'com.anthropic.claude_code.events' },
              logRecords: [
                claude(0, 'user_prompt', { prompt: `Ask ${EMAIL} for the token`, prompt_length: '30' }),
                claude(1000, 'tool_result', { tool_name: 'Bash', success: 'true', duration_ms: '12', tool_input: JSON.stringify({ command: `gh auth login --with-token ${GITHUB_TOKEN}` }) }),
                claude(2000, 'user_prompt', { prompt: '<REDACTED>', prompt_length: '12' }),
              ],
            },
          ],
        },
      ],
    };
    const gemini = (offset: number, name: string, values: Record<string, string | boolean | number>) => codexRecord('-', at + offset, name, { 'session.id': 'gemini-1', ...values });
    const geminiRecords = [
      gemini(0, 'gemini_cli.user_prompt', { prompt: `Write to ${EMAIL}`, prompt_length: 20 }),
      gemini(1000, 'gemini_cli.tool_call', { function_name: 'write_file', function_args: JSON.stringify({ file_path: '/w/.env', content: `AWS_ACCESS_KEY_ID=${AWS_KEY_ID}` }), success: true, duration_ms: 5 }),
    ];
    for (const payload of [claudeExport, geminiExport(geminiRecords)]) {
      const response = await server.app.inject({ method: 'POST', url: '/v1/logs', headers: { ...auth(org.owner.key), 'content-type': 'application/json' }, payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    const sessions = json(await server.app.inject({ method: 'GET', url: '/api/v0/agent-sessions', headers: auth(org.owner.key) })).agentSessions;
    const contentOf = async (agent: string) => (await timeline(org.owner, sessions.find((session: { agent: string }) => session.agent === agent).id)).map((step: { content?: unknown }) => step.content ?? null);
    expect(await contentOf('claude-code')).toEqual([
      { input: 'Ask [REDACTED:email] for the token', output: null },
      { input: JSON.stringify({ command: 'gh auth login --with-token [REDACTED:GITHUB_TOKEN]' }), output: null },
      null,
    ]);
    expect(await contentOf('gemini-cli')).toEqual([
      { input: 'Write to [REDACTED:email]', output: null },
      { input: JSON.stringify({ file_path: '/w/.env', content: 'AWS_ACCESS_KEY_ID=[REDACTED:AWSAccessKeyID]' }), output: null },
    ]);
  });
});

describe('expiry', () => {
  it('expires after the control’s retention, counted from the step: not shown, then deleted; a late record already past it is not kept', async () => {
    const org = await createOrganization(server, 'Expiring');
    await turnContent(org, { enabled: true, retentionDays: 7 });
    const fiveDaysAgo = Date.now() - 5 * DAY_MS;
    const id = await sendSession(org.owner, fiveDaysAgo);
    expect(await storedContent(org.id)).toHaveLength(2);
    const expiresAt = (await storedContent(org.id)).map((row) => new Date(row.expires_at).getTime());
    expect(expiresAt.sort()).toEqual([fiveDaysAgo + 7 * DAY_MS, fiveDaysAgo + 2000 + 7 * DAY_MS]);

    // A pass now deletes nothing; a pass three days on deletes both.
    const log = { error: () => undefined };
    await deleteExpiredContents(server.store.db, log);
    expect(await storedContent(org.id)).toHaveLength(2);
    await deleteExpiredContents(server.store.db, log, new Date(Date.now() + 3 * DAY_MS));
    expect(await storedContent(org.id)).toEqual([]);
    for (const step of await timeline(org.owner, id)) expect(step).not.toHaveProperty('content');

    // Eight days old: past the retention on arrival.
    await sendSession(org.owner, Date.now() - 8 * DAY_MS);
    expect(await storedContent(org.id)).toEqual([]);
  });

  it('a shortened retention and a control turned off delete what was kept at the next pass', async () => {
    const org = await createOrganization(server, 'Turned off');
    await turnContent(org, { enabled: true, retentionDays: 30 });
    await sendSession(org.owner, Date.now() - 10 * DAY_MS);
    await sendSession(org.owner, Date.now() - 60_000);
    expect(await storedContent(org.id)).toHaveLength(4);
    const log = { error: () => undefined };
    await turnContent(org, { retentionDays: 5 });
    await deleteExpiredContents(server.store.db, log);
    expect(await storedContent(org.id)).toHaveLength(2);
    await turnContent(org, { enabled: false });
    await deleteExpiredContents(server.store.db, log);
    expect(await storedContent(org.id)).toEqual([]);
  });

  it('refuses a retention out of range with the one error body, and a control of the wrong type', async () => {
    for (const control of [{ retentionDays: 0 }, { retentionDays: 366 }, { enabled: 'yes' }]) {
      const response = await server.app.inject({ method: 'PATCH', url: '/api/v0/organization/enterprise-controls', headers: auth(on.owner.key), payload: { agentSessionContent: control } });
      expectError(response, 400);
    }
  });
});
