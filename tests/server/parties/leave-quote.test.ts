import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '../../../src/shared/constants';
import { bearer, createParty, createStudents, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const HOUR = 3_600_000;

describeEachDb('what leaving would do, said before the student leaves (issue 30)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  /** A student holding a seat in a party starting `hours` from the clock's now, paid or not. */
  async function seat(opts: { hours: number; pay: boolean }) {
    const partyId = await createParty(t, { hoursFromNow: opts.hours, deposit: 3000, title: '취소 미리보기 파티' });
    const [s] = await createStudents(t, 1);
    const joined = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    expect(joined.statusCode).toBe(201);
    if (opts.pay) {
      const paid = await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${joined.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
      expect(paid.statusCode).toBe(200);
    }
    return { partyId, s, startMs: t.clock.now().getTime() + opts.hours * HOUR };
  }
  /** Moves the clock; the student's access token, which expires with it, is issued again. */
  async function moveTo(at: number, s: { id: number; auth: { authorization: string } }) {
    t.clock.set(new Date(at));
    s.auth = bearer(await tokenFor(t, s.id));
  }
  const quote = (partyId: number, auth: { authorization: string }) => t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/leave/`, headers: auth });
  const leave = (partyId: number, auth: { authorization: string }) => t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: auth });

  describe('the 24-hour edge, with the clock moved to either side of it', () => {
    it('exactly 24 hours before the start: the quote says the full deposit comes back, and the leave gives it back', async () => {
      const { partyId, s, startMs } = await seat({ hours: 30, pay: true });
      await moveTo(startMs - 24 * HOUR, s);
      const q = await quote(partyId, s.auth);
      expect(q.statusCode).toBe(200);
      expect(q.json()).toEqual({ status: 'confirmed', paid: 3000, refund: 3000, refund_until: new Date(startMs - 24 * HOUR).toISOString() });
      expect((await leave(partyId, s.auth)).json()).toEqual({ status: 'cancelled', refunded: 3000 });
    });

    it('one second later: the quote says nothing comes back, and the leave keeps the deposit', async () => {
      const { partyId, s, startMs } = await seat({ hours: 30, pay: true });
      await moveTo(startMs - 24 * HOUR + 1000, s);
      const q = await quote(partyId, s.auth);
      expect(q.json()).toEqual({ status: 'confirmed', paid: 3000, refund: 0, refund_until: new Date(startMs - 24 * HOUR).toISOString() });
      expect((await leave(partyId, s.auth)).json()).toEqual({ status: 'cancelled', refunded: 0 });
    });
  });

  it('an unpaid seat: nothing paid, nothing to refund, and leaving is free', async () => {
    const { partyId, s } = await seat({ hours: 2, pay: false });
    expect((await quote(partyId, s.auth)).json()).toMatchObject({ status: 'pending', paid: 0, refund: 0 });
  });

  it('refuses as the leave does: no seat (404), a party already started (400), a guest (401)', async () => {
    const { partyId, s, startMs } = await seat({ hours: 1, pay: true });
    const [other] = await createStudents(t, 1);
    const none = await quote(partyId, other.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: '참가 신청 내역이 없습니다.' });
    expect((await quote(partyId, { authorization: '' })).statusCode).toBe(401);
    await moveTo(startMs + 1000, s);
    const started = await quote(partyId, s.auth);
    expect(started.statusCode).toBe(400);
    expect(started.json()).toEqual({ detail: '이미 시작된 파티는 취소할 수 없습니다.' });
  });

  it('the party page and the assistant say until when my unpaid seat is held, and nothing once it is paid', async () => {
    const partyId = await createParty(t, { hoursFromNow: 5, deposit: 1000 });
    const [s] = await createStudents(t, 1);
    const joined = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    const holdEnd = new Date(t.clock.now().getTime() + HOLD_MINUTES * 60_000).toISOString();
    const detail = async () => (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/`, headers: s.auth })).json().my_participation;
    const assistant = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/partyassist/myparties/', headers: s.auth })).json() as { id: number; hold_expires_at: string | null }[]).find((p) => p.id === partyId);
    expect(await detail()).toEqual({ id: joined.json().id, status: 'pending', hold_expires_at: holdEnd });
    expect((await assistant())?.hold_expires_at).toBe(holdEnd);

    await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${joined.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    t.clock.advance(1000); // the detail is kept for the second it was read in
    expect(await detail()).toEqual({ id: joined.json().id, status: 'confirmed', hold_expires_at: null });
    expect((await assistant())?.hold_expires_at).toBeNull();
  });
});
