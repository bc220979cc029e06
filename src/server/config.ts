import { isIP } from 'node:net';
import { z } from 'zod';
import { hostPortKey } from './http/outbound-policy';
import { productionProblems } from './production-requirements';

// Every setting comes from the environment, checked once at start so a typo fails loudly instead of at 3 a.m.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // The tables' owner, for migrations; the app's own queries run as a role that may not change the audit log
  // (db/app-role.ts). Unset: DATABASE_URL runs the migrations too.
  DATABASE_OWNER_URL: z.string().url().optional(),
  // Connections each instance keeps to PostgreSQL (docs/operations.md sums them for max_connections).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  REDIS_URL: z.string().url().optional(),
  // Production without DATABASE_URL and REDIS_URL, said out loud: one instance on PGlite (production-requirements.ts).
  SINGLE_INSTANCE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  // Every key and channel this deployment uses in Redis starts with it, so two deployments (or test runs) sharing
  // one Redis never count each other's logins or hear each other's lobbies.
  REDIS_PREFIX: z.string().min(1).default('partyon:'),
  OPS_TOKEN: z.string().min(16).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  // Web Push (secrets.ts): both keys or neither (then generated into DATA_DIR); the subject a mailto: or https: address.
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address').optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  KAKAO_REST_API_KEY: z.string().optional(),
  KAKAO_CLIENT_SECRET: z.string().optional(),
  KAKAO_AUTH_BASE_URL: z.string().url().default('https://kauth.kakao.com'),
  KAKAO_API_BASE_URL: z.string().url().default('https://kapi.kakao.com'),
  KAKAO_REDIRECT_URIS: z.string().optional(),
  SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
  // Prometheus metrics (metrics/metrics-server.ts) on a listener of their own; off when unset. Each instance on a
  // machine needs its own port. Never the public PORT (checked below).
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // 127.0.0.1 keeps the figures on the machine; a Prometheus elsewhere needs an address it can reach (and a firewall).
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Days a student card is kept after the operator's decision (the sweeper deletes it; privacy/card-retention.ts).
  // The published 개인정보 처리방침 names the number, so a change belongs in a new version of it too.
  CARD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().positive().optional(),
  LOGIN_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  SEARCH_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  // Password-reset emails (auth/mailer.ts); without SMTP_URL 비밀번호 찾기 tells the student to ask an operator.
  SMTP_URL: z
    .string()
    .url()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)')
    .optional(),
  // Unset: 파티온 <no-reply@…> at PUBLIC_URL's host.
  MAIL_FROM: z.string().min(3).optional(),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  // Tests only (http/outbound-policy.ts): host:port pairs a push may reach over plain http and on this machine — the
  // tests' local push stand-ins. Refused in production (parseConfig).
  OUTBOUND_TEST_HOSTS: z
    .string()
    .optional()
    .transform((raw, c) =>
      list(raw).map((entry) => {
        const key = hostPortKey(entry);
        if (!key) c.addIssue({ code: 'custom', message: `"${entry}" is not a host:port pair (e.g. 127.0.0.1:5191)` });
        return key ?? '';
      }),
    ),
});

type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * Which X-Forwarded-For hops to believe: a hop count (the proxies in front of this server, each appending the address
 * it saw), or the proxies' own addresses and CIDR ranges. `true` (every hop) is accepted on a laptop only: production
 * refuses it (production-requirements.ts).
 */
function parseTrustProxy(raw: string, ctx: z.RefinementCtx): TrustProxy {
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    // Fastify 5 takes a number but then trusts no hop at all (a count cannot tell the proxy from a client that
    // reached this port directly), so the count is given as the function it stands for: hop 0 is the socket's peer.
    // Safe only when nothing but the proxies can reach this port (docs/operations.md).
    const hops = Number(value);
    if (hops >= 1) return (_address, hop) => hop < hops;
  } else {
    const entries = value.split(',').map((s) => s.trim());
    if (entries.every(isProxyAddress)) return entries;
  }
  ctx.addIssue({ code: 'custom', message: 'false, a hop count (1, 2, …) or a comma-separated list of proxy addresses and CIDR ranges' });
  return z.NEVER;
}

