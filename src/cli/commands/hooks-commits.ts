import { isTurnStart, observeTurn, saveState, sendQueue } from '../../hooks/agent-commits.js';
import { privateCacheFile } from '../../hooks/private-files.js';
import { UsageError, type Command } from '../command.js';
import { API_KEY_OPTION, apiKeyOf, serverUrl, URL_OPTION } from '../connection.js';
import { readStdin } from '../stdin.js';

// `quarterdeck hooks commits`: a hook command for SessionStart, UserPromptSubmit, Stop,
// SubagentStop and SessionEnd that reports the commits an agent's turn made (docs/hooks.md). It
// always exits 0: a commit is never held up, and a server that is down only delays the report.

const MAX_INPUT_BYTES = 1024 * 1024;
const STDIN_TIMEOUT_MS = 2_000;
const DEFAULT_TIMEOUT_MS = 3_000;
const AGENT_ID = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export const hooksCommits: Command = {
  name: ['hooks', 'commits'],
  usage: '[--agent ID] [--timeout-ms MS]',
  summary: "Hook command: report the commits each agent turn made (SHA, repository, branch, session, git's line counts)",
  options: {
    url: URL_OPTION,
    'api-key': API_KEY_OPTION,
    agent: { type: 'string', description: 'The agent making the commits (env QUARTERDECK_AGENT, default claude-code)' },
    'timeout-ms': { type: 'string', description: `Give up on the server after this long; the report waits for the next turn (default ${DEFAULT_TIMEOUT_MS}, 100-8000)` },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const agent = (values.agent as string | undefined) ?? io.env.QUARTERDECK_AGENT ?? 'claude-code';
    if (!AGENT_ID.test(agent)) throw new UsageError(`--agent must be an agent id such as claude-code, got "${agent}"`);
    const timeoutText = values['timeout-ms'] as string | undefined;
    if (timeoutText !== undefined && (!/^\d+$/.test(timeoutText) || Number(timeoutText) < 100 || Number(timeoutText) > 8_000)) throw new UsageError(`--timeout-ms must be a whole number from 100 to 8000, got "${timeoutText}"`);
    const url = serverUrl(values, io.env);
    const apiKey = apiKeyOf(values, io.env);
    if (!apiKey) {
      io.stderr('quarterdeck hooks commits: no API key (set QUARTERDECK_API_KEY); commits are not recorded.\n');
      return 0;
    }
    try {
      const { text } = await readStdin(io.stdin, { maxBytes: MAX_INPUT_BYTES, timeoutMs: STDIN_TIMEOUT_MS });
      let payload: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === 'object' && parsed !== null) payload = parsed as Record<string, unknown>;
      } catch {
        io.stderr('quarterdeck hooks commits: the hook input is not JSON; nothing recorded.\n');
        return 0;
      }
      const stateFile = privateCacheFile(io.env, 'agent-commits', url, apiKey);
      const { state } = await observeTurn({ payload, agent, stateFile, now: Date.now() }, io.cwd);
      // A turn's start waits for nobody: the prompt goes on, the queue goes when the turn ends.
      if (state.queue.length > 0 && !isTurnStart(payload)) {
        for (const outcome of await sendQueue(state, { url, apiKey, timeoutMs: timeoutText ? Number(timeoutText) : DEFAULT_TIMEOUT_MS })) {
          if (outcome.kind === 'kept') io.stderr(`quarterdeck hooks commits: ${outcome.why}; the commits wait for the next turn.\n`);
          if (outcome.kind === 'dropped') io.stderr(`quarterdeck hooks commits: ${outcome.why}; those commits are dropped.\n`);
        }
      }
      await saveState(stateFile, state);
    } catch (error) {
      io.stderr(`quarterdeck hooks commits: ${(error as Error).message}\n`);
    }
    return 0;
  },
};
