import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NotificationKind } from '../../../src/server/db/schema/notification-kinds';
import { notifications } from '../../../src/server/db/schema/notifications';
import { parties, participations } from '../../../src/server/db/schema/parties';
import { pointLedger } from '../../../src/server/db/schema/points';
import { users, warnings } from '../../../src/server/db/schema/users';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const HOUR = 3_600_000;

describeEachDb('the sweeper: holds, reminders, no-shows, cancellations', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  async function joinAndMaybePay(partyId: number, pay: boolean) {
    const [s] = await createStudents(t, 1);
    const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    if (pay) await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    return { s, participationId: j.json().id as number };
  }
  const noticesOf = (userId: number, kindName: NotificationKind) =>
    t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kindName)));

  it('releases an unpaid seat after 15 minutes and tells the student once, even when sweeps overlap', async () => {
    const partyId = await createParty(t, { max: 2, title: '마감 임박 파티' });
    const { s, participationId } = await joinAndMaybePay(partyId, false);
    await joinAndMaybePay(partyId, false); // the party is now full
    t.clock.advance(14 * 60_000);
    expect((await t.app.sweeper.runOnce()).expired).toBe(0);
    t.clock.advance(60_000);
    const reports = await Promise.all([t.app.sweeper.runOnce(), t.app.sweeper.runOnce(), t.app.sweeper.runOnce()]);
    expect(reports.reduce((n, r) => n + r.expired, 0)).toBe(2);
    const [p] = await t.database.db.select().from(participations).where(eq(participations.id, participationId));
    expect(p.status).toBe('expired');
    const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
    expect(party.appliedCount).toBe(0);
    expect((await noticesOf(s.id, 'hold_expired')).map((n) => n.message)).toEqual(["'마감 임박 파티' 결제 시간이 지나 참가 신청이 취소되었습니다."]);
    // The freed seat can be taken by someone else.
    const [other] = await createStudents(t, 1);
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: other.auth })).statusCode).toBe(201);
  });

  it('sends the 24 h and the 1 h reminder once each to confirmed students only', async () => {
    const partyId = await createParty(t, { hoursFromNow: 30, title: '리마인더 파티' });
    const paid = await joinAndMaybePay(partyId, true);
    const unpaid = await joinAndMaybePay(partyId, false);
    await t.app.sweeper.runOnce();
    expect(await noticesOf(paid.s.id, 'reminder_24h')).toHaveLength(0);
    t.clock.advance(7 * HOUR); // 23 h before
    await t.app.sweeper.runOnce();
    await t.app.sweeper.runOnce();
    expect(await noticesOf(paid.s.id, 'reminder_24h')).toHaveLength(1);
    expect(await noticesOf(unpaid.s.id, 'reminder_24h')).toHaveLength(0);
    t.clock.advance(22.5 * HOUR); // 30 min before
    await Promise.all([t.app.sweeper.runOnce(), t.app.sweeper.runOnce()]);
    const oneHour = await noticesOf(paid.s.id, 'reminder_1h');
    // Sent 30 minutes before (the sweep came late), it says so (tests/server/parties/reminders.test.ts).
    expect(oneHour.map((n) => n.message)).toEqual([expect.stringContaining("30분 뒤 '리마인더 파티' 파티가 시작됩니다.")]);
    expect(await noticesOf(paid.s.id, 'reminder_24h')).toHaveLength(1);
  });

  it('forfeits a no-show deposit 3 h after the start with exactly one warning', async () => {
    const partyId = await createParty(t, { hoursFromNow: 2, deposit: 2000, title: '노쇼 파티' });
    const { s, participationId } = await joinAndMaybePay(partyId, true);
    t.clock.advance(4.9 * HOUR);
    await t.app.sweeper.runOnce();
    expect(await t.database.db.select().from(warnings).where(eq(warnings.userId, s.id))).toHaveLength(0);
    t.clock.advance(0.2 * HOUR);
    await Promise.all([t.app.sweeper.runOnce(), t.app.sweeper.runOnce()]);
    await t.app.sweeper.runOnce();
    expect(await t.database.db.select().from(warnings).where(eq(warnings.userId, s.id))).toHaveLength(1);
    const [p] = await t.database.db.select().from(participations).where(eq(participations.id, participationId));
    expect(p.depositState).toBe('forfeited');
    const [u] = await t.database.db.select().from(users).where(eq(users.id, s.id));
    expect(u.points).toBe(8000);
    const kinds = (await t.database.db.select().from(pointLedger).where(eq(pointLedger.userId, s.id))).map((r) => r.kind);
    expect(kinds).toEqual(['welcome', 'deposit_paid', 'deposit_forfeited']);
    expect((await noticesOf(s.id, 'deposit_forfeited')).map((n) => n.message)).toEqual(["'노쇼 파티'에 참석하지 않아 보증금 2,000P가 몰수되었습니다."]);
    expect((await noticesOf(s.id, 'warning')).map((n) => n.message)).toEqual(['경고를 받았습니다: 파티 불참 (노쇼)']);
  });

  it('refunds everyone and notifies when an operator cancels a party, and nothing more the second time', async () => {
    const partyId = await createParty(t, { hoursFromNow: 5, deposit: 3000, title: '취소될 파티' });
    const paid = await joinAndMaybePay(partyId, true);
    const pending = await joinAndMaybePay(partyId, false);
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/ops/parties/${partyId}/cancel/`, headers: { 'x-ops-token': t.opsToken } });
    expect((await cancel()).json()).toEqual({ cancelled: 2, refunded_points: 3000 });
    expect((await cancel()).json()).toEqual({ cancelled: 0, refunded_points: 0 });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, paid.s.id));
    expect(u.points).toBe(10_000);
    expect((await noticesOf(paid.s.id, 'party_cancelled')).map((n) => n.message)).toEqual(["'취소될 파티' 파티가 취소되었습니다. 보증금 3,000P가 환불되었습니다."]);
    expect(await noticesOf(pending.s.id, 'party_cancelled')).toHaveLength(1);
    const home = await t.app.inject({ method: 'GET', url: '/api/homemap/home/' });
    expect(home.json().map((p: { id: number }) => p.id)).not.toContain(partyId);
  });
});
