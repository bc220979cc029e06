import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema/notifications';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

// Issue 17 §2: one action makes at most one notice — backing out of payment adds no pile of 취소 notices, and a
// hold that expires while its student cancels is one notice, however the calls interleave.
describeEachDb('one action, at most one notice', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const join = (partyId: number, auth: { authorization: string }) => t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: auth });
  const leave = (partyId: number, auth: { authorization: string }) =>
    t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: auth });
  const notices = async (auth: { authorization: string }) =>
    (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: auth })).json() as { message: string; is_read: boolean }[];
  const unread = async (auth: { authorization: string }) => (await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: auth })).json().count;

  it('backing out of payment turns the application notice into one read 취소 notice, whatever the leaves sent', async () => {
    const partyId = await createParty(t, { title: '뒤로 가기 파티', deposit: 2000 });
    const [s] = await createStudents(t, 1);
    expect((await join(partyId, s.auth)).statusCode).toBe(201);
    expect(await unread(s.auth)).toBe(1);
    // The payment screen's exit, sent several times at once (back, unmount, a retry): one leaves, the rest find nothing.
    const results = await Promise.all(Array.from({ length: 5 }, () => leave(partyId, s.auth)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
    expect((await leave(partyId, s.auth)).statusCode).toBe(404);
    expect(await notices(s.auth)).toEqual([expect.objectContaining({ message: "'뒤로 가기 파티' 참가 신청을 취소했습니다.", is_read: true })]);
    expect(await unread(s.auth)).toBe(0);
  });

  it('applying and backing out three times leaves three notices, not six, and none unread', async () => {
    const partyId = await createParty(t, { title: '망설이는 파티' });
    const [s] = await createStudents(t, 1);
    for (let i = 0; i < 3; i += 1) {
      expect((await join(partyId, s.auth)).statusCode).toBe(201);
      t.clock.advance(1000);
      expect((await leave(partyId, s.auth)).statusCode).toBe(200);
    }
    expect((await notices(s.auth)).map((n) => n.message)).toEqual(Array(3).fill("'망설이는 파티' 참가 신청을 취소했습니다."));
    expect(await unread(s.auth)).toBe(0);
  });

  it('a hold that expires while its student cancels is one notice in total', async () => {
    const partyId = await createParty(t, { title: '경합 파티', max: 30 });
    const students = await createStudents(t, 12);
    for (const s of students) expect((await join(partyId, s.auth)).statusCode).toBe(201);
    t.clock.advance(15 * 60_000);
    // Every student backs out just as the sweepers (two instances) run: each seat ends once, by one or the other.
    const [, , ...left] = await Promise.all([t.app.sweeper.runOnce(), t.app.sweeper.runOnce(), ...students.map((s) => leave(partyId, s.auth))]);
    expect(left.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    for (const s of students) {
      const mine = await notices(s.auth);
      expect(mine).toHaveLength(1);
      expect(mine[0].message).toMatch(/^'경합 파티' (결제 시간이 지나 참가 신청이 취소되었습니다|참가 신청을 취소했습니다)\.$/);
      // An expiry is news (unread); a back-out the student did on screen is not.
      expect(mine[0].is_read).toBe(!mine[0].message.includes('결제 시간이 지나'));
    }
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.partyId, partyId));
    expect(rows).toHaveLength(students.length);
  });

  it('an expired hold says so once, in place of its application notice', async () => {
    const partyId = await createParty(t, { title: '잊은 결제 파티' });
    const [s] = await createStudents(t, 1);
    await join(partyId, s.auth);
    t.clock.advance(15 * 60_000);
    await Promise.all([t.app.sweeper.runOnce(), t.app.sweeper.runOnce()]);
    await t.app.sweeper.runOnce();
    expect(await notices(s.auth)).toEqual([expect.objectContaining({ message: "'잊은 결제 파티' 결제 시간이 지나 참가 신청이 취소되었습니다.", is_read: false })]);
    expect((await leave(partyId, s.auth)).statusCode).toBe(404);
    expect(await notices(s.auth)).toHaveLength(1);
  });
});
