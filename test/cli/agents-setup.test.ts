import { mkdtemp, readFile, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, createOrganization, json, startTestServer, type TestOrganization, type TestServer } from '../helpers/server.js';
import { settingsFiles, type SetupAgent } from '../../src/cli/agent-setup.js';
import { cli } from './helpers.js';

// `quarterdeck agents setup --agent NAME [--system] [--check]` as a subprocess: the agent's own
// settings files written into a temporary home (or system root), merged into what was there, and
// the probe export checked against a real server.

vi.setConfig({ testTimeout: 300_000 });

let server: TestServer;
let org: TestOrganization;
let url: string;
let ingestKey: string;
beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const created = await server.app.inject({ method: 'POST', url: '/api/v0/api-keys', headers: auth(org.owner.key), payload: { name: 'fleet', kind: 'ingest' } });
  ingestKey = json(created).key;
});
afterAll(async () => server.close());

const scratch = () => mkdtemp(join(tmpdir(), 'qd-setup-'));
const env = () => ({ QUARTERDECK_URL: url, QUARTERDECK_API_KEY: ingestKey });
const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8'));

describe('quarterdeck agents setup', () => {
  it("writes Claude Code's user settings, merged into the file, with the person's e-mail, readable by its owner only", async () => {
    const home = await scratch();
    await mkdir(join(home, '.claude'));
    await writeFile(join(home, '.claude', 'settings.json'), JSON.stringify({ model: 'opus', env: { KEEP: '1' } }));
    const result = await cli(['agents', 'setup', '--agent', 'claude-code', '--home', home, '--email', 'alice@example.test'], env());
    expect(result.code, result.stderr).toBe(0);
    const settings = await readJson(join(home, '.claude', 'settings.json'));
    expect(settings).toEqual({
      model: 'opus',
      env: {
        KEEP: '1',
        CLAUDE_CODE_ENABLE_TELEMETRY: '1',
        OTEL_METRICS_EXPORTER: 'otlp',
        OTEL_LOGS_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_ENDPOINT: url,
        OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${ingestKey}`,
        CLAUDE_CODE_OTEL_SHUTDOWN_TIMEOUT_MS: '5000',
        OTEL_RESOURCE_ATTRIBUTES: 'user.email=alice@example.test',
      },
    });
    expect((await stat(join(home, '.claude', 'settings.json'))).mode & 0o777).toBe(0o600);
    // Running it again changes nothing.
    expect((await cli(['agents', 'setup', '--agent', 'claude-code', '--home', home, '--email', 'alice@example.test'], env())).code).toBe(0);
    expect(await readJson(join(home, '.claude', 'settings.json'))).toEqual(settings);
  });

  it('writes managed settings at the system level', async () => {
    const root = await scratch();
    const claude = await cli(['agents', 'setup', '--agent', 'claude-code', '--system', '--home', root], env());
    expect(claude.code, claude.stderr).toBe(0);
    const managed = await readJson(join(root, 'etc', 'claude-code', 'managed-settings.json'));
    expect(managed.env).toMatchObject({ OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${ingestKey}` });
    expect(managed.env.OTEL_RESOURCE_ATTRIBUTES).toBeUndefined();
    const gemini = await cli(['agents', 'setup', '--agent', 'gemini-cli', '--system', '--home', root], env());
    expect(gemini.code, gemini.stderr).toBe(0);
    expect((await readJson(join(root, 'etc', 'gemini-cli', 'settings.json'))).telemetry).toEqual({ enabled: true, target: 'local', otlpEndpoint: url, otlpProtocol: 'http', logPrompts: false });
    expect(await readFile(join(root, 'etc', 'profile.d', 'quarterdeck-gemini-cli.sh'), 'utf8')).toBe(`export OTEL_EXPORTER_OTLP_HEADERS='Authorization=Bearer ${ingestKey}'\n`);
    // One person's e-mail has no place in a machine-wide file.
    expect((await cli(['agents', 'setup', '--agent', 'droid', '--system', '--home', root, '--email', 'a@example.test'], env())).code).toBe(1);
    // Codex's managed config and Qwen Code's system settings, where their vendors' docs put them on Linux.
    for (const agent of ['codex', 'qwen-code']) expect((await cli(['agents', 'setup', '--agent', agent, '--system', '--home', root], env())).code).toBe(0);
    expect(parseToml(await readFile(join(root, 'etc', 'codex', 'managed_config.toml'), 'utf8')).otel).toMatchObject({ log_user_prompt: false });
    expect((await readJson(join(root, 'etc', 'qwen-code', 'settings.json'))).telemetry).toMatchObject({ otlpEndpoint: url, otlpProtocol: 'http' });
  });

  it('puts the system files where each vendor documents them on macOS and Windows', () => {
    const system = (agent: SetupAgent, platform: NodeJS.Platform) =>
      settingsFiles(agent, { api: url, key: 'k', system: true, base: '/root', platform })[0]!.path.split('/').slice(2).join('/');
    expect(system('codex', 'linux')).toBe('etc/codex/managed_config.toml');
    expect(system('codex', 'darwin')).toBe('etc/codex/managed_config.toml');
    // Codex on Windows ignores a managed_config.toml: its system config.toml.
    expect(system('codex', 'win32')).toBe('ProgramData/OpenAI/Codex/config.toml');
    expect(system('gemini-cli', 'linux')).toBe('etc/gemini-cli/settings.json');
    expect(system('gemini-cli', 'darwin')).toBe('Library/Application Support/GeminiCli/settings.json');
    expect(system('gemini-cli', 'win32')).toBe('ProgramData/gemini-cli/settings.json');
    expect(system('qwen-code', 'linux')).toBe('etc/qwen-code/settings.json');
    expect(system('qwen-code', 'darwin')).toBe('Library/Application Support/QwenCode/settings.json');
    expect(system('qwen-code', 'win32')).toBe('ProgramData/qwen-code/settings.json');
  });

  it("writes each agent's own file: Codex's TOML, Gemini's and Qwen's settings and .env, opencode's JSON, environment files for the rest", async () => {
    const home = await scratch();
    await mkdir(join(home, '.codex'));
    await writeFile(join(home, '.codex', 'config.toml'), 'model = "o4"\n');
    for (const agent of ['codex', 'qwen-code', 'copilot-cli', 'droid', 'opencode']) {
      const result = await cli(['agents', 'setup', '--agent', agent, '--home', home, '--email', 'bob@example.test'], env());
      expect(result.code, `${agent}: ${result.stderr}`).toBe(0);
    }
    const codex = parseToml(await readFile(join(home, '.codex', 'config.toml'), 'utf8')) as any;
    expect(codex.model).toBe('o4');
    expect(codex.otel.exporter['otlp-http']).toEqual({ endpoint: `${url}/v1/logs`, protocol: 'binary', headers: { Authorization: `Bearer ${ingestKey}` } });
    expect(codex.otel.log_user_prompt).toBe(false);
    expect(await readFile(join(home, '.config', 'quarterdeck', 'codex.env'), 'utf8')).toBe("export OTEL_RESOURCE_ATTRIBUTES='user.email=bob@example.test'\n");
    expect((await readJson(join(home, '.qwen', 'settings.json'))).telemetry.otlpEndpoint).toBe(url);
    expect(await readFile(join(home, '.qwen', '.env'), 'utf8')).toContain("export OTEL_RESOURCE_ATTRIBUTES='user.email=bob@example.test'");
    expect(await readFile(join(home, '.config', 'quarterdeck', 'copilot-cli.env'), 'utf8')).toContain('export COPILOT_OTEL_ENABLED=');
    expect(await readFile(join(home, '.config', 'quarterdeck', 'droid.env'), 'utf8')).toContain(`export OTEL_TELEMETRY_ENDPOINT='${url}'`);
    expect(await readJson(join(home, '.config', 'opencode', 'opencode.json'))).toEqual({ experimental: { openTelemetry: true } });
    expect(await readFile(join(home, '.config', 'quarterdeck', 'opencode.env'), 'utf8')).toContain("export OTEL_BSP_SCHEDULE_DELAY='200'");
  });

  it('--check sends a probe export and reports whether it arrived', async () => {
    const home = await scratch();
    const ok = await cli(['agents', 'setup', '--agent', 'droid', '--home', home, '--check'], env());
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('accepted an export with this key');
    const revokedKey = await cli(['agents', 'setup', '--agent', 'droid', '--home', home, '--check', '--key', 'qd_not_a_key'], env());
    expect(revokedKey.code).toBe(1);
    expect(revokedKey.stderr).toContain('answered 401');
    const nowhere = await cli(['agents', 'setup', '--agent', 'droid', '--home', home, '--check', '--url', 'http://127.0.0.1:9'], env());
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('could not be reached');
  });

  it('refuses an unknown agent, a missing key and a bad e-mail', async () => {
    const home = await scratch();
    expect((await cli(['agents', 'setup', '--agent', 'cursor', '--home', home], env())).stderr).toContain('--agent must be one of');
    expect((await cli(['agents', 'setup', '--agent', 'codex', '--home', home], { QUARTERDECK_URL: url })).code).toBe(1);
    expect((await cli(['agents', 'setup', '--agent', 'codex', '--home', home, '--email', 'not-an-address'], env())).code).toBe(1);
  });
});
