import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { userConfigDir } from './config.js';

// The hooks' own small files (the budget's cached answer, the commit hook's state and queue): one
// per server and key, private to the user, replaced whole so a concurrent hook never reads half.

/**
 * `<kind>-<hash>.json` under `$XDG_CACHE_HOME/quarterdeck`, else under the user's Quarterdeck config
 * folder; the hash is of the server and the key, so the key is not written in the name.
 */
export function privateCacheFile(env: NodeJS.ProcessEnv, kind: string, url: string, apiKey: string): string {
  const folder = env.XDG_CACHE_HOME ? join(env.XDG_CACHE_HOME, 'quarterdeck') : join(userConfigDir(env), 'cache');
  const name = createHash('sha256').update(`${url}\n${apiKey}`).digest('hex').slice(0, 16);
  return join(folder, `${kind}-${name}.json`);
}

/** Written to a private sibling (0600, folder 0700) and renamed over the file. */
export async function writePrivateFile(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
