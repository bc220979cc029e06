import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema/users';
import { storedUploads } from '../../helpers/stored-uploads';
import { decideCard, sendNewCard, signUpWithCard } from '../../helpers/student-cards';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const DAY = 86_400_000;

// Issue 33 §2: a resubmission shows the operator the rejected card beside the new one, with both times and the
// rejection; the old card is kept only while the new one waits (privacy: no more cards than needed).
describeEachDb('the previous card of a resubmission', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const ops = () => ({ 'x-ops-token': t.opsToken });
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const stored = async (key: string | null) => !!key && (await storedUploads(t)).private.includes(key);
  const previousCard = (id: number, headers: Record<string, string> = ops()) => t.app.inject({ method: 'GET', url: `/api/ops/verifications/${id}/previous-card`, headers });
  const queued = async (id: number) => {
    const { username } = await row(id);
    const page = (await t.app.inject({ method: 'GET', url: `/api/ops/verifications/?q=${username}`, headers: ops() })).json() as { results: { id: number; previous_card: unknown }[] };
    return page.results.find((v) => v.id === id);
  };

  /** A student whose first card was rejected, then who sent a new one: the rejected card and when it all happened. */
  async function resubmitted() {
    const s = await signUpWithCard(t, '다시보냄');
    const firstSent = t.clock.now().toISOString();
    const first = (await row(s.id)).studentCardPath!;
    t.clock.advance(60_000);
    expect((await decideCard(t, s.id, 'reject', { reason: '흐림·식별 불가' })).statusCode).toBe(200);
    const rejectedAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    expect((await sendNewCard(t, s.auth)).statusCode).toBe(200);
    return { ...s, first, firstSent, rejectedAt };
  }

  it('keeps the rejected card while the new one waits, lists its times and reason, and serves it to operators only, never cached', async () => {
    const s = await resubmitted();
    expect(await queued(s.id)).toMatchObject({
      card_submitted_at: t.clock.now().toISOString(),
      previous_card: { submitted_at: s.firstSent, status: 'rejected', reason: '흐림·식별 불가', decided_at: s.rejectedAt },
    });
    const res = await previousCard(s.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload).toEqual(await t.storage.readPrivate(s.first));
    for (const headers of [{}, s.auth, { 'x-ops-token': `${t.opsToken}x` }] as Record<string, string>[]) expect((await previousCard(s.id, headers)).statusCode).toBe(401);

    // A first card has nothing before it: 404 in Korean, and the queue says none.
    const fresh = await signUpWithCard(t);
    expect((await queued(fresh.id))?.previous_card).toBeNull();
    const none = await previousCard(fresh.id);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: '이전 학생증 사진이 없습니다.' });
  });

  it('keeps one previous card: a pending card replaced goes, and the rejected card stays to compare', async () => {
    const s = await resubmitted();
    const second = (await row(s.id)).studentCardPath!;
    t.clock.advance(60_000);
    expect((await sendNewCard(t, s.auth)).statusCode).toBe(200);
    expect(await row(s.id)).toMatchObject({ previousCardPath: s.first, previousCardReason: '흐림·식별 불가' });
    if (second !== s.first) expect(await stored(second)).toBe(false);
    expect(await stored(s.first)).toBe(true);
  });

  it('deletes the previous card once the new card is decided, approved or rejected again', async () => {
    for (const decision of ['approve', 'reject'] as const) {
      const s = await resubmitted();
      expect((await decideCard(t, s.id, decision, { reason: '이름 불일치' })).statusCode).toBe(200);
      expect(await row(s.id)).toMatchObject({ previousCardPath: null, previousCardSubmittedAt: null, previousCardReason: null, previousCardDecidedAt: null });
      expect(await stored(s.first)).toBe(false);
      expect(await stored((await row(s.id)).studentCardPath)).toBe(true);
      expect((await previousCard(s.id)).statusCode).toBe(404);
    }
  });

  it('deletes the previous card with the account', async () => {
    const s = await resubmitted();
    expect((await t.app.inject({ method: 'POST', url: '/api/mypage/withdraw/', headers: s.auth, payload: { password: s.password } })).statusCode).toBe(200);
    expect(await row(s.id)).toMatchObject({ previousCardPath: null, previousCardReason: null });
    expect(await stored(s.first)).toBe(false);
    expect((await previousCard(s.id)).statusCode).toBe(404);
  });

  it('deletes the previous card CARD_RETENTION_DAYS after its rejection, leaving the pending card alone', async () => {
    const s = await resubmitted();
    const current = (await row(s.id)).studentCardPath!;
    // Day 29 after the rejection (the new card came a minute after it) keeps it, day 30 deletes it.
    t.clock.advance(29 * DAY - 60_000);
    await t.app.sweeper.runOnce();
    expect(await stored(s.first)).toBe(true);
    t.clock.advance(DAY);
    await t.app.sweeper.runOnce();
    expect(await row(s.id)).toMatchObject({ previousCardPath: null, studentCardPath: current, verificationStatus: 'pending', cardDeletedAt: null });
    expect(await stored(s.first)).toBe(false);
    expect(await stored(current)).toBe(true);
    expect((await queued(s.id))?.previous_card).toBeNull();
  });
});
