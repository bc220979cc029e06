import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent, createTestApp, type TestApp } from '../../helpers/test-app';
import { twoInstancesCountingInRedis } from '../../helpers/two-instances';

const LOGIN = '/api/signup/auth/login/';
const KAKAO = '/api/signup/auth/kakao/';
const TOO_MANY = { detail: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' };

const login = (t: TestApp, remoteAddress: string, username: string, password: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: LOGIN, remoteAddress, payload: { username, password }, headers: cookie ? { cookie } : {} });

/** An address no other test run uses: with REDIS_URL the counters outlive the app, and runs may overlap. */
const freshAddress = () => `10.${[...randomBytes(3)].join('.')}`;

describe('login lockout: strangers cannot lock out the owner', () => {
  it('50 wrong passwords from A limit A, while the right password from B signs in', async () => {
    const t = await createTestApp({ limits: { loginPerUsernamePerMinute: 10 } });
    try {
      const s = await createStudent(t);
      // B is the owner's phone: it signed in before, so it holds the account's device cookie.
      const before = await login(t, '10.1.0.2', s.username, s.password);
      const phone = (before.headers['set-cookie'] as string).split(';')[0];
      const codes: number[] = [];
      for (let i = 0; i < 50; i++) codes.push((await login(t, '10.1.0.1', s.username, `wrong-${i}`)).statusCode);
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(codes.slice(10)).toEqual(Array(40).fill(429));
      const atA = await login(t, '10.1.0.1', s.username, s.password);
      expect(atA.statusCode).toBe(429);
      expect(atA.json()).toEqual(TOO_MANY);
      const atB = await login(t, '10.1.0.2', s.username, s.password, phone);
      expect(atB.statusCode).toBe(200);
      expect(atB.json()).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    } finally {
      await t.close();
    }
  });

  it('never counts successful logins', async () => {
    const t = await createTestApp({ limits: { loginPerUsernamePerMinute: 2, loginFailuresPerAccount: 2 } });
    try {
      const s = await createStudent(t);
      for (let i = 0; i < 6; i++) expect((await login(t, '10.2.0.1', s.username, s.password)).statusCode).toBe(200);
      expect((await login(t, '10.2.0.1', s.username, 'wrong')).statusCode).toBe(400);
      expect((await login(t, '10.2.0.1', s.username, s.password)).statusCode).toBe(200);
      expect((await login(t, '10.2.0.1', s.username, 'wrong')).statusCode).toBe(400);
      expect((await login(t, '10.2.0.1', s.username, s.password)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('counts a username the same whatever its case or surrounding spaces', async () => {
    const t = await createTestApp({ limits: { loginPerUsernamePerMinute: 2 } });
    try {
      const s = await createStudent(t);
      expect((await login(t, '10.4.0.1', s.username.toUpperCase(), 'wrong')).statusCode).toBe(400);
      expect((await login(t, '10.4.0.1', ` ${s.username} `, 'wrong')).statusCode).toBe(400);
      expect((await login(t, '10.4.0.1', s.username, s.password)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('Kakao sign-in is limited per address like signup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: { signupPerIpPerHour: 2 } });
  });
  afterAll(() => t?.close());

  it('answers 429 to the third sign-in from one address within the hour, not to another address', async () => {
    // A redirect_uri that is not allowed is refused after the limiter has counted the attempt, without calling Kakao.
    const payload = { code: 'some-code', redirect_uri: 'https://evil.example/oauth/kakao/callback' };
    const from = (remoteAddress: string) => t.app.inject({ method: 'POST', url: KAKAO, remoteAddress, payload });
    expect((await from('10.5.0.1')).statusCode).toBe(400);
    expect((await from('10.5.0.1')).statusCode).toBe(400);
    const limited = await from('10.5.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.5.0.2')).statusCode).toBe(400);
  });

  it("limits the stand-in's consent form (which mints codes) per address as well", async () => {
    const consent = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/kakao/stand-in/oauth/authorize',
        remoteAddress,
        headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ redirect_uri: 'http://localhost:3000/oauth/kakao/callback', nickname: '한빛새내기', action: 'consent' }).toString(),
      });
    expect((await consent('10.6.0.1')).statusCode).toBe(302);
    expect((await consent('10.6.0.1')).statusCode).toBe(302);
    expect((await consent('10.6.0.1')).statusCode).toBe(429);
    expect((await consent('10.6.0.2')).statusCode).toBe(302);
  });
});

const redisUrl = process.env.REDIS_URL;
(redisUrl ? describe : describe.skip)(`limits shared by two instances through Redis${redisUrl ? '' : ' — skipped: REDIS_URL is not set'}`, () => {
  let a: TestApp;
  let b: TestApp;
  const pair = twoInstancesCountingInRedis('limits', { loginPerIpPerMinute: 5, loginPerUsernamePerMinute: 3, signupPerIpPerHour: 3 });
  beforeAll(() => {
    ({ a, b } = pair);
  });

  it('counts login attempts of one address on both instances together', async () => {
    const address = freshAddress();
    const name = `nobody_${randomBytes(4).toString('hex')}`;
    const codes: number[] = [];
    // Alternating instances, each attempt a different username: only the per-address limit (5) applies.
    for (let i = 0; i < 6; i++) codes.push((await login(i % 2 ? b : a, address, `${name}${i}`, 'x')).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await login(a, address, name, 'x')).statusCode).toBe(429);
    expect((await login(b, address, name, 'x')).statusCode).toBe(429);
    expect((await login(b, freshAddress(), name, 'x')).statusCode).toBe(400);
  });

  it("counts one username's failures from one address on both instances, and the owner still signs in elsewhere", async () => {
    const s = await createStudent(a);
    const address = freshAddress();
    expect((await login(a, address, s.username, 'wrong')).statusCode).toBe(400);
    expect((await login(b, address, s.username, 'wrong')).statusCode).toBe(400);
    expect((await login(a, address, s.username, 'wrong')).statusCode).toBe(400);
    expect((await login(b, address, s.username, s.password)).statusCode).toBe(429);
    expect((await login(a, address, s.username, s.password)).statusCode).toBe(429);
    expect((await login(b, freshAddress(), s.username, s.password)).statusCode).toBe(200);
  });

  it("a spray split over both instances locks the name on both after 10 checks; the owner's device signs in through either", async () => {
    const s = await createStudent(a);
    const first = await login(a, freshAddress(), s.username, s.password);
    expect(first.statusCode).toBe(200);
    const cookie = (first.headers['set-cookie'] as string).split(';')[0];
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(i % 2 ? b : a, freshAddress(), s.username, `wrong-${i}`)));
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(10);
    expect((await login(a, freshAddress(), s.username, s.password)).statusCode).toBe(429);
    expect((await login(b, freshAddress(), s.username, s.password)).statusCode).toBe(429);
    for (const app of [b, a]) expect((await login(app, freshAddress(), s.username, s.password, cookie)).statusCode).toBe(200);
  });

  it('counts Kakao sign-ins of one address on both instances together', async () => {
    const address = freshAddress();
    const payload = { code: 'c', redirect_uri: 'https://evil.example/oauth/kakao/callback' };
    const codes: number[] = [];
    for (const app of [a, b, a, b]) codes.push((await app.app.inject({ method: 'POST', url: KAKAO, remoteAddress: address, payload })).statusCode);
    expect(codes).toEqual([400, 400, 400, 429]);
  });
});

describe('limits while Redis cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' }, limits: { loginPerIpPerMinute: 2 } });
  });
  afterAll(() => t?.close());

  it('keeps answering and keeps limiting, counting on this instance', async () => {
    const s = await createStudent(t);
    expect((await login(t, '10.7.0.1', s.username, s.password)).statusCode).toBe(200);
    expect((await login(t, '10.7.0.1', s.username, 'wrong')).statusCode).toBe(400);
    expect((await login(t, '10.7.0.1', s.username, s.password)).statusCode).toBe(429);
    expect((await login(t, '10.7.0.2', s.username, s.password)).statusCode).toBe(200);
  });
});
