import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Ctx } from '../context';
import { LocalWindows } from './rate-limit';

/** Paths of public images (static-files.ts serves them). */
const PUBLIC_IMAGES = /^\/(art|media)\//;

/** `inline`: hashes of the page shell's own inline loader and styles (page-shell.ts), the only inline code allowed. */
export async function installSecurity(app: FastifyInstance, ctx: Ctx, inline: { scripts: string[]; styles: string[] } = { scripts: [], styles: [] }) {
  const production = ctx.config.env === 'production';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inline.scripts],
        // React and react-spring set styles through the CSSOM, which CSP does not restrict; the only inline <style>
        // elements are the build's own stylesheets the shell inlines, each allowed by its hash.
        styleSrc: ["'self'", ...inline.styles],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind HTTPS: on a laptop or a phone reaching http://192.168.x.x it would break every request.
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production,
    crossOriginEmbedderPolicy: false,
  });
  // Helmet's Cross-Origin-Resource-Policy is same-origin for everything; the map art and the uploaded photos are
  // public images a client on another origin (ALLOWED_ORIGINS, a native shell) shows in <img>, so they, and only
  // they, are cross-origin. Set on the reply (not the raw response helmet writes to), so it wins on every answer of
  // those paths, 304s included.
  app.addHook('onRequest', async (req, reply) => {
    if (PUBLIC_IMAGES.test(req.url)) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  });

  const allowed = new Set(ctx.config.allowedOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
    credentials: false,
    methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
  });

  await installRateLimits(app, ctx);
}

// Redis answers a counter in well under a millisecond; past this it counts as down and the limiters count locally.
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_CONNECT_WAIT_MS = 2_000;

/**
 * Rate-limit counters: in Redis when REDIS_URL is set, so "30 a minute" is 30 across every instance (the plugin's
 * Redis store); in this process otherwise (rate-limit.ts LocalWindows). The limits themselves are set per route
 * (login, signup, Kakao, searches); nothing is limited globally. While Redis cannot answer, the limiters count per
 * instance (rate-limit.ts explains why they fail open that way).
 */
async function installRateLimits(app: FastifyInstance, ctx: Ctx) {
  app.decorate('rateLimitFallback', new LocalWindows((err) => app.log.warn({ err }, 'rate limits: Redis unreachable, counting per instance')));
  if (!ctx.config.redisUrl) return;
  const redis = connectRedis(ctx.config.redisUrl);
  // Do not start answering logins before the shared counters are there (the first ones would be counted locally),
  // but do not refuse to start without Redis either: the instance then counts locally until Redis answers.
  await waitReady(redis, REDIS_CONNECT_WAIT_MS);
  app.addHook('onClose', async () => {
    // A polite QUIT when Redis is there; without it (or if it hangs) the socket is simply dropped.
    if (redis.status === 'ready') await Promise.race([redis.quit().catch(() => undefined), delay(1_000)]);
    redis.disconnect();
  });
  await app.register(rateLimit, {
    global: false,
    // injectWS and some proxies leave req.ip empty; fall back to one shared bucket rather than crash.
    keyGenerator: (req) => req.ip ?? 'unknown',
    redis,
    nameSpace: `${ctx.config.redisPrefix}rate:`,
    // Errors reach windowCounter(), which counts locally instead; the plugin itself must not swallow them.
    skipOnError: false,
  });
}

/**
 * A Redis client that never makes a request wait on it: a command fails after REDIS_COMMAND_TIMEOUT_MS, and at
 * once while disconnected (no offline queue to pile up in); ioredis keeps reconnecting in the background.
 */
function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_WAIT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnect forever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  // Connection errors are retried by ioredis and show up as failed commands; an unhandled 'error' would crash.
  redis.on('error', () => undefined);
  return redis;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

async function waitReady(redis: Redis, ms: number) {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}
