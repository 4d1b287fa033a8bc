import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

// The embedded store is single-process. A lock file holding the owner's pid keeps a second
// process out; a lock left by a process that no longer runs is taken over.

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`DATA_DIR ${dataDir} is in use by process ${pid}; the embedded store serves one process at a time (use DATABASE_URL for several replicas)`);
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Whether a process with this id runs (one we may not signal counts as running). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'quarterdeck.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(lockPath, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}`);
}
