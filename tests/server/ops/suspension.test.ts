import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { notifications } from '../../../src/server/db/schema/notifications';
import { participations, waitlistEntries } from '../../../src/server/db/schema/parties';
import { pointLedger } from '../../../src/server/db/schema/points';
import { suspensions } from '../../../src/server/db/schema/suspensions';
import { users, warnings } from '../../../src/server/db/schema/users';
import { listenOnLoopback } from '../../helpers/listen';
import { openSocket } from '../../helpers/sockets';
import { bearer, createParty, createStudent, createStudents, createTestApp, loginAs, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { twoInstancesOnRedis } from '../../helpers/two-instances';
import { expectInvariants } from '../security/security-helpers';
import { createOperator, signIn } from './operator-helpers';

type Auth = { authorization: string };
const HOUR = 3_600_000;
// The test clock starts at 2026-03-02 10:00 in Seoul; the console suspends until the end of a campus day.
const END_OF_MARCH_9 = '2026-03-10T00:00:00+09:00';
const REFUSED_UNTIL_MARCH_9 = '이용이 정지된 계정입니다. 사유: 파티 중 폭언 (3월 9일까지)';

const suspendAt = (t: TestApp, userId: number, payload: object, headers: Record<string, string> = { 'x-ops-token': t.opsToken }) =>
  t.app.inject({ method: 'POST', url: `/api/ops/users/${userId}/suspension/`, headers, payload });
const liftAt = (t: TestApp, userId: number, headers: Record<string, string> = { 'x-ops-token': t.opsToken }) =>
  t.app.inject({ method: 'DELETE', url: `/api/ops/users/${userId}/suspension/`, headers });
const join = (t: TestApp, partyId: number, auth: Auth) => t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: auth });
const pay = (t: TestApp, participationId: number, auth: Auth) =>
  t.app.inject({ method: 'POST', url: `/api/reserve/pay/${participationId}/`, headers: auth, payload: { payment_method: 'POINT' } });
const myPage = (t: TestApp, auth: Auth) => t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: auth });

async function joinAndPay(t: TestApp, partyId: number, auth: Auth) {
  const joined = await join(t, partyId, auth);
  expect(joined.statusCode, joined.body).toBe(201);
  const paid = await pay(t, joined.json().id as number, auth);
  expect(paid.statusCode, paid.body).toBe(200);
  return joined.json().id as number;
}

