import type { Db } from '../db/store.js';
import { newId } from '../domain/ids.js';
import { insertApiKey } from './api-keys.js';
import { insertUser, type UserRecord } from './users.js';

export interface OrganizationRecord {
  id: string;
  name: string;
  createdAt: Date;
}

/** An organization with its first owner and the owner's first API key, all or nothing. */
export async function createOrganization(db: Db, input: { name: string; ownerEmail: string }): Promise<{ organization: OrganizationRecord; owner: UserRecord; apiKey: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('organizations')
      .values({ id: newId('org'), name: input.name })
      .returning(['id', 'name', 'created_at'])
      .executeTakeFirstOrThrow();
    const owner = await insertUser(trx, row.id, { email: input.ownerEmail, role: 'owner' });
    const { key } = await insertApiKey(trx, row.id, owner.id, { name: 'bootstrap' });
    return { organization: { id: row.id, name: row.name, createdAt: row.created_at }, owner, apiKey: key };
  });
}
