import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/connect';
import type { EventBus } from './realtime/bus';
import type { Secrets } from './secrets';
import type { Storage } from './storage/storage';
import type { AccessTokens } from './auth/access-token';
import type { SocketHub } from './realtime/socket-hub';
import type { AccessCheck } from './http/access-cache';
import type { Mailer } from './mail/mailer';

/** Rate limits and socket caps; tests and benches that create many accounts from one address raise them. */
export interface Limits {
  /** Login attempts from one address, whatever the username (every attempt counts). */
  loginPerIpPerMinute: number;
  /**
   * Failed logins for one username from one address. Only failures count, and only that address is refused
   * after them: strangers failing elsewhere never lock the owner out.
   */
  loginPerUsernamePerMinute: number;
  /**
   * Failed logins for one username from anywhere, each within an hour of the one before, by devices without the
   * account's device cookie: then the username is locked for all of them (a minute, and each failure after that
   * locks it twice as long, up to an hour; auth/lockout-rules.ts). A device cookie (set by a sign-in to that
   * account on that browser) counts its own failures against the same number instead, so the owner's phone signs
   * in through a lock strangers caused.
   */
  loginFailuresPerAccount: number;
  /** Signups from one address; Kakao sign-ins from one address have a budget of the same size. */
  signupPerIpPerHour: number;
  /** 비밀번호 찾기 requests from one address (each may send an email). */
  passwordResetPerIpPerHour: number;
  /** 비밀번호 찾기 requests for one email address, from anywhere: a stranger cannot fill a student's mailbox. */
  passwordResetPerEmailPerHour: number;
  /**
   * Filtered home/map lists (a search, a tag, a day, open seats) one address may have computed a minute: each is keyed
   * by what the visitor typed, so the one-second cache cannot absorb a sweep of made-up searches. A list the cache
   * holds, and the unfiltered lists, never count.
   */
  filteredListsPerIpPerMinute: number;
  /** Live sockets per student on one instance; a new one beyond it closes the student's oldest. */
  socketsPerUser: number;
  /** Live sockets per address on one instance; a new one beyond it closes that address's oldest. */
  socketsPerAddress: number;
  /**
   * Frames one socket may send (messages, pings and pongs): a bucket of `burst` that refills at `perSecond`; the
   * frame that finds it empty closes the socket with 4420 (realtime/frame-budget.ts).
   */
  socketFrames: { burst: number; perSecond: number };
}

export const DEFAULT_LIMITS: Limits = {
  loginPerIpPerMinute: 30,
  loginPerUsernamePerMinute: 10,
  loginFailuresPerAccount: 10,
  signupPerIpPerHour: 20,
  passwordResetPerIpPerHour: 10,
  passwordResetPerEmailPerHour: 3,
  filteredListsPerIpPerMinute: 60,
  socketsPerUser: 5,
  socketsPerAddress: 20,
  socketFrames: { burst: 40, perSecond: 20 },
};

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
  /** Outgoing email (password-reset links) and the jobs that send it after the answer (mail/mailer.ts). */
  mailer: Mailer;
  /** The auth guard's check of a token against its account, remembered a few seconds (access-cache.ts). */
  access: AccessCheck;
}
