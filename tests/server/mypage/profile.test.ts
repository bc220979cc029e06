import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bearer, createStudent, createTestApp, loginAs, multipart, type TestApp, tinyPng } from '../../helpers/test-app';
import { paidParty, toggle } from '../live/live-helpers';

describe('my page, profile and extra settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  // A multipart body plus the student's token in one set of headers.
  const form = (auth: { authorization: string }, body: { payload: Buffer; headers: Record<string, string> }) => ({
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  const main = async (auth: { authorization: string }) => (await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: auth })).json();

  it('shows points, participations and warnings through a join → pay → check-in cycle', async () => {
    const { partyId, students } = await paidParty(t, 2, { deposit: 3000 });
    const s = students[0];
    expect(await main(s.auth)).toMatchObject({ points: 7000, participation_count: 1, warnings: 0 });
    await toggle(t, partyId, s.auth);
    expect(await main(s.auth)).toMatchObject({ points: 10_000, participation_count: 1 });
  });

  it('changes the password: the new one logs in, the old one does not, other sessions end', async () => {
    const s = await createStudent(t);
    const first = await loginAs(t, s.username);
    const other = await loginAs(t, s.username);
    const short = await t.app.inject({ method: 'POST', url: '/api/mypage/profile/', headers: bearer(first.access), payload: { new_password: 'short', new_password2: 'short' } });
    expect(short.json()).toEqual({ new_password: ['비밀번호는 8자 이상 입력해 주세요.'] });
    const mismatch = await t.app.inject({ method: 'POST', url: '/api/mypage/profile/', headers: bearer(first.access), payload: { new_password: 'brand-new-pass', new_password2: 'brand-new-pasS' } });
    expect(mismatch.json()).toEqual({ new_password2: ['새 비밀번호가 일치하지 않습니다.'] });
    const ok = await t.app.inject({ method: 'POST', url: '/api/mypage/profile/', headers: bearer(first.access), payload: { new_password: 'brand-new-pass', new_password2: 'brand-new-pass' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ detail: '비밀번호가 변경되었습니다.', access: expect.any(String), refresh: expect.any(String) });
    expect((await t.app.inject({ method: 'POST', url: '/api/signup/auth/login/', payload: { username: s.username, password: 'password123' } })).statusCode).toBe(400);
    await loginAs(t, s.username, 'brand-new-pass');
    expect((await t.app.inject({ method: 'POST', url: '/api/signup/auth/refresh/', payload: { refresh: other.refresh } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/signup/auth/refresh/', payload: { refresh: ok.json().refresh } })).statusCode).toBe(200);
  });

  it('saves the intro and a new photo, resized, and removes the old photo file', async () => {
    const s = await createStudent(t);
    const auth = bearer((await loginAs(t, s.username)).access);
    const big = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#ffcc00' } }).jpeg().toBuffer();
    const first = await t.app.inject({ method: 'PATCH', url: '/api/mypage/profile/', ...form(auth, await multipart({ intro: '안녕하세요! 보드게임 좋아해요' }, { profile_image: { bytes: big, name: 'me.jpg', type: 'image/jpeg' } })) });
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().profile_image as string;
    expect(firstUrl).toMatch(/^\/media\/avatars\/.+\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(512);

    const second = await t.app.inject({ method: 'PATCH', url: '/api/mypage/profile/', ...form(auth, await multipart({ intro: '바뀐 소개' }, { profile_image: { bytes: await tinyPng(), name: 'me2.png', type: 'image/png' } })) });
    const secondUrl = second.json().profile_image as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect(existsSync(join(t.storage.publicDir, firstUrl.slice('/media/'.length)))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    expect(await main(auth)).toMatchObject({ intro: '바뀐 소개', profile_image: secondUrl });

    const introOnly = await t.app.inject({ method: 'PATCH', url: '/api/mypage/profile/', ...form(auth, await multipart({ intro: '사진은 그대로' })) });
    expect(introOnly.json()).toEqual({ intro: '사진은 그대로', profile_image: secondUrl });
    const notImage = await t.app.inject({ method: 'PATCH', url: '/api/mypage/profile/', ...form(auth, await multipart({ intro: 'x' }, { profile_image: { bytes: Buffer.from('<svg onload=alert(1)>'), name: 'x.png', type: 'image/png' } })) });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().profile_image).toEqual(['JPEG, PNG, WebP 형식의 사진만 올릴 수 있습니다.']);
  });

  it('saves extra settings in both MBTI forms and shows them on my page', async () => {
    const s = await createStudent(t);
    const auth = bearer((await loginAs(t, s.username)).access);
    const url = '/api/mypage/extra-settings/me/';
    expect((await t.app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(404);
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: auth,
      payload: { extra: { grade: '3학년', college: '공과대학', personality: '활발한', mbti: { i_e: 'E', n_s: 'N', f_t: 'F', p_j: 'P' } } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ mbti: 'ENFP', mbti_ie: 'E', extra: { grade: '3학년', mbti: { i_e: 'E', n_s: 'N', f_t: 'F', p_j: 'P' } } });
    const patched = await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { grade: '휴학생', college: '경영대학', personality: '차분한', mbti: 'istj' } });
    expect(patched.json()).toMatchObject({ grade: '휴학생', mbti: 'ISTJ' });
    const flat = await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { grade: '4학년', college: '예술대학', personality: '다정한', mbti_ie: 'I', mbti_ns: 'N', mbti_ft: 'F', mbti_pj: 'J' } });
    expect(flat.json().mbti).toBe('INFJ');
    expect(await main(auth)).toMatchObject({ grade: '4학년', college: '예술대학', personality: '다정한', mbti: { i_e: 'I', n_s: 'N', f_t: 'F', p_j: 'J' } });
    const bad = await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { grade: '7학년', college: '공과대학', personality: '활발한', mbti: 'XXXX' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().grade).toEqual(['학년을 선택해 주세요.']);
    expect(bad.json().mbti).toBeDefined();
  });
});
