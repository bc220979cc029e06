import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_S } from '../../shared/constants';
import type { Clock } from '../clock';

/** What a valid access token says: whose it is, the account's token version and the sign-in it belongs to. */
export interface AccessClaims {
  userId: number;
  /** `users.token_version` when the token was signed (0 when absent): a password change raises the row's. */
  version: number;
  /**
   * The refresh-token family (one sign-in's chain, refresh-tokens.ts) the token was issued with, so ending that
   * sign-in (logout, a stolen refresh token caught) stops this token too. Null for a token signed without one: those
   * of a server from before families were carried (they end within their 30 minutes) and the tests' bulk tokens.
   */
  family: string | null;
}

export interface AccessTokens {
  /**
   * `version` is the account's current `users.token_version` (0 for an account never changed); `family` the refresh
   * token family issued beside it (refresh-tokens.ts `startSession`).
   */
  sign(userId: number, version?: number, family?: string): Promise<string>;
  /** The user id, or null when the token is missing, forged, expired or not an access token. */
  verify(token: string): Promise<number | null>;
  /** Like verify, with the token version; whether that version is still current is the caller's check. */
  read(token: string): Promise<AccessClaims | null>;
}

/** Verified tokens remembered per instance; past this many (students signed in within half an hour) it starts over. */
const VERIFIED_TOKENS_KEPT = 20_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createAccessTokens(secret: string, clock: Clock): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // Tokens whose signature was checked, with their expiry: a signed-in student sends the same token with every
  // request for half an hour, and checking the HMAC through WebCrypto each time was a tenth of a request's CPU
  // (bench/api.ts). A string's signature cannot change; its expiry is still compared on every read.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  async function check(token: string): Promise<{ claims: AccessClaims; expiresAtMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() });
      if (payload.typ !== 'access' || !payload.sub || !/^\d+$/.test(payload.sub) || typeof payload.exp !== 'number') return null;
      const ver = payload.ver ?? 0;
      if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null;
      // The family goes into a uuid query parameter (access-cache.ts): anything else is no token of ours.
      const fam = payload.fam ?? null;
      if (fam !== null && (typeof fam !== 'string' || !UUID.test(fam))) return null;
      return { claims: { userId: Number(payload.sub), version: ver, family: fam }, expiresAtMs: payload.exp * 1000 };
    } catch {
      return null;
    }
  }
  async function read(token: string): Promise<AccessClaims | null> {
    const known = verified.get(token) ?? (await check(token));
    // jose's own rule: a token is expired from its `exp` second on.
    if (!known || clock.now().getTime() >= known.expiresAtMs) return null;
    if (!verified.has(token)) {
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
      verified.set(token, known);
    }
    return known.claims;
  }
  return {
    async sign(userId, version = 0, family) {
      const iat = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ typ: 'access', ver: version, ...(family ? { fam: family } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
        .sign(key);
    },
    read,
    async verify(token) {
      return (await read(token))?.userId ?? null;
    },
  };
}
