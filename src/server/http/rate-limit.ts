import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { detail } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The counters kept in this process (installed by security.ts): all of them without REDIS_URL, and those the
     * limiters fall back on while Redis cannot answer.
     */
    rateLimitFallback: LocalWindows;
  }
}

/** Counts kept in this process: fixed windows, pruned as they expire. */
export class LocalWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private redisDownUntil = 0;
  private lastWarning = 0;

  constructor(private readonly onOutage: (err: unknown) => void = () => undefined) {}

  /** Counts one more for `key` (or only reads its count), with the seconds left in its window. */
  count(key: string, windowMs: number, increment: boolean): WindowCount {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (!increment) return { count: 0, retryAfterS: Math.ceil(windowMs / 1000) };
      this.prune(now);
      w = { count: 0, resetAt: now + windowMs };
      // Deleted first, so the map's order stays the order windows began in (the cap below forgets the oldest).
      this.windows.delete(key);
      this.windows.set(key, w);
    }
    if (increment) w.count += 1;
    return { count: w.count, retryAfterS: Math.max(1, Math.ceil((w.resetAt - now) / 1000)) };
  }

  /** Redis failed: count here for the next few seconds rather than wait on it for every request. */
  redisFailed(err: unknown) {
    const now = Date.now();
    this.redisDownUntil = now + REDIS_RETRY_AFTER_MS;
    if (now - this.lastWarning > 60_000) {
      this.lastWarning = now;
      this.onOutage(err);
    }
  }

  get redisResting() {
    return Date.now() < this.redisDownUntil;
  }

  private prune(now: number) {
    // Amortised: only when the map has grown, and then everything expired goes at once.
    if (this.windows.size < 10_000) return;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    // Addresses sprayed faster than their windows expire must not grow the process without end: past the cap the
    // oldest windows are forgotten. High enough that a spray of made-up usernames cannot push a real count out
    // before it has pushed hundreds of thousands of its own.
    for (const k of this.windows.keys()) {
      if (this.windows.size < LOCAL_KEYS_MAX) break;
      this.windows.delete(k);
    }
  }
}

const LOCAL_KEYS_MAX = 200_000;
const REDIS_RETRY_AFTER_MS = 2_000;
// The plugin's counters are read through `remaining`; with this as their max, `UNCAPPED - remaining` is the count.
const UNCAPPED = 1_000_000_000;

interface WindowCount {
  /** Requests counted for the key in the current window. */
  count: number;
  /** Seconds until that window ends (for Retry-After). */
  retryAfterS: number;
}

export interface WindowCounter {
  /** Counts one more for `req`'s key. */
  hit(req: FastifyRequest): Promise<WindowCount>;
  /** The current count, without counting. */
  read(req: FastifyRequest): Promise<WindowCount>;
}

/**
 * A fixed-window counter per key, shared by every instance when REDIS_URL is set (the rate-limit plugin's Redis
 * store), per instance otherwise. In this process the counts are our own (LocalWindows), not the plugin's memory
 * store: that store hands each request of a simultaneous burst the count after the whole burst (one shared object,
 * read after the others have added to it), which refused all 400 of a burst past a limit of 60.
 *
 * When Redis cannot answer (down, or silent past the client's command timeout) the counter FAILS OPEN TO
 * PER-INSTANCE COUNTS: it counts in this process instead (and skips Redis for a couple of seconds before trying
 * again). Failing closed would turn a Redis outage into a login outage for every student, although logins need
 * only the database; failing open with no count at all would leave password guessing unlimited for as long as
 * Redis is away. Per-instance counts keep the limits, multiplied by the number of instances, during the outage.
 */
export function windowCounter(app: FastifyInstance, opts: { windowMs: number; key: (req: FastifyRequest) => string }): WindowCounter {
  // Registered by security.ts only with REDIS_URL.
  const check = app.hasDecorator('createRateLimit') ? app.createRateLimit({ max: UNCAPPED, timeWindow: opts.windowMs, keyGenerator: opts.key }) : undefined;
  const local = app.rateLimitFallback;
  const run = async (req: FastifyRequest, increment: boolean): Promise<WindowCount> => {
    if (check && !local.redisResting) {
      try {
        const result = await check(req, { increment });
        if (!result.isAllowed) return { count: UNCAPPED - result.remaining, retryAfterS: Math.max(1, result.ttlInSeconds) };
      } catch (err) {
        local.redisFailed(err);
      }
    }
    return local.count(opts.key(req), opts.windowMs, increment);
  };
  return { hit: (req) => run(req, true), read: (req) => run(req, false) };
}

/** 429 with the Korean message and a Retry-After, like every refusal of a limiter. */
export function tooMany(reply: FastifyReply, seconds: number) {
  reply.header('Retry-After', String(seconds));
  return detail(429, M.tooMany);
}

/**
 * A hook that answers 429 once `key(req)` has made more than `max` requests in `windowMs` (every request counts,
 * the refused ones too). Built on createRateLimit because the plugin's own route hook runs only one limiter per
 * request.
 */
export function limiter(app: FastifyInstance, opts: { max: number; windowMs: number; key: (req: FastifyRequest) => string }) {
  const counter = windowCounter(app, opts);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { count, retryAfterS } = await counter.hit(req);
    if (count > opts.max) throw tooMany(reply, retryAfterS);
  };
}

/** The client's address; injected websocket requests and some proxies leave it empty. */
export const clientAddress = (req: FastifyRequest) => req.ip ?? 'unknown';
