import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema/notifications';
import { parties, participations, waitlistEntries } from '../../../src/server/db/schema/parties';
import { LIVE_PARTICIPATION_STATUSES } from '../../../src/shared/parties';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

type Student = { id: number; auth: { authorization: string } };

// Issue 32 §5: a student holding seats (and an offer from a line) withdrew, and the seats it freed waited for the
// sweeper instead of going to the students in line. Every way a student gives seats back — a leave, a withdrawal,
// an operator's suspension — now offers them in its own transaction. That is checked by the rows themselves:
// PostgreSQL stamps each row version with the transaction that wrote it (xmin), so the offered seat and the released
// one carry the same stamp exactly when one commit did both.
describeEachDb('seats a student gives back go to the line in the same transaction', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, s: Student, payload?: object) => t.app.inject({ method, url, headers: s.auth, payload });
  const join = async (partyId: number, s: Student) => {
    const r = await req('POST', `/api/reserve/join/${partyId}/`, s);
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  const pay = async (id: number, s: Student) => expect((await req('POST', `/api/reserve/pay/${id}/`, s, { payment_method: 'POINT' })).statusCode).toBe(200);
  const wait = async (partyId: number, s: Student) => expect((await req('POST', `/api/reserve/waitlist/${partyId}/`, s)).statusCode).toBe(201);
  const position = async (partyId: number, s: Student) => (await req('GET', `/api/reserve/waitlist/${partyId}/`, s)).json().position as number | null;
  const withdraw = (s: Student) => req('POST', '/api/mypage/withdraw/', s, {});
  const leave = (partyId: number, s: Student) => req('POST', `/api/detailview/parties/${partyId}/leave/`, s);

  const liveSeats = (partyId: number) =>
    t.database.db
      .select({ id: participations.id, userId: participations.userId, status: participations.status })
      .from(participations)
      .where(and(eq(participations.partyId, partyId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)));
  const seatOf = async (partyId: number, s: Student) => (await liveSeats(partyId)).find((p) => p.userId === s.id);
  /** The transaction that wrote each participation's current row version. */
  const writers = async (ids: number[]) =>
    (await t.database.db.select({ id: participations.id, xmin: sql<string>`xmin::text` }).from(participations).where(inArray(participations.id, ids))).map((r) => r.xmin);
  const offers = (partyId: number) =>
    t.database.db.select({ userId: notifications.userId }).from(notifications).where(and(eq(notifications.partyId, partyId), eq(notifications.kind, 'waitlist_offer')));

  /** A party of two seats, `holder` in one and a filler in the other, with two students in line behind them. */
  async function fullPartyWith(holder: Student) {
    const partyId = await createParty(t, { max: 2, deposit: 1000 });
    const [filler, first, second] = await createStudents(t, 3);
    const seat = await join(partyId, holder);
    await join(partyId, filler);
    await wait(partyId, first);
    await wait(partyId, second);
    return { partyId, seat, filler, first, second };
  }

  it('a withdrawal offers every seat it frees in its own transaction: held, paid and offered seats each go to the next in line', async () => {
    const [w] = await createStudents(t, 1);
    const held = [];
    // Three seats held unpaid, three paid.
    for (let i = 0; i < 6; i += 1) {
      const party = await fullPartyWith(w);
      if (i >= 3) await pay(party.seat, w);
      held.push(party);
    }
    // Two seats the line offered this student (one left unpaid, one paid): the student first in line was offered
    // the seat another student freed.
    for (let i = 0; i < 2; i += 1) {
      const partyId = await createParty(t, { max: 2, deposit: 1000 });
      const [leaver, filler, first, second] = await createStudents(t, 4);
      await join(partyId, leaver);
      await join(partyId, filler);
      await wait(partyId, w);
      await wait(partyId, first);
      await wait(partyId, second);
      expect((await leave(partyId, leaver)).statusCode).toBe(200);
      const offered = await seatOf(partyId, w);
      expect(offered?.status).toBe('pending');
      if (i === 1) await pay(offered!.id, w);
      held.push({ partyId, seat: offered!.id, filler: leaver, first, second });
    }

    const res = await withdraw(w);
    expect(res.statusCode).toBe(200);
    expect(res.json().cancelled_parties).toBe(8);

    // No sweep has run: each freed seat is already the first in line's, held unpaid, with its one notice.
    const offeredSeats: number[] = [];
    for (const { partyId, first, second } of held) {
      const seat = await seatOf(partyId, first);
      expect(seat?.status, `party ${partyId}`).toBe('pending');
      offeredSeats.push(seat!.id);
      expect(await seatOf(partyId, w)).toBeUndefined();
      expect(await position(partyId, second)).toBe(1);
      expect((await offers(partyId)).filter((o) => o.userId === first.id)).toHaveLength(1);
      const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
      expect(party.appliedCount).toBe((await liveSeats(partyId)).length);
    }
    // Released and offered by one and the same commit.
    expect(new Set(await writers([...held.map((h) => h.seat), ...offeredSeats])).size).toBe(1);
    expect(await t.app.sweeper.runOnce()).toMatchObject({ offered: 0 });
  });

  it('a leave and an operator’s suspension offer the seat they free in their own transaction too', async () => {
    const [leaver, suspended] = await createStudents(t, 2);
    for (const [s, giveBack] of [
      [leaver, (partyId: number) => leave(partyId, leaver)],
      [
        suspended,
        () => t.app.inject({ method: 'POST', url: `/api/ops/users/${suspended.id}/suspension/`, headers: { 'x-ops-token': t.opsToken }, payload: { reason: '노쇼 반복', ends_at: null } }),
      ],
    ] as const) {
      const { partyId, seat, first } = await fullPartyWith(s);
      expect((await giveBack(partyId)).statusCode).toBeLessThan(300);
      const offered = await seatOf(partyId, first);
      expect(offered?.status).toBe('pending');
      expect(new Set(await writers([seat, offered!.id])).size).toBe(1);
    }
  });

  it('a withdrawal racing other students’ leaves, joins and lines on the same parties: no seat left free beside a line, none offered twice', async () => {
    for (let round = 0; round < 6; round += 1) {
      const [w, l1, l2, j, z] = await createStudents(t, 5);
      const p1 = await createParty(t, { max: 3, deposit: 1000 });
      const p2 = await createParty(t, { max: 3, deposit: 1000 });
      await pay(await join(p1, w), w);
      await join(p2, w);
      await pay(await join(p1, l1), l1);
      await join(p2, l2);
      for (const p of [p1, p2]) await join(p, (await createStudents(t, 1))[0]);
      const line1 = await createStudents(t, 3);
      const line2 = await createStudents(t, 3);
      for (const s of line1) await wait(p1, s);
      for (const s of line2) await wait(p2, s);

      const [gone, left1, left2, joined, waited, unwaited] = await Promise.all([
        withdraw(w),
        leave(p1, l1),
        leave(p2, l2),
        req('POST', `/api/reserve/join/${p1}/`, j),
        req('POST', `/api/reserve/waitlist/${p2}/`, z),
        req('DELETE', `/api/reserve/waitlist/${p2}/`, line2[0]),
      ]);
      expect([gone, left1, left2].map((r) => r.statusCode)).toEqual([200, 200, 200]);
      // Someone still waits in each line, so the free seats are theirs, never a latecomer's.
      expect(joined.statusCode).toBe(400);
      expect(waited.statusCode).toBe(201);
      expect([204, 404]).toContain(unwaited.statusCode);

      // Two seats freed in each party, each offered once, to the first two still in line.
      const stillWaiting2 = unwaited.statusCode === 204 ? line2.slice(1) : line2;
      for (const [partyId, expected] of [
        [p1, line1.slice(0, 2)],
        [p2, stillWaiting2.slice(0, 2)],
      ] as const) {
        const seats = await liveSeats(partyId);
        const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
        expect(party.appliedCount).toBe(3);
        expect(seats).toHaveLength(3);
        expect(new Set(seats.map((s) => s.userId)).size).toBe(3);
        const offeredTo = (await offers(partyId)).map((o) => o.userId).sort((a, b) => a - b);
        expect(offeredTo, `round ${round}, party ${partyId}`).toEqual(expected.map((s) => s.id).sort((a, b) => a - b));
        for (const s of expected) expect(seats.map((x) => x.userId)).toContain(s.id);
        const line = await t.database.db.select({ userId: waitlistEntries.userId }).from(waitlistEntries).where(eq(waitlistEntries.partyId, partyId));
        expect(line.filter((e) => seats.some((x) => x.userId === e.userId))).toEqual([]);
      }
      expect(await t.app.sweeper.runOnce()).toMatchObject({ offered: 0 });
    }
  });
});
