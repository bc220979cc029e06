import { createHash, createHmac, randomBytes } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { publicOrigin } from '../http/public-origin';

/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
 * account gets a cookie naming that account, a nonce and a signature, and a later sign-in to the same account
 * carrying it skips the account's lockout (it has a lockout of its own). It never signs anyone in: it only spares
 * its owner the wait a guesser elsewhere caused, so it adds nothing a forged request could use.
 *
 * HttpOnly (no script reads it), SameSite=Strict and sent only to the login endpoint, Secure on an https site. One
 * cookie per account, named by a hash of the username: two accounts used on one phone keep one each.
 */
export interface DeviceCookies {
  /** The nonce of a valid device cookie of `username` the request carries, or null. */
  read(req: FastifyRequest, username: string): Promise<string | null>;
  /** A Set-Cookie header value: a fresh device cookie of `username` for this browser. */
  issue(req: FastifyRequest, username: string): Promise<string>;
}

const LIFETIME_S = 365 * 24 * 3600;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

export function deviceCookies(opts: { jwtSecret: string; clock: Clock; config: Pick<Config, 'publicUrl'>; scope: string; path: string }): DeviceCookies {
  // A key of its own, derived from the shared secret: every instance checks every instance's cookies, and a device
  // cookie can never pass for an access token (signed with the secret itself), nor the other way round.
  const key = createHmac('sha256', opts.jwtSecret).update('partyon device cookie').digest();
  const audience = `${opts.scope}-device`;
  const nameOf = (username: string) => `pd_${createHash('sha256').update(`${opts.scope}:${username}`).digest('base64url').slice(0, 16)}`;
  return {
    async read(req, username) {
      const value = parseCookie(req.headers.cookie ?? '')[nameOf(username)];
      if (!value) return null;
      try {
        const { payload } = await jwtVerify(value, key, { algorithms: ['HS256'], audience, subject: username, currentDate: opts.clock.now() });
        return typeof payload.jti === 'string' && NONCE.test(payload.jti) ? payload.jti : null;
      } catch {
        return null;
      }
    },
    async issue(req, username) {
      const now = opts.clock.now();
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(username)
        .setAudience(audience)
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt(now)
        .setExpirationTime(new Date(now.getTime() + LIFETIME_S * 1000))
        .sign(key);
      return stringifySetCookie(nameOf(username), token, {
        maxAge: LIFETIME_S,
        path: opts.path,
        httpOnly: true,
        sameSite: 'strict',
        secure: publicOrigin(req, opts.config)?.startsWith('https:') ?? false,
      });
    },
  };
}
