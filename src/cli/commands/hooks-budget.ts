import { DEFAULT_BUDGET_TIMEOUT_MS, DEFAULT_CACHE_SECONDS, DEFAULT_WARN_AT_PERCENT, budgetCacheFile, checkBudget } from '../../hooks/budget.js';
import { UsageError, type Command, type CommandArgs } from '../command.js';
import { API_KEY_OPTION, apiKeyOf, serverUrl, URL_OPTION } from '../connection.js';

// `quarterdeck hooks budget`: a hook command for UserPromptSubmit and SessionStart. Quiet below
// the warning threshold; a warning line on stdout past it; exit 2 with the reason on stderr once
// the monthly credit limit is reached. Anything else (no key, server down or slow) exits 0 with
// a line on stderr: the prompt goes through.

/** Exit code by which a hook blocks (decisions.md §10). */
const BLOCK = 2;

function wholeNumber(values: CommandArgs['values'], name: string, fallback: number, min: number, max: number): number {
  const text = values[name] as string | undefined;
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return Number(text);
}

export const hooksBudget: Command = {
  name: ['hooks', 'budget'],
  usage: '[--warn-at PERCENT] [--timeout-ms MS] [--cache-seconds S]',
  summary: 'Hook command: warn past a share of your monthly credit limit, block (exit 2) once it is reached',
  options: {
    url: URL_OPTION,
    'api-key': API_KEY_OPTION,
    'warn-at': { type: 'string', description: `Warn from this percentage of the limit used (default ${DEFAULT_WARN_AT_PERCENT}, 1-100)` },
    'timeout-ms': { type: 'string', description: `Give up on the server after this long and let the prompt through (default ${DEFAULT_BUDGET_TIMEOUT_MS}, 100-4000)` },
    'cache-seconds': { type: 'string', description: `Reuse the server's answer this long (default ${DEFAULT_CACHE_SECONDS}, 0-300; 0: no cache)` },
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const warnAtPercent = wholeNumber(values, 'warn-at', DEFAULT_WARN_AT_PERCENT, 1, 100);
    // Below the installed hook's 5 s timeout, so the command always answers before it is killed.
    const timeoutMs = wholeNumber(values, 'timeout-ms', DEFAULT_BUDGET_TIMEOUT_MS, 100, 4_000);
    const cacheSeconds = wholeNumber(values, 'cache-seconds', DEFAULT_CACHE_SECONDS, 0, 300);
    const url = serverUrl(values, io.env);
    const apiKey = apiKeyOf(values, io.env);
    if (!apiKey) {
      io.stderr('Quarterdeck: credit budget not checked (no API key: set QUARTERDECK_API_KEY); the prompt goes through.\n');
      return 0;
    }
    const verdict = await checkBudget({ url, apiKey, warnAtPercent, timeoutMs, cacheSeconds, cacheFile: budgetCacheFile(io.env, url, apiKey) });
    switch (verdict.kind) {
      case 'quiet':
        return 0;
      case 'warn':
        io.stdout(`${verdict.message}\n`);
        return 0;
      case 'unchecked':
        io.stderr(`${verdict.message}\n`);
        return 0;
      case 'block':
        io.stderr(`${verdict.message}\n`);
        return BLOCK;
    }
  },
};
