import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parties, participations } from '../../../src/server/db/schema/parties';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb, sessionsWaitingOnLocks } from '../../helpers/test-db';

// An operator lowers the seats while students are joining. The edit judges "seats never below those taken" under the
// party's row lock and a join claims its seat with an UPDATE of that row, so whichever runs second sees the other:
// never a party with more seats taken than it has, never a 5xx. PGlite runs one transaction at a time; the
// PostgreSQL run is the one that races.
describeEachDb('an edit of the seats racing joins', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('never overfills the party, in any order', async () => {
    for (let round = 0; round < 6; round++) {
      const partyId = await createParty(t, { max: 12, deposit: 0 });
      const students = await createStudents(t, 12, 0);
      for (const s of students.slice(0, 4)) {
        expect((await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth })).statusCode).toBe(201);
      }
      const newMax = 5 + (round % 3);
      const edit = () => t.app.inject({ method: 'PATCH', url: `/api/ops/parties/${partyId}/`, headers: { 'x-ops-token': t.opsToken }, payload: { max_participants: newMax } });
      const joins = () => students.slice(4).map((s) => t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth }));
      // Sent before the joins in even rounds, after them in odd ones, so both orders are tried.
      const [edited, ...joined] = round % 2 ? await Promise.all([...joins(), edit()]).then((r) => [r[r.length - 1], ...r.slice(0, -1)]) : await Promise.all([edit(), ...joins()]);

      expect([200, 409]).toContain(edited.statusCode);
      for (const j of joined) expect([201, 400]).toContain(j.statusCode);
      const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
      const [{ live }] = await t.database.db
        .select({ live: sql<number>`count(*)::int` })
        .from(participations)
        .where(sql`${participations.partyId} = ${partyId} and ${participations.status} in ('pending', 'confirmed')`);
      expect(party.appliedCount).toBe(live);
      expect(party.appliedCount).toBe(4 + joined.filter((j) => j.statusCode === 201).length);
      expect(party.appliedCount).toBeLessThanOrEqual(party.maxParticipants);
      if (edited.statusCode === 200) {
        expect(party.maxParticipants).toBe(newMax);
        expect(party.appliedCount).toBe(newMax); // the joins after it filled what was left
      } else {
        // Refused because joins came first and took more than the new maximum: the party kept its 12 seats.
        expect(party.maxParticipants).toBe(12);
        expect(party.appliedCount).toBeGreaterThan(newMax);
        expect(Object.keys(edited.json())).toEqual(['max_participants']);
      }
    }
  });

  // Above, the edit mostly reaches the row before the joins (it does less on the way). Here the joins certainly arrive
  // while the edit holds or awaits the row: a transaction of the test's own holds the party's row while the edit,
  // then the joins, line up behind it, then lets go. PostgreSQL does not promise to hand the row over strictly in
  // arrival order, but as long as no more than four joins get in ahead of the edit the outcome is the same: the
  // maximum becomes 4 and exactly four students are seated.
  async function lineUp<T>(partyId: number, first: () => Promise<T>[], then: () => Promise<T>[]) {
    let letGo!: () => void;
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.select({ id: parties.id }).from(parties).where(eq(parties.id, partyId)).for('update');
      held();
      await new Promise<void>((resolve) => (letGo = resolve));
    });
    await holding;
    const a = first();
    await expect.poll(waitingOnLocks).toBe(a.length);
    const b = then();
    await expect.poll(waitingOnLocks).toBe(a.length + b.length);
    letGo();
    await holder;
    return { first: await Promise.all(a), then: await Promise.all(b) };
  }
  const waitingOnLocks = () => sessionsWaitingOnLocks(t.database);

  // Defined on PostgreSQL only (PGlite runs one transaction at a time), so the PGlite run reports no skipped test.
  if (kind === 'postgres') it('makes the joins that come after the edit check their seat against the new maximum', async () => {
    const partyId = await createParty(t, { max: 12, deposit: 0 });
    const students = await createStudents(t, 6, 0);
    const joins = () => students.map((s) => t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth }));
    const edit = () => [t.app.inject({ method: 'PATCH', url: `/api/ops/parties/${partyId}/`, headers: { 'x-ops-token': t.opsToken }, payload: { max_participants: 4 } })];
    const { first: [edited], then: joined } = await lineUp(partyId, edit, joins);
    expect(edited.statusCode).toBe(200);
    const codes = joined.map((j) => j.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 400, 400]);
    const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
    expect(party).toMatchObject({ appliedCount: 4, maxParticipants: 4 });
  });
});
