import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import { clientAddress, limiter, tooMany, windowCounter } from '../http/rate-limit';
import { accountLockout, accountLockSubject } from './account-lockout';
import { deviceCookies } from './device-cookie';

/** The username as login looks it up (trimmed, lower-case); the failure counters are keyed by it. */
const loginName = (req: FastifyRequest) => {
  const raw = (req.body as { username?: unknown } | undefined)?.username;
  // Usernames are at most 20 characters; a longer one never exists, and the key must stay small.
  return typeof raw === 'string' ? raw.trim().toLowerCase().slice(0, 64) : '';
};

export interface LoginThrottle {
  /** onRequest hook: every attempt from one address counts, whatever the username. */
  perAddress: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * Runs `verify` (find the account and check the password: the account, or null) unless this address has failed
   * too often for this username, or the username is locked (for devices without its device cookie), or the device
   * cookie is: then 429. The right password gives the attempt back and hands the browser a fresh device cookie.
   */
  check<T>(req: FastifyRequest, reply: FastifyReply, verify: () => Promise<T | null>): Promise<T | null>;
}

/**
 * The limits of a password login (Limits in context.ts; docs/rules.md "Accounts"). Per address: every attempt,
 * and failures per username from this address. Per account, whatever the address: failures from devices without
 * the account's device cookie lock the username for them all (account-lockout.ts), while a device that signed in
 * to it before counts on its own cookie — so a guesser on the owner's own campus Wi-Fi cannot lock the owner out.
 * `scope` names the counters: students ("login") and operators ("ops-login") have the same limits but their own
 * counts, as their usernames are separate namespaces; `path` is the login endpoint the device cookie is sent to.
 */
export function loginThrottle(app: FastifyInstance, ctx: Ctx, opts: { scope: string; path: string }): LoginThrottle {
  const { scope } = opts;
  const perAddress = limiter(app, {
    max: ctx.limits.loginPerIpPerMinute,
    windowMs: 60_000,
    key: (req) => `${scope}-ip:${clientAddress(req)}`,
  });
  const failuresHere = windowCounter(app, { windowMs: 60_000, key: (req) => `${scope}-fail-here:${clientAddress(req)}:${loginName(req)}` });
  const lockout = accountLockout(ctx);
  const devices = deviceCookies({ jwtSecret: ctx.secrets.jwtSecret, clock: ctx.clock, config: ctx.config, scope, path: opts.path });
  return {
    perAddress,
    async check(req, reply, verify) {
      const here = await failuresHere.read(req);
      if (here.count >= ctx.limits.loginPerUsernamePerMinute) throw tooMany(reply, here.retryAfterS);
      const username = loginName(req);
      const device = await devices.read(req, username);
      const subject = device ? `${scope}-device:${device}` : accountLockSubject(scope, username);
      const claimed = await lockout.claim(subject);
      if (!claimed.admitted) throw tooMany(reply, claimed.retryAfterS);
      let account: Awaited<ReturnType<typeof verify>>;
      try {
        account = await verify();
      } catch (err) {
        // No password was judged (the database failed, say): counted as a failure, such errors would lock the
        // account for an hour. If giving it back fails too, the row is forgotten within the hour anyway.
        await lockout.succeeded(subject).catch(() => undefined);
        throw err;
      }
      if (account === null) {
        await Promise.all([failuresHere.hit(req), lockout.failed(subject)]);
        return null;
      }
      await lockout.succeeded(subject);
      reply.header('set-cookie', await devices.issue(req, username));
      return account;
    },
  };
}
