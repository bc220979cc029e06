import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema/notifications';
import { parties } from '../../../src/server/db/schema/parties';
import { pointLedger } from '../../../src/server/db/schema/points';
import { users } from '../../../src/server/db/schema/users';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

describeEachDb('leaving a party and the refund policy', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  async function setup(opts: { hoursFromNow: number; pay: boolean; deposit?: number }) {
    const partyId = await createParty(t, { hoursFromNow: opts.hoursFromNow, deposit: opts.deposit ?? 4000, title: '떠나는 파티' });
    const [s] = await createStudents(t, 1);
    const joined = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    if (opts.pay) await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${joined.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    return { partyId, s };
  }
  const leave = (partyId: number, auth: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: auth });
  const state = async (userId: number, partyId: number) => ({
    points: (await t.database.db.select().from(users).where(eq(users.id, userId)))[0].points,
    seats: (await t.database.db.select().from(parties).where(eq(parties.id, partyId)))[0].appliedCount,
    notices: (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message),
  });

  it('cancels an unpaid seat for free and gives the seat back', async () => {
    const { partyId, s } = await setup({ hoursFromNow: 3, pay: false });
    const res = await leave(partyId, s.auth);
    expect(res.json()).toEqual({ status: 'cancelled', refunded: 0 });
    const after = await state(s.id, partyId);
    expect(after.seats).toBe(0);
    expect(after.points).toBe(10_000);
    expect(after.notices).toContain("'떠나는 파티' 참가 신청을 취소했습니다.");
  });

  it('refunds the whole deposit 24 hours or more before the start', async () => {
    const { partyId, s } = await setup({ hoursFromNow: 24, pay: true });
    expect((await state(s.id, partyId)).points).toBe(6000);
    const res = await leave(partyId, s.auth);
    expect(res.json()).toEqual({ status: 'cancelled', refunded: 4000 });
    const after = await state(s.id, partyId);
    expect(after.points).toBe(10_000);
    expect(after.seats).toBe(0);
    expect(after.notices).toContain("'떠나는 파티' 참가를 취소했습니다. 보증금 4,000P가 환불되었습니다.");
    const refunds = await t.database.db.select().from(pointLedger).where(eq(pointLedger.userId, s.id));
    expect(refunds.map((r) => r.kind)).toEqual(['welcome', 'deposit_paid', 'refund']);
  });

  it('keeps the deposit when leaving less than 24 hours before the start', async () => {
    const { partyId, s } = await setup({ hoursFromNow: 23.9, pay: true });
    const res = await leave(partyId, s.auth);
    expect(res.json()).toEqual({ status: 'cancelled', refunded: 0 });
    const after = await state(s.id, partyId);
    expect(after.points).toBe(6000);
    expect(after.seats).toBe(0);
    expect(after.notices).toContain("'떠나는 파티' 참가를 취소했습니다. 시작 24시간 전이 지나 보증금은 환불되지 않습니다.");
  });

  it('refunds once when the same leave arrives ten times at once', async () => {
    const { partyId, s } = await setup({ hoursFromNow: 48, pay: true });
    const results = await Promise.all(Array.from({ length: 10 }, () => leave(partyId, s.auth)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 404)).toHaveLength(9);
    const after = await state(s.id, partyId);
    expect(after.points).toBe(10_000);
    expect(after.seats).toBe(0);
  });

  it('says there is nothing to leave, and refuses to leave a started party', async () => {
    const partyId = await createParty(t);
    const [s] = await createStudents(t, 1);
    const none = await leave(partyId, s.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: '참가 신청 내역이 없습니다.' });
    expect((await leave(partyId, { authorization: '' })).statusCode).toBe(401);
  });
});
