import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// The platform admin token: ADMIN_TOKEN when set; otherwise one generated on first start,
// kept in DATA_DIR/admin-token (mode 0600) and announced once.
export async function resolveAdminToken(configured: string | undefined, dataDir: string): Promise<{ token: string; generated: boolean; path?: string }> {
  if (configured) return { token: configured, generated: false };
  const path = join(dataDir, 'admin-token');
  const existing = await readFile(path, 'utf8').catch(() => undefined);
  if (existing?.trim()) return { token: existing.trim(), generated: false, path };
  await mkdir(dataDir, { recursive: true });
  const token = `qda_${randomBytes(32).toString('base64url')}`;
  await writeFile(path, `${token}\n`, { mode: 0o600, flag: 'wx' });
  return { token, generated: true, path };
}
