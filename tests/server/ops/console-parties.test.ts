import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { reports } from '../../../src/server/db/schema/community';
import { notifications } from '../../../src/server/db/schema/notifications';
import { createParty, createStudent, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { paidParty, toggle } from '../live/live-helpers';
import { createOperator, signIn } from './operator-helpers';

type Summary = { id: number; title: string; phase: string; applied_count: number; paid_count: number; checked_in_count: number; no_show_count: number };
type Auth = { authorization: string };

// The console's party screens: the dashboard, the list, the detail with its attendees, and the edit with the rules the
// server enforces (seats, deposit, time), its audit row and the students' notice. The test clock starts on
// 2026-03-02 10:00 in Seoul.
describe('operator console: parties', () => {
  let t: TestApp;
  let ops: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ops = { 'x-ops-token': t.opsToken };
  });
  afterAll(() => t?.close());

  const get = (url: string, headers = ops) => t.app.inject({ method: 'GET', url, headers });
  const patch = (partyId: number, payload: unknown, headers = ops) => t.app.inject({ method: 'PATCH', url: `/api/ops/parties/${partyId}/`, headers, payload: payload as object });
  const join = async (partyId: number, s: { auth: Auth }) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const pay = async (participationId: number, s: { auth: Auth }) =>
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${participationId}/`, headers: s.auth, payload: { payment_method: 'POINT' } })).statusCode).toBe(200);
  // The console's edits of a party (its creation and cancel have rows of their own).
  const auditOf = (partyId: number) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'party.update'), eq(auditLog.targetId, partyId))).orderBy(auditLog.id);

  it('answers 401 without the operator token on every console party route', async () => {
    const partyId = await createParty(t);
    const [student] = await createStudents(t, 1);
    for (const headers of [{}, student.auth]) {
      expect((await get('/api/ops/dashboard/', headers)).statusCode).toBe(401);
      expect((await get('/api/ops/parties/', headers)).statusCode).toBe(401);
      expect((await get(`/api/ops/parties/${partyId}/`, headers)).statusCode).toBe(401);
      expect((await patch(partyId, { title: '몰래 수정' }, headers)).statusCode).toBe(401);
    }
    expect(await auditOf(partyId)).toEqual([]);
  });

  describe('the dashboard', () => {
    it("lists today's parties (campus time) with seats, payments, check-ins and no-shows, the week ahead, and the queues", async () => {
      const day = t.clock.now();
      // 10:20 today: three paid, one on standby (checked in); one more joined but never paid.
      const { partyId: morning, students } = await paidParty(t, 3, { minutesFromNow: 20, max: 6 });
      expect((await toggle(t, morning, students[0].auth)).statusCode).toBe(200);
      const [unpaid] = await createStudents(t, 1);
      await join(morning, unpaid);
      const evening = await createParty(t, { hoursFromNow: 9, title: '저녁 파티' }); // 19:00 today
      const cancelledToday = await createParty(t, { hoursFromNow: 8, title: '취소된 파티' });
      expect((await t.app.inject({ method: 'POST', url: `/api/ops/parties/${cancelledToday}/cancel/`, headers: ops })).statusCode).toBe(200);
      const tomorrow = await createParty(t, { hoursFromNow: 26 });
      const nextMonth = await createParty(t, { hoursFromNow: 24 * 10 });
      const yesterday = await createParty(t, { hoursFromNow: -20 });
      // Two students wait for verification (a withdrawn one does not count); one report waits.
      await createStudent(t, { verificationStatus: 'pending' });
      await createStudent(t, { verificationStatus: 'pending' });
      await createStudent(t, { verificationStatus: 'pending', deletedAt: day });
      await createStudent(t, { verificationStatus: 'rejected' });
      await t.database.db.insert(reports).values({ partyId: morning, reporterId: students[1].id, reportedUserId: students[2].id, category: 'OTHER', content: '신고' });

      // 14:00: the morning party's standby window (until 13:20) has closed; the sweeper has released the unpaid hold
      // and forfeited the two no-shows' deposits.
      t.clock.advance(4 * 3_600_000);
      expect(await t.app.sweeper.runOnce()).toMatchObject({ noShows: 2 });
      const res = await get('/api/ops/dashboard/');
      expect(res.statusCode).toBe(200);
      const body = res.json() as { day: string; today: Summary[]; upcoming: Summary[]; pending_verifications: number; pending_reports: number };
      expect(body.day).toBe('2026-03-02');
      const today = new Map(body.today.map((p) => [p.id, p]));
      expect(today.get(morning)).toMatchObject({ phase: 'finished', applied_count: 3, paid_count: 3, checked_in_count: 1, no_show_count: 2 });
      expect(today.get(evening)).toMatchObject({ title: '저녁 파티', phase: 'upcoming', paid_count: 0, no_show_count: 0 });
      expect(today.get(cancelledToday)).toMatchObject({ phase: 'cancelled', applied_count: 0 });
      expect([...today.keys()]).not.toContain(yesterday);
      const upcoming = body.upcoming.map((p) => p.id);
      expect(upcoming).toContain(tomorrow);
      expect(upcoming).not.toContain(nextMonth);
      expect(upcoming).not.toContain(evening);
      expect(body.pending_verifications).toBe(2);
      expect(body.pending_reports).toBe(1);
      t.clock.set(day);
    });
  });

  describe('the list and the detail', () => {
    it('lists from today by default, filtered by from, to and status, with place and tags', async () => {
      const a = await createParty(t, { hoursFromNow: 50, tags: ['보드게임', '친목'] });
      const b = await createParty(t, { hoursFromNow: 74 });
      await t.app.inject({ method: 'POST', url: `/api/ops/parties/${b}/cancel/`, headers: ops });
      const old = await createParty(t, { hoursFromNow: -48 });
      const ids = async (query: string) => ((await get(`/api/ops/parties/${query}`)).json() as Summary[]).map((p) => p.id);

      const all = (await get('/api/ops/parties/')).json() as (Summary & { place: { name: string }; tags: string[] })[];
      expect(all.find((p) => p.id === a)).toMatchObject({ place: { name: expect.any(String) }, tags: ['보드게임', '친목'], status: 'open' });
      expect(all.map((p) => p.id)).not.toContain(old);
      const from = new Date(t.clock.now().getTime() + 49 * 3_600_000).toISOString();
      const to = new Date(t.clock.now().getTime() + 51 * 3_600_000).toISOString();
      expect(await ids(`?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).toEqual([a]);
      expect(await ids('?status=cancelled')).toContain(b);
      expect(await ids('?status=cancelled')).not.toContain(a);
      expect(await ids(`?from=${encodeURIComponent('2026-02-25T00:00:00+09:00')}`)).toContain(old);

      const bad = await get('/api/ops/parties/?from=yesterday&status=done');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['from', 'status']);
    });

    it('shows every live seat with who, payment, deposit, standby and check-in', async () => {
      const { partyId, students } = await paidParty(t, 2, { minutesFromNow: 20, max: 5, deposit: 1200 });
      expect((await toggle(t, partyId, students[0].auth)).statusCode).toBe(200);
      const [pending, gone] = await createStudents(t, 2);
      await join(partyId, pending);
      await join(partyId, gone);
      await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: gone.auth });

      const res = await get(`/api/ops/parties/${partyId}/`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ id: partyId, description: '설명', deposit: 1200, applied_count: 3, paid_count: 2, checked_in_count: 1, phase: 'upcoming' });
      expect(body.attendees).toEqual([
        expect.objectContaining({ user: { id: students[0].id, username: students[0].username, name: expect.any(String) }, status: 'confirmed', paid_amount: 1200, deposit_state: 'returned', is_standby: true, checked_in_at: expect.any(String) }),
        expect.objectContaining({ user: expect.objectContaining({ id: students[1].id }), status: 'confirmed', paid_amount: 1200, deposit_state: 'held', is_standby: false, checked_in_at: null }),
        expect.objectContaining({ user: expect.objectContaining({ id: pending.id }), status: 'pending', paid_amount: null, deposit_state: 'none' }),
      ]);
      expect((await get('/api/ops/parties/999999/')).statusCode).toBe(404);
      expect((await get('/api/ops/parties/abc/')).json()).toEqual({ detail: '파티를 찾을 수 없습니다.' });
    });
  });

  describe('editing', () => {
    it('changes what was sent, records the changed fields before and after, and the public pages show it at once', async () => {
      const partyId = await createParty(t, { hoursFromNow: 72, max: 6, deposit: 1000, title: '원래 제목', tags: ['친목'] });
      // The public list and page are cached for a second; the edit is a write, which empties those caches.
      expect(((await get('/api/homemap/home/', {})).json() as Summary[]).find((p) => p.id === partyId)?.title).toBe('원래 제목');
      expect((await get(`/api/detailview/parties/${partyId}/`, {})).json().title).toBe('원래 제목');

      const res = await patch(partyId, { title: '  새 제목 ', description: '새 설명', max_participants: 8, deposit: 3000, tags: ['보드게임', '친목', '보드게임'] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: partyId, title: '새 제목', description: '새 설명', max_participants: 8, deposit: 3000, tags: ['보드게임', '친목'], attendees: [] });
      expect(((await get('/api/homemap/home/', {})).json() as Summary[]).find((p) => p.id === partyId)?.title).toBe('새 제목');
      expect((await get(`/api/detailview/parties/${partyId}/`, {})).json()).toMatchObject({ title: '새 제목', deposit: 3000, max_participants: 8 });

      const rows = await auditOf(partyId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'party.update',
        actor: 'token',
        operatorId: null,
        before: { title: '원래 제목', description: '설명', max_participants: 6, deposit: 1000, tags: ['친목'] },
        after: { title: '새 제목', description: '새 설명', max_participants: 8, deposit: 3000, tags: ['보드게임', '친목'] },
      });

      // Sending the values it already has changes nothing and records nothing, whatever the order of the tags (and
      // however the database's collation orders Korean and Latin).
      expect((await patch(partyId, { title: '새 제목', tags: ['친목', '보드게임'] })).statusCode).toBe(200);
      expect(await auditOf(partyId)).toHaveLength(1);
      expect((await patch(partyId, { tags: ['abc', '친목', 'Zoom'] })).statusCode).toBe(200);
      expect((await patch(partyId, { tags: ['Zoom', '친목', 'abc'] })).statusCode).toBe(200);
      expect(await auditOf(partyId)).toHaveLength(2);
    });

    it('records the signed-in operator who made the edit', async () => {
      const op = await createOperator(t, `editor_${process.pid % 1000}`);
      const partyId = await createParty(t, { title: '세션 파티' });
      expect((await patch(partyId, { title: '세션으로 바꾼 파티' }, await signIn(t, op.username))).statusCode).toBe(200);
      expect(await auditOf(partyId)).toEqual([
        expect.objectContaining({ operatorId: op.id, actor: op.username, before: { title: '세션 파티' }, after: { title: '세션으로 바꾼 파티' } }),
      ]);
    });

    it('refuses bodies it cannot use, in Korean, field by field', async () => {
      const partyId = await createParty(t);
      const empty = await patch(partyId, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ non_field_errors: ['바꿀 항목을 하나 이상 보내 주세요.'] });
      const unknown = await patch(partyId, { applied_count: 0 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().non_field_errors[0]).toContain('applied_count');
      const bad = await patch(partyId, { title: ' ', max_participants: 1, deposit: -5, start_time: '내일' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        title: ['제목을 입력해 주세요.'],
        max_participants: ['정원은 2~50명이어야 합니다.'],
        deposit: ['보증금은 0~100,000P여야 합니다.'],
        start_time: ['시작 시간은 ISO 8601 형식이어야 합니다.'],
      });
      const past = await patch(partyId, { start_time: new Date(t.clock.now().getTime() - 60_000).toISOString(), place_id: 999_999 });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({ start_time: ['시작 시간은 지금 이후여야 합니다.'], place_id: ['없는 장소입니다.'] });
      expect((await patch(999_999, { title: '없는 파티' })).statusCode).toBe(404);
      expect(await auditOf(partyId)).toEqual([]);
    });

    it('never lowers the seats below those taken, and a join after a lowered maximum finds the party full', async () => {
      const partyId = await createParty(t, { max: 6 });
      const students = await createStudents(t, 4);
      for (const s of students.slice(0, 3)) await join(partyId, s);
      const below = await patch(partyId, { max_participants: 2 });
      expect(below.statusCode).toBe(409);
      expect(below.json()).toEqual({ max_participants: ['이미 3명이 신청해 정원을 3명보다 줄일 수 없습니다.'] });
      expect((await patch(partyId, { max_participants: 3 })).statusCode).toBe(200);
      const late = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: students[3].auth });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ detail: '모집이 마감되었습니다.' });
    });

    it('keeps the deposit once a student has applied, even before paying', async () => {
      const partyId = await createParty(t, { deposit: 1000 });
      const [s] = await createStudents(t, 1);
      await join(partyId, s);
      const res = await patch(partyId, { deposit: 500, title: '함께 바꾸려던 제목' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ deposit: ['신청한 학생이 있어 보증금을 바꿀 수 없습니다. 파티를 취소하고 새로 만들어 주세요.'] });
      // Refused whole: the title did not change either.
      expect((await get(`/api/ops/parties/${partyId}/`)).json()).toMatchObject({ deposit: 1000, title: expect.not.stringContaining('함께') });
    });

    it('moves a paid party only while both times are more than 24 h away, and tells every seat holder of a new time or place', async () => {
      const partyId = await createParty(t, { hoursFromNow: 48, title: '이동할 파티' });
      const [payer, holder] = await createStudents(t, 2);
      await pay(await join(partyId, payer), payer);
      await join(partyId, holder);
      const hours = (h: number) => new Date(t.clock.now().getTime() + h * 3_600_000).toISOString();

      const tooClose = await patch(partyId, { start_time: hours(20) });
      expect(tooClose.statusCode).toBe(409);
      expect(Object.keys(tooClose.json())).toEqual(['start_time']);

      const place = await t.app.inject({ method: 'POST', url: '/api/ops/places/', headers: ops, payload: { name: '새 장소관', x_norm: 0.1, y_norm: 0.2 } });
      const moved = await patch(partyId, { start_time: '2026-03-06T19:30:00+09:00', place_id: place.json().id });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ start_time: '2026-03-06T10:30:00.000Z', place: { id: place.json().id, name: '새 장소관' } });
      for (const s of [payer, holder]) {
        const notes = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, s.id), eq(notifications.kind, 'party_changed')));
        expect(notes.map((n) => n.message)).toEqual(["'이동할 파티' 파티 일정이 바뀌었습니다. 시간: 3월 6일 (금) 19:30 · 장소: 새 장소관"]);
      }
      // A new title alone is not worth a notification.
      await patch(partyId, { title: '이름만 바뀐 파티' });
      const all = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, payer.id), eq(notifications.kind, 'party_changed')));
      expect(all).toHaveLength(1);

      // Within 24 h of its start, a paid party's time stays where it is, even moved later.
      t.clock.set('2026-03-06T00:00:00+09:00');
      expect((await patch(partyId, { start_time: '2026-03-08T19:30:00+09:00' })).statusCode).toBe(409);
      t.clock.set('2026-03-02T10:00:00+09:00');
    });

    it('leaves a started or cancelled party as it is', async () => {
      const started = await createParty(t, { hoursFromNow: -1 });
      const res = await patch(started, { title: '시작 후 수정' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: '이미 시작한 파티는 수정할 수 없습니다.' });
      const cancelled = await createParty(t);
      await t.app.inject({ method: 'POST', url: `/api/ops/parties/${cancelled}/cancel/`, headers: ops });
      expect((await patch(cancelled, { title: '취소 후 수정' })).json()).toEqual({ detail: '취소된 파티는 수정할 수 없습니다.' });
      expect([...(await auditOf(started)), ...(await auditOf(cancelled))]).toEqual([]);
    });
  });
});
