// What `NODE_ENV=production` asks of the environment, beside config.ts's checks of each value. A laptop generates its
// secrets into DATA_DIR and runs on PGlite with no Redis; several instances behind a load balancer cannot: each would
// invent its own JWT key (half the signed-in requests answering 401), its own operator token and push keys, and a
// database of its own. So production names every missing or refused setting at once and does not start.

type RawEnv = Record<string, string | undefined>;

/** Given at all: an empty or blank value counts as missing. */
const isSet = (value: string | undefined) => (value ?? '').trim() !== '';

interface Required {
  setting: string;
  why: string;
  /** PGlite and no Redis are acceptable when the deployer says there is one instance (SINGLE_INSTANCE=true). */
  singleInstanceMayOmit?: true;
}

/** Settings production cannot start without. One line each. */
const REQUIRED: Required[] = [
  { setting: 'JWT_SECRET', why: 'every instance must sign and check access tokens with the same key' },
  { setting: 'OPS_TOKEN', why: 'the operator token must be the same on every instance and never generated into DATA_DIR' },
  { setting: 'VAPID_PUBLIC_KEY', why: "every browser's push subscription is bound to this key" },
  { setting: 'VAPID_PRIVATE_KEY', why: 'the private half of the Web Push key pair' },
  { setting: 'PUBLIC_URL', why: 'shared links, calendar files and the Kakao callback point here' },
  { setting: 'KAKAO_REST_API_KEY', why: 'the local Kakao stand-in never runs in production' },
  { setting: 'DATABASE_URL', why: 'instances share one PostgreSQL (or set SINGLE_INSTANCE=true for PGlite in DATA_DIR)', singleInstanceMayOmit: true },
  { setting: 'REDIS_URL', why: 'instances share rate limits and live events through Redis (or set SINGLE_INSTANCE=true)', singleInstanceMayOmit: true },
];

interface Refused {
  setting: string;
  refuse: (value: string | undefined) => boolean;
  why: string;
}

/** Values production refuses. One line each: the setting, when it is refused, and why. */
const REFUSED: Refused[] = [
  { setting: 'TRUST_PROXY', refuse: (v) => v?.trim() === 'true', why: 'true believes every X-Forwarded-For hop, so any client could pick its own address (and escape the rate limits); give the number of proxies (1) or their addresses' },
  { setting: 'OUTBOUND_TEST_HOSTS', refuse: isSet, why: 'it lets pushes reach this machine and its private network, which only a test may allow' },
];

/** Every reason this environment cannot run in production, one line each (none outside production). */
export function productionProblems(env: RawEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const singleInstance = env.SINGLE_INSTANCE?.trim() === 'true';
  const missing = REQUIRED.filter((r) => !isSet(env[r.setting]) && !(singleInstance && r.singleInstanceMayOmit)).map((r) => `${r.setting}: required in production (${r.why})`);
  const refused = REFUSED.filter((r) => r.refuse(env[r.setting])).map((r) => `${r.setting}: refused in production (${r.why})`);
  return [...missing, ...refused];
}
