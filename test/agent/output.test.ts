import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentConfigError, resolveAgentOptions } from '../../src/agent/options.js';
import { OutputCollector, type OutgoingMessage } from '../../src/agent/output.js';
import { repoDirectory } from '../../src/agent/provision.js';

// The agent's pure parts: how a command's output becomes messages (docs/agent.md, "What the
// command prints"), and where its settings come from.

function collect(feed: (collector: OutputCollector) => void): { messages: OutgoingMessage[]; warnings: string[] } {
  const messages: OutgoingMessage[] = [];
  const warnings: string[] = [];
  const collector = new OutputCollector((message) => messages.push(message), (text) => warnings.push(text));
  feed(collector);
  return { messages, warnings };
}

const usageLine = (modelId: string) => JSON.stringify({ quarterdeck: 'usage', modelId, modelTier: 'standard', inputTokens: 10, outputTokens: 2 });
const usage = (modelId: string) => ({ modelId, modelTier: 'standard', inputTokens: 10, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 });

describe('the output of a run command', () => {
  it('posts plain text as assistant messages, split where the command went quiet, without trailing newlines', () => {
    const { messages } = collect((c) => {
      c.write('hel');
      c.write('lo\nworld\n');
      c.flush();
      c.write('partial line');
      c.flush();
      c.write('\n\n  \n');
      c.end();
    });
    expect(messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'hello\nworld' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'partial line' }] },
    ]);
  });

  it('reads protocol lines: messages of any agent role, usage riding on the next message', () => {
    const { messages, warnings } = collect((c) => {
      c.write(`${usageLine('m1')}\nthinking out loud\n`);
      c.write(`${JSON.stringify({ quarterdeck: 'message', role: 'tool', text: 'ran ls' })}\n`);
      c.write(`${JSON.stringify({ quarterdeck: 'message', role: 'system', content: [{ text: 'a', type: 'note', id: 'b1' }], usage: usage('m2') })}\n`);
      c.end();
    });
    expect(warnings).toEqual([]);
    expect(messages).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'thinking out loud' }], usage: usage('m1') },
      { role: 'tool', content: [{ type: 'text', text: 'ran ls' }] },
      { role: 'system', content: [{ text: 'a', type: 'note', id: 'b1' }], usage: usage('m2') },
    ]);
  });

  it('never loses a model call: back-to-back usage lines and usage at the end get empty assistant messages', () => {
    const { messages } = collect((c) => {
      c.write(`${usageLine('m1')}\n${usageLine('m2')}\n`);
      c.write(usageLine('m3')); // the last line has no newline
      c.end();
    });
    expect(messages).toEqual(['m1', 'm2', 'm3'].map((id) => ({ role: 'assistant', content: [{ type: 'text', text: '' }], usage: usage(id) })));
  });

  it('treats ordinary JSON as text and skips invalid protocol lines with a warning', () => {
    const { messages, warnings } = collect((c) => {
      c.write('{"name": "package", "version": 1}\n');
      c.write(`${JSON.stringify({ quarterdeck: 'message', role: 'user', text: 'x' })}\n`);
      c.write(`${JSON.stringify({ quarterdeck: 'usage', modelId: 'm', modelTier: 'standard', inputTokens: -1 })}\n`);
      c.write(`${JSON.stringify({ quarterdeck: 'dance' })}\n`);
      c.end();
    });
    expect(messages).toEqual([{ role: 'assistant', content: [{ type: 'text', text: '{"name": "package", "version": 1}' }] }]);
    expect(warnings).toEqual([
      expect.stringContaining('role must be assistant, tool or system'),
      expect.stringContaining('inputTokens must be a whole number'),
      expect.stringContaining('unknown kind "dance"'),
    ]);
  });
});

describe('repository directories', () => {
  it('names the clone after the last part of the URL', () => {
    expect(repoDirectory('https://git.example/acme/app.git')).toBe('app');
    expect(repoDirectory('git@host:acme/lib.git/')).toBe('lib');
    expect(repoDirectory('/srv/repos/tool')).toBe('tool');
    expect(repoDirectory('file:///srv/repos/..')).toBe('repo');
  });
});

describe('agent settings', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const token = 'qdc_example-token';

  it('takes a flag over the environment over the config file, and warns about a readable token file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qd-agent-options-'));
    dirs.push(dir);
    const file = join(dir, 'agent.json');
    await writeFile(file, JSON.stringify({ url: 'http://file.example', computerToken: token, workdir: 'work', run: 'cat', heartbeatMs: 2000 }));
    await chmod(file, 0o644);
    const warnings: string[] = [];
    const options = await resolveAgentOptions({ config: file, run: 'echo flag' }, { QUARTERDECK_URL: 'http://env.example' }, dir, (text) => warnings.push(text));
    expect(options).toEqual({ url: 'http://env.example', computerToken: token, workdir: join(dir, 'work'), run: 'echo flag', install: undefined, runAs: undefined, cloneTimeoutMs: 600_000, heartbeatMs: 2000, claimWaitMs: 25_000, flushMs: 500 });
    expect(warnings).toEqual([expect.stringContaining('chmod 600')]);
    expect(warnings.join('')).not.toContain(token);
    await expect(resolveAgentOptions({ config: file, 'run-as': 'no-such-user-of-quarterdeck' }, {}, dir, () => undefined)).rejects.toThrow('there is no user "no-such-user-of-quarterdeck"');
  });

  it('names what is missing or wrong', async () => {
    const base = { url: 'http://x.example', 'computer-token': token, workdir: '/tmp/w', run: 'cat' };
    const attempt = (flags: Record<string, string>) => resolveAgentOptions(flags, {}, '/', () => undefined);
    await expect(attempt({ ...base, run: '' })).rejects.toThrow(/missing run: pass --run, set QUARTERDECK_AGENT_RUN/);
    await expect(attempt({ ...base, url: 'ftp://x' })).rejects.toThrow(AgentConfigError);
    await expect(attempt({ ...base, 'computer-token': 'qd_api-key' })).rejects.toThrow(/computer token/);
    await expect(attempt({ ...base, 'heartbeat-ms': '5s' })).rejects.toThrow(/heartbeat-ms must be a whole number/);
    await expect(attempt({ ...base, config: '/nonexistent/agent.json' })).rejects.toThrow(/cannot read the config file/);
  });
});