// proxy-addr (Fastify's) also knows these names for the reserved ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Who runs the migrations (the tables' owner); DATABASE_URL when unset. */
  migrationDatabaseUrl?: string;
  /** PostgreSQL connections this instance keeps at most. */
  databasePoolSize: number;
  redisUrl?: string;
  /** Production on purpose without PostgreSQL and Redis: one instance, PGlite in DATA_DIR. */
  singleInstance: boolean;
  /** The namespace of this deployment's Redis keys and channels. */
  redisPrefix: string;
  logLevel: Env['LOG_LEVEL'];
  /** Which X-Forwarded-For hops request.ip believes (Fastify's trustProxy). */
  trustProxy: TrustProxy;
  publicUrl?: string;
  /** Origins allowed for CORS and for websocket handshakes. Empty means same-origin only. */
  allowedOrigins: string[];
  sweepIntervalMs: number;
  /** Where Prometheus scrapes this instance (GET /metrics); undefined: no metrics are kept. */
  metrics?: { host: string; port: number };
  /** Days a decided student card is kept before the sweeper deletes it. */
  cardRetentionDays: number;
  /**
   * Limits an operator sets (context.ts has the defaults; buildApp lays these over them): signups and Kakao sign-ins
   * from one address an hour, logins from one address a minute. A campus whose students share one NAT address on
   * orientation day needs more of both.
   */
  limits: { signupPerIpPerHour?: number; loginPerIpPerMinute?: number; filteredListsPerIpPerMinute?: number };
  /** Where password-reset emails leave from; without it no email is sent (operators issue links instead). */
  mail?: { smtpUrl: string; from: string };
  /** An OpenAI-compatible endpoint for game questions; the curated bank is used without it or when it fails. */
  llm?: { baseUrl: string; apiKey?: string; model: string };
  /** OUTBOUND_TEST_HOSTS: host:port pairs exempt from the outbound policy (tests' stand-ins; never in production). */
  outboundTestHosts: string[];
  kakao: {
    restApiKey?: string;
    clientSecret?: string;
    authBaseUrl: string;
    apiBaseUrl: string;
    redirectUris: string[];
  };
}

const list = (raw?: string) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parseConfig(source: NodeJS.ProcessEnv = process.env): { config: Config; env: Env } {
  // An empty value means unset, as in an EnvironmentFile or .env line `LLM_BASE_URL=` (deploy/partyon.env.example).
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  // Every problem at once: a deployer fixing one setting per start would need as many starts as settings.
  const problems = [...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)), ...productionProblems(source)];
  if (parsed.success && parsed.data.METRICS_PORT === parsed.data.PORT) problems.push('METRICS_PORT: must differ from PORT (the metrics never share the public port)');
  if (!parsed.success || problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const env = parsed.data;
  return {
    env,
    config: {
      env: env.NODE_ENV,
      host: env.HOST,
      port: env.PORT,
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      migrationDatabaseUrl: env.DATABASE_OWNER_URL,
      databasePoolSize: env.DATABASE_POOL_SIZE,
      redisUrl: env.REDIS_URL,
      singleInstance: env.SINGLE_INSTANCE,
      redisPrefix: env.REDIS_PREFIX,
      logLevel: env.LOG_LEVEL,
      trustProxy: env.TRUST_PROXY,
      publicUrl: env.PUBLIC_URL,
      allowedOrigins: list(env.ALLOWED_ORIGINS),
      sweepIntervalMs: env.SWEEP_INTERVAL_MS,
      metrics: env.METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.METRICS_PORT },
      cardRetentionDays: env.CARD_RETENTION_DAYS,
      // Only the limits given: an unset one must not stand over its default as undefined.
      limits: Object.fromEntries(
        Object.entries({
          signupPerIpPerHour: env.SIGNUP_LIMIT_PER_HOUR,
          loginPerIpPerMinute: env.LOGIN_LIMIT_PER_MINUTE,
          filteredListsPerIpPerMinute: env.SEARCH_LIMIT_PER_MINUTE,
        }).filter(([, v]) => v !== undefined),
      ),
      outboundTestHosts: env.OUTBOUND_TEST_HOSTS,
      mail: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `파티온 <no-reply@${env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'localhost'}>` } : undefined,
      llm: env.LLM_BASE_URL ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL } : undefined,
      kakao: {
        restApiKey: env.KAKAO_REST_API_KEY,
        clientSecret: env.KAKAO_CLIENT_SECRET,
        authBaseUrl: env.KAKAO_AUTH_BASE_URL,
        apiBaseUrl: env.KAKAO_API_BASE_URL,
        redirectUris: list(env.KAKAO_REDIRECT_URIS),
      },
    },
  };
}
