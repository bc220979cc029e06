import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/connect';
import type { EventBus } from './realtime/bus';
import type { Secrets } from './secrets';
import type { Storage } from './storage';
import type { AccessTokens } from './auth/access-token';
import type { SocketHub } from './realtime/socket-hub';

/** Rate limits; tests and benches that create many accounts from one address raise them. */
export interface Limits {
  loginPerIpPerMinute: number;
  loginPerUsernamePerMinute: number;
  signupPerIpPerHour: number;
}

export const DEFAULT_LIMITS: Limits = { loginPerIpPerMinute: 30, loginPerUsernamePerMinute: 10, signupPerIpPerHour: 20 };

/** What buildApp needs from the outside world; main.ts makes the real ones, tests make their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  bus: EventBus;
  clock: Clock;
  storage: Storage;
  secrets: Secrets;
  limits?: Partial<Limits>;
  /** The built SPA (dist/client); omitted in API-only tests. */
  clientDir?: string;
  /** The server's renderer of first screens (dist/ssr/entry-server.js); without it every page is drawn in the browser. */
  serverRenderer?: string;
  /** Our own art (assets/), served at /art/. */
  artDir?: string;
  logger?: boolean | { level: string };
  /** Outgoing HTTP (Kakao, LLM); tests may hand in their own. */
  fetch?: typeof fetch;
  /** Start the background sweeper on ready (the process entry does; tests call app.sweeper.runOnce()). */
  runJobs?: boolean;
}

/** Handed to every route module: the deps plus what buildApp derives from them. */
export interface Ctx extends AppDeps {
  db: Db;
  tokens: AccessTokens;
  limits: Limits;
  /** This instance's websockets, fed by the bus. */
  hub: SocketHub;
}
