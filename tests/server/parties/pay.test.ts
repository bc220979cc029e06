import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema/notifications';
import { participations } from '../../../src/server/db/schema/parties';
import { pointLedger } from '../../../src/server/db/schema/points';
import { users } from '../../../src/server/db/schema/users';
import { bearer, createParty, createStudents, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

describeEachDb('paying the deposit', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  async function joined(opts: { deposit?: number; points?: number; hoursFromNow?: number } = {}) {
    const partyId = await createParty(t, { deposit: opts.deposit ?? 3000, hoursFromNow: opts.hoursFromNow });
    const [s] = await createStudents(t, 1, opts.points ?? 10_000);
    const res = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    return { partyId, s, participationId: res.json().id as number };
  }
  const pay = (id: number, auth: { authorization: string }, payload: unknown = { payment_method: 'POINT' }) =>
    t.app.inject({ method: 'POST', url: `/api/reserve/pay/${id}/`, headers: auth, payload: payload as object });
  const points = async (userId: number) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0].points;

  it('shows the owner the deposit and their points, and nobody else', async () => {
    const { s, participationId } = await joined({ deposit: 2500 });
    const res = await t.app.inject({ method: 'GET', url: `/api/reserve/participation/${participationId}/`, headers: s.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: participationId, status: 'pending', user: { id: s.id, points: 10_000 }, party: { deposit: 2500 } });
    const [other] = await createStudents(t, 1);
    const peek = await t.app.inject({ method: 'GET', url: `/api/reserve/participation/${participationId}/`, headers: other.auth });
    expect(peek.statusCode).toBe(404);
    expect((await pay(participationId, other.auth)).statusCode).toBe(404);
  });

  it('deducts the deposit, confirms the seat, writes the ledger and tells the student', async () => {
    const { s, participationId } = await joined({ deposit: 3000 });
    const res = await pay(participationId, s.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ remaining_points: 7000, amount: 3000 });
    expect(await points(s.id)).toBe(7000);
    const [p] = await t.database.db.select().from(participations).where(eq(participations.id, participationId));
    expect(p).toMatchObject({ status: 'confirmed', depositState: 'held', paidAmount: 3000 });
    const ledger = await t.database.db.select().from(pointLedger).where(eq(pointLedger.participationId, participationId));
    expect(ledger).toMatchObject([{ kind: 'deposit_paid', amount: -3000, balanceAfter: 7000 }]);
    const notes = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, s.id), eq(notifications.kind, 'paid')));
    expect(notes).toHaveLength(1);
  });

  it('charges once when the same payment arrives 50 times at once, and answers each like the first', async () => {
    const { s, participationId } = await joined({ deposit: 3000 });
    const results = await Promise.all(Array.from({ length: 50 }, () => pay(participationId, s.auth)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    for (const r of results) expect(r.json()).toEqual({ remaining_points: 7000, amount: 3000 });
    const ledger = await t.database.db.select().from(pointLedger).where(and(eq(pointLedger.participationId, participationId), eq(pointLedger.kind, 'deposit_paid')));
    expect(ledger).toHaveLength(1);
    expect(await points(s.id)).toBe(7000);
    const notes = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, s.id), eq(notifications.kind, 'paid')));
    expect(notes).toHaveLength(1);
  });

  it('refuses with 400 when points are short, keeping every point and the pending seat', async () => {
    const { s, participationId } = await joined({ deposit: 5000, points: 4999 });
    const res = await pay(participationId, s.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: '포인트가 부족합니다.' });
    expect(await points(s.id)).toBe(4999);
    const [p] = await t.database.db.select().from(participations).where(eq(participations.id, participationId));
    expect(p.status).toBe('pending');
    expect(await t.database.db.select().from(pointLedger).where(eq(pointLedger.participationId, participationId))).toHaveLength(0);
  });

  it('confirms a free party without touching points', async () => {
    const { s, participationId } = await joined({ deposit: 0 });
    expect((await pay(participationId, s.auth)).json()).toEqual({ remaining_points: 10_000, amount: 0 });
  });

  it('accepts only POINT as the payment method', async () => {
    const { s, participationId } = await joined();
    const res = await pay(participationId, s.auth, { payment_method: 'CARD' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ payment_method: ['포인트 결제만 지원합니다.'] });
    expect((await pay(participationId, s.auth, {})).statusCode).toBe(400);
  });

  it('refuses to pay once the 15-minute hold has run out', async () => {
    const { s, participationId } = await joined();
    t.clock.advance(15 * 60_000 + 1);
    const res = await pay(participationId, bearer(await tokenFor(t, s.id)));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('결제 가능 시간(15분)이 지나 신청이 취소되었습니다. 다시 신청해 주세요.');
    expect(await points(s.id)).toBe(10_000);
  });
});
