import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { invalidInput } from './errors.js';

// Secrets kept in settings (customModels[].apiKey) are sealed with AES-256-GCM before they are
// stored. A sealed value also carries the secret's last characters in the clear: they are shown
// to callers anyway (the mask), so reads never need the key.

const SEALED_PREFIX = 'qdsec1:';
const MASK = '****';
/** Shorter secrets are masked entirely: their last 4 characters would be most of them. */
const SHORTEST_WITH_HINT = 8;

export function maskOf(secret: string): string {
  return secret.length >= SHORTEST_WITH_HINT ? MASK + secret.slice(-4) : MASK;
}

export function isMasked(value: string): boolean {
  return value.startsWith(MASK);
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/** The mask of a sealed secret, without the key. */
export function maskOfSealed(sealed: string): string {
  const hint = sealed.slice(SEALED_PREFIX.length).split(':')[0] ?? '';
  return MASK + Buffer.from(hint, 'base64url').toString('utf8');
}

export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
    this.#key = key;
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const hint = maskOf(secret).slice(MASK.length);
    return `${SEALED_PREFIX}${Buffer.from(hint, 'utf8').toString('base64url')}:${iv.toString('base64url')}:${body.toString('base64url')}`;
  }

  open(sealed: string): string {
    const [, iv, body] = sealed.slice(SEALED_PREFIX.length).split(':');
    if (!isSealed(sealed) || !iv || !body) throw new Error('not a sealed secret');
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  }

  /** Whether the sealed value holds this secret; false too when it was sealed with another key. */
  holds(sealed: string, secret: string): boolean {
    try {
      return this.open(sealed) === secret;
    } catch {
      return false;
    }
  }
}

export interface SecretKeySource {
  /** SECRET_KEY, when configured. */
  configured: Buffer | undefined;
  /** Embedded store: the key is generated once into this directory (mode 0600). */
  dataDir: string | undefined;
  /** PostgreSQL: a key shared by every replica through the database. */
  shared: () => Promise<string>;
}

/**
 * The box, built on first use: deployments that never store a secret never create a key. Resolve
 * it before opening a transaction (the shared key may need a database connection).
 */
export function lazySecretBox(source: SecretKeySource): () => Promise<SecretBox> {
  let box: Promise<SecretBox> | undefined;
  return () => {
    box ??= resolveKey(source).then((key) => new SecretBox(key));
    box.catch(() => (box = undefined));
    return box;
  };
}

async function resolveKey(source: SecretKeySource): Promise<Buffer> {
  if (source.configured) return source.configured;
  if (source.dataDir === undefined) return Buffer.from(await source.shared(), 'base64url');
  const path = join(source.dataDir, 'secret-key');
  const existing = await readFile(path, 'utf8').catch(() => undefined);
  if (existing?.trim()) return Buffer.from(existing.trim(), 'base64url');
  await mkdir(source.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    await writeFile(path, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another start won the race: use its key.
    if ((error as { code?: string }).code === 'EEXIST') return Buffer.from((await readFile(path, 'utf8')).trim(), 'base64url');
    throw error;
  }
}

// The secrets inside enterprise control settings: customModels[].apiKey.

type Settings = Record<string, unknown>;
type CustomModelItem = Record<string, unknown> & { id?: unknown; apiKey?: unknown };

function customModelsOf(settings: Settings): CustomModelItem[] | undefined {
  const models = settings.customModels;
  return Array.isArray(models) ? (models as CustomModelItem[]) : undefined;
}

/** Settings as callers see them: every sealed secret replaced by its mask. */
export function maskSettingsSecrets<T extends Settings>(settings: T): T {
  const models = customModelsOf(settings);
  if (!models) return settings;
  return { ...settings, customModels: models.map((item) => (isSealed(item.apiKey) ? { ...item, apiKey: maskOfSealed(item.apiKey) } : item)) };
}

/**
 * Seals the secrets of newly written custom models. A secret sent back masked, or unchanged, for
 * the item with the same `id` keeps the stored sealed value (so revisions compare equal when the
 * secret did not change).
 */
export function sealCustomModelSecrets(written: Settings, previous: Settings, box: SecretBox): Settings {
  const models = customModelsOf(written);
  if (!models) return written;
  const stored = new Map<string, string>();
  for (const item of customModelsOf(previous) ?? []) {
    if (typeof item.id === 'string' && isSealed(item.apiKey)) stored.set(item.id, item.apiKey);
  }
  const sealed = models.map((item, index) => {
    if (typeof item.apiKey !== 'string') return item;
    const kept = typeof item.id === 'string' ? stored.get(item.id) : undefined;
    if (isMasked(item.apiKey)) {
      if (kept === undefined || maskOfSealed(kept) !== item.apiKey) {
        throw invalidInput('a masked apiKey keeps the stored secret only for the custom model with the same id; send the secret itself', [
          { path: `body/customModels/${index}/apiKey`, message: 'masked value matches no stored secret of this id' },
        ]);
      }
      return { ...item, apiKey: kept };
    }
    return { ...item, apiKey: kept !== undefined && box.holds(kept, item.apiKey) ? kept : box.seal(item.apiKey) };
  });
  return { ...written, customModels: sealed };
}
