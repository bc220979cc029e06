import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStudent, createTestApp, multipart, type TestApp, tinyPng, tokenFor } from '../../helpers/test-app';

describe('after-login additional info for Kakao accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const send = async (auth: { authorization: string }, fields: Record<string, string>, card = true) => {
    const body = await multipart(fields, card ? { student_card_image: { bytes: await tinyPng(), name: 'card.png', type: 'image/png' } } : {});
    return t.app.inject({ method: 'POST', url: '/api/mypage/additional/', payload: body.payload, headers: { ...body.headers, ...auth } });
  };

  it('completes the account: school, phone and student card make it a verified student', async () => {
    const kakaoUser = await createStudent(t, { username: 'kakao_11111', phone: null, email: null, school: null, isAdditionalInfoProvided: false });
    const auth = bearer(await tokenFor(t, kakaoUser.id));
    const missing = await send(auth, { school: '', phone: '010-12' }, false);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      school: ['필수 항목입니다.'],
      phone: ['전화번호는 숫자 9~11자리로 입력해 주세요.'],
      student_card_image: ['학생증 사진을 업로드해 주세요.'],
    });
    const other = await createStudent(t);
    expect((await send(auth, { school: '한빛대학교', phone: other.phone! })).json()).toEqual({ phone: ['이미 가입된 전화번호입니다.'] });
    const ok = await send(auth, { school: '한빛대학교', phone: '010-3333-4444', email: 'kakao11111@hanbit.ac.kr' });
    expect(ok.json()).toEqual({ is_additional_info_provided: true });
    const me = (await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: auth })).json();
    expect(me.is_additional_info_provided).toBe(true);
  });
});
