import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rounds } from '../../../src/server/db/schema/game';
import { notifications } from '../../../src/server/db/schema/notifications';
import { parties, participations } from '../../../src/server/db/schema/parties';
import { pointLedger } from '../../../src/server/db/schema/points';
import { users, warnings } from '../../../src/server/db/schema/users';
import { NO_SHOW_HOURS } from '../../../src/shared/constants';
import { openSocket } from '../../helpers/sockets';
import { bearer, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty, toggle } from './live-helpers';
import { listenOnLoopback } from '../../helpers/listen';

// A student who arrives after the round exists is forwarded by the lobby straight into the game and never taps
// 대기하기. Being there is the check-in all the same: the deposit comes back, and the sweeper does not call them a
// no-show.
describeEachDb('a late arrival is checked in', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    base = await listenOnLoopback(t.app, 'ws');
  });
  afterAll(() => t?.close());

  /** Three paid students; the first two go on standby, which creates the round. */
  async function gameUnderWay(deposit = 1_500) {
    const { partyId, students } = await paidParty(t, 3, { deposit });
    for (const s of students.slice(0, 2)) expect((await toggle(t, partyId, s.auth)).statusCode).toBe(200);
    const [round] = await t.database.db.select().from(rounds).where(eq(rounds.partyId, partyId));
    return { partyId, roundId: round.id, late: students[2] };
  }
  const openRound = (roundId: number, auth: { authorization: string }) => t.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${roundId}/`, headers: auth });
  const returnedTo = (userId: number) =>
    t.database.db.select().from(pointLedger).where(and(eq(pointLedger.userId, userId), eq(pointLedger.kind, 'deposit_returned')));

  it('opening the round returns the deposit once, with its ledger row and notification', async () => {
    const { roundId, late } = await gameUnderWay(1_500);
    expect((await openRound(roundId, late.auth)).statusCode).toBe(200);
    expect((await openRound(roundId, late.auth)).statusCode).toBe(200);
    expect((await returnedTo(late.id)).map((r) => r.amount)).toEqual([1_500]);
    const [u] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, late.id));
    expect(u.points).toBe(10_000);
    const notes = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, late.id), eq(notifications.kind, 'deposit_returned')));
    expect(notes).toHaveLength(1);
  });

  // The server checks a student in before it greets the socket, so the greeting means the check-in is done.
  it('opening the lobby socket after the round exists returns the deposit once', async () => {
    const { partyId, late } = await gameUnderWay(1_200);
    const token = late.auth.authorization.slice('Bearer '.length);
    for (let i = 0; i < 2; i++) {
      const lobby = await openSocket(`${base}/ws/party/${partyId}/?token=${token}`);
      await lobby.waitFor((m) => m.type === 'send_game_created');
      lobby.ws.close();
    }
    expect((await returnedTo(late.id)).map((r) => r.amount)).toEqual([1_200]);
  });

  it('opening the game socket returns the deposit once', async () => {
    const { roundId, late } = await gameUnderWay(800);
    const token = late.auth.authorization.slice('Bearer '.length);
    const game = await openSocket(`${base}/ws/game/round/${roundId}/?token=${token}`);
    await game.waitFor((m) => m.type === 'vote_update');
    game.ws.close();
    expect((await returnedTo(late.id)).map((r) => r.amount)).toEqual([800]);
  });

  it('the sweeper then neither forfeits the deposit nor warns', async () => {
    const { partyId, roundId, late } = await gameUnderWay();
    await openRound(roundId, late.auth);
    t.clock.advance(4 * 3_600_000);
    await t.app.sweeper.runOnce();
    const [mine] = await t.database.db
      .select()
      .from(participations)
      .where(and(eq(participations.partyId, partyId), eq(participations.userId, late.id)));
    expect(mine.checkedInAt).not.toBeNull();
    expect(mine.depositState).toBe('returned');
    expect(await t.database.db.select().from(warnings).where(eq(warnings.userId, late.id))).toEqual([]);
  });

  it('after the standby window has closed, opening the round is no check-in', async () => {
    const { roundId, late } = await gameUnderWay();
    t.clock.advance(3.5 * 3_600_000);
    expect((await openRound(roundId, bearer(await tokenFor(t, late.id)))).statusCode).toBe(200);
    expect(await returnedTo(late.id)).toEqual([]);
  });

  it('opening the round twenty times while going on standby returns the deposit exactly once', async () => {
    const { partyId, roundId, late } = await gameUnderWay(2_000);
    const answers = await Promise.all([toggle(t, partyId, late.auth), ...Array.from({ length: 20 }, () => openRound(roundId, late.auth))]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await returnedTo(late.id)).map((r) => r.amount)).toEqual([2_000]);
  });

  /** What the student ended with: present and refunded, or a no-show with its forfeit and warning — never both. */
  async function outcome(partyId: number, userId: number) {
    const [mine] = await t.database.db
      .select()
      .from(participations)
      .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId)));
    const [user] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, userId));
    const ledger = await t.database.db.select().from(pointLedger).where(eq(pointLedger.userId, userId));
    return {
      checkedIn: mine.checkedInAt !== null,
      depositState: mine.depositState,
      returned: ledger.filter((r) => r.kind === 'deposit_returned').map((r) => r.amount),
      warnings: (await t.database.db.select().from(warnings).where(eq(warnings.userId, userId))).length,
      balanced: user.points === ledger.reduce((sum, r) => sum + r.amount, 0),
    };
  }

  it('at the last instant of the window, arrivals racing the sweeper are a check-in: deposit back once, no warning', async () => {
    const { partyId, roundId, late } = await gameUnderWay(1_200);
    const [party] = await t.database.db.select({ startTime: parties.startTime }).from(parties).where(eq(parties.id, partyId));
    t.clock.set(new Date(party.startTime.getTime() + NO_SHOW_HOURS * 3_600_000));
    const token = bearer(await tokenFor(t, late.id));
    await Promise.all([t.app.sweeper.runOnce(), ...Array.from({ length: 10 }, () => openRound(roundId, token)), t.app.sweeper.runOnce()]);
    expect(await outcome(partyId, late.id)).toEqual({ checkedIn: true, depositState: 'returned', returned: [1_200], warnings: 0, balanced: true });
  });

  it('an arrival that loses the race to the sweeper leaves the forfeit and its warning as they are', async () => {
    // The sweeper read its clock just past the window and took the student's lock first; the arrival read its own
    // clock a moment earlier, inside the window. Its lock comes second and finds the seat settled.
    const { partyId, roundId, late } = await gameUnderWay(1_200);
    const [party] = await t.database.db.select({ startTime: parties.startTime }).from(parties).where(eq(parties.id, partyId));
    t.clock.set(new Date(party.startTime.getTime() + NO_SHOW_HOURS * 3_600_000 + 1));
    await t.app.sweeper.runOnce();
    t.clock.set(new Date(party.startTime.getTime() + NO_SHOW_HOURS * 3_600_000));
    await openRound(roundId, bearer(await tokenFor(t, late.id)));
    expect(await outcome(partyId, late.id)).toEqual({ checkedIn: false, depositState: 'forfeited', returned: [], warnings: 1, balanced: true });
  });
});
