import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { participations } from '../../../src/server/db/schema/parties';
import { users } from '../../../src/server/db/schema/users';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const REFUSAL = { detail: '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.', code: 'additional_info_required' };

// A Kakao account starts without school, phone and student card (/mypage/additional adds them). Until then it may
// look around, but not take a seat or pay for one.
describeEachDb('an account without school, phone and student card', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const incomplete = (id: number, done = false) => t.database.db.update(users).set({ isAdditionalInfoProvided: done }).where(eq(users.id, id));

  it('cannot join (403 saying what to finish), takes no seat, and can join once the details are in', async () => {
    const partyId = await createParty(t);
    const [s] = await createStudents(t, 1);
    await incomplete(s.id);
    const refused = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REFUSAL);
    expect(await t.database.db.select().from(participations).where(eq(participations.userId, s.id))).toEqual([]);
    await incomplete(s.id, true);
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth })).statusCode).toBe(201);
  });

  it('cannot pay either, and can still give the seat back', async () => {
    const partyId = await createParty(t);
    const [s] = await createStudents(t, 1);
    const joined = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    await incomplete(s.id);
    const pay = await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${joined.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    expect(pay.statusCode).toBe(403);
    expect(pay.json()).toEqual(REFUSAL);
    const [u] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, s.id));
    expect(u.points).toBe(10_000);
    expect((await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: s.auth })).statusCode).toBe(200);
  });
});
