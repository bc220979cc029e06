import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parties, participations } from '../../../src/server/db/schema/parties';
import { users } from '../../../src/server/db/schema/users';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

type Auth = { authorization: string };
type Student = { id: number; auth: Auth };

// Issue 18 §1: a full party has a line; a seat that frees goes to the first in it, held unpaid for 15 minutes.
describeEachDb('the waitlist of a full party', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, s: Student, payload?: object) => t.app.inject({ method, url, headers: s.auth, payload });
  const join = (partyId: number, s: Student) => req('POST', `/api/reserve/join/${partyId}/`, s);
  const pay = (id: number, s: Student) => req('POST', `/api/reserve/pay/${id}/`, s, { payment_method: 'POINT' });
  const leave = (partyId: number, s: Student) => req('POST', `/api/detailview/parties/${partyId}/leave/`, s);
  const wait = (partyId: number, s: Student) => req('POST', `/api/reserve/waitlist/${partyId}/`, s);
  const unwait = (partyId: number, s: Student) => req('DELETE', `/api/reserve/waitlist/${partyId}/`, s);
  const position = async (partyId: number, s: Student) => (await req('GET', `/api/reserve/waitlist/${partyId}/`, s)).json().position as number | null;
  const notices = async (s: Student) => (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: s.auth })).json() as { message: string; link: string | null; is_read: boolean }[];
  const seatOf = async (partyId: number, s: Student) =>
    (await t.database.db.select().from(participations).where(and(eq(participations.partyId, partyId), eq(participations.userId, s.id)))).find(
      (p) => p.status === 'pending' || p.status === 'confirmed',
    );

  /** A party of `max` seats, all taken (unpaid) by fresh students. */
  async function fullParty(max: number, opts: { title?: string; deposit?: number } = {}) {
    const partyId = await createParty(t, { max, ...opts });
    const holders = await createStudents(t, max);
    const seats: number[] = [];
    for (const s of holders) {
      const r = await join(partyId, s);
      expect(r.statusCode).toBe(201);
      seats.push(r.json().id);
    }
    return { partyId, holders, seats };
  }

  it('a full party takes a line in order; my position is mine; leaving the line moves those behind up', async () => {
    const { partyId } = await fullParty(2);
    const [a, b, c] = await createStudents(t, 3);
    expect((await join(partyId, a)).json()).toEqual({ detail: '모집이 마감되었습니다.' });
    expect(await position(partyId, a)).toBeNull();
    const first = await wait(partyId, a);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ position: 1 });
    expect((await wait(partyId, b)).json()).toEqual({ position: 2 });
    expect((await wait(partyId, c)).json()).toEqual({ position: 3 });
    expect((await wait(partyId, b)).statusCode).toBe(409);
    expect(await position(partyId, c)).toBe(3);

    expect((await unwait(partyId, b)).statusCode).toBe(204);
    expect(await position(partyId, c)).toBe(2);
    expect(await position(partyId, b)).toBeNull();
    const again = await unwait(partyId, b);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: '대기 신청 내역이 없습니다.' });
  });

  it('is refused: to a seat holder (409), for a party with a free seat (409, join instead), before the card is approved (403), once started, cancelled, unknown', async () => {
    const { partyId, holders } = await fullParty(2);
    expect((await wait(partyId, holders[0])).json()).toEqual({ detail: '이미 참가한 파티입니다.' });
    expect((await wait(partyId, holders[0])).statusCode).toBe(409);

    const open = await createParty(t, { max: 5 });
    const [s, pendingCard] = await createStudents(t, 2);
    const notFull = await wait(open, s);
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json()).toEqual({ detail: '아직 자리가 있습니다. 대기 신청 대신 바로 참가 신청해 주세요.' });

    await t.database.db.update(users).set({ verificationStatus: 'pending' }).where(eq(users.id, pendingCard.id));
    const refused = await wait(partyId, pendingCard);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: '학생증을 확인하고 있습니다. 운영자 확인이 끝나면 알림으로 알려 드리며, 그 뒤에 파티에 참가할 수 있습니다.', code: 'verification_pending' });
    expect(await position(partyId, pendingCard)).toBeNull();

    const soon = await createParty(t, { max: 2, hoursFromNow: 1 });
    const [holder] = await createStudents(t, 1);
    await join(soon, holder);
    t.clock.advance(2 * 3_600_000);
    const [late] = await createStudents(t, 1); // a token of the new time
    expect((await wait(soon, late)).json()).toEqual({ detail: '이미 시작된 파티입니다.' });

    const ops = { 'x-ops-token': t.opsToken };
    const { partyId: doomed } = await fullParty(2);
    const [s2] = await createStudents(t, 1);
    expect((await wait(doomed, s2)).statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/ops/parties/${doomed}/cancel/`, headers: ops });
    // The line closed with the party.
    expect(await position(doomed, s2)).toBeNull();
    expect((await wait(doomed, s2)).json()).toEqual({ detail: '취소된 파티입니다.' });
    expect((await wait(999_999, s2)).statusCode).toBe(404);
    expect((await req('GET', '/api/reserve/waitlist/999999/', s2)).statusCode).toBe(404);
  });

  it('a freed seat goes to the first in line as an unpaid seat with one notice; paying confirms it; the deposit moves only then', async () => {
    const { partyId, holders } = await fullParty(2, { title: '자리 난 파티', deposit: 3000 });
    const [a, b] = await createStudents(t, 2);
    await wait(partyId, a);
    await wait(partyId, b);
    const [before] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, a.id));

    expect((await leave(partyId, holders[0])).statusCode).toBe(200);
    const seat = await seatOf(partyId, a);
    expect(seat).toMatchObject({ status: 'pending' });
    expect(seat!.holdExpiresAt!.getTime() - t.clock.now().getTime()).toBe(15 * 60_000);
    expect(await position(partyId, a)).toBeNull();
    expect(await position(partyId, b)).toBe(1);
    const [after] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, a.id));
    expect(after.points).toBe(before.points);
    expect(await notices(a)).toEqual([
      expect.objectContaining({
        message: "'자리 난 파티'에 자리가 났어요! 대기 순서대로 자리를 잡아 두었습니다. 15분 안에 보증금 3,000P를 결제해 주세요.",
        link: `/partyinfo/${partyId}`,
        is_read: false,
      }),
    ]);
    // Nobody else slips in: the party is full again.
    const [late] = await createStudents(t, 1);
    expect((await join(partyId, late)).statusCode).toBe(400);

    expect((await pay(seat!.id, a)).statusCode).toBe(200);
    const [paid] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, a.id));
    expect(paid.points).toBe(before.points - 3000);
    expect(await notices(b)).toEqual([]);
  });

  it('an offer left unpaid expires as usual and passes to the next in line; its notice is rewritten, not doubled', async () => {
    const { partyId, holders } = await fullParty(2, { title: '놓친 파티' });
    const [a, b] = await createStudents(t, 2);
    await wait(partyId, a);
    await wait(partyId, b);
    await leave(partyId, holders[0]);
    expect(await seatOf(partyId, a)).toMatchObject({ status: 'pending' });

    t.clock.advance(15 * 60_000);
    await t.app.sweeper.runOnce();
    expect(await seatOf(partyId, a)).toBeUndefined();
    expect(await seatOf(partyId, b)).toMatchObject({ status: 'pending' });
    expect((await notices(a)).map((n) => n.message)).toEqual(["'놓친 파티' 결제 시간이 지나 참가 신청이 취소되었습니다."]);
    expect(await notices(b)).toHaveLength(1);
    // The other holder's unpaid hold expired too, with nobody left in line: one seat held, b's.
    const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
    expect(party.appliedCount).toBe(1);
  });

  it('an operator raising the seats offers the new ones at once, in order', async () => {
    const { partyId } = await fullParty(2);
    const line = await createStudents(t, 3);
    for (const s of line) await wait(partyId, s);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/ops/parties/${partyId}/`, headers: { 'x-ops-token': t.opsToken }, payload: { max_participants: 4 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().applied_count).toBe(4);
    expect(await seatOf(partyId, line[0])).toMatchObject({ status: 'pending' });
    expect(await seatOf(partyId, line[1])).toMatchObject({ status: 'pending' });
    expect(await seatOf(partyId, line[2])).toBeUndefined();
    expect(await position(partyId, line[2])).toBe(1);
  });

  it('a student who backs out of an offered seat does not get it again; the next in line does', async () => {
    const { partyId, holders } = await fullParty(2);
    const [a, b] = await createStudents(t, 2);
    await wait(partyId, a);
    await wait(partyId, b);
    await leave(partyId, holders[0]);
    expect((await leave(partyId, a)).statusCode).toBe(200);
    expect(await seatOf(partyId, a)).toBeUndefined();
    expect(await seatOf(partyId, b)).toMatchObject({ status: 'pending' });
  });

  it('the assistant lists the parties I wait for, with my position', async () => {
    const { partyId } = await fullParty(2, { title: '대기 목록 파티' });
    const [a, b] = await createStudents(t, 2);
    await wait(partyId, a);
    await wait(partyId, b);
    const res = await req('GET', '/api/reserve/waitlist/', b);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ party_id: partyId, title: '대기 목록 파티', position: 2 })]);
  });

  it('a cancelled party tells each student in its line once, and the line is gone', async () => {
    const { partyId, holders } = await fullParty(2, { title: '접힌 파티', deposit: 2000 });
    const [a, b] = await createStudents(t, 2);
    await wait(partyId, a);
    await wait(partyId, b);
    const ops = { 'x-ops-token': t.opsToken };
    expect((await t.app.inject({ method: 'POST', url: `/api/ops/parties/${partyId}/cancel/`, headers: ops })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/ops/parties/${partyId}/cancel/`, headers: ops })).statusCode).toBe(200);
    for (const s of [a, b]) {
      // Nothing was paid in the line, so no refund is mentioned.
      expect(await notices(s)).toEqual([expect.objectContaining({ message: "'접힌 파티' 파티가 취소되었습니다.", link: `/partyinfo/${partyId}`, is_read: false })]);
      expect(await position(partyId, s)).toBeNull();
    }
    expect((await notices(holders[0])).filter((n) => n.message.includes('파티가 취소되었습니다'))).toHaveLength(1);
  });
});
