import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../shared/push';
import type { Db } from '../db/connect';
import { pushSubscriptions } from '../db/schema/push';
import type { OutboundPolicy } from '../http/outbound-policy';
import { postOutbound } from '../http/outbound-post';
import type { WrittenNotice } from '../notice/after-commit';
import { noticeLink } from '../notice/link';
import { PUSH_TITLE } from '../notice/messages';
import type { VapidKeys } from '../secrets';

// A few at a time: a cancelled party of 30 must not open 30 connections at once beside the requests being served.
const CONCURRENCY = 4;
// Past this many sends waiting, new ones are dropped (and logged): the notices stay in the app whatever happens here.
const MAX_WAITING = 2_000;
const SEND_TIMEOUT_MS = 10_000;
// A push kept by the push service for a phone that is off: after an hour a reminder or a game start is stale news,
// and the notice is waiting in the app anyway.
const TTL_SECONDS = 3_600;

export interface PushSender {
  /** Notices just committed; those of a pushed kind go to each of their student's browsers, off the caller's path. */
  enqueue(notices: WrittenNotice[]): void;
  /** Resolves once nothing is queued or being sent (tests, and a closing server). */
  idle(): Promise<void>;
}

interface Job {
  subscription: typeof pushSubscriptions.$inferSelect;
  payload: PushPayload;
}

export function createPushSender(opts: {
  db: Db;
  vapid: VapidKeys;
  /** Where an endpoint may be (https, port 443, a public address), checked as each push connects. */
  outbound: OutboundPolicy;
  onError: (err: unknown, what: string) => void;
}): PushSender {
  const waiting: Job[] = [];
  let running = 0;
  let lookups = 0;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (running || lookups || waiting.length) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  async function deliver(job: Job): Promise<void> {
    const { subscription: s } = job;
    const request = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(job.payload), {
      vapidDetails: opts.vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    // postOutbound sets the length itself from the body.
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)]));
    // An address the policy refuses (an internal one, or http) fails here and is logged like any failed push; the
    // subscription stays, as it does for a push service that is down.
    const status = await postOutbound(opts.outbound, request.endpoint, { headers, body: request.body as Buffer, timeoutMs: SEND_TIMEOUT_MS });
    // RFC 8030 §7.3: the subscription is gone for good (the student revoked the permission or cleared the site).
    if (status === 404 || status === 410) await opts.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.endpoint));
    // A redirect is a failure too: a push service never answers one, and its target is never asked.
    else if (status < 200 || status > 299) opts.onError(new Error(`push service answered ${status}`), 'push refused');
  }

  function pump() {
    while (running < CONCURRENCY && waiting.length) {
      const job = waiting.shift() as Job;
      running += 1;
      deliver(job)
        .catch((err: unknown) => opts.onError(err, 'push failed'))
        .finally(() => {
          running -= 1;
          pump();
          settleIdle();
        });
    }
  }

  async function lookUp(notices: WrittenNotice[]) {
    const subs = await opts.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, [...new Set(notices.map((n) => n.userId))]));
    for (const n of notices) {
      const payload: PushPayload = { title: PUSH_TITLE[n.kind] as string, body: n.message, link: noticeLink(n) };
      for (const subscription of subs.filter((s) => s.userId === n.userId)) {
        if (waiting.length >= MAX_WAITING) {
          opts.onError(new Error('push queue full'), 'push dropped');
          return;
        }
        waiting.push({ subscription, payload });
      }
    }
    pump();
  }

  return {
    enqueue(notices) {
      const pushed = notices.filter((n) => PUSH_TITLE[n.kind]);
      if (!pushed.length) return;
      lookups += 1;
      // Never on the caller's path, never its failure: the action that wrote the notice has answered already.
      setImmediate(() => {
        lookUp(pushed)
          .catch((err: unknown) => opts.onError(err, 'push lookup failed'))
          .finally(() => {
            lookups -= 1;
            settleIdle();
          });
      });
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
