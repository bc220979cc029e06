import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/server/config';
import { connectDatabase, type Database } from '../../../src/server/db/connect';
import { adminQuery, scratchDatabaseName } from '../../helpers/scratch';

const LOCK = 7_020_099;
const adminUrl = process.env.DATABASE_URL;

// Each instance's share of PostgreSQL's max_connections is DATABASE_POOL_SIZE (docs/operations.md sums them): a
// request past it waits for a connection to come free instead of opening one more.
(adminUrl ? describe : describe.skip)(`the PostgreSQL pool of one instance${adminUrl ? '' : ' — skipped: DATABASE_URL is not set'}`, () => {
  const name = scratchDatabaseName('pool');
  let url: string;
  let database: Database;
  let holder: pg.Client;
  beforeAll(async () => {
    await adminQuery(adminUrl!, `create database "${name}"`);
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    const { config } = parseConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '3' });
    database = await connectDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, dataDir: 'unused' });
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await database?.close();
    await adminQuery(adminUrl!, `drop database if exists "${name}" with (force)`);
  });

  it('keeps at most DATABASE_POOL_SIZE connections: a fourth query waits for one of the three to come free', async () => {
    await holder.query('select pg_advisory_lock($1)', [LOCK]);
    // Four queries at once, each waiting on the lock the holder keeps, each saying which connection ran it.
    // (A drizzle query runs when awaited: Promise.resolve sends each one now.)
    const queries = Array.from({ length: 4 }, () => Promise.resolve(database.db.execute(sql`select pg_advisory_xact_lock(${LOCK}), pg_backend_pid() as pid`)));
    const waiting = async () =>
      Number((await holder.query(`select count(*) as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [name])).rows[0].n);
    await expect.poll(waiting, { timeout: 20_000 }).toBe(3);
    await holder.query('select pg_advisory_unlock($1)', [LOCK]);
    const pids = (await Promise.all(queries)).map((r) => (r as unknown as pg.QueryResult<{ pid: number }>).rows[0].pid);
    // A larger pool would have run the fourth on a fourth connection; this one ran it on one of the three.
    expect(new Set(pids).size).toBe(3);
  });
});
