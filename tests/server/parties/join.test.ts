import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema/notifications';
import { parties, participations } from '../../../src/server/db/schema/parties';
import { bearer, createParty, createStudents, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const join = (t: TestApp, partyId: number, auth?: { authorization: string }) =>
  t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: auth ?? {} });

describeEachDb('joining a party', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  it('holds a seat for 15 minutes, tells the student, and answers the participation id', async () => {
    const partyId = await createParty(t, { max: 4, deposit: 3000, title: '보드게임 밤' });
    const [s] = await createStudents(t, 1);
    const res = await join(t, partyId, s.auth);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.id).toEqual(expect.any(Number));
    expect(new Date(body.hold_expires_at).getTime() - t.clock.now().getTime()).toBe(15 * 60_000);
    const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
    expect(party.appliedCount).toBe(1);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, s.id));
    expect(notes.map((n) => n.message)).toEqual(["'보드게임 밤' 참가 신청이 접수되었습니다. 15분 안에 보증금 3,000P를 결제해 주세요."]);
  });

  it('answers 409 to a second join and keeps one seat', async () => {
    const partyId = await createParty(t, { max: 4 });
    const [s] = await createStudents(t, 1);
    expect((await join(t, partyId, s.auth)).statusCode).toBe(201);
    const again = await join(t, partyId, s.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: '이미 참가한 파티입니다.' });
    const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
    expect(party.appliedCount).toBe(1);
  });

  it('answers 409, not "full", to a member of a full party', async () => {
    const partyId = await createParty(t, { max: 2 });
    const [a, b] = await createStudents(t, 2);
    await join(t, partyId, a.auth);
    await join(t, partyId, b.auth);
    expect((await join(t, partyId, a.auth)).statusCode).toBe(409);
  });

  it('seats exactly 10 of 200 students joining a 10-seat party at once', async () => {
    const partyId = await createParty(t, { max: 10 });
    const students = await createStudents(t, 200);
    const results = await Promise.all(students.map((s) => join(t, partyId, s.auth)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c !== 201).every((c) => c === 400)).toBe(true);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ detail: '모집이 마감되었습니다.' });
    const live = await t.database.db.select().from(participations).where(eq(participations.partyId, partyId));
    expect(live).toHaveLength(10);
    const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
    expect(party.appliedCount).toBe(10);
  });

  it('gives one seat to one student sending 20 joins at once', async () => {
    const partyId = await createParty(t, { max: 10 });
    const [s] = await createStudents(t, 1);
    const codes = (await Promise.all(Array.from({ length: 20 }, () => join(t, partyId, s.auth)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const [party] = await t.database.db.select().from(parties).where(eq(parties.id, partyId));
    expect(party.appliedCount).toBe(1);
  });

  it('refuses guests, started, cancelled and unknown parties with clear messages', async () => {
    const [s] = await createStudents(t, 1);
    const open = await createParty(t);
    expect((await join(t, open)).statusCode).toBe(401);

    const soon = await createParty(t, { hoursFromNow: 1 });
    t.clock.advance(2 * 3_600_000);
    s.auth = bearer(await tokenFor(t, s.id)); // the old access token expired with the clock
    const started = await join(t, soon, s.auth);
    expect(started.statusCode).toBe(400);
    expect(started.json()).toEqual({ detail: '이미 시작된 파티입니다.' });

    const doomed = await createParty(t);
    await t.app.inject({ method: 'POST', url: `/api/ops/parties/${doomed}/cancel/`, headers: { 'x-ops-token': t.opsToken } });
    expect((await join(t, doomed, s.auth)).json()).toEqual({ detail: '취소된 파티입니다.' });

    for (const id of ['999999', 'abc', '-1']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${id}/`, headers: s.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: '파티를 찾을 수 없습니다.' });
    }
  });

  it('lets a student who left join again', async () => {
    const partyId = await createParty(t);
    const [s] = await createStudents(t, 1);
    await join(t, partyId, s.auth);
    const left = await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: s.auth });
    expect(left.statusCode).toBe(200);
    expect((await join(t, partyId, s.auth)).statusCode).toBe(201);
    const rows = await t.database.db
      .select()
      .from(participations)
      .where(and(eq(participations.partyId, partyId), eq(participations.userId, s.id)));
    expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'pending']);
  });
});
