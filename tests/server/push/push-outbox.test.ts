import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import webpush from 'web-push';
import { notifications } from '../../../src/server/db/schema/notifications';
import { pushOutbox } from '../../../src/server/db/schema/push-outbox';
import { pushSubscriptions } from '../../../src/server/db/schema/push';
import { notify } from '../../../src/server/notice/notify';
import { outboxBacklog } from '../../../src/server/push/outbox-stats';
import { startPushService } from '../../helpers/push-service';
import { createStudents, createTestApp, type TestApp } from '../../helpers/test-app';
import { describeEachDb } from '../../helpers/test-db';

type PushService = Awaited<ReturnType<typeof startPushService>>;
const SECOND = 1_000;

// Issue 31 §1: a notice's pushes are rows written in its own transaction (the push outbox) and sent by whichever
// instance claims them, so neither a rolled-back action nor an instance that dies decides whether a phone buzzes.
describeEachDb('the push outbox', (kind) => {
  /** Two instances of the app on one database, as a deploy runs them; each has its own clock, moved together. */
  let a: TestApp;
  let b: TestApp;
  let service: PushService;
  const logLines: string[] = [];
  let n = 0;

  beforeAll(async () => {
    service = await startPushService();
    const env = { OUTBOUND_TEST_HOSTS: service.host };
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    // One key pair for both, as every instance of a deploy reads it from the environment.
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@partyon.test' };
    // A variable, as logs-without-tokens.test.ts passes it: AppDeps names only the level main.ts gives.
    const logger = { level: 'warn', stream };
    a = await createTestApp({ kind, env, vapid, logger });
    b = await createTestApp({ kind, env, vapid, database: { ...a.database, close: async () => undefined } });
    const key = await b.app.inject({ method: 'GET', url: '/api/push/key/' });
    expect(key.json().public_key).toBe(vapid.publicKey);
    service.expectVapidKey(vapid.publicKey);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await service?.close();
  });

  const db = () => a.database.db;
  const advance = (ms: number) => {
    for (const t of [a, b]) t.clock.advance(ms);
  };
  const outbox = () => db().select().from(pushOutbox);
  const answered = (path: string) => service.deliveries.filter((d) => d.path === path);

  /** A student with one browser subscribed (through the API); `path` is where its push service receives. */
  async function studentWithPhone() {
    const [s] = await createStudents(a, 1);
    const path = `/push/outbox-${kind}-${(n += 1)}`;
    const browser = service.browser(path);
    const res = await a.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: s.auth, payload: browser.json });
    expect(res.statusCode, res.body).toBe(204);
    return { ...s, path };
  }

  /** Writes a pushed notice for each student in one transaction of the database's own handle: no instance is woken. */
  async function writeNotices(userIds: number[], fail = false) {
    const at = a.clock.now();
    await db().transaction(async (tx) => {
      await notify(
        tx,
        userIds.map((userId) => ({ userId, kind: 'party_cancelled' as const, message: `'시험 파티 ${(n += 1)}' 파티가 취소되었습니다.`, dedupeKey: `outbox-test:${n}`, at })),
      );
      if (fail) throw new Error('the action failed after its notices were written');
    });
  }
  const noticeIdsOf = async (userId: number) => (await db().select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId))).map((r) => String(r.id));

  it('queues a push in the transaction of its notice: both are stored, or neither', async () => {
    const s = await studentWithPhone();
    await expect(writeNotices([s.id], true)).rejects.toThrow('the action failed');
    expect(await noticeIdsOf(s.id)).toEqual([]);
    expect((await outbox()).filter((r) => r.userId === s.id)).toEqual([]);

    await writeNotices([s.id]);
    const [noticeId] = await noticeIdsOf(s.id);
    const queued = (await outbox()).filter((r) => r.userId === s.id);
    expect(queued).toMatchObject([{ noticeId: Number(noticeId), attempts: 0, leaseUntil: null, payload: { title: '파티가 취소되었어요', link: null } }]);
    advance(90 * SECOND);
    expect(await outboxBacklog(db(), a.clock.now())).toEqual({ rows: 1, oldestAgeSeconds: 90 });

    // Sent as it was before the outbox: encrypted for the browser, signed with the server's key, its notice as Topic.
    await b.app.push.idle();
    const [d] = answered(s.path);
    expect(d).toMatchObject({ accepted: true, topic: noticeId, payload: { title: '파티가 취소되었어요', body: expect.stringContaining('파티가 취소되었습니다'), link: null } });
    expect(d.headers['content-encoding']).toBe('aes128gcm');
    // What is left of its hour for a phone that is off.
    expect(Number(d.headers.ttl)).toBe(3_600 - 90);
    expect(await outbox()).toEqual([]);
    expect(await outboxBacklog(db(), a.clock.now())).toEqual({ rows: 0, oldestAgeSeconds: 0 });
  });

  it('pushes an action of the app at once after it commits, without waiting for a poll', async () => {
    const s = await studentWithPhone();
    const party = await a.app.inject({
      method: 'POST',
      url: '/api/ops/parties/',
      headers: { 'x-ops-token': a.opsToken },
      payload: { title: '곧 취소될 파티', description: '설명', place_id: await placeId(), start_time: new Date(a.clock.now().getTime() + 48 * 3_600_000).toISOString(), max_participants: 4, deposit: 0, tags: ['친목'] },
    });
    expect(party.statusCode, party.body).toBe(201);
    const partyId = party.json().id as number;
    const joined = await a.app.inject({ method: 'POST', url: `/api/reserve/join/${partyId}/`, headers: s.auth });
    await a.app.inject({ method: 'POST', url: `/api/reserve/pay/${joined.json().id}/`, headers: s.auth, payload: { payment_method: 'POINT' } });
    const cancel = await a.app.inject({ method: 'POST', url: `/api/ops/parties/${partyId}/cancel/`, headers: { 'x-ops-token': a.opsToken } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Nobody asked the worker: the commit woke it.
    await expect.poll(() => answered(s.path).filter((d) => d.accepted).length).toBe(1);
    expect(answered(s.path)[0].payload).toEqual({ title: '파티가 취소되었어요', body: "'곧 취소될 파티' 파티가 취소되었습니다.", link: `/partyinfo/${partyId}` });
  });

  let place: number | undefined;
  async function placeId() {
    if (place) return place;
    const res = await a.app.inject({ method: 'POST', url: '/api/ops/places/', headers: { 'x-ops-token': a.opsToken }, payload: { name: `아웃박스관 ${kind}`, x_norm: 0.5, y_norm: 0.5 } });
    expect(res.statusCode, res.body).toBe(201);
    return (place = res.json().id as number);
  }

  it('two instances sending the same backlog send each push exactly once', async () => {
    const students = await Promise.all(Array.from({ length: 30 }, () => studentWithPhone()));
    await writeNotices(students.map((s) => s.id));
    const noticeIds = (await Promise.all(students.map((s) => noticeIdsOf(s.id)))).flat();
    expect(noticeIds).toHaveLength(30);
    const before = service.acceptedByNotice();
    await Promise.all([a.app.push.idle(), b.app.push.idle(), a.app.push.idle(), b.app.push.idle()]);
    const taken = service.acceptedByNotice();
    expect(noticeIds.filter((id) => before.has(id))).toEqual([]);
    expect(noticeIds.map((id) => taken.get(id) ?? 0)).toEqual(noticeIds.map(() => 1));
    expect(await outbox()).toEqual([]);
  });

  it('a push claimed by an instance that died is sent by another once the claim runs out, and only then', async () => {
    const s = await studentWithPhone();
    await writeNotices([s.id]);
    // An instance claimed it (as outbox-worker.ts does) and died before sending: nothing else of it is left.
    const leaseUntil = new Date(a.clock.now().getTime() + 30 * SECOND);
    await db().update(pushOutbox).set({ leaseUntil, attempts: sql`${pushOutbox.attempts} + 1` }).where(eq(pushOutbox.userId, s.id));
    await b.app.push.idle();
    expect(answered(s.path)).toEqual([]);
    advance(29 * SECOND);
    await b.app.push.idle();
    expect(answered(s.path)).toEqual([]);
    advance(1 * SECOND);
    await b.app.push.idle();
    expect(answered(s.path).map((d) => d.accepted)).toEqual([true]);
    expect(await outbox()).toEqual([]);
  });

  it('drops a subscription its push service calls gone (404 or 410), with the pushes still queued for it', async () => {
    for (const status of [404, 410]) {
      const s = await studentWithPhone();
      // A first push fails and waits to be tried again; then the browser is gone, as a second push learns.
      service.answers.set(s.path, 503);
      await writeNotices([s.id]);
      await a.app.push.idle();
      service.answers.set(s.path, status);
      await writeNotices([s.id]);
      await a.app.push.idle();
      expect(answered(s.path)).toHaveLength(2);
      expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, s.id))).toEqual([]);
      expect((await outbox()).filter((r) => r.userId === s.id)).toEqual([]);
      // The first push's retry never comes.
      advance(60 * SECOND);
      await a.app.push.idle();
      expect(answered(s.path)).toHaveLength(2);
    }
  });

  it('retries a push the push service fails (5xx) with a growing wait, and sends it once it is back', async () => {
    const s = await studentWithPhone();
    service.answers.set(s.path, 503);
    await writeNotices([s.id]);
    const posts = async () => {
      await a.app.push.idle();
      await b.app.push.idle();
      return answered(s.path).length;
    };
    expect(await posts()).toBe(1);
    expect((await outbox()).filter((r) => r.userId === s.id)).toMatchObject([{ attempts: 1, leaseUntil: null }]);
    // 10 s after the first failure, then 20 s after the second.
    advance(9 * SECOND);
    expect(await posts()).toBe(1);
    advance(1 * SECOND);
    expect(await posts()).toBe(2);
    advance(19 * SECOND);
    expect(await posts()).toBe(2);
    service.answers.delete(s.path);
    advance(1 * SECOND);
    expect(await posts()).toBe(3);
    expect(answered(s.path).map((d) => d.accepted)).toEqual([false, false, true]);
    expect((await outbox()).filter((r) => r.userId === s.id)).toEqual([]);
    // The subscription stays: only "gone" ends it.
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, s.id))).toHaveLength(1);
  });

  it('drops a push still unsent an hour after its notice, and says so in the log', async () => {
    const s = await studentWithPhone();
    service.answers.set(s.path, 500);
    await writeNotices([s.id]);
    await a.app.push.idle();
    expect(answered(s.path)).toHaveLength(1);
    const [queued] = (await outbox()).filter((r) => r.userId === s.id);
    advance(3_600 * SECOND);
    await a.app.push.idle();
    // No post past its hour: the row is gone, and the log says which notice's push was dropped.
    expect(answered(s.path)).toHaveLength(1);
    expect((await outbox()).filter((r) => r.userId === s.id)).toEqual([]);
    const dropped = logLines.map((l) => JSON.parse(l) as { msg: string; noticeId?: number }).filter((l) => l.msg === 'push expired unsent, dropped');
    expect(dropped.map((l) => l.noticeId)).toContain(queued.noticeId);
  });
});
