import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/connect';
import { pushOutbox } from '../db/schema/push-outbox';
import { pushSubscriptions } from '../db/schema/push';
import { OutboundRefused, type OutboundPolicy } from '../http/outbound-policy';
import type { VapidKeys } from '../secrets';
import { postPush, type PushTarget } from './push-post';

// A few at a time: a cancelled party of 30 must not open 30 connections at once beside the requests being served.
const CONCURRENCY = 4;
// A claim outlives a send (10 s at most, push-post.ts) and the statements around it: only an instance that died
// mid-send leaves a lease to run out, and then another instance sends the push after it.
const LEASE_MS = 30_000;
// Rows another instance wrote (it died before sending them) or left to retry are found this often.
const POLL_MS = 5_000;
// What a stopping instance gives its sends in flight; past it they are abandoned and their claims handed back, so
// another instance sends them at its next look and the shutdown stays well within its deadline
// (http/process-lifecycle.ts).
const STOP_GRACE_MS = 3_000;
// A push kept for a phone that is off, and retried while the push service fails: after an hour a reminder or a game
// start is stale news, and the notice is waiting in the app anyway.
const TTL_SECONDS = 3_600;
// Retries after a failure: 10 s, 20 s, 40 s … at most 10 minutes apart, until the TTL ends them.
const FIRST_RETRY_MS = 10_000;
const MAX_RETRY_MS = 600_000;

