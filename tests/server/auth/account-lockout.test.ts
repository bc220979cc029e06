import { randomBytes } from 'node:crypto';
import { parseSetCookie } from 'cookie';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginLockouts } from '../../../src/server/db/schema/login-lockouts';
import { API_MESSAGES as M } from '../../../src/shared/api-messages';
import { createStudent, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const LOGIN = '/api/signup/auth/login/';
const ALLOWED = 10;
const MINUTE = 60_000;

/** An address no other test run uses: with REDIS_URL the per-address counters outlive the app. */
const freshAddress = () => `10.${[...randomBytes(3)].join('.')}`;

const login = (t: TestApp, username: string, password: string, opts: { from?: string; cookie?: string } = {}) =>
  t.app.inject({ method: 'POST', url: LOGIN, remoteAddress: opts.from ?? freshAddress(), payload: { username, password }, headers: opts.cookie ? { cookie: opts.cookie } : {} });

/** The `name=value` a browser sends back from a login's Set-Cookie. */
const deviceCookie = (res: LightMyRequestResponse) => {
  const set = res.headers['set-cookie'];
  expect(typeof set, 'one Set-Cookie').toBe('string');
  return (set as string).split(';')[0];
};

/** `n` wrong passwords for `username` at once, each from an address of its own: the status codes. */
const spray = async (t: TestApp, username: string, n: number) =>
  (await Promise.all(Array.from({ length: n }, (_, i) => login(t, username, `wrong-${i}`)))).map((r) => r.statusCode);

const expectLocked = (res: LightMyRequestResponse, seconds?: number) => {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ detail: M.tooMany });
  if (seconds === undefined) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  else expect(res.headers['retry-after']).toBe(String(seconds));
};

