import type { Compilable, CompiledQuery, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { copyIn, CopyInRows } from './copy-in.js';
import type { Db } from './store.js';

// Queries on the hot path run as named prepared statements: each connection parses and plans
// them once instead of on every call (planning a query with a subquery costs PostgreSQL more
// than running it). Only the queries run through `preparedQuery` are named, so a connection
// holds as many statements as there are such queries.

const names = new Map<string, string>();

/** Stands for the n-th value of a prepared query while it is compiled. */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * A query run often with other values: `build` gets one placeholder per value, and the query is
 * built and compiled once per database (the builder and the compiler cost more than the query's
 * own round trip on a hot path), then run as a named prepared statement with the values in
 * place of the placeholders.
 */
export function preparedQuery<R, V extends unknown[]>(arity: V['length'], build: (db: Db, ...values: V) => Compilable<R>): (db: Db, ...values: V) => Promise<R[]> {
  const compiledFor = new WeakMap<Db, { query: CompiledQuery<R>; valueAt: number[] }>();
  return async (db, ...values) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      const placeholders = Array.from({ length: arity }, (_, index) => new Placeholder(index)) as unknown as V;
      const query = build(db, ...placeholders).compile();
      // One name per text: every database (a test opens many) shares it.
      if (!names.has(query.sql)) names.set(query.sql, `qd_prepared_${names.size + 1}`);
      const valueAt = query.parameters.map((parameter) => (parameter instanceof Placeholder ? parameter.index : -1));
      // A value that is not a bound parameter (in raw SQL, or only inspected by `build`) would be
      // compiled once and never change: refused.
      const unbound = placeholders.findIndex((_, index) => !valueAt.includes(index));
      if (unbound >= 0) throw new Error(`preparedQuery: value ${unbound} is not a parameter of the query`);
      compiled = { query, valueAt };
      compiledFor.set(db, compiled);
    }
    const { query, valueAt } = compiled;
    const parameters = query.parameters.map((parameter, i) => (valueAt[i]! >= 0 ? values[valueAt[i]!] : parameter));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}

/**
 * The pool Kysely uses: what `preparedQuery` named runs as a named statement, and a statement
 * whose one parameter is `CopyInRows` as a COPY ... FROM STDIN sending those rows (db/copy-in.ts).
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  // One wrapper per pooled connection, made when the connection is first handed out.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient) => {
    const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
      if (parameters?.length === 1 && parameters[0] instanceof CopyInRows) return copyIn(client, sqlOrCursor as string, parameters[0]);
      const name = typeof sqlOrCursor === 'string' ? names.get(sqlOrCursor) : undefined;
      if (name) return client.query({ name, text: sqlOrCursor as string, values: [...(parameters ?? [])] });
      return client.query(sqlOrCursor as string, parameters ? [...parameters] : undefined);
    };
    return { query, release: () => client.release() } as unknown as PostgresPoolClient;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
