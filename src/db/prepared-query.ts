import type { Compilable, CompiledQuery } from 'kysely';
import { nameStatement } from './prepared.js';
import type { Db } from './store.js';

// A query on the hot path, run as a named prepared statement by the pool of prepared.ts.

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
      nameStatement(query.sql);
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
