import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { questions, rounds } from '../../../src/server/db/schema/game';
import { notifications } from '../../../src/server/db/schema/notifications';
import { pointLedger } from '../../../src/server/db/schema/points';
import { users } from '../../../src/server/db/schema/users';
import { QUESTION_BANK } from '../../../src/server/game/question-bank';
import { partyChannel } from '../../../src/server/realtime/socket-hub';
import { bearer, createStudents, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty, toggle } from './live-helpers';

describeEachDb('standby, check-in and round creation', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('checks in on the first standby, returning the deposit once', async () => {
    const { partyId, students } = await paidParty(t, 3, { deposit: 2000 });
    const [s] = students;
    const on = await toggle(t, partyId, s.auth);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ standby_count: 1, participation_count: 3, is_standby: true });
    expect((await toggle(t, partyId, s.auth)).json()).toEqual({ standby_count: 0, participation_count: 3, is_standby: false });
    expect((await toggle(t, partyId, s.auth)).json().is_standby).toBe(true);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, s.id));
    expect(u.points).toBe(10_000);
    const returned = await t.database.db.select().from(pointLedger).where(and(eq(pointLedger.userId, s.id), eq(pointLedger.kind, 'deposit_returned')));
    expect(returned).toHaveLength(1);
    const notes = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, s.id), eq(notifications.kind, 'deposit_returned')));
    expect(notes.map((n) => n.message)).toEqual([expect.stringContaining('보증금 2,000P가 돌아왔습니다.')]);
  });

  it('refuses non-participants with 403 and unknown parties with 404', async () => {
    const { partyId } = await paidParty(t, 2);
    const [stranger] = await createStudents(t, 1);
    const res = await toggle(t, partyId, stranger.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: '파티 참가자만 대기할 수 있습니다.' });
    expect((await toggle(t, 987654, stranger.auth)).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: `/api/partyassist/standby/${partyId}/participants/`, headers: stranger.auth });
    expect(list.statusCode).toBe(403);
  });

  it('opens standby 30 minutes before the start and closes it 3 hours after', async () => {
    const { partyId, students } = await paidParty(t, 2, { minutesFromNow: 45 });
    const [s] = students;
    const early = await toggle(t, partyId, s.auth);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: '대기는 파티 시작 30분 전부터 할 수 있습니다.' });
    t.clock.advance(15 * 60_000);
    expect((await toggle(t, partyId, bearer(await tokenFor(t, s.id)))).statusCode).toBe(200);
    t.clock.advance(3.6 * 3_600_000);
    const late = await toggle(t, partyId, bearer(await tokenFor(t, s.id)));
    expect(late.json()).toEqual({ detail: '파티가 끝나 대기할 수 없습니다.' });
  });

  it('creates exactly one round of 5 bank questions when 20 students toggle at once', async () => {
    const { partyId, students } = await paidParty(t, 20);
    const announcements: unknown[] = [];
    await t.bus.subscribe(partyChannel(partyId), (m) => {
      const payload = (m as { payload: { type: string } }).payload;
      if (payload.type === 'send_game_created') announcements.push(payload);
    });
    const results = await Promise.all(students.map((s) => toggle(t, partyId, s.auth)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const made = await t.database.db.select().from(rounds).where(eq(rounds.partyId, partyId));
    expect(made).toHaveLength(1);
    const qs = await t.database.db.select().from(questions).where(eq(questions.roundId, made[0].id));
    expect(qs).toHaveLength(5);
    expect(new Set(qs.map((q) => q.aText)).size).toBe(5);
    for (const q of qs) expect(QUESTION_BANK).toContainEqual({ a: q.aText, b: q.bText });
    expect(announcements).toEqual([{ type: 'send_game_created', data: { round_id: made[0].id } }]);
  });

  it('waits for more than half of the confirmed participants, and at least two', async () => {
    const { partyId, students } = await paidParty(t, 4);
    await toggle(t, partyId, students[0].auth);
    await toggle(t, partyId, students[1].auth); // 2 of 4: exactly half, not more
    expect(await t.database.db.select().from(rounds).where(eq(rounds.partyId, partyId))).toHaveLength(0);
    await toggle(t, partyId, students[2].auth); // 3 of 4
    expect(await t.database.db.select().from(rounds).where(eq(rounds.partyId, partyId))).toHaveLength(1);

    const solo = await paidParty(t, 1);
    await toggle(t, solo.partyId, solo.students[0].auth); // 1 of 1 is more than half, but a game needs two
    expect(await t.database.db.select().from(rounds).where(eq(rounds.partyId, solo.partyId))).toHaveLength(0);
  });

  it('lists participants with standby, intro and extra settings for participants only', async () => {
    const { partyId, students } = await paidParty(t, 2);
    await toggle(t, partyId, students[0].auth);
    const res = await t.app.inject({ method: 'GET', url: `/api/partyassist/standby/${partyId}/participants/`, headers: students[1].auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: expect.any(Number), is_standby: true, user: { id: students[0].id, username: students[0].username, profile_image: null, intro: '', extra_setting: null } },
      { id: expect.any(Number), is_standby: false, user: expect.objectContaining({ id: students[1].id }) },
    ]);
  });

  it('lists my live parties soonest first with the confirmed participants', async () => {
    const a = await paidParty(t, 2, { minutesFromNow: 120, max: 4 });
    const b = await paidParty(t, 1, { minutesFromNow: 60, max: 4 });
    const [me] = await createStudents(t, 1);
    for (const partyId of [a.partyId, b.partyId]) {
      const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: me.auth });
      await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: me.auth, payload: { payment_method: 'POINT' } });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/partyassist/myparties/', headers: me.auth });
    const list = res.json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([b.partyId, a.partyId]);
    expect(list[1]).toMatchObject({ participation_count: 3, my_status: 'confirmed', place_photo: '/art/places/library.webp' });
    expect(list[1].participants).toHaveLength(3);
    expect((await t.app.inject({ method: 'GET', url: '/api/partyassist/myparties/' })).statusCode).toBe(401);
  });
});
