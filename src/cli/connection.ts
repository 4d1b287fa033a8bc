import type { CommandArgs, OptionSpec } from './command.js';

// Where the server is and which API key to use: the options, else the environment. Shared by the
// API commands and the hook commands, and light to load (a hook runs before each prompt).

export const DEFAULT_URL = 'http://127.0.0.1:8080';

export const URL_OPTION: OptionSpec = { type: 'string', description: `Server address (env QUARTERDECK_URL, default ${DEFAULT_URL})` };
export const API_KEY_OPTION: OptionSpec = { type: 'string', description: 'API key (env QUARTERDECK_API_KEY)' };

export function serverUrl(values: CommandArgs['values'], env: NodeJS.ProcessEnv): string {
  return (values.url as string | undefined) ?? env.QUARTERDECK_URL ?? DEFAULT_URL;
}

export function apiKeyOf(values: CommandArgs['values'], env: NodeJS.ProcessEnv): string | undefined {
  return (values['api-key'] as string | undefined) ?? env.QUARTERDECK_API_KEY;
}
