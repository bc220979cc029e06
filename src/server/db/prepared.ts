import type { Db } from './connect';

/**
 * A prepared statement per database handle, made on its first use. The hot signed-in reads (bench/api.ts) are each
 * one statement whose text never changes: prepared, drizzle builds their SQL once instead of per request, and on
 * PostgreSQL the statement is named, so each pooled connection parses it once and the server can keep its plan
 * (planning was most of the database's time for these small reads). Per handle because a statement belongs to its
 * pool: tests and benches run several apps, each on its own database.
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = prepare(db);
      made.set(db, statement);
    }
    return statement;
  };
}
