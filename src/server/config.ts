import { z } from 'zod';
import { hostPortKey } from './http/outbound-policy';

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
  REDIS_URL: z.string().url().optional(),
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
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  KAKAO_REST_API_KEY: z.string().optional(),
  KAKAO_CLIENT_SECRET: z.string().optional(),
  KAKAO_AUTH_BASE_URL: z.string().url().default('https://kauth.kakao.com'),
  KAKAO_API_BASE_URL: z.string().url().default('https://kapi.kakao.com'),
  KAKAO_REDIRECT_URIS: z.string().optional(),
  SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().positive().optional(),
  LOGIN_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
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

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** Who runs the migrations (the tables' owner); DATABASE_URL when unset. */
  migrationDatabaseUrl?: string;
  redisUrl?: string;
  /** The namespace of this deployment's Redis keys and channels. */
  redisPrefix: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  publicUrl?: string;
  /** Origins allowed for CORS and for websocket handshakes. Empty means same-origin only. */
  allowedOrigins: string[];
  sweepIntervalMs: number;
  /**
   * Limits an operator sets (context.ts has the defaults; buildApp lays these over them): signups and Kakao sign-ins
   * from one address an hour, logins from one address a minute. A campus whose students share one NAT address on
   * orientation day needs more of both.
   */
  limits: { signupPerIpPerHour?: number; loginPerIpPerMinute?: number };
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
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.OUTBOUND_TEST_HOSTS.length) {
    throw new Error(
      'Invalid configuration:\n  OUTBOUND_TEST_HOSTS: refused with NODE_ENV=production: it lets pushes reach this machine and its private network, which only a test may allow',
    );
  }
  return {
    env,
    config: {
      env: env.NODE_ENV,
      host: env.HOST,
      port: env.PORT,
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      migrationDatabaseUrl: env.DATABASE_OWNER_URL,
      redisUrl: env.REDIS_URL,
      redisPrefix: env.REDIS_PREFIX,
      logLevel: env.LOG_LEVEL,
      trustProxy: env.TRUST_PROXY,
      publicUrl: env.PUBLIC_URL,
      allowedOrigins: list(env.ALLOWED_ORIGINS),
      sweepIntervalMs: env.SWEEP_INTERVAL_MS,
      // Only the limits given: an unset one must not stand over its default as undefined.
      limits: Object.fromEntries(
        Object.entries({ signupPerIpPerHour: env.SIGNUP_LIMIT_PER_HOUR, loginPerIpPerMinute: env.LOGIN_LIMIT_PER_MINUTE }).filter(([, v]) => v !== undefined),
      ),
      outboundTestHosts: env.OUTBOUND_TEST_HOSTS,
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
