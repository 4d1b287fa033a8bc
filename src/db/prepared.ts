import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { copyIn, CopyInRows } from './copy-in.js';

// Queries on the hot path run as named prepared statements: each connection parses and plans
// them once instead of on every call (planning a query with a subquery costs PostgreSQL more
// than running it). Only the queries run through `preparedQuery` (prepared-query.ts) are named,
// so a connection holds as many statements as there are such queries.

const names = new Map<string, string>();

/** Runs `text` as a named prepared statement from now on: one name per text, shared by every database (a test opens many). */
export function nameStatement(text: string): void {
  if (!names.has(text)) names.set(text, `qd_prepared_${names.size + 1}`);
}

/** What hands out connections: a `pg` pool, or the analytics reads' choice of one (db/read-replicas.ts). */
export interface ConnectingPool {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
  /**
   * After a read on `client` (handed out here, not released yet) failed with `error`: a
   * connection to another server to run the read again on, when the failure was the server's and
   * not the read's (db/read-replicas.ts: a replica gone away, whose reads go to the primary);
   * undefined when the read is not to be run again. The caller releases both connections.
   */
  replacement?(client: pg.PoolClient, error: unknown): Promise<pg.PoolClient | undefined>;
}

/**
 * The pool Kysely uses: what `preparedQuery` named runs as a named statement (when `named()`
 * says so, asked before the first connection is handed out: not behind a transaction pooler),
 * and a statement whose one parameter is `CopyInRows` as a COPY ... FROM STDIN sending those rows
 * (db/copy-in.ts).
 */
export function preparingPool(pool: ConnectingPool, named: () => Promise<boolean>): PostgresPool {
  // One wrapper per pooled connection, made when the connection is first handed out.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient, named: boolean) => {
    const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
      if (parameters?.length === 1 && parameters[0] instanceof CopyInRows) return copyIn(client, sqlOrCursor as string, parameters[0]);
      const name = named && typeof sqlOrCursor === 'string' ? names.get(sqlOrCursor) : undefined;
      const run = (on: pg.PoolClient) =>
        name ? on.query({ name, text: sqlOrCursor as string, values: [...(parameters ?? [])] }) : on.query(sqlOrCursor as string, parameters ? [...parameters] : undefined);
      // A cursor's rows go to the caller as they come: only a query answered whole may run again.
      if (!pool.replacement || typeof sqlOrCursor !== 'string') return run(client);
      return run(client).catch(async (error: unknown) => {
        const other = await pool.replacement!(client, error);
        if (!other) throw error;
        try {
          return await run(other);
        } finally {
          other.release();
        }
      });
    };
    return { query, release: () => client.release() } as unknown as PostgresPoolClient;
  };
  return {
    async connect() {
      const naming = await named();
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client, naming)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
