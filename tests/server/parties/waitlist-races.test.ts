import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parties, participations, waitlistEntries } from '../../../src/server/db/schema/parties';
import { notifications } from '../../../src/server/db/schema/notifications';
import { LIVE_PARTICIPATION_STATUSES } from '../../../src/shared/parties';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

type Student = { id: number; auth: { authorization: string } };

// Issue 18 §1: every freed seat is offered exactly once, to the first in line, however the calls interleave.
// PGlite runs one transaction at a time; the PostgreSQL run is the one that proves it.
describeEachDb('waitlist offers under racing requests', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, s: Student) => t.app.inject({ method, url, headers: s.auth });
  const join = (partyId: number, s: Student) => req('POST', `/api/reserve/join/${partyId}/`, s);
  const leave = (partyId: number, s: Student) => req('POST', `/api/detailview/parties/${partyId}/leave/`, s);
  const wait = (partyId: number, s: Student) => req('POST', `/api/reserve/waitlist/${partyId}/`, s);
  const unwait = (partyId: number, s: Student) => req('DELETE', `/api/reserve/waitlist/${partyId}/`, s);
  const liveSeats = (partyId: number) =>
    t.database.db
      .select({ userId: participations.userId })
      .from(participations)
      .where(and(eq(participations.partyId, partyId), inArray(participations.status, LIVE_PARTICIPATION_STATUSES)));

  async function fullParty(max: number) {
    const partyId = await createParty(t, { max });
    const holders = await createStudents(t, max);
    for (const s of holders) expect((await join(partyId, s)).statusCode).toBe(201);
    return { partyId, holders };
  }

  it('20 seats freed at once among 100 waiting: 20 offers, to the first 20 in line, nobody twice', async () => {
    const { partyId, holders } = await fullParty(20);
    const line = await createStudents(t, 100);
    for (const [i, s] of line.entries()) expect((await wait(partyId, s)).json()).toEqual({ position: i + 1 });

    const left = await Promise.all(holders.map((s) => leave(partyId, s)));
    expect(left.map((r) => r.statusCode)).toEqual(Array(20).fill(200));

    const seats = await liveSeats(partyId);
    expect(seats.map((s) => s.userId).sort((a, b) => a - b)).toEqual(line.slice(0, 20).map((s) => s.id).sort((a, b) => a - b));
    const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
    expect(party.appliedCount).toBe(20);
    const offers = await t.database.db.select().from(notifications).where(and(eq(notifications.partyId, partyId), eq(notifications.kind, 'waitlist_offer')));
    expect(offers.map((n) => n.userId).sort((a, b) => a - b)).toEqual(line.slice(0, 20).map((s) => s.id).sort((a, b) => a - b));
    // The rest keep their order, moved up by 20.
    const rest = await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.partyId, partyId));
    expect(rest).toHaveLength(80);
    expect((await req('GET', `/api/reserve/waitlist/${partyId}/`, line[20])).json()).toEqual({ position: 1 });
    expect((await req('GET', `/api/reserve/waitlist/${partyId}/`, line[99])).json()).toEqual({ position: 80 });
    // A sweep afterwards finds nothing left to offer.
    expect(await t.app.sweeper.runOnce()).toMatchObject({ offered: 0 });
  });

  it('leaving the line while a seat is offered: either the student got the seat or the next one did, never both', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { partyId, holders } = await fullParty(2);
      const [a, b, c] = await createStudents(t, 3);
      for (const s of [a, b, c]) await wait(partyId, s);
      const [freed, gone] = await Promise.all([leave(partyId, holders[0]), unwait(partyId, a)]);
      expect(freed.statusCode).toBe(200);
      const seated = (await liveSeats(partyId)).map((s) => s.userId);
      expect(seated).toHaveLength(2);
      if (gone.statusCode === 204) expect(seated).toEqual(expect.arrayContaining([b.id]));
      else {
        expect(gone.statusCode).toBe(404);
        expect(seated).toEqual(expect.arrayContaining([a.id]));
      }
      expect(seated).not.toContain(c.id);
    }
  });

  it('students getting in line at once get distinct positions 1..N', async () => {
    const { partyId } = await fullParty(2);
    const line = await createStudents(t, 30);
    const answers = await Promise.all(line.map((s) => wait(partyId, s)));
    expect(answers.map((r) => r.json().position).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});