export interface PushWorker {
  /** Rows were just committed here: look for due rows now rather than at the next poll. */
  wake(): void;
  /** Polls for due rows every few seconds (an instance that runs the background jobs). */
  start(): void;
  /** Resolves once a look finds nothing due (by the app's clock) and nothing is being sent (tests). */
  idle(): Promise<void>;
  /** Claims nothing more; waits a while for the sends in flight and hands the rest back to the outbox. */
  stop(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

type Claimed = typeof pushOutbox.$inferSelect;

/**
 * The push outbox's sender, one per instance: rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so every
 * instance may run it at once and each push is sent by one of them; a success deletes the row, 404/410 deletes the
 * subscription (and its rows), another failure is retried with backoff until the TTL drops it.
 */
export function createPushWorker(opts: { db: Db; clock: Clock; vapid: VapidKeys; outbound: OutboundPolicy; log: Log }): PushWorker {
  const { db, clock, log } = opts;
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  let stopped = false;
  let looking: Promise<void> | null = null;
  let lookAgain = false;
  // The last claim filled every free slot, so more rows may be due: a finished send looks again.
  let more = false;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: (() => void)[] = [];
  let stopDone: Promise<void> | undefined;

  const settle = () => {
    if (looking || inFlight.size) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  /** Due rows, leased to this instance; one transaction, so the rows stay locked until the lease is written. */
  function claim(n: number): Promise<Claimed[]> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(and(lte(pushOutbox.nextAttemptAt, now), or(isNull(pushOutbox.leaseUntil), lte(pushOutbox.leaseUntil, now))))
        .orderBy(asc(pushOutbox.nextAttemptAt), asc(pushOutbox.id))
        .limit(n)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(pushOutbox)
        .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql`${pushOutbox.attempts} + 1` })
        .where(inArray(pushOutbox.id, due.map((d) => d.id)))
        .returning();
    });
  }

  // Every write after the claim names the claim (its attempt): an instance whose lease ran out changes nothing.
  const ours = (row: Claimed) => and(eq(pushOutbox.id, row.id), eq(pushOutbox.attempts, row.attempts));
  const done = (row: Claimed) => db.delete(pushOutbox).where(ours(row));

  async function retryLater(row: Claimed) {
    const wait = Math.min(FIRST_RETRY_MS * 2 ** (row.attempts - 1), MAX_RETRY_MS);
    await db
      .update(pushOutbox)
      .set({ leaseUntil: null, nextAttemptAt: new Date(clock.now().getTime() + wait) })
      .where(ours(row));
  }

  async function handle(row: Claimed, target: (PushTarget & { userId: number }) | undefined) {
    // Unsubscribed since, or the phone now signed in as another student: not theirs to see.
    if (!target || target.userId !== row.userId) {
      await done(row);
      return;
    }
    const ageSeconds = Math.floor((clock.now().getTime() - row.createdAt.getTime()) / 1000);
    if (ageSeconds >= TTL_SECONDS) {
      log.warn({ noticeId: row.noticeId, subscriptionId: row.subscriptionId, attempts: row.attempts - 1, ageSeconds }, 'push expired unsent, dropped');
      await done(row);
      return;
    }
    let status: number;
    try {
      status = await postPush(opts, target, row.payload, { topic: String(row.noticeId), ttlSeconds: TTL_SECONDS - ageSeconds, signal: stopping.signal });
    } catch (err) {
      // Abandoned by a stopping instance: handed back at once rather than left to its lease, since this instance is
      // alive enough to say so. The push service may have taken it before the cut; the Topic lets it replace the copy.
      if (stopping.signal.aborted) {
        await db.update(pushOutbox).set({ leaseUntil: null }).where(ours(row));
        return;
      }
      log.warn({ err, noticeId: row.noticeId }, 'push failed');
      // An address the policy refuses is refused tomorrow too; the subscription stays, as for a push service that is down.
      if (err instanceof OutboundRefused) await done(row);
      else await retryLater(row);
      return;
    }
    if (status >= 200 && status <= 299) {
      await done(row);
      return;
    }
    // RFC 8030 §7.3: the subscription is gone for good (the student revoked the permission or cleared the site).
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, row.subscriptionId), eq(pushSubscriptions.endpoint, target.endpoint)));
      await db.delete(pushOutbox).where(eq(pushOutbox.subscriptionId, row.subscriptionId));
      return;
    }
    // A redirect is a failure too: a push service never answers one, and its target is never asked.
    log.warn({ err: new Error(`push service answered ${status}`), noticeId: row.noticeId }, 'push refused');
    await retryLater(row);
  }

  function launch(row: Claimed, target: (PushTarget & { userId: number }) | undefined) {
    const task: Promise<void> = handle(row, target)
      .catch((err: unknown) => log.warn({ err, noticeId: row.noticeId }, 'push outbox write failed'))
      .finally(() => {
        inFlight.delete(task);
        if (more && !stopped) wake();
        else settle();
      });
    inFlight.add(task);
  }

  async function look() {
    lookAgain = false;
    while (!stopped) {
      const free = CONCURRENCY - inFlight.size;
      if (free <= 0) {
        more = true;
        return;
      }
      const claimed = await claim(free);
      more = claimed.length === free;
      if (!claimed.length) return;
      const targets = await db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((r) => r.subscriptionId))]));
      for (const row of claimed) launch(row, targets.find((s) => s.id === row.subscriptionId));
      if (!more) return;
    }
  }

  function wake() {
    if (stopped) return settle();
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = look()
      .catch((err: unknown) => log.warn({ err }, 'push outbox claim failed'))
      .finally(() => {
        looking = null;
        if (lookAgain && !stopped) wake();
        else settle();
      });
  }

  async function stopOnce() {
    stopped = true;
    clearInterval(timer);
    await looking;
    const finished = Promise.allSettled([...inFlight]);
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<'late'>((resolve) => (graceTimer = setTimeout(() => resolve('late'), STOP_GRACE_MS)));
    if ((await Promise.race([finished, grace])) === 'late') {
      log.warn({ abandoned: inFlight.size }, 'pushes still sending at shutdown are handed back to the outbox for another instance');
      stopping.abort();
      await finished;
    }
    clearTimeout(graceTimer);
    settle();
  }

  return {
    wake,
    start() {
      if (stopped || timer) return;
      timer = setInterval(wake, POLL_MS);
      timer.unref();
      wake();
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake();
      });
    },
    stop() {
      // The shutdown starts it beside the drain (main.ts) and the app's close asks again: one stop serves both.
      return (stopDone ??= stopOnce());
    },
  };
}
