import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createParty, createStudents, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const HOUR = 3_600_000;

// Issue 17 §2: my page's 참여 횟수 and 참여이력 count the same parties — paid seats of parties that have started.
describeEachDb('my participation count is my history', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('counts exactly the cards the history lists, whatever became of my other seats', async () => {
    const [me] = await createStudents(t, 1, 50_000);
    const seat = async (hoursFromNow: number, then: 'pay' | 'leave' | 'none') => {
      const partyId = await createParty(t, { hoursFromNow, deposit: 1000 });
      const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: me.auth });
      if (then !== 'none') await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: me.auth, payload: { payment_method: 'POINT' } });
      if (then === 'leave') await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: me.auth });
      return partyId;
    };
    const attendedA = await seat(1, 'pay');
    const attendedB = await seat(2, 'pay');
    await seat(2, 'leave'); // paid, then left
    const upcoming = await seat(48, 'pay'); // paid, not started yet
    await seat(48, 'none'); // awaiting payment
    t.clock.advance(3 * HOUR);
    // A fresh token: the first ones expired while the clock moved on.
    const read = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(await tokenFor(t, me.id)) })).json();

    const main = await read('/api/mypage/main/');
    const history = (await read('/api/mypage/history/')) as { id: number }[];
    expect(history.map((p) => p.id)).toEqual([attendedB, attendedA]);
    expect(main.participation_count).toBe(history.length);

    // Once the paid upcoming party starts, both move together.
    t.clock.advance(46 * HOUR);
    const later = (await read('/api/mypage/history/')) as { id: number }[];
    expect(later.map((p) => p.id)).toEqual([upcoming, attendedB, attendedA]);
    expect((await read('/api/mypage/main/')).participation_count).toBe(3);
  });
});
