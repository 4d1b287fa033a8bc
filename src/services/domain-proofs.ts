import { Resolver } from 'node:dns/promises';

// The TXT records of a name, as DNS answers them (docs/sso.md "Proving a domain"), through the
// servers the operator names (SSO_DNS_SERVERS) or the system's. A name without records, or a
// server that does not answer in time, has none.

const TIMEOUT_MS = 3000;
const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND', 'ESERVFAIL', 'ETIMEOUT', 'ECONNREFUSED', 'EREFUSED']);

export async function txtRecordsOf(name: string, servers: readonly string[]): Promise<string[]> {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  try {
    // A TXT record may come in several strings: they are one value joined (RFC 7208 §3.3).
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    if (NO_RECORDS.has((error as { code?: string }).code ?? '')) return [];
    throw error;
  }
}
