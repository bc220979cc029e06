import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../../src/server/db/seed/seed';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('operator API for places, parties and the demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedIfEmpty(t.database.db, t.clock);
  });
  afterAll(() => t?.close());
  const ops = (url: string, payload?: object, token?: string) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-ops-token': token ?? t.opsToken }, payload });

  it('refuses every call without the operator token', async () => {
    for (const url of ['/api/ops/places/', '/api/ops/parties/', '/api/ops/parties/1/cancel/', '/api/ops/demo/']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: '운영자 토큰이 올바르지 않습니다.' });
    }
  });

  it('creates a place and a party that students then see', async () => {
    const place = await ops('/api/ops/places/', { name: '새 건물', x_norm: 0.25, y_norm: 0.75 });
    expect(place.statusCode).toBe(201);
    const party = await ops('/api/ops/parties/', {
      title: '새 파티',
      description: '어서 오세요',
      place_id: place.json().id,
      start_time: '2026-03-05T19:00:00+09:00',
      max_participants: 6,
      deposit: 1500,
      tags: ['새로움', '새로움', '친목'],
    });
    expect(party.statusCode).toBe(201);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${party.json().id}/` })).json();
    expect(detail).toMatchObject({ title: '새 파티', place_name: '새 건물', deposit: 1500, max_participants: 6, start_time: '2026-03-05T10:00:00.000Z' });
    expect(detail.tags.map((x: { name: string }) => x.name)).toEqual(['새로움', '친목']);
  });

  it('explains bad input field by field', async () => {
    const res = await ops('/api/ops/parties/', { title: '', place_id: 999, start_time: 'tomorrow', max_participants: 1, deposit: -5 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['deposit', 'max_participants', 'start_time', 'title']);
    const dup = await ops('/api/ops/places/', { name: '새 건물', x_norm: 0.1, y_norm: 0.1 });
    expect(dup.json()).toEqual({ name: ['이미 있는 장소 이름입니다.'] });
    expect((await ops('/api/ops/places/', { name: '밖', x_norm: 1.5, y_norm: 0 })).statusCode).toBe(400);
  });

  it('makes a demo party starting in minutes, joined and paid by the demo students', async () => {
    const res = await ops('/api/ops/demo/', { minutes: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json().joined.sort()).toEqual(['student1', 'student2', 'student3', 'student4']);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${res.json().id}/` })).json();
    expect(detail.applied_count).toBe(4);
    expect(new Date(detail.start_time).getTime() - t.clock.now().getTime()).toBe(3 * 60_000);
  });
});
