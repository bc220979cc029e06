import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_S } from '../../shared/constants';
import type { Clock } from '../clock';

export interface AccessTokens {
  sign(userId: number): Promise<string>;
  /** The user id, or null when the token is missing, forged, expired or not an access token. */
  verify(token: string): Promise<number | null>;
}

export function createAccessTokens(secret: string, clock: Clock): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId) {
      const iat = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() });
        if (payload.typ !== 'access' || !payload.sub || !/^\d+$/.test(payload.sub)) return null;
        return Number(payload.sub);
      } catch {
        return null;
      }
    },
  };
}
