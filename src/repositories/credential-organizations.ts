import type { Db } from '../db/store.js';

// A credential arrives as a secret alone (an API key, an agent's computer token, the console's
// session cookie, an invitation, a SCIM token). Its hash names the organization first, through the
// credential_organizations reference table (migration 0064, kept by triggers); the credential's
// row is then read by (organization_id, hash), which a database distributed by organization_id
// answers from one shard (docs/scaling.md "Lookups by a bare id").

export async function credentialOrganization(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('credential_organizations').select('organization_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.organization_id;
}
