import type { Db } from '../db/store.js';
import { SETUP_PREFIX, setupUrl } from '../domain/console-auth.js';
import { hashSecret, issueSecret } from '../domain/credentials.js';
import { anyOrganizationExists } from './organizations.js';
import { deleteSecret, putSecret, takeSecret } from './server-secrets.js';

// The one-time setup link: on a store without organizations, the server issues a link at start
// where the first organization and its owner are created in the browser. A new start replaces
// the link; it dies once used, and is refused once any organization exists.

const SETUP_SECRET = 'setup-token-hash';

/** The link to print, or undefined when the store already has an organization. */
export async function issueSetupLink(db: Db, appUrl: string): Promise<string | undefined> {
  if (await anyOrganizationExists(db)) {
    await deleteSecret(db, SETUP_SECRET);
    return undefined;
  }
  const issued = issueSecret(SETUP_PREFIX);
  await putSecret(db, SETUP_SECRET, issued.hash);
  return setupUrl(appUrl, issued.secret);
}

/** Uses up the setup token; false when it is not the live one. */
export async function consumeSetupToken(db: Db, token: string): Promise<boolean> {
  return takeSecret(db, SETUP_SECRET, hashSecret(token));
}
