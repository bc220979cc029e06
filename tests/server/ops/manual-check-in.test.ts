import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { notifications } from '../../../src/server/db/schema/notifications';
import { participations } from '../../../src/server/db/schema/parties';
import { pointLedger } from '../../../src/server/db/schema/points';
import { users } from '../../../src/server/db/schema/users';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty, toggle } from '../live/live-helpers';
import { createOperator, signIn } from './operator-helpers';

// A student is at the party but their phone died: an operator checks them in by hand. Same rules and outcome as
// going on standby — inside the window, the deposit back once (ledger row and notification), never beside a forfeit.
describeEachDb('manual check-in by an operator', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const checkIn = (partyId: number, userId: number, headers: Record<string, string> = { 'x-ops-token': t.opsToken }) =>
    t.app.inject({ method: 'POST', url: `/api/ops/parties/${partyId}/participants/${userId}/check-in/`, headers });
  const returned = (userId: number) => t.database.db.select().from(pointLedger).where(and(eq(pointLedger.userId, userId), eq(pointLedger.kind, 'deposit_returned')));
  const returnNotices = (userId: number) =>
    t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'deposit_returned')));
  const checkInAudits = (participationId: number) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'participation.check_in'), eq(auditLog.targetId, participationId)));
  const pointsOf = async (userId: number) => (await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, userId)))[0].points;

  it('returns the held deposit once, with its ledger row, notification and audit row; a second call changes nothing', async () => {
    const { partyId, students } = await paidParty(t, 2, { deposit: 1_500 });
    const [s] = students;
    expect(await pointsOf(s.id)).toBe(8_500);

    const first = await checkIn(partyId, s.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ user: s.id, deposit_state: 'returned', checked_in_now: true, returned_points: 1_500, checked_in_at: t.clock.now().toISOString() });
    const second = await checkIn(partyId, s.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ...first.json(), checked_in_now: false, returned_points: 0 });

    expect((await returned(s.id)).map((r) => r.amount)).toEqual([1_500]);
    expect(await returnNotices(s.id)).toHaveLength(1);
    expect(await pointsOf(s.id)).toBe(10_000);
    const audits = await checkInAudits(first.json().participation_id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor: 'token',
      targetType: 'participation',
      before: { checked_in_at: null, deposit_state: 'held' },
      after: { checked_in_at: t.clock.now().toISOString(), deposit_state: 'returned' },
    });
    // The console's attendee list shows it, and the sweeper later neither forfeits nor warns.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/ops/parties/${partyId}/`, headers: { 'x-ops-token': t.opsToken } })).json();
    expect(detail.attendees.find((a: { user: { id: number } }) => a.user.id === s.id)).toMatchObject({ deposit_state: 'returned', checked_in_at: expect.any(String), is_standby: false });
    t.clock.advance(4 * 3_600_000);
    await t.app.sweeper.runOnce();
    const [mine] = await t.database.db.select().from(participations).where(eq(participations.id, first.json().participation_id));
    expect(mine.depositState).toBe('returned');
    t.clock.advance(-4 * 3_600_000);
  });

  it('returns the deposit exactly once however many calls and standby toggles arrive together', async () => {
    const { partyId, students } = await paidParty(t, 2, { deposit: 700 });
    const [s] = students;
    const answers = await Promise.all([...Array.from({ length: 8 }, () => checkIn(partyId, s.id)), toggle(t, partyId, s.auth)]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(9).fill(200));
    const fresh = answers.slice(0, 8).filter((a) => a.json().checked_in_now);
    expect(fresh.length).toBeLessThanOrEqual(1);
    expect((await returned(s.id)).map((r) => r.amount)).toEqual([700]);
    expect(await returnNotices(s.id)).toHaveLength(1);
    // Each operator call that checked the student in has its audit row; the student's own toggle has none.
    const [p] = await t.database.db.select({ id: participations.id }).from(participations).where(and(eq(participations.partyId, partyId), eq(participations.userId, s.id)));
    expect(await checkInAudits(p.id)).toHaveLength(fresh.length);
  });

  it('records the signed-in operator who checked the student in', async () => {
    const op = await createOperator(t, `checker_${kind}_${process.pid % 1000}`);
    const { partyId, students } = await paidParty(t, 2, { deposit: 600 });
    const res = await checkIn(partyId, students[0].id, await signIn(t, op.username));
    expect(res.json()).toMatchObject({ checked_in_now: true, returned_points: 600 });
    expect(await checkInAudits(res.json().participation_id)).toEqual([expect.objectContaining({ operatorId: op.id, actor: op.username })]);
  });

  it('answers a student already checked in through the app as it is', async () => {
    const { partyId, students } = await paidParty(t, 2, { deposit: 900 });
    expect((await toggle(t, partyId, students[0].auth)).statusCode).toBe(200);
    const res = await checkIn(partyId, students[0].id);
    expect(res.json()).toMatchObject({ checked_in_now: false, returned_points: 0, deposit_state: 'returned' });
    expect((await returned(students[0].id)).map((r) => r.amount)).toEqual([900]);
    expect(await checkInAudits(res.json().participation_id)).toEqual([]);
  });

  it('checks in a free party without moving points', async () => {
    const { partyId, students } = await paidParty(t, 2, { deposit: 0 });
    const res = await checkIn(partyId, students[0].id);
    expect(res.json()).toMatchObject({ checked_in_now: true, returned_points: 0, deposit_state: 'none' });
    expect(await returned(students[0].id)).toEqual([]);
  });

  it('refuses with 409 and a Korean reason: unpaid, too early, too late, forfeited, cancelled party', async () => {
    const { partyId, students } = await paidParty(t, 2, { deposit: 1_000, max: 4 });
    const [unpaid] = await createStudents(t, 1);
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: unpaid.auth })).statusCode).toBe(201);
    expect((await checkIn(partyId, unpaid.id)).json()).toEqual({ detail: '결제를 마친 참가자만 체크인할 수 있습니다.' });

    const early = await paidParty(t, 2, { minutesFromNow: 120 });
    const tooEarly = await checkIn(early.partyId, early.students[0].id);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json()).toEqual({ detail: '체크인은 파티 시작 30분 전부터 할 수 있습니다.' });

    // 3 h 20 min after the start: the window has closed; once the sweeper has run, the deposit is forfeited.
    t.clock.advance(3 * 3_600_000 + 35 * 60_000);
    try {
      const late = await checkIn(partyId, students[0].id);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ detail: '체크인 시간(시작 후 3시간)이 지났습니다.' });
      await t.app.sweeper.runOnce();
      const forfeited = await checkIn(partyId, students[1].id);
      expect(forfeited.statusCode).toBe(409);
      expect(forfeited.json()).toEqual({ detail: '노쇼로 처리되어 보증금이 이미 몰수되었습니다.' });
      expect(await returned(students[1].id)).toEqual([]);
    } finally {
      t.clock.advance(-(3 * 3_600_000 + 35 * 60_000));
    }

    const cancelled = await paidParty(t, 2);
    await t.app.inject({ method: 'POST', url: `/api/ops/parties/${cancelled.partyId}/cancel/`, headers: { 'x-ops-token': t.opsToken } });
    expect((await checkIn(cancelled.partyId, cancelled.students[0].id)).json()).toEqual({ detail: '취소된 파티입니다.' });
  });

  it('answers 404 for an unknown party, student or seat, and 401 without the operator token', async () => {
    const { partyId, students } = await paidParty(t, 2);
    const other = await createParty(t);
    expect((await checkIn(999_999, students[0].id)).json()).toEqual({ detail: '파티를 찾을 수 없습니다.' });
    expect((await checkIn(partyId, 999_999)).json()).toEqual({ detail: '회원을 찾을 수 없습니다.' });
    const notThere = await checkIn(other, students[0].id);
    expect(notThere.statusCode).toBe(404);
    expect(notThere.json()).toEqual({ detail: '이 파티의 참가자가 아닙니다.' });
    expect((await checkIn(partyId, 0)).statusCode).toBe(404);
    for (const headers of [{}, students[0].auth]) expect((await checkIn(partyId, students[0].id, headers)).statusCode).toBe(401);
    expect(await returned(students[0].id)).toEqual([]);
  });
});
