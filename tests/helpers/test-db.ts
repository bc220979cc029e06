import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe } from 'vitest';
import { connectPglite, connectPostgres, type Database } from '../../src/server/db/connect';
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './db-templates';
import { adminQuery, scratchDatabaseName } from './scratch';

export type DbKind = 'pglite' | 'postgres';

/**
 * Each test file gets a database of its own so files run in parallel: a fresh in-memory PGlite, or a fresh
 * database on the PostgreSQL of DATABASE_URL, dropped again on close.
 */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await connectPglite(undefined, pgliteTemplate());
    // Nothing left to do when it started from the run's template: drizzle sees every migration applied.
    await database.migrate();
    return database;
  }
  return createPostgresTestDatabase();
}

/** The run's migrated PGlite (tests/helpers/db-templates.ts), read once per worker; none outside a vitest run. */
let pgliteDump: Blob | undefined;
function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  pgliteDump ??= new Blob([readFileSync(file)]);
  return pgliteDump;
}

/** A fresh database on the PostgreSQL of DATABASE_URL, with its own URL (for a child process to reach it too). */
export async function createPostgresTestDatabase(): Promise<Database & { url: string }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = scratchDatabaseName('test');
  // A copy of the run's migrated template when there is one (a file copy, instead of 30 migrations over the wire).
  const template = process.env[PG_TEMPLATE_ENV];
  await adminQuery(adminUrl, template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await connectPostgres(url.toString(), 20);
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * Set to 1 by CI's Node 26 `npm test`: the suites below run there on PostgreSQL only, because their PGlite half is
 * exactly what CI's Node 20 run of the server's tests (on PGlite alone, as a laptop runs them) runs again — six
 * minutes of CPU a run for nothing new (.ci/run, docs/testing.md).
 */
const ONLY_POSTGRES_ENV = 'PARTYON_TEST_ONLY_POSTGRES';

/**
 * Runs a suite on PGlite and, when DATABASE_URL is set, again on PostgreSQL — PGlite runs one transaction at a
 * time and would hide races. Without DATABASE_URL the PostgreSQL run is listed as skipped, with the reason; with
 * PARTYON_TEST_ONLY_POSTGRES=1 (and DATABASE_URL) the PGlite run is.
 */
export function describeEachDb(name: string, body: (kind: DbKind) => void) {
  if (process.env[ONLY_POSTGRES_ENV] === '1' && process.env.DATABASE_URL) {
    describe.skip(`${name} [pglite] — skipped: ${ONLY_POSTGRES_ENV}=1 (CI runs this on PGlite in its Node 20 npm test)`, () => body('pglite'));
  } else {
    describe(`${name} [pglite]`, () => body('pglite'));
  }
  if (process.env.DATABASE_URL) {
    describe(`${name} [postgres]`, () => body('postgres'));
  } else {
    describe.skip(`${name} [postgres] — skipped: DATABASE_URL is not set`, () => body('postgres'));
  }
}

/**
 * How many sessions on the app's database wait for a lock: what a race test waits for before letting go. Asked as
 * DATABASE_URL's user on a connection of its own — the app's role sees no other session's wait (app-role.ts), and
 * inside a transaction the statistics views would answer one snapshot.
 */
export async function sessionsWaitingOnLocks(database: Database): Promise<number> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const result = await adminQuery(adminUrl, `select count(*)::int as n from pg_stat_activity where datname = '${rows[0].name}' and wait_event_type = 'Lock'`);
  return (result.rows[0] as { n: number }).n;
}
