import { sql } from 'kysely';
import type { Db } from '../db/store.js';

// How a change of credentials reaches the process caches (services/credential-cache.ts): the
// repositories that end or change a credential notify this channel in the same transaction.

export const CREDENTIALS_CHANNEL = 'quarterdeck_credentials';

/** Call inside the transaction that ends or changes a credential. */
export async function credentialsChanged(trx: Db): Promise<void> {
  await sql`SELECT pg_notify(${CREDENTIALS_CHANNEL}, '')`.execute(trx);
}
