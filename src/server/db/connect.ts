import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { assertMigrated, grantAppRole, isAppRole } from './app-role';
import { createPgPool } from './pg-pool';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; every service function that writes accepts either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The pool's connections now (PostgreSQL only: PGlite is one connection in this process, nothing to watch). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Requests waiting for a connection to come free. */
  waiting: number;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works; it only has to be the same on every instance so they take turns migrating.
const MIGRATION_LOCK_KEY = 7_020_001;
const PING_TIMEOUT_MS = 1_000;
const MIGRATION_CONNECT_TIMEOUT_MS = 10_000;

/**
 * `dataDir` undefined means an in-memory PGlite (tests); `from`, a dump to start from (migratedPgliteDump) instead of
 * an empty cluster.
 */
export async function connectPglite(dataDir?: string, from?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: from });
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/**
 * An in-memory PGlite with every migration applied, as a dump. The tests start each of their databases from one made
 * once per run: a new cluster (initdb) and the migrations cost seconds of CPU each, loading the dump one.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite();
  await client.waitReady;
  try {
    await migratePglite(drizzlePglite(client) as never, { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * `url` is the app's connection and `poolSize` the connections this instance keeps at most (DATABASE_POOL_SIZE);
 * `migrationUrl` (the tables' owner) runs the migrations, on one connection more for a while, when given, else `url`
 * does. The pool's queries run as the app role (app-role.ts) whoever `url` signs in as.
 */
export async function connectPostgres(url: string, poolSize: number, migrationUrl = url): Promise<Database> {
  // Deadlines and the handling of lost connections live in pg-pool.ts.
  const pool = createPgPool(url, poolSize);
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several instances may start at once: one migrates while the others wait on the advisory lock. A client of
      // its own, without the pool's statement deadlines: a migration may legitimately take long.
      const client = new pg.Client({ connectionString: migrationUrl, connectionTimeoutMillis: MIGRATION_CONNECT_TIMEOUT_MS });
      // A lost connection fails the migration (and the start) through its promise, not as an uncaught event.
      client.on('error', () => undefined);
      await client.connect();
      try {
        // Signed in as the app role itself (the deploy recipe's instances): it may not migrate, so it only checks
        // that the owner did (npm run db:migrate).
        if (await isAppRole(client)) return await assertMigrated(client, migrationsFolder);
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder });
        await grantAppRole(client);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await client.end();
      }
    },
    ping: async () => {
      // Readiness has a deadline of its own, shorter than a request's (health-routes.ts); pg honours a per-query
      // query_timeout that its types do not list.
      await pool.query({ text: 'select 1', query_timeout: PING_TIMEOUT_MS } as pg.QueryConfig);
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

export function connectDatabase(opts: { databaseUrl?: string; migrationDatabaseUrl?: string; poolSize: number; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? connectPostgres(opts.databaseUrl, opts.poolSize, opts.migrationDatabaseUrl) : connectPglite(`${opts.dataDir}/pglite`);
}
