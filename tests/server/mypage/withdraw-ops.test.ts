import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parties } from '../../../src/server/db/schema/parties';
import { pointLedger } from '../../../src/server/db/schema/points';
import { extraSettings, users } from '../../../src/server/db/schema/users';
import { uploadCount } from '../../helpers/stored-uploads';
import { decideCard } from '../../helpers/student-cards';
import { bearer, createParty, createTestApp, loginAs, multipart, type TestApp, tinyPng } from '../../helpers/test-app';

describe('account withdrawal and operator points / student cards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function signedUp(username: string) {
    const body = await multipart(
      { username, password: 'withdraw-pass1', password2: 'withdraw-pass1', name: '떠날사람', email: `${username}@hanbit.ac.kr`, phone: `0109${String(Date.now()).slice(-7)}`, school: '한빛대학교', privacy_policy_version: '1' },
      { student_card_image: { bytes: await tinyPng(), name: 'card.png', type: 'image/png' } },
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/signup/auth/signup/', ...body });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    // An operator approves the card, so the student may join (issue 16).
    const approved = await decideCard(t, id, 'approve');
    expect(approved.statusCode).toBe(200);
    return { id, tokens: await loginAs(t, username, 'withdraw-pass1') };
  }

  it('shows a student card to operators only', async () => {
    const { id } = await signedUp('card_check');
    expect((await t.app.inject({ method: 'GET', url: `/api/ops/users/${id}/student-card/` })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: `/api/ops/users/${id}/student-card/`, headers: { 'x-ops-token': t.opsToken } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('grants and takes points through the ledger, never below zero', async () => {
    const { id } = await signedUp('points_check');
    const ops = (payload: object) => t.app.inject({ method: 'POST', url: `/api/ops/users/${id}/points/`, headers: { 'x-ops-token': t.opsToken }, payload });
    expect((await ops({ amount: 500, reason: '이벤트 당첨' })).json()).toEqual({ user: id, points: 10_500 });
    expect((await ops({ amount: -20_000, reason: '회수' })).json()).toEqual({ amount: ['포인트는 0 아래로 내려갈 수 없습니다.'] });
    expect((await ops({ amount: 0, reason: 'x' })).statusCode).toBe(400);
    const rows = await t.database.db.select().from(pointLedger).where(eq(pointLedger.userId, id));
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([['welcome', 10_000], ['operator_grant', 500]]);
  });

  it('closes the account: refunds upcoming seats, deletes personal data and photos, ends every session', async () => {
    const { id, tokens } = await signedUp('leaving_soon');
    const auth = bearer(tokens.access);
    await t.app.inject({ method: 'POST', url: '/api/mypage/extra-settings/me/', headers: auth, payload: { grade: '1학년', college: '공과대학', personality: '활발한', mbti: 'ENFP' } });
    const photo = await multipart({ intro: '곧 떠나요' }, { profile_image: { bytes: await tinyPng(), name: 'me.png', type: 'image/png' } });
    await t.app.inject({ method: 'PATCH', url: '/api/mypage/profile/', payload: photo.payload, headers: { ...photo.headers, ...auth } });
    const partyId = await createParty(t, { hoursFromNow: 3, deposit: 2500 });
    const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: auth });
    await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: auth, payload: { payment_method: 'POINT' } });
    const filesBefore = await uploadCount(t);

    const wrong = await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: auth, payload: { password: 'nope' } });
    expect(wrong.json()).toEqual({ password: ['비밀번호가 일치하지 않습니다.'] });
    const res = await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: auth, payload: { password: 'withdraw-pass1' } });
    expect(res.json()).toEqual({ detail: '회원 탈퇴가 완료되었습니다.', cancelled_parties: 1 });

    const [u] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(u).toMatchObject({ name: '탈퇴한 회원', email: null, phone: null, school: null, intro: '', profileImage: null, studentCardPath: null, passwordHash: null, points: 10_000 });
    expect(u.username).toBe(`deleted_${id}`);
    expect(u.deletedAt).not.toBeNull();
    expect(await t.database.db.select().from(extraSettings).where(eq(extraSettings.userId, id))).toHaveLength(0);
    expect(await uploadCount(t)).toBe(filesBefore - 2); // the photo and the student card
    const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
    expect(party.appliedCount).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/signup/auth/refresh/', payload: { refresh: tokens.refresh } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/signup/auth/login/', payload: { username: 'leaving_soon', password: 'withdraw-pass1' } })).statusCode).toBe(400);
    // The username, email and phone are free again.
    await signedUp('leaving_soon');
  });
});
