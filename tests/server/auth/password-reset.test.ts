import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { passwordResets } from '../../../src/server/db/schema/password-resets';
import { users } from '../../../src/server/db/schema/users';
import { PASSWORD_RESET_MESSAGES as RM } from '../../../src/shared/password-reset-messages';
import { listenOnLoopback } from '../../helpers/listen';
import { openSocket } from '../../helpers/sockets';
import { bearer, createStudent, createTestApp, loginAs, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty } from '../live/live-helpers';
import { createOperator, signIn, tokenAuth } from '../ops/operator-helpers';

const NEW_PASSWORD = 'brand-new-pass1';

describeEachDb("password recovery with an operator's link", (kind) => {
  let t: TestApp;
  let base: string;
  let console: Record<string, string>;
  let operatorId: number;

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { PUBLIC_URL: 'https://partyon.example.kr' } });
    base = await listenOnLoopback(t.app, 'ws');
    operatorId = (await createOperator(t, 'reset_ops')).id;
    console = await signIn(t, 'reset_ops');
  });
  afterAll(() => t?.close());

  const issue = (userId: number, headers: Record<string, string> = console) => t.app.inject({ method: 'POST', url: `/api/ops/users/${userId}/password-reset/`, headers });
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  const linkFor = async (userId: number) => {
    const res = await issue(userId);
    expect(res.statusCode, res.body).toBe(201);
    return tokenOf(res.json().url);
  };
  const use = (token: string, password = NEW_PASSWORD, password2 = password) =>
    t.app.inject({ method: 'POST', url: '/api/signup/auth/password-reset/', payload: { token, new_password: password, new_password2: password2 } });
  const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/signup/auth/login/', payload: { username, password } });

  it('issues a one-time link valid 30 minutes; the student sets a new password with it, the old one stops and the new one signs in', async () => {
    const s = await createStudent(t);
    const res = await issue(s.id);
    expect(res.statusCode, res.body).toBe(201);
    const { url, expires_at } = res.json();
    expect(url).toMatch(/^https:\/\/partyon\.example\.kr\/password-reset\?token=[\w-]{43}$/);
    expect(new Date(expires_at).getTime()).toBe(t.clock.now().getTime() + 30 * 60_000);
    const done = await use(tokenOf(url));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ detail: RM.changed });
    expect((await login(s.username, s.password)).statusCode).toBe(400);
    expect((await login(s.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('stores only a hash of the link', async () => {
    const s = await createStudent(t);
    const token = await linkFor(s.id);
    const rows = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, s.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]).toMatchObject({ issuedBy: 'operator', operatorId });
  });

  it('works once: a second use is refused and changes nothing', async () => {
    const s = await createStudent(t);
    const token = await linkFor(s.id);
    expect((await use(token)).statusCode).toBe(200);
    const again = await use(token, 'another-pass1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: RM.linkInvalid });
    expect((await login(s.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(s.username, 'another-pass1')).statusCode).toBe(400);
  });

  it('expires 30 minutes after it was issued (test clock)', async () => {
    const s = await createStudent(t);
    const early = await linkFor(s.id);
    t.clock.advance(30 * 60_000 + 1);
    expect((await use(early)).json()).toEqual({ detail: RM.linkInvalid });
    // The console's session idles out over such a wait: the operator signs in again.
    console = await signIn(t, 'reset_ops');
    const late = await linkFor(s.id);
    t.clock.advance(30 * 60_000 - 1);
    expect((await use(late)).statusCode).toBe(200);
    expect((await login(s.username, NEW_PASSWORD)).statusCode).toBe(200);
    console = await signIn(t, 'reset_ops');
  });

  it('kills the older link when a newer one is issued', async () => {
    const s = await createStudent(t);
    const older = await linkFor(s.id);
    const newer = await linkFor(s.id);
    expect((await use(older)).statusCode).toBe(400);
    expect((await use(newer)).statusCode).toBe(200);
  });

  it("refuses a made-up token, a short or mismatched password with the profile screen's Korean messages", async () => {
    const s = await createStudent(t);
    const token = await linkFor(s.id);
    expect((await use('x'.repeat(43))).json()).toEqual({ detail: RM.linkInvalid });
    expect((await use(token, 'short')).json()).toEqual({ new_password: ['비밀번호는 8자 이상 입력해 주세요.'] });
    expect((await use(token, NEW_PASSWORD, 'other-pass1')).json()).toEqual({ new_password2: ['새 비밀번호가 일치하지 않습니다.'] });
    // Refused bodies spend nothing: the link still works.
    expect((await use(token)).statusCode).toBe(200);
  });

  it('ends every session of the student: access tokens, refresh tokens and open sockets (4401)', async () => {
    const { partyId, students } = await paidParty(t, 1);
    const [s] = students;
    await t.database.db.update(users).set({ passwordHash: (await createStudent(t)).passwordHash }).where(eq(users.id, s.id));
    const [{ username }] = await t.database.db.select({ username: users.username }).from(users).where(eq(users.id, s.id));
    const signedIn = await loginAs(t, username);
    const phone = await openSocket(`${base}/ws/party/${partyId}/?token=${s.auth.authorization.slice('Bearer '.length)}`);
    await phone.waitFor((m) => m.type === 'send_standby_update');
    expect((await use(await linkFor(s.id))).statusCode).toBe(200);
    expect(await phone.closed).toBe(4401);
    expect((await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: bearer(signedIn.access) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: s.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/signup/auth/refresh/', payload: { refresh: signedIn.refresh } })).statusCode).toBe(401);
    const fresh = await loginAs(t, username, NEW_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: bearer(fresh.access) })).statusCode).toBe(200);
  });

  it('writes one audit row naming the operator, the student and the expiry, never the link', async () => {
    const s = await createStudent(t);
    const res = await issue(s.id);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password_reset.issue'), eq(auditLog.targetId, s.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operatorId, actor: 'reset_ops', targetType: 'user', before: null, after: { expires_at: res.json().expires_at } });
    expect(JSON.stringify(rows[0])).not.toContain(tokenOf(res.json().url));
    // The CLI's token is audited as "token".
    await issue(s.id, tokenAuth(t));
    const [byToken] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'password_reset.issue'), eq(auditLog.actor, 'token')));
    expect(byToken.targetId).toBe(s.id);
  });

  it('answers 404 for an unknown student and 409 for a withdrawn one, writing nothing; a link of a student who withdraws dies', async () => {
    const count = async () => (await t.database.db.select().from(passwordResets)).length;
    const before = await count();
    expect((await issue(999_999)).statusCode).toBe(404);
    const gone = await createStudent(t);
    const token = await linkFor(gone.id);
    const auth = bearer((await loginAs(t, gone.username)).access);
    expect((await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: auth, payload: { password: gone.password } })).statusCode).toBe(200);
    const refused = await issue(gone.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: RM.withdrawn });
    expect(await count()).toBe(before + 1);
    expect((await use(token)).json()).toEqual({ detail: RM.linkInvalid });
  });

  it('lets a Kakao-only account (no password yet) set one, and sign in with it', async () => {
    const s = await createStudent(t, { passwordHash: null });
    expect((await login(s.username, s.password)).statusCode).toBe(400);
    expect((await use(await linkFor(s.id))).statusCode).toBe(200);
    expect((await login(s.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('two uses of one link at once: exactly one sets its password', async () => {
    const s = await createStudent(t);
    const token = await linkFor(s.id);
    const results = await Promise.all([use(token, 'first-pass11'), use(token, 'second-pass2')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0].statusCode === 200 ? 'first-pass11' : 'second-pass2';
    const loser = winner === 'first-pass11' ? 'second-pass2' : 'first-pass11';
    expect((await login(s.username, winner)).statusCode).toBe(200);
    expect((await login(s.username, loser)).statusCode).toBe(400);
  });

  it('a use racing the issue of a newer link: the older link sets the password only if it went first', async () => {
    for (let round = 0; round < 5; round += 1) {
      const s = await createStudent(t);
      const older = await linkFor(s.id);
      const [used, newer] = await Promise.all([use(older), issue(s.id)]);
      expect(newer.statusCode).toBe(201);
      const usable = await use(tokenOf(newer.json().url), 'after-race-pass');
      // The newer link always works; the older one either worked before it was issued or was refused.
      expect(usable.statusCode).toBe(200);
      expect([200, 400]).toContain(used.statusCode);
      expect((await login(s.username, 'after-race-pass')).statusCode).toBe(200);
    }
  });
});
