import { z } from 'zod';

export class KakaoError extends Error {
  constructor(
    public readonly status: 400 | 502,
    message: string,
  ) {
    super(message);
  }
}

export const KAKAO_MESSAGES = {
  badCode: '카카오 인증 코드가 올바르지 않거나 이미 사용되었습니다. 다시 로그인해 주세요.',
  unreachable: '카카오 서버와 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  noProfile: '카카오 사용자 정보를 확인할 수 없습니다.',
} as const;

export interface KakaoEndpoints {
  authBaseUrl: string;
  apiBaseUrl: string;
  restApiKey: string;
  clientSecret?: string;
}

const tokenAnswer = z.object({ access_token: z.string().min(1) });
const profileAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  properties: z.object({ nickname: z.string().optional() }).partial().optional(),
  kakao_account: z.object({ profile: z.object({ nickname: z.string().optional() }).partial().optional() }).partial().optional(),
});

export interface KakaoProfile {
  id: string;
  nickname: string | null;
}

/**
 * Kakao's token and user/me endpoints (developers.kakao.com REST API). Kakao's own tokens stay on the server: they
 * are used once to read the profile and never reach the browser.
 */
export function createKakaoClient(endpoints: () => KakaoEndpoints, fetchImpl: typeof fetch = fetch) {
  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(5_000) });
    } catch {
      throw new KakaoError(502, KAKAO_MESSAGES.unreachable);
    }
  }

  return {
    async exchangeCode(code: string, redirectUri: string): Promise<string> {
      const e = endpoints();
      const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: e.restApiKey, redirect_uri: redirectUri, code });
      if (e.clientSecret) form.set('client_secret', e.clientSecret);
      const res = await call(`${e.authBaseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: form,
      });
      if (res.status >= 500) throw new KakaoError(502, KAKAO_MESSAGES.unreachable);
      if (!res.ok) throw new KakaoError(400, KAKAO_MESSAGES.badCode);
      const parsed = tokenAnswer.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new KakaoError(502, KAKAO_MESSAGES.unreachable);
      return parsed.data.access_token;
    },

    async profile(accessToken: string): Promise<KakaoProfile> {
      const e = endpoints();
      const res = await call(`${e.apiBaseUrl}/v2/user/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      if (res.status >= 500) throw new KakaoError(502, KAKAO_MESSAGES.unreachable);
      if (!res.ok) throw new KakaoError(400, KAKAO_MESSAGES.noProfile);
      const parsed = profileAnswer.safeParse(await res.json().catch(() => null));
      if (!parsed.success || parsed.data.id === '' || parsed.data.id === null) throw new KakaoError(400, KAKAO_MESSAGES.noProfile);
      const p = parsed.data;
      const nickname = p.kakao_account?.profile?.nickname ?? p.properties?.nickname ?? null;
      return { id: String(p.id), nickname: nickname?.trim() || null };
    },
  };
}

export type KakaoClient = ReturnType<typeof createKakaoClient>;
