import { afterAll, beforeAll, expect, it } from 'vitest';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

// The test clock starts on Monday 2026-03-02 10:00 in Seoul: 이번 주 runs to Sunday 03-08 24:00.
describeEachDb('home and map list filters', (kind) => {
  let t: TestApp;
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ kind });
    id.soccer = await createParty(t, { hoursFromNow: 3, title: '아침 축구', tags: ['운동'], max: 2 }); // Mon 13:00
    id.board = await createParty(t, { hoursFromNow: 15, title: '심야 보드게임', tags: ['보드게임', '친목'] }); // Tue 01:00
    id.sale = await createParty(t, { hoursFromNow: 100, title: '100%_할인 모임', tags: ['친목'] }); // Fri 14:00
    id.sunday = await createParty(t, { hoursFromNow: 150, title: '일요일 산책', tags: ['Outdoor'] }); // Sun 16:00
    // Another place, named in the search only.
    const ops = { 'x-ops-token': t.opsToken };
    const place = await t.app.inject({ method: 'POST', url: '/api/ops/places/', headers: ops, payload: { name: '공학관 라운지', x_norm: 0.2, y_norm: 0.3 } });
    const nextWeek = new Date(t.clock.now().getTime() + 170 * 3_600_000).toISOString(); // next Mon 12:00
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ops/parties/',
      headers: ops,
      payload: { title: '스터디', place_id: place.json().id, start_time: nextWeek, max_participants: 4, deposit: 0, tags: ['공부'] },
    });
    id.study = res.json().id;
    // The soccer party is full: one paid seat and one awaiting payment (held seats count, seats.ts).
    const [a, b] = await createStudents(t, 2);
    await t.app.inject({ method: 'POST', url: `/api/reserve/join/${id.soccer}/`, headers: a.auth });
    await t.app.inject({ method: 'POST', url: `/api/reserve/join/${id.soccer}/`, headers: b.auth });
  });
  afterAll(() => t?.close());

  const list = async (query: string, path = '/api/homemap/home/') => {
    const res = await t.app.inject({ method: 'GET', url: `${path}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: number }[]).map((p) => p.id);
  };
  const names = (...keys: string[]) => keys.map((k) => id[k]);

  it('answers every upcoming party soonest first without filters, as before', async () => {
    expect(await list('')).toEqual(names('soccer', 'board', 'sale', 'sunday', 'study'));
    expect(await list('?unknown=1')).toEqual(names('soccer', 'board', 'sale', 'sunday', 'study'));
  });

  it('filters by tag, exactly', async () => {
    expect(await list('?tag=친목')).toEqual(names('board', 'sale'));
    expect(await list(`?tag=${encodeURIComponent('보드')}`)).toEqual([]);
  });

  it('filters by campus day: today, tomorrow, this week to Sunday, a date', async () => {
    expect(await list('?day=today')).toEqual(names('soccer'));
    expect(await list('?day=tomorrow')).toEqual(names('board'));
    expect(await list('?day=week')).toEqual(names('soccer', 'board', 'sale', 'sunday'));
    expect(await list('?day=2026-03-06')).toEqual(names('sale'));
    expect(await list('?day=2026-03-09')).toEqual(names('study'));
    expect(await list('?day=2026-03-01')).toEqual([]);
  });

  it('keeps only parties with a seat left when open=1', async () => {
    expect(await list('?open=1')).toEqual(names('board', 'sale', 'sunday', 'study'));
  });

  it('searches title, place name and tags, case-insensitively, with % and _ taken literally', async () => {
    expect(await list(`?q=${encodeURIComponent('축구')}`)).toEqual(names('soccer'));
    expect(await list(`?q=${encodeURIComponent('공학관')}`)).toEqual(names('study'));
    expect(await list('?q=outdoor')).toEqual(names('sunday'));
    expect(await list(`?q=${encodeURIComponent('보드')}`)).toEqual(names('board'));
    expect(await list(`?q=${encodeURIComponent('%_')}`)).toEqual(names('sale'));
    expect(await list(`?q=${encodeURIComponent('_')}`)).toEqual(names('sale'));
    expect(await list(`?q=${encodeURIComponent('%')}`)).toEqual(names('sale'));
    expect(await list('?q=%20%20')).toEqual(names('soccer', 'board', 'sale', 'sunday', 'study'));
  });

  it('combines filters, on the map list too', async () => {
    expect(await list(`?tag=${encodeURIComponent('친목')}&day=tomorrow`)).toEqual(names('board'));
    expect(await list(`?day=week&open=1&q=${encodeURIComponent('모임')}`)).toEqual(names('sale'));
    expect(await list(`?day=today&open=1`)).toEqual([]);
    expect(await list(`?tag=${encodeURIComponent('공부')}&q=${encodeURIComponent('라운지')}&open=1`, '/api/detailview/parties/')).toEqual(names('study'));
    const map = await t.app.inject({ method: 'GET', url: `/api/detailview/parties/?q=${encodeURIComponent('공학관')}` });
    expect(map.json()[0]).toMatchObject({ place_name: '공학관 라운지', place_x_norm: 0.2, place_y_norm: 0.3 });
  });

  it('refuses bad values with a Korean message per field', async () => {
    const bad = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/homemap/home/${query}` });
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect(await bad('?day=yesterday')).toEqual({ day: ['day는 today, tomorrow, week 또는 YYYY-MM-DD 날짜여야 합니다.'] });
    expect(await bad('?day=2026-02-30')).toEqual({ day: ['day는 today, tomorrow, week 또는 YYYY-MM-DD 날짜여야 합니다.'] });
    expect(await bad('?open=yes')).toEqual({ open: ['open은 1이어야 합니다.'] });
    expect(await bad(`?q=${'가'.repeat(51)}`)).toEqual({ q: ['검색어는 50자 이하여야 합니다.'] });
    expect(await bad(`?tag=${'가'.repeat(21)}&open=2`)).toEqual({ tag: ['태그는 20자 이하여야 합니다.'], open: ['open은 1이어야 합니다.'] });
    expect(await bad('?tag=')).toEqual({ tag: ['태그를 입력해 주세요.'] });
    const map = await t.app.inject({ method: 'GET', url: '/api/detailview/parties/?day=soon' });
    expect(map.statusCode).toBe(400);
  });

  it('lists the tags the upcoming parties carry, for the picker', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/homemap/tags/' });
    expect(res.json()).toEqual(['Outdoor', '공부', '보드게임', '운동', '친목']);
  });
});
