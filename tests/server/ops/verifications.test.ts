import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema/audit';
import { notifications } from '../../../src/server/db/schema/notifications';
import { users } from '../../../src/server/db/schema/users';
import { REJECTION_REASON_MAX } from '../../../src/shared/verification';
import { cardFiles, cardSeen, sendNewCard, signUpWithCard } from '../../helpers/student-cards';
import { bearer, createParty, createStudent, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb, sessionsWaitingOnLocks } from '../../helpers/test-db';

// Issue 16 §1, the operators' side: the queue, the card (theirs only, never cached) and one decision per card,
// with its audit row and the student's notification in the same transaction.
describeEachDb('operators verify student cards', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const ops = () => ({ 'x-ops-token': t.opsToken });
  const signup = (name?: string) => signUpWithCard(t, name);
  const list = (query = '', headers: Record<string, string> = ops()) => t.app.inject({ method: 'GET', url: `/api/ops/verifications/${query}`, headers });
  // A decision names the card on file now unless the test names another (or none: `{ card_submitted_at: undefined }`).
  const seenPayload = async (id: number | string, payload: object = {}) => ({ card_submitted_at: typeof id === 'number' ? await cardSeen(t, id) : t.clock.now().toISOString(), ...payload });
  const approve = async (id: number | string, payload?: object, headers: Record<string, string> = ops()) =>
    t.app.inject({ method: 'POST', url: `/api/ops/verifications/${id}/approve/`, headers, payload: await seenPayload(id, payload) });
  const reject = async (id: number | string, payload: object, headers: Record<string, string> = ops()) =>
    t.app.inject({ method: 'POST', url: `/api/ops/verifications/${id}/reject/`, headers, payload: await seenPayload(id, payload) });
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const noticesOf = (id: number) => t.database.db.select().from(notifications).where(eq(notifications.userId, id));
  const auditOf = (id: number) =>
    t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, id))).orderBy(auditLog.id);
  // The first page (50 rows) holds every student this file makes.
  const rowsOf = (res: LightMyRequestResponse) => (res.json() as { results: Record<string, unknown>[] }).results;
  const pendingIds = async () => rowsOf(await list()).map((v) => v.id as number);

  it('lists pending cards oldest first with what an operator checks them against; other statuses on request', async () => {
    const before = await pendingIds();
    const first = await signup('첫째');
    t.clock.advance(60_000);
    const second = await signup('둘째');
    t.clock.advance(60_000);
    const third = await signup('셋째');
    // A student whose new card came last goes to the back of the queue.
    t.clock.advance(60_000);
    expect((await sendNewCard(t, first.auth)).statusCode).toBe(200);
    await createStudent(t); // approved: not in the queue

    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store|no-cache/);
    const body = rowsOf(res);
    expect(body.map((v) => v.id)).toEqual([...before, second.id, third.id, first.id]);
    expect(body.find((v) => v.id === second.id)).toEqual({
      id: second.id,
      username: second.username,
      name: '둘째',
      school: '한빛대학교',
      phone: expect.stringMatching(/^0107\d{7}$/),
      email: `${second.username}@hanbit.ac.kr`,
      status: 'pending',
      reason: null,
      card_submitted_at: new Date(t.clock.now().getTime() - 2 * 60_000).toISOString(),
      verified_at: null,
      // Set once the retention sweep has deleted a decided card (docs/rules.md "Privacy").
      card_deleted_at: null,
      // The rejected card a resubmission replaced (tests/server/ops/previous-card.test.ts); a first card has none.
      previous_card: null,
    });
    expect(rowsOf(await list('?status=pending'))).toEqual(body);

    await reject(third.id, { reason: '학생증이 아닙니다' });
    const rejected = rowsOf(await list('?status=rejected'));
    expect(rejected.find((v) => v.id === third.id)).toMatchObject({ status: 'rejected', reason: '학생증이 아닙니다', verified_at: t.clock.now().toISOString() });
    expect(rowsOf(await list('?status=approved')).every((v) => v.status === 'approved')).toBe(true);

    const bad = await list('?status=verified');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['status']);
  });

  it('leaves closed accounts out of the queue and answers 404 for them; a closed account keeps no reason', async () => {
    const gone = await signup();
    const rejectedGone = await signup();
    expect((await reject(rejectedGone.id, { reason: '김민지 님의 학생증이 아닙니다' })).statusCode).toBe(200);
    for (const s of [gone, rejectedGone]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: s.auth, payload: { password: s.password } })).statusCode).toBe(200);
    }
    expect(await pendingIds()).not.toContain(gone.id);
    expect(rowsOf(await list('?status=rejected')).map((v) => v.id)).not.toContain(rejectedGone.id);
    expect((await row(rejectedGone.id)).verificationReason).toBeNull();
    expect((await approve(gone.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/ops/verifications/${gone.id}/card`, headers: ops() })).statusCode).toBe(404);
  });

  it("shows the card to operators only, as a JPEG no cache keeps", async () => {
    const s = await signup();
    const url = `/api/ops/verifications/${s.id}/card`;
    const res = await t.app.inject({ method: 'GET', url, headers: ops() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Never to the student, another student or a guest; never under a public path.
    for (const headers of [{}, s.auth, bearer(await tokenFor(t, (await createStudent(t)).id)), { 'x-ops-token': `${t.opsToken}x` }]) {
      const refused = await t.app.inject({ method: 'GET', url, headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.rawPayload.subarray(0, 2)).not.toEqual(Buffer.from([0xff, 0xd8]));
    }
    const key = (await row(s.id)).studentCardPath!;
    for (const path of [`/media/${key}`, `/media/../private/${key}`, `/${key}`]) {
      expect((await t.app.inject({ method: 'GET', url: path, headers: s.auth })).headers['content-type']).not.toBe('image/jpeg');
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/mypage/main/', headers: s.auth });
    expect(me.body).not.toContain(key.split('/').pop()!.replace('.jpg', ''));

    const noCard = await createStudent(t, { isAdditionalInfoProvided: false, phone: null, school: null });
    for (const id of [noCard.id, 999_999, 'abc']) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/ops/verifications/${id}/card`, headers: ops() });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control']).not.toMatch(/public/);
    }
  });

  it('approves a pending card once: the student is told, the audit log says who, and joining opens', async () => {
    const s = await signup();
    const partyId = await createParty(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth })).statusCode).toBe(403);
    t.clock.advance(30_000);
    const res = await approve(s.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: s.id, status: 'approved', reason: null, verified_at: t.clock.now().toISOString() });
    expect(await row(s.id)).toMatchObject({ verificationStatus: 'approved', verificationReason: null, verifiedAt: t.clock.now() });

    const notices = await noticesOf(s.id);
    expect(notices.map((x) => [x.kind, x.message])).toEqual([['verification_approved', '학생증 확인이 끝났습니다. 이제 파티에 참가할 수 있어요!']]);
    // Tapping it opens my page, where the card's state is shown.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: s.auth })).json();
    expect(listed).toMatchObject([{ link: '/mypage' }]);
    const audit = await auditOf(s.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: null,
      actor: 'token',
      action: 'verification.approve',
      targetType: 'user',
      targetId: s.id,
      before: { status: 'pending', card_submitted_at: new Date(t.clock.now().getTime() - 30_000).toISOString() },
      after: { status: 'approved', reason: null },
      createdAt: t.clock.now(),
    });

    // Decided is decided: a second approval, or a rejection after it, changes nothing.
    const again = await approve(s.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: '이미 승인된 학생입니다.' });
    expect((await reject(s.id, { reason: '늦은 반려' })).statusCode).toBe(409);
    expect(await noticesOf(s.id)).toHaveLength(1);
    expect(await auditOf(s.id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth })).statusCode).toBe(201);
  });

  it('rejects with a reason the student reads, trimmed and not too long', async () => {
    const s = await signup();
    for (const payload of [{}, { reason: '   ' }, { reason: 42 }, { reason: '가'.repeat(REJECTION_REASON_MAX + 1) }]) {
      const bad = await reject(s.id, payload);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json())).toEqual(['reason']);
    }
    expect((await row(s.id)).verificationStatus).toBe('pending');

    const res = await reject(s.id, { reason: '  학생증의 이름이 가입한 이름과 다릅니다  ' });
    expect(res.json()).toMatchObject({ id: s.id, status: 'rejected', reason: '학생증의 이름이 가입한 이름과 다릅니다' });
    expect(await row(s.id)).toMatchObject({ verificationStatus: 'rejected', verificationReason: '학생증의 이름이 가입한 이름과 다릅니다' });
    const [notice] = await noticesOf(s.id);
    expect(notice).toMatchObject({ kind: 'verification_rejected', isRead: false });
    expect(notice.message).toBe('학생증이 반려되었습니다 (사유: 학생증의 이름이 가입한 이름과 다릅니다). 마이페이지에서 새 학생증 사진을 보내 주시면 다시 확인해 드릴게요.');
    const seen = (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: s.auth })).json() as { message: string }[];
    expect(seen.map((x) => x.message)).toContain(notice.message);
    expect(await auditOf(s.id)).toMatchObject([
      { action: 'verification.reject', before: { status: 'pending' }, after: { status: 'rejected', reason: '학생증의 이름이 가입한 이름과 다릅니다' } },
    ]);
    expect((await approve(s.id)).json()).toEqual({ detail: '이미 반려된 학생입니다. 학생이 새 학생증을 보내면 다시 확인할 수 있습니다.' });

    // A new card, a new decision, a new notification.
    t.clock.advance(60_000);
    expect((await sendNewCard(t, s.auth)).statusCode).toBe(200);
    expect((await approve(s.id)).statusCode).toBe(200);
    expect((await noticesOf(s.id)).map((x) => x.kind).sort()).toEqual(['verification_approved', 'verification_rejected']);
    expect((await auditOf(s.id)).map((a) => a.action)).toEqual(['verification.reject', 'verification.approve']);
  });

  it('tells the student of each decision, also on the very same photo sent again after a rejection', async () => {
    const s = await signup();
    const photo = await cardFiles();
    t.clock.advance(60_000);
    expect((await sendNewCard(t, s.auth, photo)).statusCode).toBe(200);
    const first = (await row(s.id)).studentCardPath;
    expect((await reject(s.id, { reason: '사진이 흐립니다' })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await sendNewCard(t, s.auth, photo)).statusCode).toBe(200);
    // In the database a file is named by its bytes: the same photo is the same key, and still one file to show.
    if (kind === 'postgres') expect((await row(s.id)).studentCardPath).toBe(first);
    const card = await t.app.inject({ method: 'GET', url: `/api/ops/verifications/${s.id}/card`, headers: ops() });
    expect(card.statusCode).toBe(200);
    expect((await reject(s.id, { reason: '여전히 흐립니다' })).statusCode).toBe(200);
    const messages = (await noticesOf(s.id)).map((n) => n.message);
    expect(messages).toHaveLength(2);
    expect(messages.join(' ')).toContain('사진이 흐립니다');
    expect(messages.join(' ')).toContain('여전히 흐립니다');
  });

  it('refuses a decision on a card the operator has not seen: the student sent a new one meanwhile', async () => {
    const s = await signup();
    const seen = rowsOf(await list()).find((v) => v.id === s.id)!.card_submitted_at as string;
    t.clock.advance(60_000);
    expect((await sendNewCard(t, s.auth)).statusCode).toBe(200);

    const stale = await approve(s.id, { card_submitted_at: seen });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: '학생이 학생증을 새로 보냈습니다. 새 사진을 확인한 뒤 다시 결정해 주세요.' });
    expect((await reject(s.id, { reason: '흐림', card_submitted_at: seen })).statusCode).toBe(409);
    expect((await row(s.id)).verificationStatus).toBe('pending');
    expect(await auditOf(s.id)).toEqual([]);
    expect((await approve(s.id, { card_submitted_at: 'yesterday' })).statusCode).toBe(400);
    expect((await approve(s.id, { card_submitted_at: t.clock.now().toISOString() })).statusCode).toBe(200);
  });

  it('refuses a decision that names no card, in Korean (400), and decides nothing: the console, the CLI and scripts must say which card they saw', async () => {
    const s = await signup();
    const none = { card_submitted_at: undefined };
    // No body at all, as the old calls sent, is the same: the field is required.
    const bare = await t.app.inject({ method: 'POST', url: `/api/ops/verifications/${s.id}/approve/`, headers: ops() });
    for (const res of [await approve(s.id, none), await reject(s.id, { reason: '흐립니다', ...none }), bare]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ card_submitted_at: ['필수 항목입니다.'] });
    }
    for (const bad of [null, 'yesterday', 12, '2026-03-01']) {
      const res = await approve(s.id, { card_submitted_at: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toEqual({ card_submitted_at: ['card_submitted_at은 ISO 8601 형식이어야 합니다.'] });
    }
    expect((await row(s.id)).verificationStatus).toBe('pending');
    expect(await auditOf(s.id)).toEqual([]);
    expect(await noticesOf(s.id)).toEqual([]);
    // The same card written with another offset is the same instant, and decides.
    const seen = new Date(await cardSeen(t, s.id));
    const inSeoul = new Date(seen.getTime() + 9 * 3_600_000).toISOString().replace('Z', '+09:00');
    expect((await approve(s.id, { card_submitted_at: inSeoul })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown student and 409 for one who never sent a card', async () => {
    expect((await approve(999_999)).json()).toEqual({ detail: '회원을 찾을 수 없습니다.' });
    expect((await approve('abc')).statusCode).toBe(404);
    expect((await reject(999_999, { reason: '없음' })).statusCode).toBe(404);
    const kakao = await createStudent(t, { isAdditionalInfoProvided: false, phone: null, school: null });
    const res = await approve(kakao.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: '아직 학생증을 보내지 않은 학생입니다.' });
  });

  it('refuses students and guests on every verification endpoint (401), before looking at the body', async () => {
    const s = await signup();
    const student = s.auth;
    for (const headers of [{}, student]) {
      expect((await list('', headers)).statusCode).toBe(401);
      expect((await approve(s.id, undefined, headers)).statusCode).toBe(401);
      expect((await reject(s.id, {}, headers)).statusCode).toBe(401);
    }
    expect((await row(s.id)).verificationStatus).toBe('pending');
  });

  it('lets exactly one of two operators deciding at once win; the other hears 409', async () => {
    for (let round = 0; round < 5; round += 1) {
      const s = await signup();
      const decisions = await Promise.all([approve(s.id), round % 2 ? reject(s.id, { reason: '동시에 반려' }) : approve(s.id)]);
      expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = decisions.find((r) => r.statusCode === 200)!.json() as { status: string };
      expect((await row(s.id)).verificationStatus).toBe(winner.status);
      expect(await auditOf(s.id)).toHaveLength(1);
      expect(await noticesOf(s.id)).toHaveLength(1);
    }
  });

  // PGlite runs one transaction at a time; PostgreSQL shows the real race: both decisions are made to wait on the
  // student's row at the same moment, then let go together.
  // Defined on PostgreSQL only, so the PGlite run reports no skipped test.
  if (kind === 'postgres') it('decides once when both decisions were waiting on the same row lock', async () => {
    const s = await signup();
    let decisions!: Promise<LightMyRequestResponse[]>;
    await t.database.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, s.id)).for('update');
      decisions = Promise.all([approve(s.id), reject(s.id, { reason: '동시에 반려' }), approve(s.id)]);
      await expect.poll(() => sessionsWaitingOnLocks(t.database)).toBe(3);
    });
    const answers = await decisions;
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await auditOf(s.id)).toHaveLength(1);
    expect(await noticesOf(s.id)).toHaveLength(1);
  });

  // The finding of issue 32 §4: a student replaces the card while an operator approves the one on screen. Both wait on
  // the student's row, then go together, in either order: the approval is of the card seen, or it is refused.
  if (kind === 'postgres') it('a new card racing the approval of the old one: the old card is approved and the new one refused, or the approval hears 409 — never the new card approved', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round += 1) {
      const s = await signup();
      const seen = await cardSeen(t, s.id);
      t.clock.advance(60_000);
      let answers!: Promise<LightMyRequestResponse[]>;
      await t.database.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, s.id)).for('update');
        answers = Promise.all([approve(s.id, { card_submitted_at: seen }), sendNewCard(t, s.auth)]);
        await expect.poll(() => sessionsWaitingOnLocks(t.database)).toBe(2);
      });
      const [approval, upload] = await answers;
      const after = await row(s.id);
      if (approval.statusCode === 200) {
        // Approved first: the card seen is the one approved, and an approved card is final.
        expect(upload.statusCode).toBe(409);
        expect(after).toMatchObject({ verificationStatus: 'approved', cardSubmittedAt: new Date(seen) });
        expect(await auditOf(s.id)).toMatchObject([{ action: 'verification.approve', before: { card_submitted_at: seen } }]);
      } else {
        expect(approval.statusCode).toBe(409);
        expect(approval.json()).toEqual({ detail: '학생이 학생증을 새로 보냈습니다. 새 사진을 확인한 뒤 다시 결정해 주세요.' });
        expect(upload.statusCode).toBe(200);
        expect(after.verificationStatus).toBe('pending');
        expect(after.cardSubmittedAt).toEqual(t.clock.now());
        expect(await auditOf(s.id)).toEqual([]);
      }
      outcomes.add(String(approval.statusCode));
    }
    expect([...outcomes].every((o) => o === '200' || o === '409')).toBe(true);
  });
});
