import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { participations } from '../../../src/server/db/schema/parties';
import type { Notice } from '../../../src/shared/parties';
import { decideCard, sendNewCard, signUpWithCard } from '../../helpers/student-cards';
import { bearer, createParty, createStudents, createTestApp, type TestApp, tokenFor } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

type Auth = { authorization: string };
const HOUR = 3_600_000;

// Issue 30 §5: a notice that asks for something retires (stays listed, read) once that is done or can no longer be
// done — decided on the server, so the bell and every client agree.
describeEachDb('notices that ask for an action retire when it is done or moot', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t?.close());

  const ops = () => ({ 'x-ops-token': t.opsToken });
  const notices = async (auth: Auth) => (await t.app.inject({ method: 'GET', url: '/api/notice/', headers: auth })).json() as Notice[];
  const unreadMessages = async (auth: Auth) => (await notices(auth)).filter((n) => !n.is_read).map((n) => n.message);
  const join = (partyId: number, auth: Auth) => t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: auth });
  const pay = (id: number, auth: Auth) => t.app.inject({ method: 'POST', url: `/api/reserve/pay/${id}/`, headers: auth, payload: { payment_method: 'POINT' } });
  const joinAndPay = async (partyId: number, auth: Auth) => {
    const joined = await join(partyId, auth);
    expect(joined.statusCode).toBe(201);
    expect((await pay(joined.json().id, auth)).statusCode).toBe(200);
  };

  it('a seat offered from the line stops asking to pay once it is paid', async () => {
    const partyId = await createParty(t, { title: '줄 선 파티', max: 2, deposit: 1000 });
    const [holder, other, waiting] = await createStudents(t, 3);
    await joinAndPay(partyId, holder.auth);
    await joinAndPay(partyId, other.auth);
    expect((await t.app.inject({ method: 'POST', url: `/api/reserve/waitlist/${partyId}/`, headers: waiting.auth })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: holder.auth })).statusCode).toBe(200);
    expect(await unreadMessages(waiting.auth)).toEqual([expect.stringContaining('자리가 났어요!')]);

    expect((await pay(await heldSeatOf(partyId, waiting.id), waiting.auth)).statusCode).toBe(200);
    expect(await unreadMessages(waiting.auth)).toEqual([]);
    expect((await notices(waiting.auth)).map((n) => n.message)).toEqual([
      "'줄 선 파티' 보증금 1,000P 결제가 완료되었습니다. 참가가 확정되었어요!",
      "'줄 선 파티'에 자리가 났어요! 대기 순서대로 자리를 잡아 두었습니다. 15분 안에 보증금 1,000P를 결제해 주세요.",
    ]);
  });

  it('the end of a paid seat makes its reminders moot, and the end itself is news', async () => {
    const partyId = await createParty(t, { title: '멈춘 파티', hoursFromNow: 30, max: 4 });
    const [leaver, stayer] = await createStudents(t, 2);
    await joinAndPay(partyId, leaver.auth);
    await joinAndPay(partyId, stayer.auth);
    t.clock.advance(7 * HOUR); // 23 hours before: the 24 h reminder
    await t.app.sweeper.runOnce();
    const [leaverAuth, stayerAuth] = [bearer(await tokenFor(t, leaver.id)), bearer(await tokenFor(t, stayer.id))];
    expect(await unreadMessages(leaverAuth)).toEqual(["'멈춘 파티' 파티가 23시간 뒤 시작됩니다. 장소: " + (await placeOf(partyId))]);

    // The student leaves: the reminder has nothing left to remind of.
    expect((await t.app.inject({ method: 'POST', url: `/api/detailview/parties/${partyId}/leave/`, headers: leaverAuth })).statusCode).toBe(200);
    expect(await unreadMessages(leaverAuth)).toEqual(["'멈춘 파티' 참가를 취소했습니다. 시작 24시간 전이 지나 보증금은 환불되지 않습니다."]);

    // An operator cancels the party: the same for those still in it.
    expect((await t.app.inject({ method: 'POST', url: `/api/ops/parties/${partyId}/cancel/`, headers: ops() })).statusCode).toBe(200);
    expect(await unreadMessages(stayerAuth)).toEqual(["'멈춘 파티' 파티가 취소되었습니다. 보증금 2,000P가 환불되었습니다."]);
    expect(await notices(stayerAuth)).toHaveLength(4);
  });

  it('each call to come stands for the one before it, and coming answers them all', async () => {
    const partyId = await createParty(t, { title: '부르는 파티', hoursFromNow: 2, max: 4 });
    const [s] = await createStudents(t, 1);
    await joinAndPay(partyId, s.auth);
    t.clock.advance(1.5 * HOUR); // 30 minutes before: the 1 h reminder, then the lobby's opening
    await t.app.sweeper.runOnce();
    const auth = bearer(await tokenFor(t, s.id));
    expect(await unreadMessages(auth)).toEqual(["'부르는 파티' 대기실이 열렸어요. 입장해서 게임을 기다려 주세요."]);
    expect((await notices(auth)).map((n) => n.message)).toContainEqual(expect.stringContaining("'부르는 파티' 파티가 시작됩니다."));

    expect((await t.app.inject({ method: 'POST', url: `/api/partyassist/standby/${partyId}/toggle/`, headers: auth })).statusCode).toBe(200);
    expect(await unreadMessages(auth)).toEqual(["'부르는 파티' 출석이 확인되어 보증금 2,000P가 돌아왔습니다."]);
  });

  it('a new student card answers the rejection that asked for it', async () => {
    const { id, auth } = await signUpWithCard(t);
    expect((await decideCard(t, id, 'reject', { reason: '사진이 흐립니다' }, ops())).statusCode).toBe(200);
    expect(await unreadMessages(auth)).toEqual([expect.stringContaining('학생증이 반려되었습니다 (사유: 사진이 흐립니다)')]);
    expect((await sendNewCard(t, auth)).statusCode).toBe(200);
    expect(await unreadMessages(auth)).toEqual([]);
    expect(await notices(auth)).toHaveLength(1);
  });

  async function placeOf(partyId: number) {
    return (await t.app.inject({ method: 'GET', url: `/api/detailview/parties/${partyId}/` })).json().place_name as string;
  }
  async function heldSeatOf(partyId: number, userId: number) {
    const [row] = await t.database.db
      .select({ id: participations.id })
      .from(participations)
      .where(and(eq(participations.partyId, partyId), eq(participations.userId, userId), eq(participations.status, 'pending')));
    return row.id;
  }
});
