import { afterAll, beforeAll, expect, it } from 'vitest';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

// Issue 17 §2: a party's count is the same number on every screen — seats taken, a seat awaiting payment counting
// like a paid one (README "Product rules"); only the lobby counts the paid participants, and says so.
describeEachDb("a party's count agrees across screens", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const get = async (url: string, headers: Record<string, string> = {}) => (await t.app.inject({ method: 'GET', url, headers })).json();

  /** The count of the party on each screen that shows one, as the student `auth` (a seat holder) reads them. */
  async function countsOf(partyId: number, auth: { authorization: string }) {
    // The public lists and pages are cached for a second: step past it so each read sees the latest writes.
    t.clock.advance(1000);
    const detail = await get(`/api/detailview/parties/${partyId}/`, auth);
    const mine = (await get('/api/partyassist/myparties/', auth)).find((p: { id: number }) => p.id === partyId);
    const card = (await get('/api/homemap/home/')).find((p: { id: number }) => p.id === partyId);
    const mapCard = (await get('/api/detailview/parties/')).find((p: { id: number }) => p.id === partyId);
    const ops = await get(`/api/ops/parties/${partyId}/`, { 'x-ops-token': t.opsToken });
    return {
      detail: detail.applied_count,
      detailPeople: detail.participations.map((p: { user: { id: number } }) => p.user.id),
      assistant: mine.participation_count,
      assistantPeople: mine.participants.map((p: { id: number }) => p.id),
      home: card.applied_count,
      map: mapCard.applied_count,
      ops: ops.applied_count,
    };
  }

  it('counts paid and awaiting-payment seats alike, and left ones not at all, on detail, assistant, lists and console', async () => {
    const partyId = await createParty(t, { max: 6, title: '셈이 맞는 파티' });
    const [paid, pending, left, me] = await createStudents(t, 4);
    const join = async (s: { auth: { authorization: string } }) =>
      (await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth })).json().id as number;
    const pay = (s: { auth: { authorization: string } }, id: number) =>
      t.app.inject({ method: 'POST', url: `/api/reserve/pay/${id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    await pay(paid, await join(paid));
    await join(pending);
    await pay(left, await join(left));
    await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: left.auth });
    await join(me); // my own seat awaits payment too

    const c = await countsOf(partyId, me.auth);
    expect(c).toEqual({
      detail: 3,
      detailPeople: [paid.id, pending.id, me.id],
      assistant: 3,
      assistantPeople: [paid.id, pending.id, me.id],
      home: 3,
      map: 3,
      ops: 3,
    });

    // The other unpaid hold runs out: every screen drops it together.
    t.clock.advance(10 * 60_000);
    const mine = await join({ auth: left.auth });
    await pay(left, mine);
    t.clock.advance(6 * 60_000);
    await t.app.sweeper.runOnce();
    const after = await countsOf(partyId, left.auth);
    expect(after).toMatchObject({ detail: 2, assistant: 2, home: 2, map: 2, ops: 2 });
    expect(after.assistantPeople).toEqual(after.detailPeople);
    expect(after.detailPeople).toEqual([paid.id, left.id]);
  });
});