// Issue 29 point 3: an operator suspends a student (reason, end or none), which ends their sessions, gives their
// upcoming seats back with the leave rule's refund (or all of it) and refuses every seat until it ends or is lifted.
describeEachDb('operators suspend students', (kind) => {
  let t: TestApp;
  let ws: string;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    ws = await listenOnLoopback(t.app, 'ws');
  });
  afterAll(() => t?.close());

  const suspend = (userId: number, payload: object, headers?: Record<string, string>) => suspendAt(t, userId, payload, headers);
  const lift = (userId: number, headers?: Record<string, string>) => liftAt(t, userId, headers);
  const auditOf = (userId: number) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId))).orderBy(auditLog.id);
  const noticesOf = async (userId: number) => (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);
  const seatOf = async (participationId: number) => (await t.database.db.select().from(participations).where(eq(participations.id, participationId)))[0];
  const pointsOf = async (userId: number) => (await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, userId)))[0].points;
  const opsUser = async (userId: number) => (await t.app.inject({ method: 'GET', url: `/api/ops/users/${userId}/ledger/`, headers: { 'x-ops-token': t.opsToken } })).json().user;

  it('suspends with a reason and an end date, audited with who did it; my page shows it; lifting is audited and opens joining again', async () => {
    await createOperator(t, 'suspender');
    const session = await signIn(t, 'suspender');
    const s = await createStudent(t);
    const partyId = await createParty(t);

    const res = await suspend(s.id, { reason: '  파티 중 폭언  ', ends_at: END_OF_MARCH_9 }, session);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      suspension: { id: expect.any(Number), reason: '파티 중 폭언', ends_at: new Date(END_OF_MARCH_9).toISOString(), refund_in_full: false, actor: 'suspender', created_at: t.clock.now().toISOString() },
      released: [],
      waitlist_left: [],
    });
    const [audit] = await auditOf(s.id);
    expect(audit).toMatchObject({ action: 'user.suspend', actor: 'suspender', before: { suspended: false } });
    expect(audit.after).toMatchObject({ reason: '파티 중 폭언', ends_at: new Date(END_OF_MARCH_9).toISOString(), refund_in_full: false, released: [], waitlist_left: [] });
    expect(await noticesOf(s.id)).toContain('이용이 정지되었습니다. 사유: 파티 중 폭언 (3월 9일까지) 정지 중에는 파티 참가와 대기 신청을 할 수 없습니다.');
    // The notice leads to my page, where the suspension is shown.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: bearer((await loginAs(t, s.username)).access) })).json() as { message: string; link: string | null }[];
    expect(listed.find((n) => n.message.startsWith('이용이 정지되었습니다.'))?.link).toBe('/mypage');

    // The student signs in again and reads: my page, with the notice's facts; history and notifications answer too.
    const fresh = bearer((await loginAs(t, s.username)).access);
    const main = await myPage(t, fresh);
    expect(main.statusCode).toBe(200);
    expect(main.json().suspension).toEqual({ reason: '파티 중 폭언', ends_at: new Date(END_OF_MARCH_9).toISOString() });
    for (const url of ['/api/mypage/history/', '/api/notice/', '/api/partyassist/myparties/']) {
      expect((await t.app.inject({ method: 'GET', url, headers: fresh })).statusCode, url).toBe(200);
    }
    const refused = await join(t, partyId, fresh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: REFUSED_UNTIL_MARCH_9, code: 'suspended' });

    const lifted = await lift(s.id, session);
    expect(lifted.statusCode, lifted.body).toBe(204);
    expect((await auditOf(s.id)).map((a) => [a.action, a.actor])).toEqual([
      ['user.suspend', 'suspender'],
      ['user.unsuspend', 'suspender'],
    ]);
    expect((await auditOf(s.id))[1]).toMatchObject({ before: { reason: '파티 중 폭언', ends_at: new Date(END_OF_MARCH_9).toISOString() }, after: { suspended: false } });
    expect(await noticesOf(s.id)).toContain('이용 정지가 해제되었습니다. 다시 파티에 참가할 수 있어요.');
    expect((await myPage(t, fresh)).json().suspension).toBeNull();
    expect((await join(t, partyId, fresh)).statusCode).toBe(201);
    // Lifted stays lifted: a second lift has nothing to lift.
    expect((await lift(s.id, session)).json()).toEqual({ detail: '이용이 정지된 계정이 아닙니다.' });
  });

  it('refuses, in Korean, a missing or too long reason, an end date not ahead, an unknown or withdrawn student and a second suspension; nothing is written', async () => {
    const s = await createStudent(t);
    const cases: [object, Record<string, string[]>][] = [
      [{ ends_at: null }, { reason: ['필수 항목입니다.'] }],
      [{ reason: '   ', ends_at: null }, { reason: ['정지 사유를 입력해 주세요.'] }],
      [{ reason: '가'.repeat(201), ends_at: null }, { reason: ['정지 사유는 200자까지 쓸 수 있습니다.'] }],
      [{ reason: '노쇼', ends_at: '내일' }, { ends_at: ['정지 종료일은 ISO 8601 형식의 시각이거나, 기한 없는 정지는 null이어야 합니다.'] }],
      [{ reason: '노쇼', ends_at: t.clock.now().toISOString() }, { ends_at: ['정지 종료일은 지금 이후여야 합니다.'] }],
      [{ reason: '노쇼', ends_at: '2026-03-01T00:00:00+09:00' }, { ends_at: ['정지 종료일은 지금 이후여야 합니다.'] }],
      [{ reason: '노쇼', ends_at: null, refund_in_full: 'yes' }, { refund_in_full: ['refund_in_full은 true 또는 false입니다.'] }],
    ];
    for (const [payload, body] of cases) {
      const res = await suspend(s.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(body);
    }
    expect(await t.database.db.select().from(suspensions).where(eq(suspensions.userId, s.id))).toEqual([]);
    expect(await auditOf(s.id)).toEqual([]);

    expect((await suspend(999_999, { reason: '노쇼', ends_at: null })).json()).toEqual({ detail: '회원을 찾을 수 없습니다.' });
    expect((await suspend(999_999, { reason: '노쇼', ends_at: null })).statusCode).toBe(404);
    expect((await lift(999_999)).statusCode).toBe(404);

    expect((await suspend(s.id, { reason: '노쇼', ends_at: null })).statusCode).toBe(201);
    const again = await suspend(s.id, { reason: '또 노쇼', ends_at: null });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: '이미 이용이 정지된 계정입니다. 기간이나 사유를 바꾸려면 먼저 정지를 해제해 주세요.' });
    expect((await auditOf(s.id)).length).toBe(1);

    const gone = await createStudent(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: bearer((await loginAs(t, gone.username)).access), payload: { password: 'password123' } })).statusCode).toBe(200);
    const closed = await suspend(gone.id, { reason: '노쇼', ends_at: null });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: '탈퇴한 회원입니다.' });
  });

  it('ends every session at once: old access tokens, refresh tokens and open lobby sockets; the student can sign in again', async () => {
    const partyId = await createParty(t, { hoursFromNow: 0.25, deposit: 1000 });
    const s = await createStudent(t);
    const phone = await loginAs(t, s.username);
    const laptop = await loginAs(t, s.username);
    await joinAndPay(t, partyId, bearer(phone.access));
    const socket = await openSocket(`${ws}/ws/party/${partyId}/?token=${phone.access}`);
    await socket.waitFor((m) => m.type === 'send_standby_update');
    // Both sign-ins were just let in, so the instance remembers them as live for a few seconds.
    expect([(await myPage(t, bearer(phone.access))).statusCode, (await myPage(t, bearer(laptop.access))).statusCode]).toEqual([200, 200]);

    expect((await suspend(s.id, { reason: '파티 중 폭언', ends_at: null })).statusCode).toBe(201);
    expect(await socket.closed).toBe(4401);
    expect((await myPage(t, bearer(phone.access))).statusCode).toBe(401);
    expect((await myPage(t, bearer(laptop.access))).statusCode).toBe(401);
    for (const refresh of [phone.refresh, laptop.refresh]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/signup/auth/refresh/', payload: { refresh } })).statusCode).toBe(401);
    }
    const refusedSocket = await openSocket(`${ws}/ws/party/${partyId}/?token=${laptop.access}`);
    expect(await refusedSocket.closed).toBe(4401);

    const again = await loginAs(t, s.username);
    const main = await myPage(t, bearer(again.access));
    expect(main.statusCode).toBe(200);
    expect(main.json().suspension).toEqual({ reason: '파티 중 폭언', ends_at: null });
    expect((await join(t, partyId, bearer(again.access))).json()).toEqual({ detail: '이용이 정지된 계정입니다. 사유: 파티 중 폭언 (기한 없음)', code: 'suspended' });
  });

  it('releases upcoming seats by the leave rule (unpaid for free, paid refunded 24 h ahead, kept inside 24 h), keeps a started party, leaves every line, and the books balance', async () => {
    const [s, other] = await createStudents(t, 2);
    const far = await createParty(t, { hoursFromNow: 72, deposit: 3000, title: '멀리 있는 파티' });
    const near = await createParty(t, { hoursFromNow: 5, deposit: 2000, title: '곧 시작할 파티' });
    const unpaid = await createParty(t, { hoursFromNow: 48, deposit: 1000, title: '결제 안 한 파티' });
    const started = await createParty(t, { hoursFromNow: 1, deposit: 500, title: '진행 중인 파티' });
    const full = await createParty(t, { hoursFromNow: 48, deposit: 1000, max: 2, title: '꽉 찬 파티' });
    const farSeat = await joinAndPay(t, far, s.auth);
    const nearSeat = await joinAndPay(t, near, s.auth);
    const startedSeat = await joinAndPay(t, started, s.auth);
    const [f1, f2] = await createStudents(t, 2);
    await joinAndPay(t, full, f1.auth);
    await joinAndPay(t, full, f2.auth);
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/waitlist/${full}/`, headers: s.auth })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/waitlist/${full}/`, headers: other.auth })).statusCode).toBe(201);
    t.clock.advance(2 * HOUR); // the 1-hour party has started; the 5-hour one is 3 hours away
    const unpaidSeat = (await join(t, unpaid, bearer(await tokenFor(t, s.id)))).json().id as number;
    const before = await pointsOf(s.id);

    const res = await suspend(s.id, { reason: '노쇼 반복', ends_at: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().released).toEqual([
      { party: far, participation: farSeat, refunded: 3000 },
      { party: near, participation: nearSeat, refunded: 0 },
      { party: unpaid, participation: unpaidSeat, refunded: 0 },
    ]);
    expect(res.json().waitlist_left).toEqual([full]);
    expect(await pointsOf(s.id)).toBe(before + 3000);
    for (const id of [farSeat, nearSeat, unpaidSeat]) expect((await seatOf(id)).status).toBe('cancelled');
    expect(await seatOf(nearSeat)).toMatchObject({ depositState: 'held' });
    expect((await seatOf(startedSeat)).status).toBe('confirmed');
    expect(await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, s.id))).toEqual([]);
    // The other student, second in that line, is now first.
    const position = await t.app.inject({ method: 'GET', url: `/api/reserve/waitlist/${full}/`, headers: bearer(await tokenFor(t, other.id)) });
    expect(position.json()).toEqual({ position: 1 });
    const refund = await t.database.db.select().from(pointLedger).where(and(eq(pointLedger.userId, s.id), eq(pointLedger.participationId, farSeat), eq(pointLedger.kind, 'refund')));
    expect(refund).toMatchObject([{ amount: 3000, reason: '멀리 있는 파티 (이용 정지)' }]);
    const notices = await noticesOf(s.id);
    expect(notices).toContain("이용 정지로 '멀리 있는 파티' 참가가 취소되었습니다. 보증금 3,000P가 환불되었습니다.");
    expect(notices).toContain("이용 정지로 '곧 시작할 파티' 참가가 취소되었습니다. 시작 24시간 전이 지나 보증금은 환불되지 않습니다.");
    expect(notices).toContain("이용 정지로 '결제 안 한 파티' 참가가 취소되었습니다.");
    await expectInvariants(t);
  });

  it('refunds every held deposit when the operator says so, and offers a freed seat to the first in line', async () => {
    const [s, waiting] = await createStudents(t, 2);
    const near = await createParty(t, { hoursFromNow: 3, deposit: 2000, max: 2 });
    const [f] = await createStudents(t, 1);
    const seat = await joinAndPay(t, near, s.auth);
    await joinAndPay(t, near, f.auth);
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/waitlist/${near}/`, headers: waiting.auth })).statusCode).toBe(201);
    const before = await pointsOf(s.id);

    const res = await suspend(s.id, { reason: '노쇼 반복', ends_at: '2026-04-01T00:00:00+09:00', refund_in_full: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().released).toEqual([{ party: near, participation: seat, refunded: 2000 }]);
    expect(res.json().suspension.refund_in_full).toBe(true);
    expect(await pointsOf(s.id)).toBe(before + 2000);
    const offered = await t.database.db.select().from(participations).where(and(eq(participations.partyId, near), eq(participations.userId, waiting.id)));
    expect(offered).toMatchObject([{ status: 'pending' }]);
    await expectInvariants(t);
  });

  it('refuses join, the waitlist and paying a held seat with 403 and the reason and end date in Korean; giving a seat back stays allowed', async () => {
    const s = await createStudent(t);
    const auth = bearer((await loginAs(t, s.username)).access);
    const open = await createParty(t, { deposit: 1000 });
    const full = await createParty(t, { max: 2 });
    for (const f of await createStudents(t, 2)) await joinAndPay(t, full, f.auth);
    const held = (await join(t, open, auth)).json().id as number;
    // A suspension written beside a held seat (by hand in the database, say): paying it is refused all the same.
    await t.database.db.insert(suspensions).values({ userId: s.id, reason: '파티 중 폭언', endsAt: new Date(END_OF_MARCH_9), actor: 'token', createdAt: t.clock.now() });

    const refusals = [
      await join(t, await createParty(t), auth),
      await t.app.inject({ method: 'POST', url: `/api/reserve/waitlist/${full}/`, headers: auth }),
      await pay(t, held, auth),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: REFUSED_UNTIL_MARCH_9, code: 'suspended' });
    }
    expect((await seatOf(held)).status).toBe('pending');
    const left = await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${open}/leave/`, headers: auth });
    expect(left.statusCode).toBe(200);
    await expectInvariants(t);
  });

  it('ends by itself when the clock passes its end: joining opens, my page and the console drop it, lifting finds nothing', async () => {
    const s = await createStudent(t);
    const ends = new Date(t.clock.now().getTime() + 3 * 24 * HOUR);
    expect((await suspend(s.id, { reason: '노쇼', ends_at: ends.toISOString() })).statusCode).toBe(201);
    const partyId = await createParty(t, { hoursFromNow: 24 * 7 });

    t.clock.set(new Date(ends.getTime() - 1));
    const fresh = bearer((await loginAs(t, s.username)).access);
    expect((await join(t, partyId, fresh)).statusCode).toBe(403);
    expect((await opsUser(s.id)).suspension).toMatchObject({ reason: '노쇼' });
    t.clock.set(ends);
    expect((await myPage(t, fresh)).json().suspension).toBeNull();
    expect((await opsUser(s.id)).suspension).toBeNull();
    expect((await join(t, partyId, fresh)).statusCode).toBe(201);
    expect((await lift(s.id)).statusCode).toBe(409);
    // A new suspension may follow the one that ended.
    expect((await suspend(s.id, { reason: '또 노쇼', ends_at: null })).statusCode).toBe(201);
  });

  it('suggests a suspension at three warnings since the last one, in the users list and on the student page; not while one is in force', async () => {
    const s = await createStudent(t, { name: '경고왕' });
    const warn = async (n: number) => {
      await t.database.db.insert(warnings).values({ userId: s.id, reason: '노쇼', causeKey: `test:${n}`, createdAt: t.clock.now() });
      t.clock.advance(1000);
    };
    const listed = async () =>
      ((await t.app.inject({ method: 'GET', url: `/api/ops/users/?q=${encodeURIComponent('경고왕')}`, headers: { 'x-ops-token': t.opsToken } })).json() as { id: number }[]).find((u) => u.id === s.id);
    await warn(1);
    await warn(2);
    expect(await listed()).toMatchObject({ warnings: 2, warnings_since_suspension: 2, suspension: null, suspension_suggested: false });
    await warn(3);
    expect(await listed()).toMatchObject({ warnings: 3, warnings_since_suspension: 3, suspension_suggested: true });
    expect(await opsUser(s.id)).toMatchObject({ warnings: 3, suspension_suggested: true });

    const ends = new Date(t.clock.now().getTime() + 24 * HOUR);
    expect((await suspend(s.id, { reason: '경고 3회', ends_at: ends.toISOString() })).statusCode).toBe(201);
    t.clock.advance(1000);
    expect(await listed()).toMatchObject({ warnings: 3, warnings_since_suspension: 0, suspension: { reason: '경고 3회' }, suspension_suggested: false });
    // Over, the old warnings do not suggest another; three new ones do.
    t.clock.set(new Date(ends.getTime() + 1000));
    await warn(4);
    await warn(5);
    expect(await listed()).toMatchObject({ warnings: 5, warnings_since_suspension: 2, suspension: null, suspension_suggested: false });
    await warn(6);
    expect(await listed()).toMatchObject({ warnings: 6, warnings_since_suspension: 3, suspension_suggested: true });
  });

  // PGlite runs one transaction at a time; on PostgreSQL the suspension and the chains truly interleave.
  it('a suspension racing joins and payments of the same student leaves no seat held and every point accounted for', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [s] = await createStudents(t, 1);
      const partyIds = await Promise.all([1, 2, 3].map(() => createParty(t, { hoursFromNow: 72, deposit: 1500 })));
      const chains = partyIds.map(async (partyId) => {
        const joined = await join(t, partyId, s.auth);
        if (joined.statusCode !== 201) return joined.statusCode;
        return (await pay(t, joined.json().id as number, s.auth)).statusCode;
      });
      const [suspended, ...answers] = await Promise.all([suspend(s.id, { reason: '동시 정지', ends_at: null }), ...chains]);
      expect(suspended.statusCode, suspended.body).toBe(201);
      // Each chain either finished before the suspension (its seat then released) or was refused: 401 once the
      // token's version is behind, 403 when the suspension was read under the lock, 400 for a seat released
      // between the join and its payment.
      for (const status of answers) expect([200, 400, 401, 403]).toContain(status);
      const live = await t.database.db.select().from(participations).where(eq(participations.userId, s.id));
      expect(live.filter((p) => p.status === 'pending' || p.status === 'confirmed')).toEqual([]);
      // Far from the start: every deposit taken came back.
      expect(await pointsOf(s.id)).toBe(10_000);
      expect(live.filter((p) => p.depositState === 'held')).toEqual([]);
    }
    await expectInvariants(t);
  });
});

