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
