import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppDeps } from '../../../src/server/context';
import { connectPostgres, type Database } from '../../../src/server/db/connect';
import { adminQuery, scratchDatabaseName } from '../../helpers/scratch';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { tcpProxy } from './tcp-proxy';

export const UNAVAILABLE = { detail: '서비스를 잠시 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.' };

/**
 * A database of its own on the PostgreSQL of DATABASE_URL, migrated directly, which the app reaches only through a
 * proxy the test can cut, reset or black-hole. `sql` talks to it directly, around the proxy.
 */
async function proxiedDatabase(poolSize: number) {
  const adminUrl = process.env.DATABASE_URL!;
  const name = scratchDatabaseName('faults');
  await adminQuery(adminUrl, `create database "${name}"`);
  const direct = new URL(adminUrl);
  direct.pathname = `/${name}`;
  const migrator = await connectPostgres(direct.toString(), 1);
  await migrator.migrate();
  await migrator.close();

  const proxy = tcpProxy(direct.hostname, Number(direct.port || 5432));
  const viaProxy = new URL(direct);
  viaProxy.host = `127.0.0.1:${await proxy.start()}`;
  const database: Database = await connectPostgres(viaProxy.toString(), poolSize);
  return {
    database,
    proxy,
    name,
    directUrl: direct.toString(),
    proxiedUrl: viaProxy.toString(),
    sql: (text: string) => adminQuery(direct.toString(), text),
    async drop() {
      await proxy.cut();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** Every balance equals the sum of its ledger, and every party's seat counter equals its live participations. */
export async function expectBooksBalance(sql: (text: string) => Promise<pg.QueryResult>) {
  const drift = await sql(`
    select u.id, u.points, coalesce(l.total, 0) as ledger from users u
    left join (select user_id, sum(amount)::int as total from point_ledger group by user_id) l on l.user_id = u.id
    where u.points <> coalesce(l.total, 0)`);
  expect(drift.rows).toEqual([]);
  const seats = await sql(`
    select p.id, p.applied_count, coalesce(c.n, 0) as live from parties p
    left join (select party_id, count(*)::int as n from participations where status in ('pending', 'confirmed') group by party_id) c
      on c.party_id = p.id
    where p.applied_count <> coalesce(c.n, 0)`);
  expect(seats.rows).toEqual([]);
}

/** Every answer is a normal one or our 503 — never a 500, never Fastify's own body. */
export function expectNormalOr503(answers: { statusCode: number; headers: Record<string, unknown>; body: string; json: () => unknown }[], normal: number[]) {
  for (const a of answers) {
    if (a.statusCode === 503) {
      expect(a.json()).toEqual(UNAVAILABLE);
      expect(a.headers['retry-after']).toMatch(/^\d+$/);
    } else {
      expect(normal, `${a.statusCode} ${a.body}`).toContain(a.statusCode);
    }
  }
}

/** Records what would have crashed the process (an uncaught exception, a rejection nobody handled). */
export function crashRecorder() {
  const crashes: unknown[] = [];
  const record = (err: unknown) => crashes.push(err);
  return {
    crashes,
    start() {
      process.on('uncaughtException', record);
      process.on('unhandledRejection', record);
    },
    stop() {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
    },
  };
}

/**
 * The suite's app on a proxied database of its own, with a small pool (a connection stuck or lost for good shows at
 * once as requests that cannot get one), and a record of anything that would have crashed the process. `logger`: the
 * app's logger options, for a test that reads what it logs. Fields are filled in beforeAll.
 */
export function appOnProxiedDatabase(poolSize = 4, opts: { logger?: AppDeps['logger'] } = {}) {
  const suite = { recorder: crashRecorder() } as { db: Awaited<ReturnType<typeof proxiedDatabase>>; t: TestApp; recorder: ReturnType<typeof crashRecorder> };
  beforeAll(async () => {
    suite.recorder.start();
    suite.db = await proxiedDatabase(poolSize);
    suite.t = await createTestApp({ database: suite.db.database, logger: opts.logger });
  });
  afterAll(async () => {
    suite.recorder.stop();
    await suite.t?.close();
    await suite.db?.drop();
  });
  return suite;
}
