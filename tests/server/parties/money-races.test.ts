import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parties, participations } from '../../../src/server/db/schema/parties';
import { pointLedger } from '../../../src/server/db/schema/points';
import { users } from '../../../src/server/db/schema/users';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { seatRequests, type Student } from '../../helpers/seat-requests';
import { describeEachDb } from '../../helpers/test-db';

// The promise of the product under races: nobody loses points or seats, and nobody gets a 500. PGlite runs one
// transaction at a time, so the PostgreSQL run is the one that proves it.
describeEachDb('money and seats under racing requests', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const { join, pay, leave, withdraw, cancel } = seatRequests(() => t);

  async function seated(partyId: number, students: Student[], paid: boolean) {
    const ids: number[] = [];
    for (const s of students) {
      const joined = await join(partyId, s);
      expect(joined.statusCode).toBe(201);
      ids.push(joined.json().id);
      if (paid) expect((await pay(joined.json().id, s)).statusCode).toBe(200);
    }
    return ids;
  }

  /** Every balance equals its ledger, and every party's seat counter equals its live participations. */
  async function expectBooksBalance() {
    const db = t.database.db;
    const drift = await db.execute(sql`
      select u.id from ${users} u
      left join (select user_id, sum(amount)::int as total from ${pointLedger} group by user_id) l on l.user_id = u.id
      where u.points <> coalesce(l.total, 0)`);
    expect((drift as unknown as { rows: unknown[] }).rows).toEqual([]);
    const seats = await db.execute(sql`
      select p.id from ${parties} p
      left join (select party_id, count(*)::int as n from ${participations} where status in ('pending', 'confirmed') group by party_id) c
        on c.party_id = p.id
      where p.applied_count <> coalesce(c.n, 0)`);
    expect((seats as unknown as { rows: unknown[] }).rows).toEqual([]);
  }

  const live = (userIds: number[]) =>
    t.database.db
      .select({ id: participations.id, userId: participations.userId, status: participations.status })
      .from(participations)
      .where(and(inArray(participations.userId, userIds), inArray(participations.status, ['pending', 'confirmed'])));

  const statuses = (answers: { statusCode: number }[]) => [...new Set(answers.map((a) => a.statusCode))].sort();
  /** The answers a student would see as a server failure, with what they said (empty when there are none). */
  const failures = (answers: { statusCode: number; body: string }[]) => answers.filter((a) => a.statusCode >= 500).map((a) => `${a.statusCode} ${a.body}`);

  it('a withdrawal among 25 join → pay chains leaves no live seat, refunds every deposit, and refuses what follows', async () => {
    const [s] = await createStudents(t, 1);
    const partyIds: number[] = [];
    for (let i = 0; i < 25; i++) partyIds.push(await createParty(t, { max: 5, deposit: 100 }));
    const chains = partyIds.map(async (partyId, i) => {
      await new Promise((r) => setTimeout(r, i * 3));
      const joined = await join(partyId, s);
      if (joined.statusCode !== 201) return [joined];
      return [joined, await pay(joined.json().id, s)];
    });
    const closing = new Promise((r) => setTimeout(r, 36)).then(() => withdraw(s));
    const answers = (await Promise.all(chains)).flat();
    const closed = await closing;

    expect(closed.statusCode).toBe(200);
    expect(failures(answers)).toEqual([]);
    expect(statuses(answers).filter((c) => ![200, 201, 401].includes(c))).toEqual([]);
    expect(await live([s.id])).toEqual([]);
    // Every deposit that left the balance came back: the account ends with its welcome points.
    const [after] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, s.id));
    expect(after.points).toBe(10_000);
    expect((await join(partyIds[0], s)).statusCode).toBe(401);
    await expectBooksBalance();
  });

  it('an operator cancelling a party while its 50 students leave it: no 5xx, each seat ended and refunded once', async () => {
    const partyId = await createParty(t, { max: 50, deposit: 700 });
    const students = await createStudents(t, 50);
    await seated(partyId, students, true);
    const answers = await Promise.all([cancel(partyId), ...students.map((s) => leave(partyId, s))]);
    expect(failures(answers)).toEqual([]);
    expect(await live(students.map((s) => s.id))).toEqual([]);
    const balances = await t.database.db.select({ points: users.points }).from(users).where(inArray(users.id, students.map((s) => s.id)));
    expect(balances.every((b) => b.points === 10_000)).toBe(true);
    await expectBooksBalance();
  });

  it('50 students each joining and leaving the same party at once: no 5xx, seats add up', async () => {
    const partyId = await createParty(t, { max: 50, deposit: 300 });
    const students = await createStudents(t, 50);
    await seated(partyId, students, false);
    const answers = await Promise.all(students.flatMap((s) => [leave(partyId, s), join(partyId, s)]));
    expect(failures(answers)).toEqual([]);
    await expectBooksBalance();
  });

  it('50 withdrawals while an operator cancels their party: no 5xx, one refund each', async () => {
    const partyId = await createParty(t, { max: 50, deposit: 900 });
    const students = await createStudents(t, 50);
    await seated(partyId, students, true);
    const answers = await Promise.all([cancel(partyId), ...students.map((s) => withdraw(s))]);
    expect(failures(answers)).toEqual([]);
    expect(await live(students.map((s) => s.id))).toEqual([]);
    const refunds = await t.database.db
      .select({ userId: pointLedger.userId })
      .from(pointLedger)
      .where(and(inArray(pointLedger.userId, students.map((s) => s.id)), eq(pointLedger.kind, 'refund')));
    expect(refunds).toHaveLength(50);
    await expectBooksBalance();
  });

  it('50 students paying while they withdraw: no 5xx, nothing live, nothing lost', async () => {
    const partyId = await createParty(t, { max: 50, deposit: 1_200 });
    const students = await createStudents(t, 50);
    const ids = await seated(partyId, students, false);
    const answers = await Promise.all(students.flatMap((s, i) => [pay(ids[i], s), withdraw(s)]));
    expect(failures(answers)).toEqual([]);
    expect(await live(students.map((s) => s.id))).toEqual([]);
    const balances = await t.database.db.select({ points: users.points }).from(users).where(inArray(users.id, students.map((s) => s.id)));
    expect(balances.every((b) => b.points === 10_000)).toBe(true);
    await expectBooksBalance();
  });
});
