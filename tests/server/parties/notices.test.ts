import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';

describe('notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('lists my notifications newest first and marks one read', async () => {
    const partyId = await createParty(t, { title: '알림 파티', deposit: 1000 });
    const [s, other] = await createStudents(t, 2);
    const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    t.clock.advance(1000);
    await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });

    expect((await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: s.auth })).json()).toEqual({ count: 2 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: s.auth })).json();
    expect(list.map((n: { message: string }) => n.message)).toEqual([
      "'알림 파티' 보증금 1,000P 결제가 완료되었습니다. 참가가 확정되었어요!",
      "'알림 파티' 참가 신청이 접수되었습니다. 15분 안에 보증금 1,000P를 결제해 주세요.",
    ]);
    expect(list[0]).toEqual({ id: expect.any(Number), message: expect.any(String), created_at: expect.stringMatching(/Z$/), is_read: false, link: `/partyinfo/${partyId}` });

    expect((await t.app.inject({ method: 'PATCH', url: `/api/notice/${list[0].id}/`, headers: other.auth, payload: { is_read: true } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/notice/${list[0].id}/`, headers: s.auth, payload: { is_read: false } })).statusCode).toBe(400);
    const read = await t.app.inject({ method: 'PATCH', url: `/api/notice/${list[0].id}/`, headers: s.auth, payload: { is_read: true } });
    expect(read.json()).toMatchObject({ id: list[0].id, is_read: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: s.auth })).json()).toEqual({ count: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: other.auth })).json()).toEqual({ count: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/' })).statusCode).toBe(401);
    const again = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: s.auth })).json();
    expect(again.map((n: { is_read: boolean }) => n.is_read)).toEqual([true, false]);
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/', headers: other.auth })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/notice/' })).statusCode).toBe(401);
  });
});
