import { readFileSync } from 'node:fs';
import type pg from 'pg';

// The rule a database distributed by organization_id (Citus) puts on the schema, read from the
// migrated catalog (docs/scaling.md "A distributed PostgreSQL"):
// - a table with an organization_id column is distributed by it, so its primary key and every
//   unique constraint or index include organization_id;
// - a table without one is a reference or coordinator-local table, each named with its reason in
//   docs/scaling.md's table of tables (the one list: this file reads it from there);
// - a key the expand migration kept for the previous release is accepted only when listed below,
//   with the migration that drops it.

const SCALING_DOC = new URL('../../docs/scaling.md', import.meta.url);

export type Placement = 'distributed' | 'reference' | 'local';

/** The rows of docs/scaling.md's table of tables: `| \`name\` | placement | ...`. */
export function documentedPlacements(text = readFileSync(SCALING_DOC, 'utf8')): Map<string, Placement> {
  const placements = new Map<string, Placement>();
  for (const match of text.matchAll(/^\| `([a-z_0-9]+)` \| (distributed|reference|local) \|/gm)) placements.set(match[1]!, match[2] as Placement);
  return placements;
}

/**
 * Expanded, contract pending: keys without organization_id that migration 0064 kept because a
 * foreign key or the previous release's ON CONFLICT still names them. The contract migration of
 * the next release (docs/scaling.md, "Contract") drops each; then its entry goes.
 */
export const CONTRACT_PENDING: Readonly<Record<string, readonly string[]>> = {
  // Primary key (id), named by foreign keys of other tables.
  users: ['users_pkey'],
  api_keys: ['api_keys_pkey'],
  computers: ['computers_pkey'],
  sessions: ['sessions_pkey'],
  teams: ['teams_pkey'],
  budgets: ['budgets_pkey'],
  webhook_endpoints: ['webhook_endpoints_pkey'],
  webhook_events: ['webhook_events_pkey'],
  git_hosts: ['git_hosts_pkey'],
  // Named by a foreign key (webhook_attempts.delivery_id) and the previous release's ON CONFLICT.
  webhook_deliveries: ['webhook_deliveries_pkey', 'webhook_deliveries_endpoint_id_event_id_key'],
  // Named by the previous release's ON CONFLICT.
  mail_deliveries: ['mail_deliveries_pkey', 'mail_deliveries_event_id_user_id_key'],
  budget_crossings: ['budget_crossings_pkey'],
  computer_metrics: ['computer_metrics_pkey'],
  git_commits: ['git_commits_pkey'],
  git_pull_requests: ['git_pull_requests_pkey'],
  git_deliveries: ['git_deliveries_pkey', 'git_deliveries_id_key'],
};

interface UniqueKey {
  table: string;
  key: string;
  withOrganization: boolean;
}

/** Every problem the schema has against the rule, one sentence each naming the table. */
export async function distributionProblems(pool: pg.Pool | pg.PoolClient, placements = documentedPlacements()): Promise<string[]> {
  const tables = await pool.query<{ name: string; tenant: boolean }>(`
    SELECT c.relname AS name,
           EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped) AS tenant
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition`);
  // A key column that is an expression (lower(email)) has attnum 0: it never is organization_id.
  const keys = await pool.query<UniqueKey>(`
    SELECT t.relname AS table, i.relname AS key,
           EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = 'organization_id' AND a.attnum = ANY (x.indkey::int2[])) AS "withOrganization"
    FROM pg_index x
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND x.indisunique AND t.relkind IN ('r', 'p') AND NOT t.relispartition`);
  const problems: string[] = [];
  const present = new Set(tables.rows.map((table) => table.name));
  for (const [name] of placements) if (!present.has(name)) problems.push(`${name}: in docs/scaling.md but not in the schema`);
  for (const table of tables.rows) {
    const placement = placements.get(table.name);
    if (placement === 'reference' || placement === 'local') continue;
    if (!table.tenant) {
      problems.push(`${table.name}: has no organization_id and is not a reference or local table of docs/scaling.md`);
      continue;
    }
    const pending = new Set(CONTRACT_PENDING[table.name] ?? []);
    const own = keys.rows.filter((key) => key.table === table.name);
    for (const key of own) {
      if (!key.withOrganization && !pending.has(key.key)) problems.push(`${table.name}: unique key ${key.key} does not include organization_id`);
      if (key.withOrganization && pending.has(key.key)) problems.push(`${table.name}: ${key.key} is listed as contract pending but includes organization_id`);
    }
    for (const key of pending) if (!own.some((unique) => unique.key === key)) problems.push(`${table.name}: ${key} is listed as contract pending but is gone`);
    if (pending.size > 0 && !own.some((key) => key.withOrganization)) problems.push(`${table.name}: contract pending without a key that includes organization_id`);
  }
  return problems.sort();
}
