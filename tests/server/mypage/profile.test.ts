import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { refreshTokens } from '../../../src/server/db/schema/tokens';
import { users } from '../../../src/server/db/schema/users';
import { openSocket } from '../../helpers/sockets';
import { bearer, createStudent, createStudents, createTestApp, loginAs, multipart, type TestApp, tinyPng } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty, toggle } from '../live/live-helpers';
import { listenOnLoopback } from '../../helpers/listen';
import { storedUploads } from '../../helpers/stored-uploads';

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
    // Paid but not started: not yet a participation (the count is /mypage/history's list, tests/server/mypage/attended).
    expect(await main(s.auth)).toMatchObject({ points: 7000, participation_count: 0, warnings: 0 });
    await toggle(t, partyId, s.auth);
    expect(await main(s.auth)).toMatchObject({ points: 10_000, participation_count: 0 });
    t.clock.advance(15 * 60_000);
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
    expect((await storedUploads(t)).public).not.toContain(firstUrl);
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
    // Spec §7 clients rely on the 404; ours reads my page's flag instead and never asks (issue 17 §3).
    expect((await t.app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(404);
    expect(await main(auth)).toMatchObject({ has_extra_settings: false });
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: auth,
      payload: { extra: { grade: '3학년', college: '공과대학', personality: '활발한', mbti: { i_e: 'E', n_s: 'N', f_t: 'F', p_j: 'P' } } },
    });
    expect(created.statusCode).toBe(201);
    expect(await main(auth)).toMatchObject({ has_extra_settings: true });
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

