import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createParty, createStudents } from '../../helpers/test-app';
import { appOnProxiedDatabase, expectBooksBalance, expectNormalOr503 } from './proxied-database';

const adminUrl = process.env.DATABASE_URL;
type Student = { auth: { authorization: string } };

(adminUrl ? describe : describe.skip)(`database connections reset in the middle of writes${adminUrl ? '' : ' — skipped: DATABASE_URL is not set'}`, () => {
  const suite = appOnProxiedDatabase(4);

  const post = (url: string, s: Student, payload?: object) => suite.t.app.inject({ method: 'POST', url, headers: s.auth, payload });
  const join = (partyId: number, s: Student) => post(`/api/reserve/join/${partyId}/`, s);
  const pay = (participationId: number, s: Student) => post(`/api/reserve/pay/${participationId}/`, s, { payment_method: 'POINT' });
  const leave = (partyId: number, s: Student) => post(`/api/detailview/parties/${partyId}/leave/`, s);
  const waitingOnLocks = async () =>
    (await suite.db.sql(`select count(*)::int as n from pg_stat_activity where datname = '${suite.db.name}' and wait_event_type = 'Lock'`)).rows[0].n as number;

  it('answers each request in flight normally or 503, never crashes, recovers, and keeps the books balanced', async () => {
    const crowded = await createParty(suite.t, { max: 30, deposit: 100 });
    const small = [await createParty(suite.t, { max: 5, deposit: 100 }), await createParty(suite.t, { max: 5, deposit: 100 })];
    const students = await createStudents(suite.t, 24);
    // Eight students hold a pending seat, so payments are in flight too.
    const holding = await Promise.all(
      students.slice(0, 8).map(async (s, i) => {
        const res = await join(small[i % 2], s);
        expect(res.statusCode).toBe(201);
        return { s, id: res.json().id as number };
      }),
    );

    // A transaction of the test's own holds the crowded party's row, so the joins to it wait inside the database:
    // they are surely in flight, mid-transaction, when every connection is reset.
    const holder = new pg.Client({ connectionString: suite.db.directUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from parties where id = $1 for update', [crowded]);
    const inFlight = [
      ...students.slice(8, 20).map((s) => join(crowded, s)),
      ...holding.map(({ s, id }) => pay(id, s)),
      ...students.slice(20).map((s, i) => join(small[i % 2], s)),
    ];
    await expect.poll(waitingOnLocks).toBeGreaterThanOrEqual(2);
    suite.db.proxy.reset();
    await holder.query('rollback');
    await holder.end();

    const answers = await Promise.all(inFlight);
    expectNormalOr503(answers, [200, 201, 400, 409]);
    // At least the joins that were waiting in the database lost their connection.
    expect(answers.filter((a) => a.statusCode === 503).length).toBeGreaterThanOrEqual(2);
    expect(suite.recorder.crashes).toEqual([]);

    // Service resumes by itself, and no connection was lost for good: more joins at once than the pool has
    // connections all go through (a leaked connection would leave them waiting for one until they answer 503).
    await expect.poll(async () => (await suite.t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const again = await Promise.all(students.slice(8, 20).map((s) => join(crowded, s)));
    expect(again.map((a) => a.statusCode).filter((c) => c !== 201 && c !== 409)).toEqual([]);
    await expectBooksBalance(suite.db.sql);
  });

  it('survives resets while requests are starting transactions, without losing a pooled connection', async () => {
    const partyId = await createParty(suite.t, { max: 50, deposit: 100 });
    const students = await createStudents(suite.t, 12);
    let seen503 = 0;
    for (let round = 0; round < 6; round++) {
      let settled = 0;
      const wave = students.map((s, i) =>
        (round % 2 === 0 || i % 3 === 0 ? join(partyId, s) : leave(partyId, s)).finally(() => {
          settled += 1;
        }),
      );
      // Reset as soon as the wave is under way: some requests are between BEGIN and COMMIT, others not started.
      await expect.poll(() => settled).toBeGreaterThanOrEqual(1);
      suite.db.proxy.reset();
      const answers = await Promise.all(wave);
      expectNormalOr503(answers, [200, 201, 404, 409]);
      seen503 += answers.filter((a) => a.statusCode === 503).length;
    }
    expect(suite.recorder.crashes).toEqual([]);
    expect(seen503).toBeGreaterThan(0);

    await expect.poll(async () => (await suite.t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const burst = await Promise.all(students.map((s) => join(partyId, s)));
    expect(burst.map((a) => a.statusCode).filter((c) => c !== 201 && c !== 409)).toEqual([]);
    await expectBooksBalance(suite.db.sql);
  });
});
