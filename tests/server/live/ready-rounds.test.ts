import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rounds } from '../../../src/server/db/schema/game';
import { notifications } from '../../../src/server/db/schema/notifications';
import { participations } from '../../../src/server/db/schema/parties';
import { partyChannel } from '../../../src/server/realtime/socket-hub';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty, toggle } from './live-helpers';

describeEachDb('a ready lobby always gets its round', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const roundsOf = (partyId: number) => t.database.db.select().from(rounds).where(eq(rounds.partyId, partyId));
  /** What the party's lobby sockets, on any instance, are told about a new round. */
  async function gameCreatedHeardBy(partyId: number) {
    const heard: unknown[] = [];
    await t.bus.subscribe(partyChannel(partyId), (m) => {
      const payload = (m as { payload: { type: string } }).payload;
      if (payload.type === 'send_game_created') heard.push(payload);
    });
    return heard;
  }
  /** Standby as a toggle's commit leaves it, without what the request does after the commit (its instance stopped). */
  const standByWithoutTheRest = (students: { id: number }[], partyId: number) =>
    t.database.db
      .update(participations)
      .set({ isStandby: true })
      .where(and(eq(participations.partyId, partyId), inArray(participations.userId, students.map((s) => s.id))));

  it('a lobby made ready by toggles whose instance stopped after the commit gets its round at the next sweep, once, and hears it', async () => {
    const ready = await paidParty(t, 3);
    const notReady = await paidParty(t, 3);
    const notOpenYet = await paidParty(t, 3, { minutesFromNow: 45 });
    await standByWithoutTheRest(ready.students.slice(0, 2), ready.partyId); // 2 of 3
    await standByWithoutTheRest(notReady.students.slice(0, 1), notReady.partyId); // 1 of 3
    await standByWithoutTheRest(notOpenYet.students.slice(0, 3), notOpenYet.partyId); // all, but the lobby is not open
    const heard = await gameCreatedHeardBy(ready.partyId);

    // Two instances sweeping at once.
    const reports = await Promise.all([t.app.sweeper.runOnce(), t.app.sweeper.runOnce()]);
    expect(reports[0].roundsStarted + reports[1].roundsStarted).toBe(1);
    const [round] = await roundsOf(ready.partyId);
    expect(round).toBeDefined();
    expect(heard).toEqual([{ type: 'send_game_created', data: { round_id: round.id } }]);
    const told = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.partyId, ready.partyId), eq(notifications.kind, 'game_started')));
    expect(told.map((n) => n.userId).sort()).toEqual(ready.students.map((s) => s.id).sort());

    expect(await roundsOf(notReady.partyId)).toEqual([]);
    expect(await roundsOf(notOpenYet.partyId)).toEqual([]);
    expect((await t.app.sweeper.runOnce()).roundsStarted).toBe(0);
    expect(await roundsOf(ready.partyId)).toHaveLength(1);
  });

  it('a paid participant leaving makes the lobby ready: the round starts at once', async () => {
    const { partyId, students } = await paidParty(t, 4);
    const heard = await gameCreatedHeardBy(partyId);
    for (const s of students.slice(0, 2)) expect((await toggle(t, partyId, s.auth)).statusCode).toBe(200);
    expect(await roundsOf(partyId)).toEqual([]); // 2 of 4: exactly half
    const left = await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: students[3].auth });
    expect(left.statusCode, left.body).toBe(200);
    const [round] = await roundsOf(partyId); // 2 of 3
    expect(round).toBeDefined();
    expect(heard).toEqual([{ type: 'send_game_created', data: { round_id: round.id } }]);
  });
});
