import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { participations } from '../../../src/server/db/schema/parties';
import { users } from '../../../src/server/db/schema/users';
import type { VerificationStatus } from '../../../src/shared/verification';
import { decideCard } from '../../helpers/student-cards';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const PENDING = {
  detail: '학생증을 확인하고 있습니다. 운영자 확인이 끝나면 알림으로 알려 드리며, 그 뒤에 파티에 참가할 수 있습니다.',
  code: 'verification_pending',
};
const REJECTED = {
  detail: '학생증이 반려되었습니다 (사유: 학생증이 흐려 이름을 읽을 수 없습니다). 마이페이지에서 학생증 사진을 다시 보내 주세요.',
  code: 'verification_rejected',
};
const REQUIRED = { detail: '파티에 참가하려면 마이페이지에서 학생증 사진을 먼저 보내 주세요.', code: 'verification_required' };

// Issue 16: only a student whose card an operator approved may take a seat or pay for one. The others may look
// around, and are told why not and what happens next.
describeEachDb('joining and paying need an approved student card', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const setStatus = (id: number, status: VerificationStatus, reason: string | null = null) =>
    t.database.db.update(users).set({ verificationStatus: status, verificationReason: reason }).where(eq(users.id, id));
  const join = (partyId: number, auth: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: auth });
  const pay = (id: number, auth: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/reserve/pay/${id}/`, headers: auth, payload: { payment_method: 'POINT' } });
  const seatsOf = (userId: number) => t.database.db.select().from(participations).where(eq(participations.userId, userId));

  it.each([
    ['pending', null, PENDING],
    ['rejected', '학생증이 흐려 이름을 읽을 수 없습니다', REJECTED],
    ['unsubmitted', null, REQUIRED],
  ] as const)('a %s student cannot join: 403 saying why and what next, and no seat is taken', async (status, reason, refusal) => {
    const partyId = await createParty(t);
    const [s] = await createStudents(t, 1);
    await setStatus(s.id, status, reason);
    const res = await join(partyId, s.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refusal);
    expect(await seatsOf(s.id)).toEqual([]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/`, headers: s.auth });
    expect(detail.json().applied_count).toBe(0);
  });

  it('a student whose approval is taken back cannot pay the seat they hold, but can give it back', async () => {
    const partyId = await createParty(t, { deposit: 3000 });
    const [s] = await createStudents(t, 1);
    const joined = await join(partyId, s.auth);
    expect(joined.statusCode).toBe(201);
    for (const [status, reason, refusal] of [
      ['pending', null, PENDING],
      ['rejected', '학생증이 흐려 이름을 읽을 수 없습니다', REJECTED],
    ] as const) {
      await setStatus(s.id, status, reason);
      const res = await pay(joined.json().id, s.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refusal);
    }
    const [u] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, s.id));
    expect(u.points).toBe(10_000);
    expect((await seatsOf(s.id)).map((p) => p.status)).toEqual(['pending']);
    expect((await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: s.auth })).statusCode).toBe(200);
  });

  it('asks a Kakao account for its details first, and for approval once they are in', async () => {
    const partyId = await createParty(t);
    const [s] = await createStudents(t, 1);
    await t.database.db.update(users).set({ isAdditionalInfoProvided: false, verificationStatus: 'unsubmitted' }).where(eq(users.id, s.id));
    expect((await join(partyId, s.auth)).json().code).toBe('additional_info_required');
    await t.database.db.update(users).set({ isAdditionalInfoProvided: true, verificationStatus: 'pending' }).where(eq(users.id, s.id));
    expect((await join(partyId, s.auth)).json()).toEqual(PENDING);
  });

  it('lets the student join once an operator approves the card', async () => {
    const partyId = await createParty(t);
    const [s] = await createStudents(t, 1);
    await setStatus(s.id, 'pending');
    // The card the operator looks at (and names in the decision).
    await t.database.db.update(users).set({ cardSubmittedAt: t.clock.now() }).where(eq(users.id, s.id));
    expect((await join(partyId, s.auth)).statusCode).toBe(403);
    const approved = await decideCard(t, s.id, 'approve');
    expect(approved.statusCode).toBe(200);
    const joined = await join(partyId, s.auth);
    expect(joined.statusCode).toBe(201);
    expect((await pay(joined.json().id, s.auth)).statusCode).toBe(200);
  });
});
