import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema/users';
import type { Storage } from '../../../src/server/storage/storage';
import { storageFor } from '../../../src/server/storage/storage-for';
import { storedUploads } from '../../helpers/stored-uploads';
import { decideCard, sendNewCard, signUpWithCard } from '../../helpers/student-cards';
import { bearer, createTestApp, freshPng, multipart, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const DAY = 86_400_000;

/** The app's own storage, counting the private files it is asked to delete (nothing about them is faked). */
function countingRemovals(counter: { removed: string[] }) {
  return (dataDir: string, database: Parameters<typeof storageFor>[0]): Storage => {
    const real = storageFor(database, dataDir);
    return {
      ...real,
      async removePrivate(key) {
        counter.removed.push(key);
        await real.removePrivate(key);
      },
    };
  };
}

// Issue 29 point 4: a student card is kept CARD_RETENTION_DAYS (30) after the operator's decision, then the sweeper
// deletes the file (disk or the uploads table) and the row forgets it; the decision and its time stay.
describeEachDb('student cards are deleted after the retention period', (kind) => {
  let t: TestApp;
  const counter = { removed: [] as string[] };
  beforeAll(async () => {
    t = await createTestApp({ kind, storage: countingRemovals(counter) });
  });
  afterAll(() => t?.close());

  const ops = () => ({ 'x-ops-token': t.opsToken });
  const row = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const decide = async (id: number, how: 'approve' | 'reject') => {
    const res = await decideCard(t, id, how, how === 'reject' ? { reason: '흐립니다' } : {}, ops());
    expect(res.statusCode, res.body).toBe(200);
  };

  it('keeps a decided card at day 29 and deletes it at day 30, keeping the decision; the console says 삭제됨', async () => {
    const approved = await signUpWithCard(t, '승인학생');
    const rejected = await signUpWithCard(t, '반려학생');
    const waiting = await signUpWithCard(t, '대기학생');
    await decide(approved.id, 'approve');
    await decide(rejected.id, 'reject');
    const decidedAt = t.clock.now().toISOString();
    const cards = { approved: (await row(approved.id)).studentCardPath!, rejected: (await row(rejected.id)).studentCardPath!, waiting: (await row(waiting.id)).studentCardPath! };
    expect((await storedUploads(t)).private).toEqual(expect.arrayContaining(Object.values(cards)));

    t.clock.advance(29 * DAY);
    expect(await t.app.sweeper.runOnce()).toMatchObject({ cardsDeleted: 0 });
    expect((await storedUploads(t)).private).toEqual(expect.arrayContaining(Object.values(cards)));
    expect(await t.storage.readPrivate(cards.approved)).not.toBeNull();

    t.clock.advance(DAY);
    expect(await t.app.sweeper.runOnce()).toMatchObject({ cardsDeleted: 2 });
    const left = (await storedUploads(t)).private;
    expect(left).not.toContain(cards.approved);
    expect(left).not.toContain(cards.rejected);
    // Never decided: the card is still needed.
    expect(left).toContain(cards.waiting);
    expect(await t.storage.readPrivate(cards.approved)).toBeNull();
    expect(await row(approved.id)).toMatchObject({
      studentCardPath: null,
      cardDeletedAt: t.clock.now(),
      verificationStatus: 'approved',
      verifiedAt: new Date(decidedAt),
    });
    expect(await row(rejected.id)).toMatchObject({ studentCardPath: null, verificationStatus: 'rejected', verificationReason: '흐립니다', verifiedAt: new Date(decidedAt) });

    const list = await t.app.inject({ method: 'GET', url: '/api/ops/verifications/?status=approved', headers: ops() });
    expect((list.json() as { results: { id: number; card_deleted_at: string | null }[] }).results.find((v) => v.id === approved.id)).toMatchObject({ card_deleted_at: t.clock.now().toISOString(), verified_at: decidedAt });
    const card = await t.app.inject({ method: 'GET', url: `/api/ops/verifications/${approved.id}/card`, headers: ops() });
    expect(card.statusCode).toBe(404);
    expect(card.json()).toEqual({ detail: '학생증 사진은 보관 기간이 지나 삭제되었습니다.' });

    // Once: the next sweeps find nothing more to delete.
    const removals = counter.removed.length;
    t.clock.advance(DAY);
    expect(await t.app.sweeper.runOnce()).toMatchObject({ cardsDeleted: 0 });
    expect(counter.removed).toHaveLength(removals);
  });

  it('leaves a new card sent after a rejection alone until it is decided in its turn', async () => {
    const student = await signUpWithCard(t, '다시보낸학생');
    await decide(student.id, 'reject');
    t.clock.advance(20 * DAY);
    expect((await sendNewCard(t, bearer(await tokenFor(t, student.id)))).statusCode).toBe(200);
    const card = (await row(student.id)).studentCardPath!;
    t.clock.advance(40 * DAY);
    await t.app.sweeper.runOnce();
    expect(await row(student.id)).toMatchObject({ studentCardPath: card, verificationStatus: 'pending', cardDeletedAt: null });
    expect(await t.storage.readPrivate(card)).not.toBeNull();
  });
});

describeEachDb('two sweepers deleting cards at once', (kind) => {
  let a: TestApp;
  let b: TestApp;
  const counter = { removed: [] as string[] };
  beforeAll(async () => {
    a = await createTestApp({ kind, storage: countingRemovals(counter) });
    b = await createTestApp({ database: a.database, storage: countingRemovals(counter) });
  });
  afterAll(async () => {
    if (b) {
      await b.app.close();
      await b.bus.close();
      rmSync(b.dataDir, { recursive: true, force: true });
    }
    await a?.close();
  });

  /** A signup sending these exact bytes: on PostgreSQL two students' identical photos are one row, counted twice. */
  async function signUpWith(bytes: Buffer, n: number) {
    const username = `twin_card_${n}`;
    const body = await multipart(
      { username, password: 'twin-pass12', password2: 'twin-pass12', name: '쌍둥이', email: `${username}@hanbit.ac.kr`, phone: `0108800${String(1000 + n)}`, school: '한빛대학교', privacy_policy_version: '1' },
      { student_card_image: { bytes, name: 'card.png', type: 'image/png' } },
    );
    const res = await a.app.inject({ method: 'POST', url: '/api/signup/auth/signup/', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  it('deletes each expired card once, and never the same photo another student still needs', async () => {
    const photo = await freshPng();
    const expiring = await Promise.all([1, 2, 3, 4, 5].map(async (n) => signUpWith(await freshPng(), n)));
    const twinOld = await signUpWith(photo, 6);
    for (const id of [...expiring, twinOld]) {
      const res = await decideCard(a, id, 'approve');
      expect(res.statusCode).toBe(200);
    }
    a.clock.advance(31 * DAY);
    b.clock.set(a.clock.now());
    // The same bytes sent by a student still waiting: their card must outlive the expired twin's deletion.
    const twinNew = await signUpWith(photo, 7);
    const keep = (await a.database.db.select().from(users).where(eq(users.id, twinNew)))[0].studentCardPath!;

    const [ra, rb] = await Promise.all([a.app.sweeper.runOnce(), b.app.sweeper.runOnce()]);
    expect(ra.cardsDeleted + rb.cardsDeleted).toBe(6);
    expect(counter.removed).toHaveLength(6);
    expect(new Set(counter.removed).size).toBe(6);
    expect(await a.storage.readPrivate(keep)).not.toBeNull();
    const rows = await a.database.db.select().from(users);
    for (const id of [...expiring, twinOld]) expect(rows.find((u) => u.id === id)).toMatchObject({ studentCardPath: null, verificationStatus: 'approved' });
  });
});
