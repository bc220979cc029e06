import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../../src/server/db/schema/push';
import { createParty, createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { browserSubscription, readVapid, startPushService } from '../../helpers/push-service';
import { paidParty } from '../live/live-helpers';

describe('Web Push', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let publicKey: string;
  let n = 0;
  const subscribe = async (auth: { authorization: string }) => {
    const browser = browserSubscription(`${service.origin}/push/${(n += 1)}`);
    const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: auth, payload: browser.json });
    expect(res.statusCode, res.body).toBe(204);
    return browser;
  };
  const deliveriesTo = (endpoint: string) => service.deliveries.filter((d) => `${service.origin}${d.path}` === endpoint);
  const subscriptionsOf = (userId: number) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  beforeAll(async () => {
    service = await startPushService();
    // The stand-in, and a port nobody listens on (a push service that is down), both on this machine over http.
    t = await createTestApp({ env: { OUTBOUND_TEST_HOSTS: `${service.host},127.0.0.1:9` } });
    const key = await t.app.inject({ method: 'GET', url: '/api/push/key/' });
    expect(key.statusCode).toBe(200);
    publicKey = key.json().public_key;
    // An uncompressed P-256 point, as browsers take for applicationServerKey.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    // From now on the stand-in takes only pushes signed with it, as a real push service does.
    service.expectVapidKey(publicKey);
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  it('keeps one subscription per endpoint, for signed-in students only, and forgets it on unsubscribe', async () => {
    const [a, b] = await createStudents(t, 2);
    const browser = browserSubscription(`${service.origin}/push/shared-phone`);
    expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', payload: browser.json })).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: a.auth, payload: browser.json })).statusCode).toBe(204);
    expect(await subscriptionsOf(a.id)).toHaveLength(1);
    // The same phone signed in as another student: the pushes follow whoever is signed in.
    expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: b.auth, payload: browser.json })).statusCode).toBe(204);
    expect(await subscriptionsOf(a.id)).toHaveLength(0);
    expect(await subscriptionsOf(b.id)).toHaveLength(1);

    // Someone else's endpoint cannot be unsubscribed; one's own can, and again changes nothing.
    const del = (auth: { authorization: string }) => t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions/', headers: auth, payload: { endpoint: browser.json.endpoint } });
    expect((await del(a.auth)).statusCode).toBe(204);
    expect(await subscriptionsOf(b.id)).toHaveLength(1);
    expect((await del(b.auth)).statusCode).toBe(204);
    expect((await del(b.auth)).statusCode).toBe(204);
    expect(await subscriptionsOf(b.id)).toHaveLength(0);
  });

  it('refuses what is not a browser subscription', async () => {
    const [a] = await createStudents(t, 1);
    const good = browserSubscription(`${service.origin}/push/x`).json;
    const bad = [
      {},
      { ...good, endpoint: 'http://10.0.0.5/internal' },
      { ...good, endpoint: 'file:///etc/passwd' },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, keys: { ...good.keys, auth: 'not base64url!' } },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: a.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await subscriptionsOf(a.id)).toHaveLength(0);
  });

  it('pushes a cancelled party to every browser of its participants, encrypted for each and signed with the VAPID key', async () => {
    const partyId = await createParty(t, { title: '취소될 파티', deposit: 1000 });
    const [a, b] = await createStudents(t, 2);
    for (const s of [a, b]) {
      const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
      await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    }
    const phone = await subscribe(a.auth);
    const laptop = await subscribe(a.auth);
    const other = await subscribe(b.auth);
    await t.app.push.idle();
    // Applied and paid are in the app only.
    expect(service.deliveries.filter((d) => [phone, laptop, other].some((s) => s.json.endpoint.endsWith(d.path)))).toEqual([]);

    const cancel = await t.app.inject({ method: 'POST', url: `/api/ops/parties/${partyId}/cancel/`, headers: { 'x-ops-token': t.opsToken } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.push.idle();

    for (const browser of [phone, laptop, other]) {
      const got = deliveriesTo(browser.json.endpoint);
      expect(got).toHaveLength(1);
      const [d] = got;
      expect(d.accepted).toBe(true);
      expect(d.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(d.headers.ttl)).toBeGreaterThan(0);
      const vapid = readVapid(d.headers.authorization);
      expect(vapid.key).toBe(publicKey);
      expect(vapid.claims.aud).toBe(service.origin);
      expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);
      expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(JSON.parse(browser.decrypt(d.body))).toEqual({
        title: '파티가 취소되었어요',
        body: "'취소될 파티' 파티가 취소되었습니다. 보증금 1,000P가 환불되었습니다.",
        link: `/partyinfo/${partyId}`,
      });
    }
    // Each browser's copy is encrypted for it alone.
    expect(() => other.decrypt(deliveriesTo(phone.json.endpoint)[0].body)).toThrow();
  });

  it('pushes the reminders the sweeper writes, once each', async () => {
    const { partyId, students } = await paidParty(t, 1, { minutesFromNow: 50 });
    const browser = await subscribe(students[0].auth);
    await t.app.sweeper.runOnce();
    await t.app.sweeper.runOnce();
    await t.app.push.idle();
    const got = deliveriesTo(browser.json.endpoint).map((d) => JSON.parse(browser.decrypt(d.body)));
    expect(got).toEqual([{ title: '곧 파티가 시작돼요', body: expect.stringMatching(/^50분 뒤 '.+' 파티가 시작됩니다\. 장소: /), link: `/partyinfo/${partyId}` }]);
  });

  it('forgets a subscription the push service says is gone, and a failing push service never fails the action', async () => {
    const partyId = await createParty(t, { deposit: 0 });
    const [a, b] = await createStudents(t, 2);
    for (const s of [a, b]) {
      const j = await t.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
      await t.app.inject({ method: 'POST', url: `/api/reserve/pay/${j.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    }
    const gone = await subscribe(a.auth);
    service.answers.set(new URL(gone.json.endpoint).pathname, 410);
    const broken = await subscribe(b.auth);
    service.answers.set(new URL(broken.json.endpoint).pathname, 500);
    // A push service nobody listens on.
    const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: b.auth, payload: browserSubscription('http://127.0.0.1:9/push/nobody').json });
    expect(res.statusCode).toBe(204);

    const cancel = await t.app.inject({ method: 'POST', url: `/api/ops/parties/${partyId}/cancel/`, headers: { 'x-ops-token': t.opsToken } });
    expect(cancel.statusCode).toBe(200);
    await t.app.push.idle();
    expect(deliveriesTo(gone.json.endpoint)).toHaveLength(1);
    expect(deliveriesTo(broken.json.endpoint)).toHaveLength(1);
    expect(await subscriptionsOf(a.id)).toEqual([]);
    // A 500 may pass; only "gone" ends a subscription.
    expect(await subscriptionsOf(b.id)).toHaveLength(2);
  });
});
