import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES as M } from '../../shared/api-messages';
import { detail } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-instance counters the limiters fall back on while Redis cannot answer (installed by security.ts). */
    rateLimitFallback: LocalWindows;
  }
}

/** Counts kept in this process: fixed windows, pruned as they expire. */
export class LocalWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private redisDownUntil = 0;
  private lastWarning = 0;

  constructor(private readonly onOutage: (err: unknown) => void = () => undefined) {}

  incr(key: string, windowMs: number): number {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.prune(now);
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    w.count += 1;
    return w.count;
  }

  read(key: string): number {
    const w = this.windows.get(key);
    return w && w.resetAt > Date.now() ? w.count : 0;
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
  }
}

const REDIS_RETRY_AFTER_MS = 2_000;
// The plugin's counters are read through `remaining`; with this as their max, `UNCAPPED - remaining` is the count.
const UNCAPPED = 1_000_000_000;

interface WindowCount {
  /** Requests counted for the key in the current window. */
  count: number;
  /** Seconds until that window ends (for Retry-After); the whole window when counting locally. */
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
 * store), per instance otherwise.
 *
 * When Redis cannot answer (down, or silent past the client's command timeout) the counter FAILS OPEN TO
 * PER-INSTANCE COUNTS: it counts in this process instead (and skips Redis for a couple of seconds before trying
 * again). Failing closed would turn a Redis outage into a login outage for every student, although logins need
 * only the database; failing open with no count at all would leave password guessing unlimited for as long as
 * Redis is away. Per-instance counts keep the limits, multiplied by the number of instances, during the outage.
 */
export function windowCounter(app: FastifyInstance, opts: { windowMs: number; key: (req: FastifyRequest) => string }): WindowCounter {
  // `cache`: how many keys the in-memory store (no Redis) keeps per counter before it forgets the least recent; the
  // plugin's default of 5,000 would let a spray of made-up usernames push a real one's count out.
  const options: CreateRateLimitOptions & { cache: number } = { max: UNCAPPED, timeWindow: opts.windowMs, keyGenerator: opts.key, cache: 50_000 };
  const check = app.createRateLimit(options);
  const local = app.rateLimitFallback;
  const run = async (req: FastifyRequest, increment: boolean): Promise<WindowCount> => {
    if (!local.redisResting) {
      try {
        const result = await check(req, { increment });
        if (!result.isAllowed) return { count: UNCAPPED - result.remaining, retryAfterS: Math.max(1, result.ttlInSeconds) };
      } catch (err) {
        local.redisFailed(err);
      }
    }
    const key = opts.key(req);
    return { count: increment ? local.incr(key, opts.windowMs) : local.read(key), retryAfterS: Math.ceil(opts.windowMs / 1000) };
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
