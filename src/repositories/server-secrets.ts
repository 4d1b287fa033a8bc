import { randomBytes } from 'node:crypto';
import type { Db } from '../db/store.js';

/** A secret shared by every replica: the first to ask creates it, the rest read the same row. */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** Sets a server-wide value, replacing the one before. */
export async function putSecret(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

export async function deleteSecret(db: Db, name: string): Promise<void> {
  await db.deleteFrom('server_secrets').where('name', '=', name).execute();
}

/** Deletes the value if it is the given one; answers whether it was (atomic: one taker wins). */
export async function takeSecret(db: Db, name: string, value: string): Promise<boolean> {
  const row = await db.deleteFrom('server_secrets').where('name', '=', name).where('value', '=', value).returning('name').executeTakeFirst();
  return row !== undefined;
}
