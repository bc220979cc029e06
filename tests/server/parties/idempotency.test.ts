import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES as IM } from '../../../src/shared/idempotency';
import { idempotencyKeys } from '../../../src/server/db/schema/idempotency';
import { parties, participations } from '../../../src/server/db/schema/parties';
import { pointLedger } from '../../../src/server/db/schema/points';
import { users } from '../../../src/server/db/schema/users';
import { applyPoints } from '../../../src/server/points/ledger';
import { PARTY_MESSAGES as PM } from '../../../src/server/parties/messages';
import { rounds, votes } from '../../../src/server/db/schema/game';
import { adminQuery } from '../../helpers/scratch';
import { paidParty, toggle } from '../live/live-helpers';
import type { Student } from '../../helpers/seat-requests';
import { bearer, createParty, createStudents, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { createPostgresTestDatabase, describeEachDb, sessionsWaitingOnLocks } from '../../helpers/test-db';

// A student whose answer was lost (a proxy's 502, an instance killed mid-request) sends the same request again with
// the same Idempotency-Key, and gets the answer the first one had, never a second effect (docs/api.md).
describeEachDb('the Idempotency-Key of student actions', (kind) => {
  let t: TestApp;
  let pgUrl: string | undefined;
  beforeAll(async () => {
    // On PostgreSQL the test's own database, whose URL lets a test change a table as its owner.
    const database = kind === 'postgres' ? await createPostgresTestDatabase() : undefined;
    pgUrl = database?.url;
    t = await createTestApp({ kind, database });
  });
  afterAll(() => t?.close());

  let n = 0;
  const newKey = () => `key-${kind}-${(n += 1)}-${Date.now()}`;
  const keyed = (s: Student, key: string) => ({ ...s.auth, 'idempotency-key': key });
  const join = (partyId: number, s: Student, key: string) => t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: keyed(s, key) });
  const pay = (id: number, s: Student, key: string) =>
    t.app.inject({ method: 'POST', url: `/api/reserve/pay/${id}/`, headers: keyed(s, key), payload: { payment_method: 'POINT' } });
  const leave = (partyId: number, s: Student, key: string) =>
    t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: keyed(s, key) });
  const waitlist = (method: 'POST' | 'DELETE', partyId: number, s: Student, key: string) =>
    t.app.inject({ method, url: `/api/reserve/waitlist/${partyId}/`, headers: keyed(s, key) });

  const liveSeats = (userIds: number[]) =>
    t.database.db
      .select({ id: participations.id, userId: participations.userId })
      .from(participations)
      .where(and(inArray(participations.userId, userIds), inArray(participations.status, ['pending', 'confirmed'])));
  const pointsOf = async (userId: number) => (await t.database.db.select({ points: users.points }).from(users).where(eq(users.id, userId)))[0].points;
  const deposits = (userId: number) =>
    t.database.db.select({ id: pointLedger.id }).from(pointLedger).where(and(eq(pointLedger.userId, userId), eq(pointLedger.kind, 'deposit_paid')));
  /** The student signed in again, after the test clock moved past their token's life. */
  const signedInAgain = async <S extends Student>(s: S): Promise<S> => ({ ...s, auth: bearer(await tokenFor(t, s.id)) });
  const replayed = (res: { headers: Record<string, unknown> }) => res.headers['idempotent-replayed'] === 'true';

  it('a join sent again with its key answers the first answer, marked as replayed, and seats the student once', async () => {
    const partyId = await createParty(t, { max: 5 });
    const [s] = await createStudents(t, 1);
    const key = newKey();
    const first = await join(partyId, s, key);
    const again = await join(partyId, s, key);
    expect(first.statusCode).toBe(201);
    expect(replayed(first)).toBe(false);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(replayed(again)).toBe(true);
    expect(await liveSeats([s.id])).toHaveLength(1);
    const [party] = await t.database.db.select({ applied: parties.appliedCount }).from(parties).where(eq(parties.id, partyId));
    expect(party.applied).toBe(1);
    // Without the key the same student gets the plain refusal: the key is what makes the retry the same request.
    const plain = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().detail).toBe(PM.alreadyJoined);
  });

  it('a payment sent again with its key answers the same and charges the deposit once', async () => {
    const partyId = await createParty(t, { max: 5, deposit: 700 });
    const [s] = await createStudents(t, 1);
    const joined = await join(partyId, s, newKey());
    const key = newKey();
    const first = await pay(joined.json().id, s, key);
    const again = await pay(joined.json().id, s, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ remaining_points: 9_300, amount: 700 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(replayed(again)).toBe(true);
    expect(await pointsOf(s.id)).toBe(9_300);
    expect(await deposits(s.id)).toHaveLength(1);
  });

  it('a leave and the line (in and out) sent again with their keys answer the first answer and act once', async () => {
    const partyId = await createParty(t, { max: 2, deposit: 500 });
    const [a, b, c] = await createStudents(t, 3);
    const joined = await join(partyId, a, newKey());
    expect((await pay(joined.json().id, a, newKey())).statusCode).toBe(200);
    expect((await join(partyId, c, newKey())).statusCode).toBe(201);

    const inLine = newKey();
    const queued = [await waitlist('POST', partyId, b, inLine), await waitlist('POST', partyId, b, inLine)];
    expect(queued.map((r) => [r.statusCode, r.json()])).toEqual([[201, { position: 1 }], [201, { position: 1 }]]);
    const outOfLine = newKey();
    const unqueued = [await waitlist('DELETE', partyId, b, outOfLine), await waitlist('DELETE', partyId, b, outOfLine)];
    expect(unqueued.map((r) => r.statusCode)).toEqual([204, 204]);
    expect(replayed(unqueued[1])).toBe(true);

    const key = newKey();
    const left = [await leave(partyId, a, key), await leave(partyId, a, key)];
    expect(left.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(left[1].json()).toEqual(left[0].json());
    expect(left[0].json()).toEqual({ status: 'cancelled', refunded: 500 });
    expect(await pointsOf(a.id)).toBe(10_000);
  });

  it('a vote sent again with its key answers the first counts and counts once; another choice with the key is 422', async () => {
    const { partyId, students } = await paidParty(t, 2);
    for (const s of students) await toggle(t, partyId, s.auth);
    const [round] = await t.database.db.select().from(rounds).where(eq(rounds.partyId, partyId));
    const questions = (await t.app.inject({ method: 'GET', url: `/api/v1/game/rounds/${round.id}/`, headers: students[0].auth })).json().questions as { id: number }[];
    const vote = (choice: string, key: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/game/questions/${questions[0].id}/vote/`, headers: keyed(students[0], key), payload: { choice } });
    const key = newKey();
    const first = await vote('A', key);
    const again = await vote('A', key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(replayed(again)).toBe(true);
    expect((await vote('B', key)).statusCode).toBe(422);
    expect(await t.database.db.select().from(votes).where(eq(votes.questionId, questions[0].id))).toHaveLength(1);
  });

  it('a refusal is an answer too: sent again with its key it is given again, even once the action would pass', async () => {
    const partyId = await createParty(t, { max: 5, deposit: 1_000 });
    const [s] = await createStudents(t, 1, 0);
    const joined = await join(partyId, s, newKey());
    const key = newKey();
    const refused = await pay(joined.json().id, s, key);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(PM.insufficientPoints);
    await applyPoints(t.database.db, { userId: s.id, amount: 5_000, kind: 'welcome', at: t.clock.now() });
    const again = await pay(joined.json().id, s, key);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(refused.json());
    expect(replayed(again)).toBe(true);
    // A new tap is a new key: the payment runs.
    expect((await pay(joined.json().id, s, newKey())).statusCode).toBe(200);
  });

  it('the same key with another request is refused with 422 and changes nothing', async () => {
    const [first, second] = [await createParty(t, { max: 5 }), await createParty(t, { max: 5 })];
    const [s] = await createStudents(t, 1);
    const key = newKey();
    expect((await join(first, s, key)).statusCode).toBe(201);
    const other = await join(second, s, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: IM.keyReused });
    expect(await liveSeats([s.id])).toHaveLength(1);
  });

  it("a key is the account's own: another student's same key is a new request of theirs", async () => {
    const partyId = await createParty(t, { max: 5 });
    const [a, b] = await createStudents(t, 2);
    const key = newKey();
    const mine = await join(partyId, a, key);
    const theirs = await join(partyId, b, key);
    expect(theirs.statusCode).toBe(201);
    expect(replayed(theirs)).toBe(false);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect((await liveSeats([a.id, b.id])).map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it('an answer is kept 24 hours: then the sweeper forgets it and the key runs the request afresh', async () => {
    const partyId = await createParty(t, { max: 5, deposit: 0, hoursFromNow: 72 });
    let [s] = await createStudents(t, 1);
    const key = newKey();
    const first = await join(partyId, s, key);
    t.clock.advance(23 * 3_600_000);
    s = await signedInAgain(s);
    await t.app.sweeper.runOnce(); // the hold expires; the answer stays
    const within = await join(partyId, s, key);
    expect(within.json()).toEqual(first.json());
    expect(replayed(within)).toBe(true);
    t.clock.advance(3_600_000);
    s = await signedInAgain(s);
    await t.app.sweeper.runOnce();
    const rows = await t.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, s.id), eq(idempotencyKeys.key, key)));
    expect(rows).toEqual([]);
    const afresh = await join(partyId, s, key);
    expect(afresh.statusCode).toBe(201);
    expect(replayed(afresh)).toBe(false);
    expect(afresh.json().id).not.toBe(first.json().id);
  });

  it('a server failure (5xx) is not stored: the retry with the key runs the action', async () => {
    const partyId = await createParty(t, { max: 5 });
    const [s] = await createStudents(t, 1);
    // The database too busy for the join's notice (lock_not_available): the join's transaction fails after its seat
    // was taken, and the student is told 503.
    const ddl = async (statement: string) => {
      if (pgUrl) await adminQuery(pgUrl, statement);
      else await t.database.db.execute(sql.raw(statement));
    };
    await ddl("create function idem_test_busy() returns trigger language plpgsql as $$ begin raise exception 'busy' using errcode = '55P03'; end $$");
    await ddl('create trigger idem_test_busy before insert on notifications for each row execute function idem_test_busy()');
    const key = newKey();
    let failed;
    try {
      failed = await join(partyId, s, key);
    } finally {
      await ddl('drop trigger idem_test_busy on notifications');
      await ddl('drop function idem_test_busy()');
    }
    expect(failed.statusCode).toBe(503);
    expect(await liveSeats([s.id])).toEqual([]);
    const retried = await join(partyId, s, key);
    expect(retried.statusCode).toBe(201);
    expect(replayed(retried)).toBe(false);
    expect(await liveSeats([s.id])).toHaveLength(1);
  });

  it('a key that is not 1–255 visible ASCII characters is refused with 400 and nothing is done', async () => {
    const partyId = await createParty(t, { max: 5 });
    const [s] = await createStudents(t, 1);
    for (const bad of ['has space', 'x'.repeat(256), '']) {
      const res = await join(partyId, s, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: IM.invalidKey });
    }
    expect(await liveSeats([s.id])).toEqual([]);
  });

  it('30 students each sending their join and their payment three times at once with one key: each seated once, each charged once', async () => {
    const partyId = await createParty(t, { max: 30, deposit: 400 });
    const students = await createStudents(t, 30);
    const joinKeys = students.map(() => newKey());
    const joins = await Promise.all(students.flatMap((s, i) => [0, 1, 2].map(() => join(partyId, s, joinKeys[i]))));
    // Each answer is the seat or "still running" (409 with the key's message); never a second seat, never a 5xx.
    expect(joins.filter((r) => r.statusCode !== 201 && !(r.statusCode === 409 && r.json().detail === IM.inProgress)).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    // The student's retry after the storm gets the seat's answer.
    const seats = await Promise.all(students.map((s, i) => join(partyId, s, joinKeys[i])));
    expect(seats.map((r) => r.statusCode)).toEqual(students.map(() => 201));
    for (const [i, r] of joins.entries()) if (r.statusCode === 201) expect(r.json()).toEqual(seats[Math.floor(i / 3)].json());

    const payKeys = students.map(() => newKey());
    const pays = await Promise.all(students.flatMap((s, i) => [0, 1, 2].map(() => pay(seats[i].json().id, s, payKeys[i]))));
    expect(pays.filter((r) => r.statusCode !== 200 && !(r.statusCode === 409 && r.json().detail === IM.inProgress)).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);

    const ids = students.map((s) => s.id);
    expect((await liveSeats(ids)).map((r) => r.userId).sort()).toEqual([...ids].sort());
    const [party] = await t.database.db.select({ applied: parties.appliedCount }).from(parties).where(eq(parties.id, partyId));
    expect(party.applied).toBe(30);
    for (const s of students) {
      expect(await pointsOf(s.id)).toBe(9_600);
      expect(await deposits(s.id)).toHaveLength(1);
    }
  });

  // Defined on PostgreSQL only (PGlite runs one transaction at a time), so the PGlite run reports no skipped test.
  if (kind === 'postgres')
    it('while the first request with a key still runs, the same key answers 409 at once; afterwards it answers the first answer', async () => {
      const partyId = await createParty(t, { max: 5 });
      const [s] = await createStudents(t, 1);
      const key = newKey();
      // The student's row held by another transaction: the first join waits there with the key already taken.
      let letGo!: () => void;
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      const holder = t.database.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, s.id)).for('update');
        held();
        await new Promise<void>((resolve) => (letGo = resolve));
      });
      await holding;
      const first = join(partyId, s, key);
      await expect.poll(() => sessionsWaitingOnLocks(t.database)).toBe(1);
      const second = await join(partyId, s, key);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ detail: IM.inProgress });
      letGo();
      await holder;
      expect((await first).statusCode).toBe(201);
      const third = await join(partyId, s, key);
      expect(third.json()).toEqual((await first).json());
      expect(replayed(third)).toBe(true);
      expect(await liveSeats([s.id])).toHaveLength(1);
    });
});
