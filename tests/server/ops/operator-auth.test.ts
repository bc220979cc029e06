import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSessions } from '../../../src/server/db/schema/operators';
import { API_MESSAGES as M } from '../../../src/shared/api-messages';
import { createStudent, createTestApp, loginAs, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { createOperator, OPERATOR_PASSWORD, operatorLogin, signIn, tokenAuth } from './operator-helpers';

const MINUTE = 60_000;
const get = (t: TestApp, url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const status = (t: TestApp, headers: Record<string, string>) => get(t, '/api/ops/status/', headers);

/** An address no other run uses: with REDIS_URL the counters outlive the app. */
const freshAddress = () => `10.${[...randomBytes(3)].join('.')}`;

describeEachDb('operator console sign-in', (kind) => {
  let t: TestApp;
  let seq = 0;
  const name = () => `op_${process.pid % 1000}_${(seq += 1)}`;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('signs in with a username and password; the session opens the operator API and says who it is', async () => {
    const op = await createOperator(t, name());
    const res = await operatorLogin(t, op.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^ops_[A-Za-z0-9_-]{43}$/),
      expires_at: new Date(t.clock.now().getTime() + 12 * 60 * MINUTE).toISOString(),
      operator: { id: op.id, username: op.username },
    });
    const auth = { authorization: `Bearer ${body.token}` };
    expect((await status(t, auth)).statusCode).toBe(200);
    expect((await get(t, '/api/ops/auth/me/', auth)).json()).toEqual({ operator: { id: op.id, username: op.username }, is_admin: false, expires_at: body.expires_at });
    // Only the token's SHA-256 is stored.
    const stored = await t.database.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, op.id));
    expect(stored.map((s) => s.tokenHash)).toEqual([createHash('sha256').update(body.token).digest('hex')]);
  });

  it('answers an unknown name, a wrong password and a disabled operator in the same words', async () => {
    const op = await createOperator(t, name());
    const off = await createOperator(t, name());
    expect((await t.app.inject({ method: 'POST', url: `/api/ops/operators/${off.username}/disable/`, headers: tokenAuth(t) })).statusCode).toBe(200);
    for (const [username, password] of [
      ['nobody_here', OPERATOR_PASSWORD],
      [op.username, 'wrong-password'],
      [off.username, OPERATOR_PASSWORD],
    ]) {
      const res = await operatorLogin(t, username, password);
      expect(res.statusCode, username).toBe(400);
      expect(res.json()).toEqual({ detail: M.loginFailed });
    }
    // A student's account is not an operator's.
    const student = await createStudent(t);
    expect((await operatorLogin(t, student.username, student.password)).json()).toEqual({ detail: M.loginFailed });
    expect((await t.app.inject({ method: 'POST', url: '/api/ops/auth/login/', payload: {} })).json()).toEqual({ username: [M.required], password: [M.required] });
  });

  it('ends after 30 minutes without a request, and each request moves that end', async () => {
    const auth = await signIn(t, (await createOperator(t, name())).username);
    t.clock.advance(29 * MINUTE);
    expect((await status(t, auth)).statusCode).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await status(t, auth)).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE);
    const res = await status(t, auth);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: M.opsSessionInvalid });
  });

  it('writes last_used_at at most once a minute', async () => {
    const op = await createOperator(t, name());
    const auth = await signIn(t, op.username);
    const signedInAt = t.clock.now();
    const lastUsed = async () => (await t.database.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, op.id)))[0].lastUsedAt;
    t.clock.advance(30_000);
    expect((await status(t, auth)).statusCode).toBe(200);
    expect(await lastUsed()).toEqual(signedInAt);
    t.clock.advance(31_000);
    // Several at once: one of them writes, all pass.
    const answers = await Promise.all(Array.from({ length: 5 }, () => status(t, auth)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await lastUsed()).toEqual(t.clock.now());
  });

  it('ends 12 hours after sign-in however busy the operator is', async () => {
    const auth = await signIn(t, (await createOperator(t, name())).username);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.clock.advance(20 * MINUTE);
      expect((await status(t, auth)).statusCode, `${minutes} min`).toBe(200);
    }
    t.clock.advance(20 * MINUTE);
    expect((await status(t, auth)).statusCode).toBe(401);
  });

  it('logout ends the session at once; other sessions of the operator go on', async () => {
    const op = await createOperator(t, name());
    const [laptop, phone] = [await signIn(t, op.username), await signIn(t, op.username)];
    const out = await t.app.inject({ method: 'POST', url: '/api/ops/auth/logout/', headers: laptop });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await status(t, laptop)).json()).toEqual({ detail: M.opsSessionInvalid });
    expect((await t.app.inject({ method: 'POST', url: '/api/ops/auth/logout/', headers: laptop })).statusCode).toBe(401);
    expect((await status(t, phone)).statusCode).toBe(200);
  });

  it('disabling an operator ends every session it has, at once; twice is harmless', async () => {
    const op = await createOperator(t, name());
    const sessions = [await signIn(t, op.username), await signIn(t, op.username)];
    const disable = () => t.app.inject({ method: 'POST', url: `/api/ops/operators/${op.username}/disable/`, headers: tokenAuth(t) });
    const first = await disable();
    expect(first.json()).toEqual({ id: op.id, username: op.username, disabled_at: t.clock.now().toISOString(), revoked_sessions: 2 });
    for (const auth of sessions) expect((await status(t, auth)).statusCode).toBe(401);
    t.clock.advance(MINUTE);
    expect((await disable()).json()).toEqual({ ...first.json(), revoked_sessions: 0 });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/ops/operators/nobody_here/disable/', headers: tokenAuth(t) });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/ops/operators/NO!/disable/', headers: tokenAuth(t) })).statusCode).toBe(404);
  });

  it('adding, disabling and enabling an operator are audited once per change; an enabled operator signs in again', async () => {
    const op = await createOperator(t, name());
    const call = (what: 'disable' | 'enable') => t.app.inject({ method: 'POST', url: `/api/ops/operators/${op.username}/${what}/`, headers: tokenAuth(t) });
    expect((await call('disable')).statusCode).toBe(200);
    expect((await call('disable')).statusCode).toBe(200);
    expect((await operatorLogin(t, op.username)).statusCode).toBe(400);
    const enabled = await call('enable');
    expect(enabled.json()).toEqual({ id: op.id, username: op.username, disabled_at: null, revoked_sessions: 0 });
    expect((await call('enable')).statusCode).toBe(200);
    expect((await operatorLogin(t, op.username)).statusCode).toBe(200);
    const log = await get(t, `/api/ops/audit/?target_type=operator&target_id=${op.id}`, tokenAuth(t));
    const rows = (log.json() as { results: { action: string; actor: string; before: unknown; after: unknown }[] }).results;
    expect(rows.map((r) => r.action)).toEqual(['operator.enable', 'operator.disable', 'operator.create']);
    expect(rows.every((r) => r.actor === 'token')).toBe(true);
    expect(rows[2].after).toEqual({ username: op.username });
    expect(rows[0].after).toEqual({ disabled_at: null });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/ops/operators/nobody_here/enable/', headers: tokenAuth(t) });
    expect(unknown.statusCode).toBe(404);
  });

  it('operator accounts are made with the X-Ops-Token or by an admin only, with the students\' rules for names and passwords', async () => {
    const op = await createOperator(t, name());
    const auth = await signIn(t, op.username);
    const add = (headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url: '/api/ops/operators/', headers, payload });
    const bySession = await add(auth, { username: name(), password: OPERATOR_PASSWORD });
    expect(bySession.statusCode).toBe(403);
    expect(bySession.json()).toEqual({ detail: M.opsAdminOnly });
    expect((await add(tokenAuth(t), { username: op.username, password: OPERATOR_PASSWORD })).json()).toEqual({ username: [M.usernameTaken] });
    expect((await add(tokenAuth(t), { username: 'Bad Name', password: 'short' })).json()).toEqual({ username: [M.usernameFormat], password: [M.passwordShort] });
  });

  it('"who am I" and logout need a session: the X-Ops-Token is 403 there, a student token 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/ops/auth/me/'],
      ['POST', '/api/ops/auth/logout/'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: tokenAuth(t) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: M.opsSessionOnly });
    }
    const student = await createStudent(t);
    const { access } = await loginAs(t, student.username, student.password);
    expect((await get(t, '/api/ops/auth/me/', { authorization: `Bearer ${access}` })).json()).toEqual({ detail: M.opsTokenInvalid });
  });

  it("150 wrong passwords at once for one operator from 150 addresses: 10 are checked, and the operator's own browser still signs in", async () => {
    const op = await createOperator(t, name());
    const first = await operatorLogin(t, op.username, OPERATOR_PASSWORD, freshAddress());
    expect(first.statusCode).toBe(200);
    const setCookie = first.headers['set-cookie'] as string;
    expect(setCookie).toContain('; Path=/api/ops/auth/login/; HttpOnly; SameSite=Strict');
    const cookie = setCookie.split(';')[0];
    const codes = (await Promise.all(Array.from({ length: 150 }, (_, i) => operatorLogin(t, op.username, `wrong-${i}`, freshAddress())))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(140);
    const guessed = await operatorLogin(t, op.username, OPERATOR_PASSWORD, freshAddress());
    expect(guessed.statusCode).toBe(429);
    expect(guessed.json()).toEqual({ detail: M.tooMany });
    const own = await t.app.inject({ method: 'POST', url: '/api/ops/auth/login/', remoteAddress: freshAddress(), headers: { cookie }, payload: { username: op.username, password: OPERATOR_PASSWORD } });
    expect(own.statusCode).toBe(200);
    // A student of the same name is counted apart, and the operator's cookie means nothing to the students' login.
    const student = await createStudent(t, { username: op.username });
    const studentLogin = await t.app.inject({ method: 'POST', url: '/api/signup/auth/login/', remoteAddress: freshAddress(), headers: { cookie }, payload: { username: op.username, password: student.password } });
    expect(studentLogin.statusCode).toBe(200);
  });

  it("an operator's new password, set by an admin, lifts the lock guessers made: it signs in at once from a new browser", async () => {
    const op = await createOperator(t, name());
    await Promise.all(Array.from({ length: 30 }, (_, i) => operatorLogin(t, op.username, `wrong-${i}`, freshAddress())));
    expect((await operatorLogin(t, op.username, OPERATOR_PASSWORD, freshAddress())).statusCode).toBe(429);
    const fresh = 'a-new-password-9';
    const set = await t.app.inject({ method: 'POST', url: `/api/ops/operators/${op.username}/password/`, headers: tokenAuth(t), payload: { password: fresh } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await operatorLogin(t, op.username, fresh, freshAddress())).statusCode).toBe(200);
  });

  it('a sent X-Ops-Token decides alone: a wrong one is refused beside a valid session', async () => {
    const auth = await signIn(t, (await createOperator(t, name())).username);
    const res = await status(t, { ...auth, 'x-ops-token': `${t.opsToken}x` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: M.opsTokenInvalid });
    // A made-up session token is no session.
    expect((await status(t, { authorization: `Bearer ops_${randomBytes(32).toString('base64url')}` })).json()).toEqual({ detail: M.opsSessionInvalid });
  });
});

