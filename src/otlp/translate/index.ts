import { attributeValue, type Attributes, type OtlpRecord } from '../records.js';
import { claudeCode } from './claude-code.js';
import { codex } from './codex.js';
import { droid } from './droid.js';
import { geminiCli } from './gemini.js';
import { copilotCli, genAi } from './genai.js';
import { opencode } from './opencode.js';
import { qwenCode } from './qwen.js';
import type { Translator } from './translator.js';

// Which agent sent a resource's records: by the service name it gives itself, else by the prefix
// of its metric and event names. An agent known by neither is read with the GenAI conventions
// under its own service name.

const BY_SERVICE: Record<string, Translator> = {
  'claude-code': claudeCode,
  'gemini-cli': geminiCli,
  'qwen-code': qwenCode,
  'github-copilot': copilotCli,
  droid,
  'factory-droid': droid,
  opencode,
};

const BY_PREFIX: [string, Translator][] = [
  ['claude_code.', claudeCode],
  ['codex.', codex],
  ['gemini_cli.', geminiCli],
  ['qwen-code.', qwenCode],
  ['github.copilot.', copilotCli],
  ['droid.', droid],
];

/** An agent name for the analytics: the service name in lower case, other characters as dashes. */
function agentNameOf(service: string | undefined): string {
  const name = (service ?? '').toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[^a-z0-9]+/, '').slice(0, 64);
  return name || 'unknown';
}

export function translatorFor(resource: Attributes, records: readonly OtlpRecord[]): Translator {
  const serviceName = attributeValue(resource, 'service.name');
  const service = typeof serviceName === 'string' ? serviceName : undefined;
  if (service && BY_SERVICE[service]) return BY_SERVICE[service];
  if (service?.startsWith('codex')) return codex;
  for (const record of records) {
    const agentName = attributeValue(record.attributes, 'gen_ai.agent.name');
    if (agentName === 'droid') return droid;
    for (const [prefix, translator] of BY_PREFIX) if (record.name.startsWith(prefix)) return translator;
  }
  return genAi(agentNameOf(service));
}
