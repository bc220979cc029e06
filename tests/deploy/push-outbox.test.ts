import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createAccessTokens } from '../../src/server/auth/access-token';
import { systemClock } from '../../src/server/clock';
import { startPushService } from '../helpers/push-service';
import { adminQuery } from '../helpers/scratch';
import { type Cluster, startCluster, UNIT } from './cluster';
import { killGroup } from './instance';
import { describeIfHas, missing } from './needs';
import { NGINX } from './nginx';
import { localTcpPorts } from './process-sockets';
import { readServiceUnit } from './unit-file';

// Issue 31 §1: pushes wait in the database (the push outbox), not in an instance's memory. Three instances from the
// systemd unit behind the nginx site, a push stand-in they may reach; 40 pushes committed in one operator action, and
// the instance that committed them killed (SIGKILL) right after, or stopped (SIGTERM) while the push service is slow:
// every push still reaches the push service, once.

const execStart = readServiceUnit(UNIT, '3001').execStart[0];
const STUDENTS = 40;
// The outbox worker's own numbers (src/server/push/outbox-worker.ts): sends in flight per instance, and the lease.
const CONCURRENCY = 4;
const LEASE_MS = 30_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describeIfHas('the push outbox: an instance killed or stopped right after committing 40 pushes', missing(['DATABASE_URL', 'REDIS_URL'], [NGINX, 'openssl', execStart]), () => {
  const figures: string[] = [];
  let cluster: Cluster;
  let service: Awaited<ReturnType<typeof startPushService>>;
  const ops = () => ({ 'x-ops-token': cluster.settings.OPS_TOKEN });

  beforeAll(async () => {
    service = await startPushService();
    cluster = await startCluster({
      adminUrl: process.env.DATABASE_URL!,
      redisUrl: process.env.REDIS_URL!,
      // Above the ports deploy.test.ts takes from the same start.
      fromPort: Number(process.env.DEPLOY_TEST_PORT ?? 4500) + 20,
      kind: 'deploy-push',
      // Not production: production refuses OUTBOUND_TEST_HOSTS, and a push stand-in on this machine needs it.
      settings: { NODE_ENV: 'test' },
      extraLines: { OUTBOUND_TEST_HOSTS: service.host },
      figures,
    });
    service.expectVapidKey(cluster.settings.VAPID_PUBLIC_KEY);
  });

  afterAll(async () => {
    if (figures.length) console.log(`\n[deploy suite] push outbox figures\n${figures.map((f) => `  ${f}`).join('\n')}\n`);
    service?.release();
    await cluster?.teardown();
    await service?.close();
  });

  /**
   * A free party with 40 seats taken, each student with a browser subscribed, all through nginx, then cancelled by an
   * operator while the push service answers nothing: the instance that committed the 40 pushes, with its first
   * pushes posted and unanswered. The students are made in the database (the main deploy suite signs students up
   * through the API); their tokens are signed with the deploy's JWT secret, as an instance signs them.
   */
  async function fortyPushesInFlight(title: string) {
    const place = await cluster.balancer.call('/api/ops/places/', { method: 'POST', headers: ops(), json: { name: `푸시 시험관 ${randomBytes(2).toString('hex')}`, x_norm: 0.3, y_norm: 0.7 } });
    expect(place.status, place.text).toBe(201);
    const party = await cluster.balancer.call('/api/ops/parties/', {
      method: 'POST',
      headers: ops(),
      json: { title, place_id: place.json<{ id: number }>().id, start_time: new Date(Date.now() + 48 * 3_600_000).toISOString(), max_participants: 45, deposit: 0 },
    });
    expect(party.status, party.text).toBe(201);
    const partyId = party.json<{ id: number }>().id;
    const tag = randomBytes(3).toString('hex');
    const made = await adminQuery(
      cluster.databaseUrl,
      `insert into users (username, name, is_additional_info_provided, verification_status)
         select 'push_${tag}_' || i, '푸시학생' || i, true, 'approved' from generate_series(1, ${STUDENTS}) as i returning id`,
    );
    const tokens = createAccessTokens(cluster.settings.JWT_SECRET, systemClock);
    for (const [i, { id }] of (made.rows as { id: number }[]).entries()) {
      const auth = { authorization: `Bearer ${await tokens.sign(id)}` };
      const subscribed = await cluster.balancer.call('/api/push/subscriptions/', { method: 'POST', headers: auth, json: service.browser(`/push/deploy-${tag}-${i}`).json });
      expect(subscribed.status, subscribed.text).toBe(204);
      const joined = await cluster.balancer.call(`/api/reserve/join/${partyId}/`, { method: 'POST', headers: auth });
      expect(joined.status, joined.text).toBe(201);
      const paid = await cluster.balancer.call(`/api/reserve/pay/${joined.json<{ id: number }>().id}/`, { method: 'POST', headers: auth, json: { payment_method: 'POINT' } });
      expect(paid.status, paid.text).toBe(200);
    }

    // Held, a push in flight when its sender dies or gives up is cut off unanswered, as a push service sees it; had
    // it answered 201 before the sender deleted the row, the push would be sent again (at least once, by design: its
    // Topic lets the push service replace the copy a phone has not received), and the counts below would not say
    // what the outbox itself does.
    service.hold();
    const cancel = await cluster.balancer.call(`/api/ops/parties/${partyId}/cancel/`, { method: 'POST', headers: ops(), json: {} });
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.json()).toMatchObject({ cancelled: STUDENTS });
    const committedAt = Date.now();
    // The instance nginx gave the cancel to committed the notices and their pushes, and was woken to send them.
    const upstream = await vi.waitFor(() => {
      const line = cluster.nginx.accessLog().findLast((l) => l.request.includes(`/api/ops/parties/${partyId}/cancel/`));
      if (!line) throw new Error('nginx has not logged the cancel yet');
      return line.upstream;
    });
    const index = cluster.running.findIndex((i) => upstream === `127.0.0.1:${i.port}`);
    expect(index, upstream).toBeGreaterThanOrEqual(0);
    const victim = cluster.running[index];
    // It posts its first pushes at once (its slots full).
    let victimPorts = new Set<number>();
    await vi.waitFor(
      () => {
        victimPorts = localTcpPorts(victim.child.pid as number, Number(new URL(service.origin).port));
        const posted = service.deliveries.filter((d) => victimPorts.has(d.remotePort as number)).length;
        if (posted < CONCURRENCY) throw new Error(`partyon@${victim.port} has posted ${posted} pushes`);
      },
      { timeout: 10_000, interval: 5 },
    );
    const noticeIds = (await adminQuery(cluster.databaseUrl, `select id::text from notifications where party_id = ${partyId} and kind = 'party_cancelled' order by id`)).rows.map((r: { id: string }) => r.id);
    expect(noticeIds).toHaveLength(STUDENTS);
    return { partyId, index, victim, committedAt, noticeIds, inFlight: () => service.deliveries.filter((d) => victimPorts.has(d.remotePort as number)) };
  }

  /** Waits until the outbox is empty and every notice was taken; answers how many were sent once, lost or doubled. */
  async function tally(noticeIds: string[], timeout: number) {
    await vi.waitFor(
      async () => {
        const left = Number((await adminQuery(cluster.databaseUrl, 'select count(*) from push_outbox')).rows[0].count);
        const taken = service.acceptedByNotice();
        if (left > 0 || noticeIds.some((id) => !taken.has(id))) throw new Error(`${left} pushes still in the outbox`);
      },
      { timeout, interval: 250 },
    );
    const taken = service.acceptedByNotice();
    return {
      sent: noticeIds.filter((id) => taken.get(id) === 1).length,
      lost: noticeIds.filter((id) => !taken.has(id)).length,
      doubled: noticeIds.filter((id) => (taken.get(id) ?? 0) > 1).length,
    };
  }

  /** Each push as the browser reads it (the stand-in refuses a push whose VAPID token or encryption is wrong). */
  function expectReadable(partyId: number, title: string) {
    expect(service.deliveries.filter((d) => d.refusal)).toEqual([]);
    const ofParty = service.deliveries.filter((d) => d.accepted && (d.payload as { link?: string } | undefined)?.link === `/partyinfo/${partyId}`);
    expect(ofParty).toHaveLength(STUDENTS);
    for (const d of ofParty) expect(d.payload).toEqual({ title: '파티가 취소되었어요', body: `'${title}' 파티가 취소되었습니다.`, link: `/partyinfo/${partyId}` });
  }

  it('every push reaches the push service exactly once, though the instance that committed them was killed (kill -9) right after', async () => {
    const title = '취소될 푸시 시험 파티';
    const { partyId, index, victim, committedAt, noticeIds, inFlight } = await fortyPushesInFlight(title);
    killGroup(victim.child);
    expect(await victim.exited).toBeNull();
    const killedAt = Date.now();
    const cut = inFlight();
    await vi.waitFor(() => {
      if (!cut.every((d) => d.cutOff)) throw new Error('the push service has not seen every connection of the killed instance close');
    });
    service.release();

    // The other two send the rest, and the killed instance's claimed pushes once their lease runs out.
    const counts = await tally(noticeIds, LEASE_MS + 30_000);
    figures.push(
      `kill -9: ${STUDENTS} pushes committed by partyon@${victim.port}, killed ${seconds(killedAt - committedAt)} after its answer with ${cut.length} posts in flight: ` +
        `sent once ${counts.sent}, lost ${counts.lost}, doubled ${counts.doubled}; the last arrived ${seconds(Date.now() - killedAt)} after the kill (the lease is ${seconds(LEASE_MS)})`,
    );
    expect(counts).toEqual({ sent: STUDENTS, lost: 0, doubled: 0 });
    expectReadable(partyId, title);
    // Back as systemd would restart it, for the next check.
    await cluster.start(index);
  });

  it('a SIGTERM while the push service is slow exits 0 within the unit\'s stop timeout, and every push still arrives once', async () => {
    const title = '멈출 때 취소된 푸시 시험 파티';
    const { partyId, victim, noticeIds, inFlight } = await fortyPushesInFlight(title);
    const stopping = Date.now();
    victim.child.kill('SIGTERM');
    const code = await victim.exited;
    const stoppedIn = Date.now() - stopping;
    // 0, not 1: it stopped inside its own 10 s deadline (src/server/http/process-lifecycle.ts), well inside the unit's
    // TimeoutStopSec=30, though the push service never answered the posts it had in flight.
    expect(code, `partyon@${victim.port} exited ${code}:\n${victim.output()}`).toBe(0);
    const cut = inFlight();
    expect(cut.every((d) => d.cutOff)).toBe(true);
    // It said what it did with them: handed back to the outbox rather than left to their leases.
    expect(victim.output()).toMatch(/pushes still sending at shutdown are handed back to the outbox/);
    const stoppedAt = Date.now();
    // The push service answers again: the other two send the rest, and what the stopped instance handed back.
    service.release();
    const counts = await tally(noticeIds, LEASE_MS + 30_000);
    figures.push(
      `SIGTERM with the push service holding every answer: partyon@${victim.port} exited 0 in ${seconds(stoppedIn)} with ${cut.length} posts cut off; ` +
        `sent once ${counts.sent}, lost ${counts.lost}, doubled ${counts.doubled}; the last arrived ${seconds(Date.now() - stoppedAt)} after it exited`,
    );
    expect(counts).toEqual({ sent: STUDENTS, lost: 0, doubled: 0 });
    expectReadable(partyId, title);
  });
});
