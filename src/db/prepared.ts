import type { Compilable, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { copyIn, CopyInRows } from './copy-in.js';
import type { Db } from './store.js';

// Queries on the hot path run as named prepared statements: each connection parses and plans
// them once instead of on every call (planning a query with a subquery costs PostgreSQL more
// than running it). Only the queries run through `executePrepared` are named, so a connection
// holds as many statements as there are such call sites.

const names = new Map<string, string>();

/** Runs the query as a named prepared statement. */
export async function executePrepared<R>(db: Db, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  if (!names.has(compiled.sql)) names.set(compiled.sql, `qd_prepared_${names.size + 1}`);
  return (await db.executeQuery(compiled)).rows;
}

/**
 * The pool Kysely uses: what `executePrepared` named runs as a named statement, and a statement
 * whose one parameter is `CopyInRows` as a COPY ... FROM STDIN sending those rows (db/copy-in.ts).
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
        if (parameters?.length === 1 && parameters[0] instanceof CopyInRows) return copyIn(client, sqlOrCursor as string, parameters[0]);
        const name = typeof sqlOrCursor === 'string' ? names.get(sqlOrCursor) : undefined;
        if (name) return client.query({ name, text: sqlOrCursor as string, values: [...(parameters ?? [])] });
        return client.query(sqlOrCursor as string, parameters ? [...parameters] : undefined);
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
