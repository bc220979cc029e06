import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reports, reviews } from '../../../src/server/db/schema/community';
import { notifications } from '../../../src/server/db/schema/notifications';
import { warnings } from '../../../src/server/db/schema/users';
import { bearer, createStudents, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty } from '../live/live-helpers';

describeEachDb('reviews, reports and operator warnings', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());
  const review = (auth: { authorization: string }, payload: object) => t.app.inject({ method: 'POST', url: '/api/mypage/reviews/', headers: auth, payload });
  const report = (auth: { authorization: string }, payload: object) => t.app.inject({ method: 'POST', url: '/api/mypage/reports/', headers: auth, payload });
  const ops = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { 'x-ops-token': t.opsToken }, payload });
  const fresh = async (s: { id: number }) => bearer(await tokenFor(t, s.id));

  it('takes one review per participant after the start, with ratings 1–5', async () => {
    const { partyId, students } = await paidParty(t, 2);
    const [s] = students;
    const good = { party: partyId, q1_rating: 5, q2_rating: 4, q3_rating: 3, comment: '재밌었어요' };
    const early = await review(s.auth, good);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: '파티가 시작된 후에 리뷰를 남길 수 있습니다.' });
    t.clock.advance(20 * 60_000);
    const auth = await fresh(s);
    const bad = await review(auth, { ...good, q1_rating: 0, q3_rating: 6 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ q1_rating: ['별점은 1~5 사이여야 합니다.'], q3_rating: ['별점은 1~5 사이여야 합니다.'] });
    expect((await review(auth, good)).statusCode).toBe(201);
    const dup = await review(auth, good);
    expect(dup.json()).toEqual({ detail: '이미 리뷰를 남긴 파티입니다.' });
    const [stranger] = await createStudents(t, 1);
    expect((await review(stranger.auth, good)).statusCode).toBe(403);
    expect((await t.database.db.select().from(reviews).where(eq(reviews.partyId, partyId)))).toHaveLength(1);
  });

  it('takes a report about another participant, once, with a category and content', async () => {
    const { partyId, students } = await paidParty(t, 3);
    const [a, b, c] = students;
    const base = { party: partyId, reported_user: b.id, category: 'UNPLEASANT', content: '계속 무례한 말을 했어요' };
    const self = await report(a.auth, { ...base, reported_user: a.id });
    expect(self.json()).toEqual({ non_field_errors: ['자기 자신은 신고할 수 없습니다.'] });
    expect((await report(a.auth, { ...base, category: 'RUDE' })).json()).toEqual({ category: ['신고 유형을 선택해 주세요.'] });
    expect((await report(a.auth, { ...base, content: '   ' })).json()).toEqual({ content: ['신고 내용을 입력해 주세요.'] });
    const [stranger] = await createStudents(t, 1);
    expect((await report(a.auth, { ...base, reported_user: stranger.id })).json()).toEqual({ non_field_errors: ['해당 파티의 참가자가 아닙니다.'] });
    expect((await report(stranger.auth, base)).statusCode).toBe(403);
    const ok = await report(a.auth, base);
    expect(ok.statusCode).toBe(201);
    expect((await report(a.auth, base)).json()).toEqual({ non_field_errors: ['이미 신고한 참가자입니다.'] });
    expect((await report(c.auth, base)).statusCode).toBe(201);
    expect(await t.database.db.select().from(reports).where(eq(reports.partyId, partyId))).toHaveLength(2);
  });

  it('gives exactly one warning when an operator confirms a report, none when dismissed', async () => {
    const { partyId, students } = await paidParty(t, 3);
    const [a, b, c] = students;
    const r1 = (await report(a.auth, { party: partyId, reported_user: b.id, category: 'BAD_PHOTO', content: '사진이 부적절해요' })).json().id;
    const r2 = (await report(c.auth, { party: partyId, reported_user: b.id, category: 'OTHER', content: '그냥요' })).json().id;
    const pending = (await ops('GET', '/api/ops/reports/?status=pending')).json().results;
    expect(pending.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([r1, r2]));
    expect(pending.find((r: { id: number }) => r.id === r1)).toMatchObject({ category: 'BAD_PHOTO', category_label: '부적절한 프로필 사진', reported_user: b.id });

    const results = await Promise.all([ops('POST', `/api/ops/reports/${r1}/resolve/`, { action: 'warn' }), ops('POST', `/api/ops/reports/${r1}/resolve/`, { action: 'warn' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await ops('POST', `/api/ops/reports/${r2}/resolve/`, { action: 'dismiss' })).json()).toEqual({ id: r2, status: 'dismissed' });
    expect(await t.database.db.select().from(warnings).where(eq(warnings.userId, b.id))).toHaveLength(1);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(notes.filter((n) => n.kind === 'warning').map((n) => n.message)).toEqual(['경고를 받았습니다: 신고 확인 (부적절한 프로필 사진)']);
    expect((await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: b.auth })).json().warnings).toBe(1);
    expect((await ops('POST', `/api/ops/reports/${r2}/resolve/`, { action: 'ban' })).statusCode).toBe(400);
  });

  it('lists attended parties in history with whether they were reviewed', async () => {
    const { partyId, students } = await paidParty(t, 2);
    const [s] = students;
    expect((await t.app.inject({ method: 'GET', url: '/api/mypage/history/', headers: s.auth })).json().map((p: { id: number }) => p.id)).not.toContain(partyId);
    t.clock.advance(20 * 60_000);
    const auth = await fresh(s);
    await review(auth, { party: partyId, q1_rating: 5, q2_rating: 5, q3_rating: 5, comment: '' });
    const history = (await t.app.inject({ method: 'GET', url: '/api/mypage/history/', headers: auth })).json();
    expect(history[0]).toMatchObject({ id: partyId, reviewed: true, applied_count: 2, max_participants: 2 });
  });
});
