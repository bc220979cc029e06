import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';

describe('party lists and detail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('lists upcoming parties soonest first on home, and with map positions on the map list', async () => {
    const later = await createParty(t, { hoursFromNow: 50, title: '나중 파티', tags: ['음악', '야외'] });
    const sooner = await createParty(t, { hoursFromNow: 5, title: '먼저 파티' });
    const past = await createParty(t, { hoursFromNow: 1, title: '지난 파티' });
    t.clock.advance(2 * 3_600_000);

    const home = (await t.app.inject({ method: 'GET', url: '/api/homemap/home/' })).json();
    const ids = home.map((p: { id: number }) => p.id);
    expect(ids).not.toContain(past);
    expect(ids.indexOf(sooner)).toBeLessThan(ids.indexOf(later));
    const card = home.find((p: { id: number }) => p.id === later);
    expect(card).toEqual({
      id: later,
      title: '나중 파티',
      place_photo: '/art/places/library.webp',
      place_name: expect.any(String),
      start_time: expect.stringMatching(/Z$/),
      applied_count: 0,
      max_participants: 10,
      tags: ['야외', '음악'],
    });

    const map = (await t.app.inject({ method: 'GET', url: '/api/detailview/parties/' })).json();
    expect(map.find((p: { id: number }) => p.id === later)).toMatchObject({ place_x_norm: 0.5, place_y_norm: 0.5, title: '나중 파티' });
  });

  it('shows the detail with description, participations, tags with ids and my own participation', async () => {
    const partyId = await createParty(t, { title: '상세 파티', tags: ['보드게임'] });
    const [a, b] = await createStudents(t, 2);
    const joined = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: a.auth });
    await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: b.auth });

    const asGuest = (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/` })).json();
    expect(asGuest).toMatchObject({
      id: partyId,
      title: '상세 파티',
      description: '설명',
      applied_count: 2,
      deposit: 2000,
      status: 'open',
      place_map: '/art/map/campus.webp',
      tags: [{ id: expect.any(Number), name: '보드게임' }],
      my_participation: null,
    });
    expect(asGuest.participations).toEqual([
      { id: joined.json().id, user: { id: a.id, username: a.username, profile_image: null } },
      { id: expect.any(Number), user: { id: b.id, username: b.username, profile_image: null } },
    ]);
    const asA = (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/`, headers: a.auth })).json();
    // An unpaid seat says how long it is held, so the page can count down 결제 대기 mm:ss.
    expect(asA.my_participation).toEqual({ id: joined.json().id, status: 'pending', hold_expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(Date.parse(asA.my_participation.hold_expires_at)).toBeGreaterThan(t.clock.now().getTime());
  });

  it('answers 304 to an unchanged list and shows a join at once', async () => {
    const partyId = await createParty(t, { title: '캐시 파티' });
    const first = await t.app.inject({ method: 'GET', url: '/api/homemap/home/' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    expect((await t.app.inject({ method: 'GET', url: '/api/homemap/home/', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const [s] = await createStudents(t, 1);
    await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    const after = await t.app.inject({ method: 'GET', url: '/api/homemap/home/', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().find((p: { id: number }) => p.id === partyId).applied_count).toBe(1);
  });

  it('answers every visitor within the second the same list, as JSON, byte for byte with one ETag', async () => {
    await createParty(t, { title: '같은 목록 파티' });
    for (const url of ['/api/homemap/home/', '/api/detailview/parties/']) {
      const [a, b] = [await t.app.inject({ method: 'GET', url }), await t.app.inject({ method: 'GET', url })];
      expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(b.body).toBe(a.body);
      expect(b.headers.etag).toBe(a.headers.etag);
      expect(a.json().some((p: { title: string }) => p.title === '같은 목록 파티')).toBe(true);
    }
  });

  it('answers 404 in Korean for an unknown party', async () => {
    for (const url of ['/api/detailview/parties/424242/', '/api/detailview/parties/nope/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: '파티를 찾을 수 없습니다.' });
    }
  });
});
