import { Redis } from 'ioredis';
import { withDeadline } from '../http/deadline';
import type { BusHandler, EventBus } from './bus';

/**
 * Redis answers in well under a millisecond; a command still unanswered after this means Redis is silent. It bounds
 * what a request (a standby toggle, a vote) can wait on the bus: local delivery has already happened by then.
 */
const COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 2_000;
/** How often an idle connection is asked whether it still carries anything (a silent subscriber looks idle). */
const WATCH_INTERVAL_MS = 5_000;

/**
 * Fans events out across instances through Redis pub/sub. Redis needs a connection of its own for subscribing;
 * ioredis reconnects on its own and re-subscribes the channels it had, so an instance that loses Redis keeps
 * serving its own sockets (local delivery never goes through Redis) and catches up when Redis returns.
 *
 * A dead Redis closes the connection and ioredis notices; a silent one (a partition: the connection stays open,
 * nothing comes back) does not, so every connection is pinged with a deadline — by the watch timer, by /readyz —
 * and hung up when it does not answer, which makes ioredis reconnect and re-subscribe.
 */
export function createRedisBus(url: string, prefix = 'partyon:'): EventBus {
  // No offline queue for publishing: while Redis is away a publish fails at once instead of piling up and flooding
  // the other instances with stale events later. The watch timer is what finds a silent connection, not a command.
  const pub = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
  });
  // The subscriber's queue only ever holds (un)subscribe commands, one per channel, so it may wait for Redis: a
  // subscription asked for during an outage is made when Redis returns. Nothing is sent on connect (no INFO ready
  // check, no CLIENT SETINFO): without a command timeout such a handshake would hang for good on a silent Redis,
  // whereas a connection that is up is covered by the watch ping.
  const sub = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: null,
    enableReadyCheck: false,
    disableClientInfo: true,
  });
  // Connection errors are retried by ioredis; logging every retry is noise, a crash would be worse.
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);

  /** Destroys the socket: a polite close would wait forever for a silent peer, and ioredis reconnects on close. */
  const hangUp = (c: Redis) => c.stream?.destroy();
  /** One round trip within the deadline, or the connection is hung up. */
  const probe = async (c: Redis) => {
    try {
      await withDeadline(c.ping(), COMMAND_TIMEOUT_MS, 'redis ping');
    } catch (err) {
      if (c.status === 'ready') hangUp(c);
      throw err;
    }
  };
  const watch = setInterval(() => {
    for (const c of [pub, sub]) if (c.status === 'ready') probe(c).catch(() => undefined);
  }, WATCH_INTERVAL_MS);
  watch.unref();

  // A connection that closed has lost what was published meanwhile (pub/sub keeps nothing for an absent subscriber,
  // and our publishes failed). Once both are back — the ping answered after the re-subscriptions ioredis sends on
  // ready — the listeners are told, so the sockets can be brought up to date (socket-hub.ts).
  const resumed: (() => void)[] = [];
  let missed = false;
  const lost = () => {
    missed = true;
  };
  const maybeResumed = () => {
    if (!missed || pub.status !== 'ready' || sub.status !== 'ready') return;
    missed = false;
    // After this turn: ioredis sends the re-subscriptions right after emitting 'ready'.
    setImmediate(() => {
      Promise.all([probe(pub), probe(sub)]).then(() => {
        for (const listener of resumed) listener();
      }, lost);
    });
  };
  for (const c of [pub, sub]) c.on('close', lost).on('ready', maybeResumed);

  const handlers = new Map<string, Set<BusHandler>>();
  sub.on('message', (channel: string, raw: string) => {
    const set = handlers.get(channel.slice(prefix.length));
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    for (const h of set) h(message);
  });

  return {
    async publish(channel, message) {
      try {
        await pub.publish(prefix + channel, JSON.stringify(message));
      } catch (err) {
        // Unanswered on a connection that looks fine: Redis went silent. Hang up now rather than at the next watch,
        // so the publishes after this one fail at once instead of each waiting out the timeout.
        if (pub.status === 'ready' && /timed out/i.test((err as Error).message)) hangUp(pub);
        throw err;
      }
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (set) {
        set.add(handler);
      } else {
        // The handler is in place before Redis confirms, so a subscription that waits out an outage still delivers.
        set = new Set([handler]);
        handlers.set(channel, set);
        await sub.subscribe(prefix + channel);
      }
      return async () => {
        const current = handlers.get(channel);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) {
          handlers.delete(channel);
          // Not awaited: while Redis is away the command waits in ioredis' queue, and nobody should wait with it.
          void sub.unsubscribe(prefix + channel).catch(() => undefined);
        }
      };
    },
    async ping() {
      if (pub.status !== 'ready' || sub.status !== 'ready') throw new Error(`redis ${pub.status}/${sub.status}`);
      await Promise.all([probe(pub), probe(sub)]);
    },
    onResume(listener) {
      resumed.push(listener);
    },
    async close() {
      clearInterval(watch);
      resumed.length = 0;
      handlers.clear();
      // A polite QUIT when Redis is there; when it is not, waiting for it would hang the shutdown.
      for (const c of [pub, sub]) {
        if (c.status === 'ready') await Promise.race([c.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 1000))]);
        c.disconnect();
      }
    },
  };
}
