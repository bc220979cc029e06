import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema/notifications';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { seatRequests, type Student } from '../../helpers/seat-requests';
import { describeEachDb } from '../../helpers/test-db';

// Issue 30 §5 under races: retiring a notice marks rows read inside the transaction that writes the news (a payment,
// a leave, a cancellation), while the student may tap 모두 읽음 or read one notice at that very moment. None of it may
// deadlock into a 500, lose the news itself, or leave an ask ringing that its answer retired. PGlite runs one
// transaction at a time; the PostgreSQL run is the one that proves it.
describeEachDb('notices retiring while everything else happens at once', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const { join, pay, leave, readAll, cancel } = seatRequests(() => t);
  const unreadCount = async (s: Student) => (await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: s.auth })).json().count as number;

  /** The unread notices of these students, by kind: what their bells ring for. */
  const unreadKinds = async (students: Student[]) =>
    t.database.db
      .select({ userId: notifications.userId, kind: notifications.kind })
      .from(notifications)
      .where(and(inArray(notifications.userId, students.map((s) => s.id)), eq(notifications.isRead, false)));

  async function joined(partyId: number, students: Student[]) {
    const ids: number[] = [];
    for (const s of students) {
      const answer = await join(partyId, s);
      expect(answer.statusCode).toBe(201);
      ids.push(answer.json().id);
    }
    return ids;
  }

  it('30 students paying, each tapping 모두 읽음 and reading a notice at once: no 5xx, no ask to pay left ringing', async () => {
    const partyId = await createParty(t, { title: '결제 경주', max: 30, deposit: 1000 });
    const students = await createStudents(t, 30);
    const ids = await joined(partyId, students);
    const firstNotice = await Promise.all(
      students.map(async (s) => ((await t.app.inject({ method: 'GET', url: '/api/notice/', headers: s.auth })).json() as { id: number }[])[0].id),
    );

    const answers = await Promise.all(
      students.flatMap((s, i) => [
        pay(ids[i], s),
        readAll(s),
        t.app.inject({ method: 'PATCH', url: `/api/notice/${firstNotice[i]}/`, headers: s.auth, payload: { is_read: true } }),
      ]),
    );
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    expect(answers.filter((_, i) => i % 3 === 0).map((a) => a.statusCode)).toEqual(students.map(() => 200));
    // Every ask to pay was answered, by the payment or by 모두 읽음, whichever came first.
    expect((await unreadKinds(students)).filter((n) => ['applied', 'waitlist_offer', 'hold_expiring'].includes(n.kind))).toEqual([]);
  });

  it('an operator cancelling a party while its 30 students pay, leave and tap 모두 읽음: no 5xx, nothing moot left ringing, the bell and the list agree', async () => {
    const partyId = await createParty(t, { title: '취소 경주', max: 30, deposit: 1000 });
    const students = await createStudents(t, 30);
    const ids = await joined(partyId, students);
    // Half paid already; of the other half, every other one pays during the race.
    for (let i = 0; i < 15; i += 1) expect((await pay(ids[i], students[i])).statusCode).toBe(200);

    const answers = await Promise.all([
      cancel(partyId),
      ...students.flatMap((s, i) => [i >= 15 && i % 2 === 0 ? pay(ids[i], s) : leave(partyId, s), readAll(s)]),
    ]);
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    expect(answers[0].statusCode).toBe(200);

    // Whatever ended each seat — the student's leave or the cancellation — nothing it made moot still rings: no ask to
    // pay or to come, no schedule change.
    const moot = ['applied', 'waitlist_offer', 'hold_expiring', 'reminder_24h', 'reminder_1h', 'standby_open', 'game_started', 'party_changed'];
    expect((await unreadKinds(students)).filter((n) => moot.includes(n.kind))).toEqual([]);
    // Whatever stays unread (the cancellation, a refund: news, unless 모두 읽음 came after it), the bell counts it.
    for (const s of students) {
      const unread = (await unreadKinds([s])).length;
      expect(await unreadCount(s)).toBe(unread);
    }
  });

  it('20 students leaving a paid party while each taps 모두 읽음 twice: no 5xx, one refund each, nothing ringing for the seat', async () => {
    const partyId = await createParty(t, { title: '떠나는 경주', max: 20, deposit: 1000 });
    const students = await createStudents(t, 20);
    const ids = await joined(partyId, students);
    for (const [i, s] of students.entries()) expect((await pay(ids[i], s)).statusCode).toBe(200);

    const answers = await Promise.all(students.flatMap((s) => [readAll(s), leave(partyId, s), readAll(s)]));
    expect(answers.filter((a) => a.statusCode >= 500)).toEqual([]);
    const leaves = answers.filter((_, i) => i % 3 === 1);
    expect(leaves.map((a) => a.json())).toEqual(students.map(() => ({ status: 'cancelled', refunded: 1000 })));
    const pays = ['applied', 'waitlist_offer', 'hold_expiring'];
    expect((await unreadKinds(students)).filter((n) => pays.includes(n.kind))).toEqual([]);
  });
});