const both = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;
(both ? describe : describe.skip)(`suspension on one of two instances sharing PostgreSQL and Redis${both ? '' : ' — skipped: DATABASE_URL and REDIS_URL are not both set'}`, () => {
  const pair = twoInstancesOnRedis();
  let wsB: string;
  beforeAll(async () => {
    wsB = await listenOnLoopback(pair.b.app, 'ws');
  });

  it("a suspension through instance A closes the student's socket on instance B and refuses the token there at once", async () => {
    const { a, b } = pair;
    const s = await createStudent(a);
    const signIn = await loginAs(a, s.username);
    const partyId = await createParty(a, { hoursFromNow: 0.25, deposit: 1000 });
    await joinAndPay(a, partyId, bearer(signIn.access));
    // B has just let the sign-in in, so it remembers it as live for a few seconds.
    expect((await myPage(b, bearer(signIn.access))).statusCode).toBe(200);
    const socket = await openSocket(`${wsB}/ws/party/${partyId}/?token=${signIn.access}`);
    await socket.waitFor((m) => m.type === 'send_standby_update');

    expect((await suspendAt(a, s.id, { reason: '파티 중 폭언', ends_at: null })).statusCode).toBe(201);
    expect(await socket.closed).toBe(4401);
    expect((await myPage(b, bearer(signIn.access))).statusCode).toBe(401);
    expect((await b.app.inject({ method: 'POST', url: '/api/signup/auth/refresh/', payload: { refresh: signIn.refresh } })).statusCode).toBe(401);
    const again = await loginAs(b, s.username);
    expect((await join(b, await createParty(a), bearer(again.access))).json()).toMatchObject({ code: 'suspended' });
  });
});
