import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createStudent, createTestApp, loginAs, type TestApp } from '../../helpers/test-app';

// The my page answers are written from their declared schemas (src/shared/mypage-contract.ts): every field the
// client reads is there, with its value, and nothing else of the user row (no email, phone, password hash) goes out.
describe('my page answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers exactly the fields of my page, the profile and the extra settings', async () => {
    const s = await createStudent(t, { intro: '안녕하세요' });
    const auth = bearer((await loginAs(t, s.username)).access);
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: auth })).json();
    const extra = { grade: '3학년', college: '공과대학', personality: '활발한', mbti: 'ENFP' };
    const saved = await t.app.inject({ method: 'POST', url: '/api/mypage/extra-settings/me/', headers: auth, payload: { extra } });
    const parts = { i_e: 'E', n_s: 'N', f_t: 'F', p_j: 'P' };
    const settings = { ...extra, mbti_ie: 'E', mbti_ns: 'N', mbti_ft: 'F', mbti_pj: 'P', extra: { ...extra, mbti: parts } };
    expect(saved.json()).toEqual(settings);
    expect(await get('/api/mypage/extra-settings/me/')).toEqual(settings);
    expect(await get('/api/mypage/profile/')).toEqual({ username: s.username, name: s.name, intro: '안녕하세요', profile_image: null });
    expect(await get('/api/mypage/main/')).toEqual({
      id: s.id,
      username: s.username,
      name: s.name,
      intro: '안녕하세요',
      points: 10_000,
      profile_image: null,
      grade: '3학년',
      college: '공과대학',
      personality: '활발한',
      mbti: parts,
      participation_count: 0,
      warnings: 0,
      is_additional_info_provided: true,
      verification_status: 'approved',
      verification_reason: null,
      has_extra_settings: true,
      suspension: null,
    });
    expect(await get('/api/mypage/history/')).toEqual([]);
  });
});