describe('operator sign-in limits: the students\' limits, counted apart', () => {
  it('failures for one name refuse that address, not the owner elsewhere; the per-address cap holds; students are untouched', async () => {
    const t = await createTestApp({ limits: { loginPerUsernamePerMinute: 3, loginPerIpPerMinute: 8 } });
    try {
      const op = await createOperator(t, `limited_${process.pid % 1000}`);
      const [a, b] = [freshAddress(), freshAddress()];
      for (let i = 0; i < 3; i++) expect((await operatorLogin(t, op.username, `wrong-${i}`, a)).statusCode).toBe(400);
      const refused = await operatorLogin(t, op.username, OPERATOR_PASSWORD, a);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ detail: M.tooMany });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await operatorLogin(t, op.username, OPERATOR_PASSWORD, b)).statusCode).toBe(200);
      // A student of the same name at the refused address: the students' counters are their own.
      const student = await createStudent(t, { username: op.username });
      const studentLogin = await t.app.inject({ method: 'POST', url: '/api/signup/auth/login/', remoteAddress: a, payload: { username: op.username, password: student.password } });
      expect(studentLogin.statusCode).toBe(200);
      // Every attempt from one address counts, whatever the name: a has made 4, so 4 more and then 429.
      for (let i = 0; i < 4; i++) expect((await operatorLogin(t, `someone_${i}`, 'x', a)).statusCode).toBe(400);
      expect((await operatorLogin(t, 'someone_else', 'x', a)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
