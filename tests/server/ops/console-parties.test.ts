import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../../src/server/db/schema/community';
import { createParty, createStudent, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { paidParty, toggle } from '../live/live-helpers';

type Summary = { id: number; title: string; phase: string; applied_count: number; paid_count: number; checked_in_count: number; no_show_count: number };
type Auth = { authorization: string };

// The console's party screens: the dashboard, the list and the detail with its attendees. The test clock starts on
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
  const join = async (partyId: number, s: { auth: Auth }) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };

  it('answers 401 without the operator token on every console party route', async () => {
    const partyId = await createParty(t);
    const [student] = await createStudents(t, 1);
    for (const headers of [{}, student.auth]) {
      expect((await get('/api/ops/dashboard/', headers)).statusCode).toBe(401);
      expect((await get('/api/ops/parties/', headers)).statusCode).toBe(401);
      expect((await get(`/api/ops/parties/${partyId}/`, headers)).statusCode).toBe(401);
    }
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
});
