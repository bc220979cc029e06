import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rounds } from '../../../src/server/db/schema/game';
import { notifications } from '../../../src/server/db/schema/notifications';
import type { Notice } from '../../../src/shared/parties';
import { browserSubscription, startPushService } from '../../helpers/push-service';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { paidParty, toggle } from '../live/live-helpers';

type Auth = { authorization: string };
const MINUTE = 60_000;

// The notices issue 18 §2 adds to the pushed ones: a hold about to end, the lobby opening, the game starting.
describeEachDb('pushed notices: hold ending, lobby open, game started', (kind) => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let n = 0;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({ kind, env: { OUTBOUND_TEST_HOSTS: service.host } });
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  /** A browser subscribed for the student; `pushes()` is what it received, decrypted. */
  async function phoneOf(auth: Auth) {
    const browser = browserSubscription(`${service.origin}/push/kinds-${kind}-${(n += 1)}`);
    const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: auth, payload: browser.json });
    expect(res.statusCode, res.body).toBe(204);
    const path = new URL(browser.json.endpoint).pathname;
    return {
      pushes: async () => {
        await t.app.push.idle();
        return service.deliveries.filter((d) => d.path === path).map((d) => JSON.parse(browser.decrypt(d.body)) as { title: string; body: string; link: string | null });
      },
    };
  }
  const noticesOf = async (auth: Auth) => (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: auth })).json() as Notice[];
  const unread = async (auth: Auth) => (await t.app.inject({ method: 'GET', url: '/api/notice/unread-count/', headers: auth })).json().count as number;
  const join = async (partyId: number, auth: Auth) => (await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: auth })).json().id as number;
  const pay = (participationId: number, auth: Auth) =>
    t.app.inject({ method: 'POST', url: `/api/reserve/pay/${participationId}/`, headers: auth, payload: { payment_method: 'POINT' } });
  const sweepTwiceAtOnce = () => Promise.all([t.app.sweeper.runOnce(), t.app.sweeper.runOnce()]);

  it('reminds an unpaid seat once, 5 minutes before its hold ends, in place of its application notice, then expires it', async () => {
    const partyId = await createParty(t, { title: '결제 대기 파티', deposit: 2000 });
    const [s] = await createStudents(t, 1);
    const phone = await phoneOf(s.auth);
    await join(partyId, s.auth);
    t.clock.advance(9 * MINUTE);
    await t.app.sweeper.runOnce();
    expect((await noticesOf(s.auth)).map((x) => x.message)).toEqual([expect.stringContaining('15분 안에 보증금 2,000P를 결제해 주세요.')]);

    t.clock.advance(MINUTE); // 5 minutes left
    const reports = await sweepTwiceAtOnce();
    await t.app.sweeper.runOnce();
    expect(reports.reduce((sum, r) => sum + r.holdReminders, 0)).toBe(1);
    const reminder = "'결제 대기 파티' 결제 시간이 5분 뒤 끝납니다. 그 전에 결제를 완료하지 않으면 참가 신청이 취소돼요.";
    // One unpaid seat, one notice: the application's, rewritten, unread, linking to the page where 결제 계속하기 is.
    expect(await noticesOf(s.auth)).toEqual([expect.objectContaining({ message: reminder, is_read: false, link: `/partyinfo/${partyId}` })]);
    expect(await unread(s.auth)).toBe(1);
    expect(await phone.pushes()).toEqual([{ title: '결제 시간이 얼마 남지 않았어요', body: reminder, link: `/partyinfo/${partyId}` }]);

    t.clock.advance(5 * MINUTE);
    await sweepTwiceAtOnce();
    // The expiry rewrites the reminder as it rewrote the application: still one notice, unread, and no second push.
    expect((await noticesOf(s.auth)).map((x) => [x.message, x.is_read])).toEqual([["'결제 대기 파티' 결제 시간이 지나 참가 신청이 취소되었습니다.", false]]);
    expect(await unread(s.auth)).toBe(1);
    expect(await phone.pushes()).toHaveLength(1);
  });

  it('leaves the reminder read once the seat is paid, even when the payment and the sweep run at once', async () => {
    const partyId = await createParty(t, { title: '늦은 결제 파티', deposit: 1000 });
    const students = await createStudents(t, 4);
    const seats = await Promise.all(students.map((s) => join(partyId, s.auth)));
    t.clock.advance(11 * MINUTE);
    // Three pay while the sweeper writes the reminders; the fourth after it.
    const [, ...racing] = await Promise.all([t.app.sweeper.runOnce(), ...students.slice(1).map((s, i) => pay(seats[i + 1], s.auth))]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await pay(seats[0], students[0].auth)).statusCode).toBe(200);
    await t.app.sweeper.runOnce();
    for (const s of students) {
      const list = await noticesOf(s.auth);
      // The seat's notice (the application's, or the reminder it became) and the payment's; the ask to pay is read
      // once paid, so the bell never asks to pay for a paid seat, and the payment was seen on screen.
      expect(list).toHaveLength(2);
      expect(list.every((x) => x.is_read)).toBe(true);
      expect(list.find((x) => x.message.includes('결제가 완료되었습니다'))).toBeDefined();
    }
    expect(await noticesOf(students[0].auth)).toContainEqual(
      expect.objectContaining({ message: "'늦은 결제 파티' 결제 시간이 4분 뒤 끝납니다. 그 전에 결제를 완료하지 않으면 참가 신청이 취소돼요.", is_read: true }),
    );
  });

  it('tells each paid participant once that the lobby opened, 30 minutes before the start', async () => {
    const { partyId, students } = await paidParty(t, 3, { minutesFromNow: 45, max: 4 });
    const phones = await Promise.all(students.map((s) => phoneOf(s.auth)));
    const [unpaid] = await createStudents(t, 1);
    await join(partyId, unpaid.auth);
    await t.app.sweeper.runOnce(); // 45 minutes before: the 1 h reminder only
    const lobbyPushes = async (i: number) => (await phones[i].pushes()).filter((p) => p.title === '대기실이 열렸어요');
    expect(await lobbyPushes(0)).toEqual([]);

    t.clock.advance(15 * MINUTE);
    // Whoever is in the lobby already needs no telling.
    expect((await toggle(t, partyId, students[2].auth)).statusCode).toBe(200);
    await sweepTwiceAtOnce();
    await t.app.sweeper.runOnce();
    const message = `'${await titleOf(partyId)}' 대기실이 열렸어요. 입장해서 게임을 기다려 주세요.`;
    for (const i of [0, 1]) {
      expect((await noticesOf(students[i].auth)).filter((x) => x.link === `/balancewait/${partyId}`)).toEqual([expect.objectContaining({ message, is_read: false })]);
      expect(await lobbyPushes(i)).toEqual([{ title: '대기실이 열렸어요', body: message, link: `/balancewait/${partyId}` }]);
    }
    expect(await lobbyPushes(2)).toEqual([]);
    expect((await noticesOf(unpaid.auth)).filter((x) => x.link === `/balancewait/${partyId}`)).toEqual([]);
  });

  it('tells every paid participant once that the game started, linking to its round, after the round commits', async () => {
    const { partyId, students } = await paidParty(t, 3);
    const phones = await Promise.all(students.map((s) => phoneOf(s.auth)));
    await Promise.all(students.map((s) => toggle(t, partyId, s.auth)));
    const [round] = await t.database.db.select().from(rounds).where(eq(rounds.partyId, partyId));
    expect(round).toBeDefined();
    // The lobby is open (15 minutes before) but the game is under way: no lobby notice after it.
    await t.app.sweeper.runOnce();
    const message = `'${await titleOf(partyId)}' 밸런스 게임이 시작되었어요! 지금 참여해 보세요.`;
    for (const [i, s] of students.entries()) {
      const list = await noticesOf(s.auth);
      expect(list.filter((x) => x.link?.startsWith('/balance'))).toEqual([expect.objectContaining({ message, link: `/balancegame/${round.id}`, is_read: false })]);
      expect((await phones[i].pushes()).filter((p) => p.title === '게임이 시작되었어요')).toEqual([{ title: '게임이 시작되었어요', body: message, link: `/balancegame/${round.id}` }]);
    }
    const stored = await t.database.db.select().from(notifications).where(and(eq(notifications.partyId, partyId), eq(notifications.kind, 'game_started')));
    expect(stored).toHaveLength(3);
  });

  async function titleOf(partyId: number) {
    const res = await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/` });
    return res.json().title as string;
  }
});