describeEachDb('password guessing bounded per account, whatever the address', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, limits: { loginFailuresPerAccount: ALLOWED } });
  });
  afterAll(() => t?.close());

  it('150 wrong passwords at once from 150 addresses: 10 are checked, the rest and then the right password wait', async () => {
    const s = await createStudent(t);
    const codes = await spray(t, s.username, 150);
    expect(codes.filter((c) => c === 400)).toHaveLength(ALLOWED);
    expect(codes.filter((c) => c === 429)).toHaveLength(150 - ALLOWED);
    // The guesser's 151st address with the right password is not let in either.
    expectLocked(await login(t, s.username, s.password));
    // Another account is not touched.
    const other = await createStudent(t);
    expect((await login(t, other.username, other.password)).statusCode).toBe(200);
  });

  it("the owner's device still signs in: its cookie from an earlier sign-in passes the lock strangers caused", async () => {
    const s = await createStudent(t);
    const campus = freshAddress();
    const first = await login(t, s.username, s.password, { from: campus });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first);
    // A guesser on the same campus Wi-Fi (and on many addresses besides) locks the name...
    expect(await spray(t, s.username, 40)).toContain(429);
    expect((await login(t, s.username, 'wrong-again', { from: campus })).statusCode).toBe(429);
    expectLocked(await login(t, s.username, s.password, { from: campus }));
    // ...but the owner's phone, behind that same address, signs in and gets a fresh cookie.
    const owner = await login(t, s.username, s.password, { from: campus, cookie });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    const renewed = deviceCookie(owner);
    expect(renewed).not.toBe(cookie);
    expect((await login(t, s.username, s.password, { cookie: renewed })).statusCode).toBe(200);
  });

  it('the lock grows: past its Retry-After one attempt is checked, and its failure locks the name twice as long', async () => {
    const s = await createStudent(t);
    for (let i = 0; i < ALLOWED; i++) expect((await login(t, s.username, `wrong-${i}`)).statusCode).toBe(400);
    expectLocked(await login(t, s.username, s.password), 60);
    t.clock.advance(MINUTE);
    // One guess, then the lock is back for two minutes: the others arriving with it are not checked.
    const [guess, ...others] = await Promise.all([login(t, s.username, 'wrong-after'), login(t, s.username, 'x'), login(t, s.username, 'y')]);
    expect([guess, ...others].map((r) => r.statusCode).sort()).toEqual([400, 429, 429]);
    expectLocked(await login(t, s.username, s.password), 120);
    t.clock.advance(2 * MINUTE - 1000);
    expectLocked(await login(t, s.username, s.password), 1);
    t.clock.advance(1000);
    expect((await login(t, s.username, s.password)).statusCode).toBe(200);
  });

  it('a device cookie that fails too often is locked itself, and its failures never lock the name for others', async () => {
    const s = await createStudent(t);
    const cookie = deviceCookie(await login(t, s.username, s.password));
    for (let i = 0; i < ALLOWED; i++) expect((await login(t, s.username, `wrong-${i}`, { cookie })).statusCode).toBe(400);
    // The cookie never signs in by itself, and now not even with the right password.
    expectLocked(await login(t, s.username, s.password, { cookie }));
    expect((await login(t, s.username, s.password)).statusCode).toBe(200);
  });

  it("a device cookie spares only its own account, and only as the server signed it and while it lasts", async () => {
    const [a, b] = [await createStudent(t), await createStudent(t)];
    const aCookie = deviceCookie(await login(t, a.username, a.password));
    const bCookie = deviceCookie(await login(t, b.username, b.password));
    const [bName, bValue] = bCookie.split('=');
    expect(await spray(t, b.username, ALLOWED + 1)).toContain(429);
    // a's cookie under b's name: signed for a, so no exemption for b.
    expectLocked(await login(t, b.username, b.password, { cookie: `${bName}=${aCookie.split('=')[1]}` }));
    // b's own cookie with one character of its signature changed.
    const forged = `${bName}=${bValue.slice(0, -2)}${bValue.at(-2) === 'A' ? 'B' : 'A'}${bValue.at(-1)}`;
    expectLocked(await login(t, b.username, b.password, { cookie: forged }));
    expect((await login(t, b.username, b.password, { cookie: `${aCookie}; ${bCookie}` })).statusCode).toBe(200);
    // A year later the cookie has expired: locked out with everyone else.
    t.clock.advance(366 * 24 * 60 * MINUTE);
    expect(await spray(t, b.username, ALLOWED + 1)).toContain(429);
    expectLocked(await login(t, b.username, b.password, { cookie: bCookie }));
  });

  it('an unknown username is locked after as many failures: the answers never tell which accounts exist', async () => {
    const codes = await spray(t, `nobody_${randomBytes(4).toString('hex')}`, 30);
    expect(codes.filter((c) => c === 400)).toHaveLength(ALLOWED);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - ALLOWED);
  });

  it('a password reset lifts the lock guessers made: the student signs in at once with the new password on a new phone', async () => {
    const s = await createStudent(t);
    expect(await spray(t, s.username, 30)).toContain(429);
    expectLocked(await login(t, s.username, s.password));
    const issued = await t.app.inject({ method: 'POST', url: `/api/ops/users/${s.id}/password-reset/`, headers: { 'x-ops-token': t.opsToken } });
    expect(issued.statusCode, issued.body).toBe(201);
    const token = new URLSearchParams(issued.json<{ url: string }>().url.split('?')[1]).get('token');
    const fresh = 'a-new-password-9';
    const reset = await t.app.inject({ method: 'POST', url: '/api/signup/auth/password-reset/', payload: { token, new_password: fresh, new_password2: fresh } });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    expect((await login(t, s.username, fresh)).statusCode).toBe(200);
  });

  it('forgets a name an hour after its lock ends: the sweeper deletes the row and the full allowance is back', async () => {
    const s = await createStudent(t);
    expect(await spray(t, s.username, ALLOWED + 1)).toContain(429);
    const row = () => t.database.db.select().from(loginLockouts).where(eq(loginLockouts.subject, `login:${s.username}`));
    expect(await row()).toHaveLength(1);
    t.clock.advance(MINUTE + 60 * MINUTE);
    await t.app.sweeper.runOnce();
    expect(await row()).toEqual([]);
    expect((await spray(t, s.username, ALLOWED)).every((c) => c === 400)).toBe(true);
  });

  it('sets the device cookie HttpOnly, SameSite=Strict, for the login endpoint only, Secure on an https site', async () => {
    const s = await createStudent(t);
    // As a browser reads the header: one cookie, its name, a signed token, and the attributes that keep it to itself.
    const cookieOf = (res: { headers: Record<string, unknown> }) => parseSetCookie(String(res.headers['set-cookie']));
    const attributes = { maxAge: 31_536_000, path: '/api/signup/auth/login/', httpOnly: true, sameSite: 'strict' };
    const plain = cookieOf(await login(t, s.username, s.password));
    expect(plain).toEqual({ name: expect.stringMatching(/^pd_[\w-]{16}$/), value: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), ...attributes });
    // No cookie for a failed sign-in.
    expect((await login(t, s.username, 'wrong')).headers['set-cookie']).toBeUndefined();
    const https = await createTestApp({ kind, env: { PUBLIC_URL: 'https://partyon.example' } });
    try {
      const h = await createStudent(https);
      expect(cookieOf(await login(https, h.username, h.password))).toEqual({ name: expect.any(String), value: expect.any(String), ...attributes, secure: true });
    } finally {
      await https.close();
    }
  });
});
