import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REUSE_GRACE_MS } from '../../../src/server/auth/refresh-tokens';
import { bearer, createStudent, createTestApp, loginAs, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const LOGIN = '/api/signup/auth/login/';
const REFRESH = '/api/signup/auth/refresh/';
const MAIN = '/api/mypage/main/';

describeEachDb('login, access and refresh tokens', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const refresh = (token: string) => t.app.inject({ method: 'POST', url: REFRESH, payload: { refresh: token } });

  it('logs in with the right password and the token opens my page', async () => {
    const s = await createStudent(t, { name: '김하늘' });
    const tokens = await loginAs(t, s.username);
    const res = await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(tokens.access) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, username: s.username, name: '김하늘', points: 10_000, warnings: 0, participation_count: 0 });
  });

  it('refuses a wrong password or an unknown username with the same Korean message', async () => {
    const s = await createStudent(t);
    for (const payload of [
      { username: s.username, password: 'wrong-password' },
      { username: 'nobody_here', password: 'password123' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: LOGIN, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: '아이디 또는 비밀번호가 일치하지 않습니다.' });
    }
  });

  it('asks for both fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { username: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ username: ['필수 항목입니다.'], password: ['필수 항목입니다.'] });
  });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    const s = await createStudent(t);
    const { access } = await loginAs(t, s.username);
    expect((await t.app.inject({ method: 'GET', url: MAIN })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(access.slice(0, -3) + 'abc') })).statusCode).toBe(401);
    t.clock.advance(29 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(access) })).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const expired = await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(access) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().detail).toBe('인증 정보가 올바르지 않습니다. 다시 로그인해 주세요.');
  });

  it('rotates the refresh token: each one works once and gives a new pair', async () => {
    const s = await createStudent(t);
    const first = await loginAs(t, s.username);
    const res = await refresh(first.refresh);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(second.access) })).statusCode).toBe(200);
    expect((await refresh(second.refresh)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token comes back later', async () => {
    const s = await createStudent(t);
    const first = await loginAs(t, s.username);
    const second = (await refresh(first.refresh)).json();
    t.clock.advance(REUSE_GRACE_MS + 1000);
    expect((await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(second.access) })).statusCode).toBe(200);
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toBe('로그인이 만료되었습니다. 다시 로그인해 주세요.');
    // The thief's reuse also kills the legitimate holder's newer token, and the sign-in's access token at once.
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: MAIN, headers: bearer(second.access) })).statusCode).toBe(401);
    // Another login (another family) is unaffected.
    const other = await loginAs(t, s.username);
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('refuses, without revoking, a token reused within the grace window of a concurrent tab', async () => {
    const s = await createStudent(t);
    const first = await loginAs(t, s.username);
    const results = await Promise.all([refresh(first.refresh), refresh(first.refresh), refresh(first.refresh)]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(2);
    expect((await refresh(ok[0].json().refresh)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token after 14 days', async () => {
    const s = await createStudent(t);
    const { refresh: token } = await loginAs(t, s.username);
    t.clock.advance(14 * 24 * 3_600_000 + 1000);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('refuses a made-up refresh token', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: REFRESH, payload: {} })).statusCode).toBe(400);
  });
});

describe('login rate limits', () => {
  it('limits failed attempts per username from one address, not the owner at an address that has not failed', async () => {
    const t = await createTestApp({ limits: { loginPerUsernamePerMinute: 3 } });
    try {
      const s = await createStudent(t);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({ method: 'POST', url: LOGIN, remoteAddress: '10.0.0.1', payload: { username: s.username, password: 'wrong-password' } });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429]);
      const limited = await t.app.inject({ method: 'POST', url: LOGIN, remoteAddress: '10.0.0.1', payload: { username: s.username, password: 'password123' } });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().detail).toBe('요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const elsewhere = await t.app.inject({ method: 'POST', url: LOGIN, remoteAddress: '10.0.0.2', payload: { username: s.username, password: 'password123' } });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('takes the per-address limit an operator sets (LOGIN_LIMIT_PER_MINUTE: a campus behind one NAT address)', async () => {
    const t = await createTestApp({ env: { LOGIN_LIMIT_PER_MINUTE: '3' } });
    try {
      const codes: number[] = [];
      for (const username of ['aaaa', 'bbbb', 'cccc', 'dddd']) {
        codes.push((await t.app.inject({ method: 'POST', url: LOGIN, payload: { username, password: 'x' } })).statusCode);
      }
      expect(codes).toEqual([400, 400, 400, 429]);
    } finally {
      await t.close();
    }
  });

  it('limits attempts per address across usernames', async () => {
    const t = await createTestApp({ limits: { loginPerIpPerMinute: 2 } });
    try {
      const codes: number[] = [];
      for (const username of ['aaaa', 'bbbb', 'cccc']) {
        codes.push((await t.app.inject({ method: 'POST', url: LOGIN, payload: { username, password: 'x' } })).statusCode);
      }
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await t.close();
    }
  });
});
