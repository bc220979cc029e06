import { Redis } from 'ioredis';
import type { BusHandler, EventBus } from './bus';

/**
 * Fans events out across instances through Redis pub/sub. Redis needs a connection of its own for subscribing;
 * ioredis reconnects on its own and re-subscribes the channels it had, so an instance that loses Redis keeps
 * serving its own sockets (local delivery never goes through Redis) and catches up when Redis returns.
 */
export function createRedisBus(url: string, prefix = 'partyon:'): EventBus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
  // Connection errors are retried by ioredis; logging every retry is noise, a crash would be worse.
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);

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
      await pub.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await sub.subscribe(prefix + channel);
      }
      set.add(handler);
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
      await pub.ping();
    },
    async close() {
      handlers.clear();
      // A polite QUIT when Redis is there; when it is not, waiting for it would hang the shutdown.
      for (const c of [pub, sub]) {
        if (c.status === 'ready') await Promise.race([c.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 1000))]);
        c.disconnect();
      }
    },
  };
}
