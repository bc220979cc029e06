import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { paidParty } from '../live/live-helpers';

describe('notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('lists my notifications newest first and marks one read', async () => {
    const partyId = await createParty(t, { title: '알림 파티', deposit: 1000 });
    const laterId = await createParty(t, { title: '다음 파티' });
    const [s, other] = await createStudents(t, 2);
    const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    t.clock.advance(1000);
    await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    // Paid: the ask to pay is answered and the payment is what the student just saw on screen, so nothing rings.
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: s.auth })).json()).toEqual({ count: 0 });
    t.clock.advance(1000);
    await t.app.inject({ method: 'POST', url: `/api/reserve/join/${laterId}/`, headers: s.auth });

    expect((await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: s.auth })).json()).toEqual({ count: 1 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: s.auth })).json();
    expect(list.map((n: { message: string; is_read: boolean }) => [n.message, n.is_read])).toEqual([
      ["'다음 파티' 참가 신청이 접수되었습니다. 15분 안에 보증금 2,000P를 결제해 주세요.", false],
      ["'알림 파티' 보증금 1,000P 결제가 완료되었습니다. 참가가 확정되었어요!", true],
      ["'알림 파티' 참가 신청이 접수되었습니다. 15분 안에 보증금 1,000P를 결제해 주세요.", true],
    ]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      message: expect.any(String),
      created_at: expect.stringMatching(/Z$/),
      is_read: false,
      link: `/partyinfo/${laterId}`,
      party_id: laterId,
      party_title: '다음 파티',
    });

    expect((await t.app.inject({ method: 'PATCH', url: `/api/notice/${list[0].id}/`, headers: other.auth, payload: { is_read: true } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/notice/${list[0].id}/`, headers: s.auth, payload: { is_read: false } })).statusCode).toBe(400);
    const read = await t.app.inject({ method: 'PATCH', url: `/api/notice/${list[0].id}/`, headers: s.auth, payload: { is_read: true } });
    expect(read.json()).toMatchObject({ id: list[0].id, is_read: true, party_id: laterId, party_title: '다음 파티' });
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: s.auth })).json()).toEqual({ count: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: other.auth })).json()).toEqual({ count: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/' })).statusCode).toBe(401);
    const again = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: s.auth })).json();
    expect(again.map((n: { is_read: boolean }) => n.is_read)).toEqual([true, true, true]);
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/', headers: other.auth })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/' })).statusCode).toBe(401);
  });

  it('모두 읽음 marks all my unread notices read, once, and nobody else\'s', async () => {
    const [s, other] = await createStudents(t, 2);
    for (const title of ['첫째 파티', '둘째 파티', '셋째 파티']) {
      const partyId = await createParty(t, { title });
      for (const who of [s, other]) expect((await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: who.auth })).statusCode).toBe(201);
    }
    const readAll = (auth?: { authorization: string }) => t.app.inject({ method: 'POST', url: '/api/notice/read-all/', ...(auth ? { headers: auth } : {}) });
    const unread = async (auth: { authorization: string }) => (await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: auth })).json().count;
    expect(await unread(s.auth)).toBe(3);

    const first = await readAll(s.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ marked: 3 });
    expect(await unread(s.auth)).toBe(0);
    // Again: nothing left to mark, and the same outcome.
    expect((await readAll(s.auth)).json()).toEqual({ marked: 0 });
    expect(await unread(s.auth)).toBe(0);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: s.auth })).json() as { is_read: boolean }[];
    expect(mine.map((n) => n.is_read)).toEqual([true, true, true]);
    expect(await unread(other.auth)).toBe(3);
    expect((await readAll()).statusCode).toBe(401);
  });

  it("a warning stands alone in my list, outside its party's thread, and still leads to the party", async () => {
    const { partyId, students } = await paidParty(t, 2);
    const [reporter, reported] = students;
    const made = await t.app.inject({ method: 'POST', url: '/api/mypage/reports/', headers: reporter.auth, payload: { party: partyId, reported_user: reported.id, category: 'UNPLEASANT', content: '계속 소리를 질렀어요' } });
    expect(made.statusCode).toBe(201);
    t.clock.advance(1000);
    const warned = await t.app.inject({ method: 'POST', url: `/api/ops/reports/${made.json().id}/resolve/`, headers: { 'x-ops-token': t.opsToken }, payload: { action: 'warn' } });
    expect(warned.statusCode).toBe(200);

    const list = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: reported.auth })).json() as { message: string; link: string; party_id: number | null; party_title: string | null }[];
    expect(list[0]).toMatchObject({ message: '경고를 받았습니다: 신고 확인 (파티 중 불쾌감 조성)', link: `/partyinfo/${partyId}`, party_id: null, party_title: null });
    // The party's own news stays in its thread.
    expect(list.slice(1).length).toBeGreaterThan(0);
    expect(list.slice(1).every((n) => n.party_id === partyId)).toBe(true);
  });
});
