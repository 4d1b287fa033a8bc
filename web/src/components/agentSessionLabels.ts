import type { components } from '../../../src/sdk/openapi.js';

type AgentSessionFinding = components['schemas']['AgentSessionFinding'];

// How the console names agents and waste patterns (the API's values are ids).

/** The agents docs/agent-sessions.md names, as the sessions' `agent` field spells them. */
export const AGENTS = [
  { value: 'claude-code', label: 'Claude Code' },
  { value: 'codex', label: 'Codex' },
  { value: 'gemini-cli', label: 'Gemini CLI' },
  { value: 'qwen-code', label: 'Qwen Code' },
  { value: 'copilot-cli', label: 'Copilot CLI' },
  { value: 'droid', label: 'Factory Droid' },
  { value: 'opencode', label: 'opencode' },
  { value: 'quarterdeck', label: 'Quarterdeck clients' },
] as const;

export const PATTERN_LABELS: Record<AgentSessionFinding['pattern'], string> = {
  retry_loop: 'Retry loop',
  reread: 'Reread',
  tool_error_burst: 'Tool-error burst',
  context_pressure: 'Context pressure',
  abandoned: 'Abandoned',
};

export function agentLabel(agent: string): string {
  return AGENTS.find((known) => known.value === agent)?.label ?? agent;
}
