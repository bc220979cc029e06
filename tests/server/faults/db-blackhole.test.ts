import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectPostgres } from '../../../src/server/db/connect';
import { PG_DEADLINES } from '../../../src/server/db/pg-pool';
import { isDatabaseUnavailable } from '../../../src/server/db/pg-errors';
import { createParty, createStudents } from '../../helpers/test-app';
import { appOnProxiedDatabase, expectBooksBalance, UNAVAILABLE } from './proxied-database';

const adminUrl = process.env.DATABASE_URL;

(adminUrl ? describe : describe.skip)(`a silent database (connections open, nothing answers)${adminUrl ? '' : ' — skipped: DATABASE_URL is not set'}`, () => {
  const suite = appOnProxiedDatabase(4);

  /** The answer and how long it took: the product promises an answer within a bound, so the bound is tested. */
  async function timed(opts: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string> }) {
    const started = Date.now();
    const res = await suite.t.app.inject(opts);
    return { res, ms: Date.now() - started };
  }

  it('answers 503 within 5 s and /readyz within 2 s while it is silent, and recovers when it answers again', async () => {
    const partyId = await createParty(suite.t, { max: 20, deposit: 100 });
    const students = await createStudents(suite.t, 12);
    // A student's own page always reads the database (public pages may come from a short cache).
    const detail = { method: 'GET' as const, url: '/api/mypage/main/', headers: students[0].auth };
    const join = (s: (typeof students)[number]) => ({ method: 'POST' as const, url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    // Four joins at once leave four open connections idle in the pool: the black hole swallows live connections.
    for (const r of await Promise.all(students.slice(0, 4).map((s) => suite.t.app.inject(join(s))))) expect(r.statusCode).toBe(201);

    suite.db.proxy.blackhole();
    const read = await timed(detail);
    expect(read.res.statusCode).toBe(503);
    expect(read.res.json()).toEqual(UNAVAILABLE);
    expect(read.res.headers['retry-after']).toBe('5');
    expect(read.ms).toBeLessThan(5_000);

    const ready = await timed({ method: 'GET', url: '/readyz' });
    expect(ready.res.statusCode).toBe(503);
    expect(ready.res.json().checks.database).toBe('unreachable');
    expect(ready.ms).toBeLessThan(2_000);
    expect((await suite.t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    // Writes, and more requests at once than the pool has connections: each waits for a connection or an answer
    // at most as long as the deadlines allow.
    const burst = await Promise.all([...students.slice(4).map((s) => timed(join(s))), ...Array.from({ length: 4 }, () => timed(detail))]);
    for (const { res, ms } of burst) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(UNAVAILABLE);
      expect(ms).toBeLessThan(5_000);
    }
    expect(suite.recorder.crashes).toEqual([]);

    suite.db.proxy.restore();
    // The connections swallowed by the black hole stay dead; the pool has to find that out and open new ones.
    await expect.poll(async () => (await suite.t.app.inject(detail)).statusCode, { timeout: 20_000 }).toBe(200);
    await expect.poll(async () => (await suite.t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 20_000 }).toBe(200);
    // No connection was lost for good: more joins at once than the pool has connections all go through.
    const again = await Promise.all(students.slice(4).map((s) => suite.t.app.inject(join(s))));
    expect(again.map((a) => a.statusCode).filter((c) => c !== 201 && c !== 409)).toEqual([]);
    await expectBooksBalance(suite.db.sql);
    expect(suite.recorder.crashes).toEqual([]);
  });

  it('lets a join wait out a row lock held longer than silence takes to find, instead of calling the database gone', async () => {
    // On the wire a statement waiting for a lock looks like a silent database: nothing comes back. Another instance
    // (here a direct connection) holds the party's row well past the point where the pool starts to wonder; the
    // pool asks the database, hears it, and the join is seated when the lock is released.
    const partyId = await createParty(suite.t, { max: 5, deposit: 100 });
    const [student] = await createStudents(suite.t, 1);
    const holder = new pg.Client({ connectionString: suite.db.directUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`select id from parties where id = ${partyId} for update`);
      const joining = suite.t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: student.auth });
      // Held until the join's statement has waited longer than suspectMs plus a probe, seen from the database side.
      await expect
        .poll(
          async () =>
            (await suite.db.sql(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and now() - query_start > interval '${PG_DEADLINES.suspectMs + PG_DEADLINES.probeMs + 500} milliseconds'`)).rows[0].n,
          { timeout: 20_000, interval: 200 },
        )
        .toBe(1);
      await holder.query('commit');
      const res = await joining;
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await holder.end();
    }
    await expectBooksBalance(suite.db.sql);
    expect(suite.recorder.crashes).toEqual([]);
  });

  it('does not lose a pooled connection to a transaction whose BEGIN went unanswered', async () => {
    // A pool of its own, so that every one of its connections is known to be open and idle when the black hole
    // opens: each transaction below then starts on one of them.
    const pool = await connectPostgres(suite.db.proxiedUrl, 3);
    try {
      await Promise.all(Array.from({ length: 3 }, () => pool.db.execute(sql`select pg_sleep(0.1)`)));
      suite.db.proxy.blackhole();
      const started = Date.now();
      const failures = await Promise.all(
        Array.from({ length: 3 }, () => pool.db.transaction(async (tx) => tx.execute(sql`select 1`)).then(() => null, (err: unknown) => err)),
      );
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(failures.every((err) => isDatabaseUnavailable(err))).toBe(true);
      suite.db.proxy.restore();
      // Were those connections never given back, the pool would stay full of them and never answer again.
      await expect.poll(() => pool.ping().then(() => 'ok', () => 'failed'), { timeout: 20_000 }).toBe('ok');
    } finally {
      await pool.close();
    }
    expect(suite.recorder.crashes).toEqual([]);
  });
  it('keeps the requests queued for a connection when one opened during the silence gives up after the database is back', async () => {
    // A connection opened into the partition gives up connectMs later. By then the database answers again and serves
    // other connections: the requests waiting for a connection must wait on, not be turned away with a 503.
    const pool = await connectPostgres(suite.db.proxiedUrl, 2);
    try {
      suite.db.proxy.blackhole();
      const before = suite.db.proxy.connections;
      const opened = pool.db.execute(sql`select 1`).then(() => null, (err: unknown) => err);
      await expect.poll(() => suite.db.proxy.connections, { timeout: 5_000 }).toBe(before + 1);
      suite.db.proxy.restore();
      // The pool's other connection hears the database, then holds a statement past the moment the first gives up…
      await pool.db.execute(sql`select 1`);
      // (drizzle sends a query when it is awaited or `then` is called: both are sent now.)
      const holding = pool.db.execute(sql.raw(`select pg_sleep(${(PG_DEADLINES.connectMs + 1_000) / 1_000})`)).then(() => 'slept');
      // …so this one waits for a connection while the first fails.
      const queued = pool.db.execute(sql`select 'served' as answer`).then((r) => (r as unknown as { rows: unknown[] }).rows, (err: unknown) => err);
      expect(isDatabaseUnavailable(await opened)).toBe(true);
      expect(await queued).toEqual([{ answer: 'served' }]);
      expect(await holding).toBe('slept');
    } finally {
      await pool.close();
    }
    expect(suite.recorder.crashes).toEqual([]);
  });
});
