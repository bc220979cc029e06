import type { FastifyInstance } from 'fastify';

/**
 * A one-second cache for public lists every visitor sees the same (home, map). On a busy evening most requests
 * then cost no query; this instance drops it on any successful write, so a student never sees their own join lag,
 * and other instances are at most `ttlMs` behind. Keys include the injected clock's second so tests that move time
 * never read a list from another moment.
 */
function createMicroCache<T>(ttlMs = 1000) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  const fresh = (key: string) => {
    const hit = entries.get(key);
    return hit && Date.now() - hit.at < ttlMs ? hit : undefined;
  };
  return {
    get(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = fresh(key);
      if (hit) return hit.value;
      const value = compute();
      entries.set(key, { at: Date.now(), value });
      value.catch(() => entries.delete(key)); // never keep a failure
      if (entries.size > 100) entries.delete(entries.keys().next().value!);
      return value;
    },
    /** Whether `get` would answer from the cache (an answer being computed counts: its callers share it). */
    holds(key: string): boolean {
      return !!fresh(key);
    },
    clear() {
      entries.clear();
    },
  };
}

/** A micro-cache this instance empties after any successful write request (a join, a leave, a cancel…). */
export function createWriteClearedCache<T>(app: FastifyInstance, ttlMs = 1000) {
  const cache = createMicroCache<T>(ttlMs);
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) cache.clear();
  });
  return cache;
}