describeEachDb('password change ends the other sessions at once', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    base = await listenOnLoopback(t.app, 'ws');
  });
  afterAll(() => t?.close());
  const MAIN = '/api/mypage/main/';
  const change = (access: string, password = 'brand-new-pass') =>
    t.app.inject({ method: 'POST', url: '/api/mypage/profile/', headers: bearer(access), payload: { new_password: password, new_password2: password } });
  const status = async (access: string) => (await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(access) })).statusCode;

  it("refuses every access token issued before the change, in the same second too; the fresh pair works", async () => {
    const s = await createStudent(t);
    // The test clock stands still: the old tokens, the change and the fresh pair all carry the same time.
    const here = await loginAs(t, s.username);
    const phone = await loginAs(t, s.username);
    expect(await status(phone.access)).toBe(200);
    const res = await change(here.access);
    expect(res.statusCode).toBe(200);
    const fresh = res.json() as { access: string; refresh: string };

    const refused = await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(phone.access) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: '인증 정보가 올바르지 않습니다. 다시 로그인해 주세요.' });
    expect(await status(here.access)).toBe(401);
    expect(await status(fresh.access)).toBe(200);
    // Refreshing the fresh pair, and a new login with the new password, keep working.
    const rotated = await t.app.inject({ method: 'POST', url: '/api/signup/auth/refresh/', payload: { refresh: fresh.refresh } });
    expect(rotated.statusCode).toBe(200);
    expect(await status(rotated.json().access)).toBe(200);
    expect(await status((await loginAs(t, s.username, 'brand-new-pass')).access)).toBe(200);
    // The phone's refresh token was revoked with the change.
    expect((await t.app.inject({ method: 'POST', url: '/api/signup/auth/refresh/', payload: { refresh: phone.refresh } })).statusCode).toBe(401);
  });

  it('refuses an old token at the websocket handshake with 4401', async () => {
    const { partyId, students } = await paidParty(t, 2);
    const [s] = students;
    const old = s.auth.authorization.slice('Bearer '.length);
    const before = await openSocket(`${base}/ws/party/${partyId}/?token=${old}`);
    await before.waitFor((m) => m.type === 'send_standby_update');
    before.ws.close(1000);
    const res = await change(old);
    expect(res.statusCode).toBe(200);
    expect(await (await openSocket(`${base}/ws/party/${partyId}/?token=${old}`)).closed).toBe(4401);
    const fresh = await openSocket(`${base}/ws/party/${partyId}/?token=${res.json().access}`);
    await fresh.waitFor((m) => m.type === 'send_standby_update');
    fresh.ws.close(1000);
  });

  it("closes the other sessions' open lobby and game sockets with 4401, and a withdrawal closes every one", async () => {
    const { partyId, students } = await paidParty(t, 2);
    const [s, other] = students;
    const token = (x: { auth: { authorization: string } }) => x.auth.authorization.slice('Bearer '.length);
    const phone = await openSocket(`${base}/ws/party/${partyId}/?token=${token(s)}`);
    const friend = await openSocket(`${base}/ws/party/${partyId}/?token=${token(other)}`);
    await phone.waitFor((m) => m.type === 'send_standby_update');
    await friend.waitFor((m) => m.type === 'send_standby_update');
    const res = await change(token(s));
    expect(res.statusCode).toBe(200);
    expect(await phone.closed).toBe(4401);
    // The fresh session's socket stays open through the friend's withdrawal, which closes only the friend's.
    const fresh = await openSocket(`${base}/ws/party/${partyId}/?token=${res.json().access}`);
    await fresh.waitFor((m) => m.type === 'send_standby_update');
    expect((await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: other.auth, payload: {} })).statusCode).toBe(200);
    expect(await friend.closed).toBe(4401);
    await toggle(t, partyId, bearer(res.json().access));
    await fresh.waitFor((m) => m.type === 'send_standby_update' && m.data.standby_count === 1);
    fresh.ws.close(1000);
  });

  it("stops personalising the public party page for an old token: it sees the guest's view", async () => {
    const { partyId, students } = await paidParty(t, 2);
    const old = students[0].auth.authorization.slice('Bearer '.length);
    const mine = async (access: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/`, headers: bearer(access) })).json().my_participation;
    expect(await mine(old)).toMatchObject({ status: 'confirmed' });
    const res = await change(old);
    expect(res.statusCode).toBe(200);
    expect(await mine(old)).toBeNull();
    expect(await mine(res.json().access)).toMatchObject({ status: 'confirmed' });
  });

  it('leaves no other session alive when refreshes race the change', async () => {
    const s = await createStudent(t);
    const sessions = await Promise.all(Array.from({ length: 8 }, () => loginAs(t, s.username)));
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/signup/auth/refresh/', payload: { refresh: token } });
    const [changed, ...rotations] = await Promise.all([change(sessions[0].access), ...sessions.slice(1).map((x) => refresh(x.refresh))]);
    expect(changed.statusCode).toBe(200);
    for (const r of rotations) {
      if (r.statusCode !== 200) continue;
      // A rotation that won the race still ends with the change: its access token and its new refresh token are dead.
      expect(await status(r.json().access)).toBe(401);
      expect((await refresh(r.json().refresh)).statusCode).toBe(401);
    }
    expect(await status(changed.json().access)).toBe(200);
  });

  it('a change racing a withdrawal never leaves the closed account with a password or a live session', async () => {
    const students = await createStudents(t, 30);
    const withdraw = (s: (typeof students)[number]) => t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: s.auth, payload: {} });
    const answers = await Promise.all(students.flatMap((s) => [change(s.auth.authorization.slice('Bearer '.length)), withdraw(s)]));
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    for (const [i, s] of students.entries()) {
      const [changed, withdrew] = [answers[2 * i], answers[2 * i + 1]];
      const [row] = await t.database.db.select().from(users).where(eq(users.id, s.id));
      const liveSessions = await t.database.db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, s.id), isNull(refreshTokens.revokedAt)));
      if (row.deletedAt) {
        // Closed: nothing of the change survives, and whatever pair it handed out is dead.
        expect(withdrew.statusCode).toBe(200);
        expect(row.passwordHash).toBeNull();
        expect(liveSessions).toEqual([]);
        if (changed.statusCode === 200) expect(await status(changed.json().access)).toBe(401);
        else expect(changed.json()).toEqual({ detail: '인증 정보가 올바르지 않습니다. 다시 로그인해 주세요.' });
      } else {
        // The change went first and ended the session the withdrawal came with (or its new password made the
        // empty confirmation wrong): the account stays open, signed in here with the fresh pair.
        expect(changed.statusCode).toBe(200);
        expect([400, 401]).toContain(withdrew.statusCode);
        expect(await status(changed.json().access)).toBe(200);
      }
    }
  });
});

describeEachDb('profile photo uploads racing each other', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const avatarsStored = async () => (await storedUploads(t)).public.filter((url) => url.startsWith('/media/avatars/'));
  const upload = async (auth: { authorization: string }, colour: string) => {
    const bytes = await sharp({ create: { width: 24, height: 24, channels: 3, background: colour } }).png().toBuffer();
    const body = await multipart({ intro: colour }, { profile_image: { bytes, name: 'me.png', type: 'image/png' } });
    return t.app.inject({ method: 'PATCH', url: '/api/mypage/profile/', payload: body.payload, headers: { ...body.headers, ...auth } });
  };
  const photoOf = async (userId: number) => (await t.database.db.select({ p: users.profileImage }).from(users).where(eq(users.id, userId)))[0].p;

  it('10 concurrent uploads leave exactly one file: the one the user row names', async () => {
    const [s] = await createStudents(t, 1);
    const colours = Array.from({ length: 10 }, (_, i) => `#${(0x102030 + i * 0x0a0b0c).toString(16).padStart(6, '0')}`);
    const results = await Promise.all(colours.map((c) => upload(s.auth, c)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const named = await photoOf(s.id);
    expect(named).toMatch(/^\/media\/avatars\/.+\.jpg$/);
    expect(await avatarsStored()).toEqual([named]);
    expect((await t.app.inject({ method: 'GET', url: named! })).statusCode).toBe(200);
    // The intro is the one of the upload whose photo won.
    const winner = results.find((r) => r.json().profile_image === named)!;
    expect((await t.app.inject({ method: 'GET', url: '/api/mypage/profile/', headers: s.auth })).json()).toMatchObject({ intro: winner.json().intro, profile_image: named });
    // Clean up for the next test's count.
    await t.storage.removePublic(named!);
    await t.database.db.update(users).set({ profileImage: null }).where(eq(users.id, s.id));
  });

  it('uploads racing the account being closed leave only the file the row names (or none)', async () => {
    const [s] = await createStudents(t, 1);
    const uploads = Array.from({ length: 6 }, (_, i) => upload(s.auth, `#4${i}8${i}c${i}`));
    const close = t.database.db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, s.id));
    const [results] = await Promise.all([Promise.all(uploads), close]);
    for (const r of results) expect([200, 401]).toContain(r.statusCode);
    const named = await photoOf(s.id);
    expect(await avatarsStored()).toEqual(named ? [named] : []);
    // After the closure every upload is refused and stores nothing.
    const late = await upload(s.auth, '#000000');
    expect(late.statusCode).toBe(401);
    expect(await avatarsStored()).toEqual(named ? [named] : []);
  });
});
