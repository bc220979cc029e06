import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import { clientAddress, limiter, tooMany, windowCounter } from '../http/rate-limit';

/** The username as login looks it up (trimmed, lower-case); the failure counters are keyed by it. */
const loginName = (req: FastifyRequest) => {
  const raw = (req.body as { username?: unknown } | undefined)?.username;
  // Usernames are at most 20 characters; a longer one never exists, and the key must stay small.
  return typeof raw === 'string' ? raw.trim().toLowerCase().slice(0, 64) : '';
};

export interface LoginThrottle {
  /** onRequest hook: every attempt from one address counts, whatever the username. */
  perAddress: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Before checking the password: 429 when this address (or, under attack, this username) has failed too often. */
  admit(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** After a failed attempt. Successful logins never count. */
  failed(req: FastifyRequest): Promise<void>;
}

/**
 * The limits of a password login (Limits in context.ts; README "Accounts"): per address, failures per username
 * from this address (tight) and per username from anywhere (slow), so strangers' failures never refuse the owner
 * at an address that has not failed. `scope` names the counters: students ("login") and operators ("ops-login")
 * have the same limits but their own counts, as their usernames are separate namespaces.
 */
export function loginThrottle(app: FastifyInstance, ctx: Ctx, scope: string): LoginThrottle {
  const perAddress = limiter(app, {
    max: ctx.limits.loginPerIpPerMinute,
    windowMs: 60_000,
    key: (req) => `${scope}-ip:${clientAddress(req)}`,
  });
  const failuresHere = windowCounter(app, { windowMs: 60_000, key: (req) => `${scope}-fail-here:${clientAddress(req)}:${loginName(req)}` });
  const failuresAnywhere = windowCounter(app, { windowMs: 3_600_000, key: (req) => `${scope}-fail-any:${loginName(req)}` });
  return {
    perAddress,
    async admit(req, reply) {
      const [here, anywhere] = await Promise.all([failuresHere.read(req), failuresAnywhere.read(req)]);
      if (here.count >= ctx.limits.loginPerUsernamePerMinute) throw tooMany(reply, here.retryAfterS);
      if (here.count > 0 && anywhere.count >= ctx.limits.loginFailuresPerUsernamePerHour) throw tooMany(reply, anywhere.retryAfterS);
    },
    async failed(req) {
      await Promise.all([failuresHere.hit(req), failuresAnywhere.hit(req)]);
    },
  };
}
