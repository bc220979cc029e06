import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../../src/server/db/schema/push';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';
import { browserSubscription, startPushService } from '../../helpers/push-service';

type Auth = { authorization: string };
type PushService = Awaited<ReturnType<typeof startPushService>>;

const subscribe = (t: TestApp, auth: Auth, payload: object) => t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: auth, payload });

/** A paid party with `student` in it; cancelling it pushes to each of the student's browsers. */
async function partyOf(t: TestApp, student: { auth: Auth }) {
  const partyId = await createParty(t, { deposit: 0 });
  const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: student.auth });
  await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: student.auth, payload: { payment_method: 'POINT' } });
  return async () => {
    const cancel = await t.app.inject({ method: 'POST', url: `/api/ops/parties/${partyId}/cancel/`, headers: { 'x-ops-token': t.opsToken } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.push.idle();
  };
}

// Issue 28: a subscription's endpoint is an address a student chose, and the server posts to it.
describe('push endpoints: where the server posts', () => {
  let t: TestApp;
  let standIn: PushService;
  let redirecting: PushService;
  let inside: PushService;
  let unlisted: PushService;

  beforeAll(async () => {
    standIn = await startPushService();
    redirecting = await startPushService();
    // "An internal admin page" on another loopback address; it is a test host too, so nothing but the rule against
    // redirects stands between the redirect and it.
    inside = await startPushService({ address: '127.0.0.2' });
    unlisted = await startPushService();
    t = await createTestApp({ env: { OUTBOUND_TEST_HOSTS: [standIn, redirecting, inside].map((s) => s.host).join(',') } });
  });
  afterAll(async () => {
    await t?.close();
    for (const s of [standIn, redirecting, inside, unlisted]) await s?.close();
  });

  it('refuses, in Korean, an endpoint that is not https on port 443 or is an internal address', async () => {
    const [a] = await createStudents(t, 1);
    const refused = [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1:8080/',
      'https://10.0.0.1/',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      `${unlisted.origin}/push/1`,
      // The server's own operator API, and the attacker's redirector.
      'http://127.0.0.1:3000/api/ops/status/',
      'http://127.0.0.1:5191/redir',
    ];
    for (const endpoint of refused) {
      const res = await subscribe(t, a.auth, browserSubscription(endpoint).json);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toEqual({ endpoint: ['알림을 보낼 수 없는 주소입니다. 푸시 서비스의 https 주소(443 포트)만 받습니다.'] });
    }
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, a.id))).toEqual([]);
    // A real push service's address is taken.
    expect((await subscribe(t, a.auth, browserSubscription('https://fcm.googleapis.com/fcm/send/abc').json)).statusCode).toBe(204);
  });

  it('never follows a push service that redirects: the address it names hears nothing, and the action still succeeds', async () => {
    const [a] = await createStudents(t, 1);
    const cancel = await partyOf(t, a);
    const browser = browserSubscription(`${redirecting.origin}/redir`);
    redirecting.answers.set('/redir', `${inside.origin}/internal-admin`);
    expect((await subscribe(t, a.auth, browser.json)).statusCode).toBe(204);
    await cancel();
    expect(redirecting.deliveries.map((d) => d.path)).toEqual(['/redir']);
    expect(inside.deliveries).toEqual([]);
  });

  it('posts to no address the policy refuses, even one stored before the rules', async () => {
    const [a] = await createStudents(t, 1);
    const cancel = await partyOf(t, a);
    const keys = browserSubscription('https://x.invalid/').json.keys;
    // Rows as an older server stored them (plain http to this machine was taken then); and a name of this machine.
    const stored = [`${unlisted.origin}/push/old`, `http://localhost:${new URL(standIn.origin).port}/push/by-name`, `https://localhost/push/tls`];
    await t.database.db.insert(pushSubscriptions).values(stored.map((endpoint) => ({ userId: a.id, endpoint, ...keys, createdAt: t.clock.now() })));
    const heard = standIn.deliveries.length;
    await cancel();
    expect(unlisted.deliveries).toEqual([]);
    expect(standIn.deliveries).toHaveLength(heard);
    // A refusal is a failed push, not a gone subscription.
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, a.id))).toHaveLength(3);
  });
});

describeEachDb('push endpoints: whose subscription it is', (kind) => {
  let t: TestApp;
  let n = 0;
  const endpoint = () => `https://fcm.googleapis.com/fcm/send/${kind}-${(n += 1)}`;
  const rowOf = async (url: string) => (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url)))[0];

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("takes an endpoint another student holds only with that subscription's keys, and leaves it alone otherwise", async () => {
    const [owner, other] = await createStudents(t, 2);
    const phone = browserSubscription(endpoint()).json;
    expect((await subscribe(t, owner.auth, phone)).statusCode).toBe(204);
    const before = await rowOf(phone.endpoint);

    // The endpoint with keys of one's own: refused, and the owner's subscription is as it was.
    const forged = { endpoint: phone.endpoint, keys: browserSubscription(phone.endpoint).json.keys };
    const res = await subscribe(t, other.auth, forged);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: '이 알림 구독은 다른 계정에 등록되어 있습니다. 이 브라우저에서 알림을 다시 켜 주세요.' });
    expect(await rowOf(phone.endpoint)).toEqual(before);
    // Half the keys is no proof either.
    expect((await subscribe(t, other.auth, { endpoint: phone.endpoint, keys: { p256dh: phone.keys.p256dh, auth: forged.keys.auth } })).statusCode).toBe(409);
    expect((await subscribe(t, other.auth, { endpoint: phone.endpoint, keys: { p256dh: forged.keys.p256dh, auth: phone.keys.auth } })).statusCode).toBe(409);
    expect(await rowOf(phone.endpoint)).toEqual(before);

    // The owner may renew its own keys; the same phone signed in as another student (its keys) moves it.
    const renewed = { endpoint: phone.endpoint, keys: browserSubscription(phone.endpoint).json.keys };
    expect((await subscribe(t, owner.auth, renewed)).statusCode).toBe(204);
    expect(await rowOf(phone.endpoint)).toMatchObject({ userId: owner.id, ...renewed.keys });
    expect((await subscribe(t, other.auth, renewed)).statusCode).toBe(204);
    expect(await rowOf(phone.endpoint)).toMatchObject({ userId: other.id, ...renewed.keys });
  });

  it('gives a new endpoint posted by two students at once to one of them, with her keys', async () => {
    for (let round = 0; round < 10; round++) {
      const students = await createStudents(t, 2, 0);
      const url = endpoint();
      const browsers = students.map(() => browserSubscription(url).json);
      const answers = await Promise.all(students.map((s, i) => subscribe(t, s.auth, browsers[i])));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409]);
      const winner = answers.findIndex((r) => r.statusCode === 204);
      expect(await rowOf(url)).toMatchObject({ userId: students[winner].id, ...browsers[winner].keys });
    }
  });
});
