// Shared by the bench scripts: an in-process app on a fresh database (PGlite in a temp dir, or a fresh PostgreSQL
// database when DATABASE_URL is set), seeded, listening on an ephemeral loopback port. Prints nothing itself.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { SERVER_RENDERER } from '../src/server/client-build';
import { systemClock } from '../src/server/clock';
import { parseConfig } from '../src/server/config';
import type { Limits } from '../src/server/context';
import { connectPglite, connectPostgres, type Database } from '../src/server/db/connect';
import { seedIfEmpty } from '../src/server/db/seed/seed';
import { createLocalBus, type EventBus } from '../src/server/realtime/bus';
import { createRedisBus } from '../src/server/realtime/redis-bus';
import { createDatabaseStorage } from '../src/server/storage/database-storage';
import { createDiskStorage } from '../src/server/storage/disk-storage';
import { storageFor } from '../src/server/storage/storage-for';

export type BenchDb = 'pglite' | 'postgres';

const ROOT = join(import.meta.dirname, '..');

export interface BenchDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

export async function benchDatabase(kind: BenchDb): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'partyon-bench-'));
    const database = await connectPglite(join(dir, 'pglite'));
    await database.migrate();
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.DATABASE_URL!;
  const name = `partyon_bench_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`create database "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await connectPostgres(url.toString(), 20);
  await database.migrate();
  return { database, url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

export interface BenchApp {
  app: FastifyInstance;
  base: string;
  opsToken: string;
  /** Lets a bench sign access tokens for students it inserted directly. */
  jwtSecret: string;
  close(): Promise<void>;
}

/** An app on `db`, with generous rate limits (benches log in many students from one address). */
export async function startBenchApp(
  db: Database,
  opts: {
    redisUrl?: string;
    prefix?: string;
    jwtSecret?: string;
    extraRoutes?: (app: FastifyInstance) => void;
    /** Serve the built client and its server-drawn pages (dist/, from `npm run build`). */
    pages?: boolean;
    /** Where uploads go; by default as main.ts chooses (the database on PostgreSQL, the disk beside PGlite). */
    storage?: 'disk' | 'database';
    /** Limits over the generous ones below (a bench of a limit itself). */
    limits?: Partial<Limits>;
  } = {},
): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'partyon-bench-data-'));
  const { config } = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const bus: EventBus = opts.redisUrl ? createRedisBus(opts.redisUrl, opts.prefix) : createLocalBus();
  const opsToken = randomBytes(16).toString('hex');
  // Instances behind one load balancer share the JWT secret, or a token from one is refused by the other.
  const jwtSecret = opts.jwtSecret ?? randomBytes(32).toString('hex');
  await seedIfEmpty(db.db, systemClock);
  const app = await buildApp({
    config,
    database: db,
    bus,
    clock: systemClock,
    storage: opts.storage === 'disk' ? createDiskStorage(dataDir) : opts.storage === 'database' ? createDatabaseStorage(db.db) : storageFor(db, dataDir),
    secrets: { jwtSecret, opsToken },
    // Benches open up to thousands of sockets from one address and log in many students from it.
    limits: {
      loginPerIpPerMinute: 1e9,
      loginPerUsernamePerMinute: 1e9,
      loginFailuresPerAccount: 1e9,
      signupPerIpPerHour: 1e9,
      socketsPerUser: 1e9,
      socketsPerAddress: 1e9,
      ...opts.limits,
    },
    ...(opts.pages ? { clientDir: join(ROOT, 'dist/client'), serverRenderer: join(ROOT, SERVER_RENDERER) } : {}),
  });
  opts.extraRoutes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    app,
    base,
    opsToken,
    jwtSecret,
    async close() {
      await app.close();
      await bus.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
