import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NotificationKind } from '../../../src/server/db/schema/notification-kinds';
import { notifications } from '../../../src/server/db/schema/notifications';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

const MIN = 60_000;
const HOUR = 60 * MIN;

// Issue 17 §2: a reminder says the time really left when it is written — by the test clock, moved like a sweeper
// that runs on time, late, or for a party created shortly before its start.
describeEachDb('reminders say the real time left', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  async function paidSeat(hoursFromNow: number, title: string) {
    const partyId = await createParty(t, { hoursFromNow, title });
    const [s] = await createStudents(t, 1);
    const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    return s.id;
  }
  const said = async (userId: number, k: NotificationKind) =>
    (await t.database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, k)))).map((n) => n.message);

  it('on time: 24시간 뒤, then 1시간 뒤', async () => {
    const userId = await paidSeat(30, '제때 파티');
    t.clock.advance(6 * HOUR + 20_000); // a sweep 20 s into the window
    await t.app.sweeper.runOnce();
    expect(await said(userId, 'reminder_24h')).toEqual([expect.stringMatching(/^'제때 파티' 파티가 24시간 뒤 시작됩니다\. 장소: /)]);
    t.clock.advance(23 * HOUR - 20_000 + 15_000);
    await t.app.sweeper.runOnce();
    expect(await said(userId, 'reminder_1h')).toEqual([expect.stringMatching(/^1시간 뒤 '제때 파티' 파티가 시작됩니다\. 장소: /)]);
  });

  it('a party created 30 minutes before its start is reminded of 30 minutes, not an hour, and gets no 24 h reminder', async () => {
    const userId = await paidSeat(0.5, '급번개 파티');
    await t.app.sweeper.runOnce();
    expect(await said(userId, 'reminder_1h')).toEqual([expect.stringMatching(/^30분 뒤 '급번개 파티' 파티가 시작됩니다\./)]);
    expect(await said(userId, 'reminder_24h')).toEqual([]);
  });

  it('a sweeper that runs late says what is left then', async () => {
    const userId = await paidSeat(3, '늦은 알림 파티');
    t.clock.advance(45 * MIN);
    await t.app.sweeper.runOnce();
    expect(await said(userId, 'reminder_24h')).toEqual([expect.stringMatching(/^'늦은 알림 파티' 파티가 2시간 15분 뒤 시작됩니다\./)]);
    t.clock.advance(2 * HOUR + 14 * MIN + 40_000); // 20 s before the start
    await t.app.sweeper.runOnce();
    expect(await said(userId, 'reminder_1h')).toEqual([expect.stringMatching(/^곧 '늦은 알림 파티' 파티가 시작됩니다\./)]);
  });
});
