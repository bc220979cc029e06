import { is } from 'drizzle-orm';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import type { Db } from './connect';

type Parsers = Record<number, (value: string, type: number) => unknown>;
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Parsers };

/** What drizzle's PGlite statement asks of its client (the PGlite instance), and what we use of it. */
interface PgliteClient {
  query(text: string, params: unknown[], options: QueryOptions): Promise<unknown>;
  exec(text: string, options?: QueryOptions): Promise<unknown[]>;
  parsers: Parsers;
}

/**
 * A prepared statement per database handle, made on its first use. The hot signed-in reads (bench/api.ts) are each
 * one statement whose text never changes: prepared, drizzle builds their SQL once instead of per request, and the
 * database keeps the statement parsed and its plan (planning was most of the database's time for these small
 * reads). On PostgreSQL drizzle names the statement and each pooled connection parses it once. PGlite's client parses
 * every query afresh, so there the statement is prepared with SQL's PREPARE (PGlite is one session: once is enough)
 * and run with EXECUTE. Per handle because a statement belongs to its database: tests and benches run several apps,
 * each on its own.
 */
export function preparedPerDb<P>(name: string, build: (db: Db) => { prepare(name: string): P }): (db: Db) => P {
  const made = new WeakMap<Db, P>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = build(db).prepare(name);
      if (is(statement, PglitePreparedQuery)) executeServerSide(statement, name);
      made.set(db, statement);
    }
    return statement;
  };
}

/**
 * EXECUTE takes no bound parameters, so the values are written into it as literals: numbers, booleans, null and
 * strings (quotes doubled; PGlite keeps standard_conforming_strings on, so a backslash is only a backslash). The
 * statement's own parameter types (inferred by PREPARE) convert them as they would a bound value.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  throw new TypeError(`no SQL literal for ${typeof value}`);
}

/**
 * The statements PREPAREd in each PGlite session, by name. Per session, not per handle: the app's handle and the raw
 * one (the auth guard's), or two apps in one process, share one PGlite, where a second PREPARE of a name fails.
 */
const preparedIn = new WeakMap<object, Map<string, { text: string; ready: Promise<unknown> }>>();

function prepareOnce(pglite: PgliteClient, name: string, text: string): Promise<unknown> {
  let session = preparedIn.get(pglite);
  if (!session) {
    session = new Map();
    preparedIn.set(pglite, session);
  }
  const known = session.get(name);
  if (known) {
    if (known.text !== text) throw new Error(`two statements prepared as ${name}`);
    return known.ready;
  }
  const statements = session;
  // A failed PREPARE (the database closing, a transaction of another request aborted) is tried again by the next call.
  const ready = pglite.exec(`prepare ${name} as ${text}`).catch((err: unknown) => {
    statements.delete(name);
    throw err;
  });
  statements.set(name, { text, ready });
  return ready;
}

function executeServerSide(statement: object, name: string) {
  // drizzle keeps the PGlite instance in a field it does not expose; the statement sends every query through it.
  const holder = statement as unknown as { client: Pick<PgliteClient, 'query'> };
  const pglite = holder.client as PgliteClient;
  holder.client = {
    query: async (text, params, options) => {
      await prepareOnce(pglite, name, text);
      // drizzle hands every query the same few parsers (dates left as text for its own mapping), and PGlite copies its
      // whole table of parsers (over 300) to merge them, per query: a third of this statement's cost. Merged into
      // the instance once instead, so each query here uses the table as it is. Every other query drizzle sends names
      // the same parsers, so what it reads does not change.
      if (options.parsers) Object.assign(pglite.parsers, options.parsers);
      // One simple-protocol message instead of the five of an extended query; the rows come back the same.
      const args = params.length ? `(${params.map(sqlLiteral).join(', ')})` : '';
      const [result] = await pglite.exec(`execute ${name}${args}`, { rowMode: options.rowMode });
      return result;
    },
  };
}
