import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

// DATA_DIR holds the embedded database, the generated admin token and the secret key: only the
// server's user may read it. It is created 0700; a directory or file found open to group or
// others (an older install, a copy) is closed at start (directories 0700, files 0600), and the
// caller warns with the list.

/** Creates `dir` (0700) or closes it and everything under it; returns the paths it had to fix. */
export async function ensurePrivateDir(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const fixed: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const info = await stat(current);
    const wanted = info.isDirectory() ? 0o700 : 0o600;
    if ((info.mode & 0o077) !== 0) {
      await chmod(current, wanted);
      fixed.push(current);
    }
    if (info.isDirectory()) {
      for (const entry of await readdir(current, { withFileTypes: true })) {
        if (entry.isDirectory() || entry.isFile()) pending.push(join(current, entry.name));
      }
    }
  }
  return fixed;
}
