import type { TokenPair } from '../../shared/auth';
import { ApiError, errorMessage } from '../api/api-error';
import { exchangeKakaoCode, type KakaoLoginResponse } from '../api/kakao';
import { takeRedirectPath } from '../lib/redirect-path';
import { takePendingKakaoLogin } from './kakao-flow';

export const KAKAO_CALLBACK_TEXTS = {
  working: '카카오 로그인 중...',
  cancelled: '카카오 로그인이 취소되었습니다.',
  failed: '카카오 로그인에 실패했습니다.',
  badState: '카카오 로그인 요청이 올바르지 않습니다. 다시 시도해 주세요.',
  serverError: '카카오 서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  noTokens: '토큰 발급 실패',
} as const;
const T = KAKAO_CALLBACK_TEXTS;

/** Where the callback leaves for, and what the student is told first (if anything). */
export interface CallbackOutcome {
  to: string;
  alert?: string;
}

type SignIn = (tokens: TokenPair) => Promise<void>;

/** Spec §4, §5 and §8 "Kakao" for one return from Kakao (`search` is the callback's query string). */
async function resolveCallback(search: string, signIn: SignIn): Promise<CallbackOutcome> {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  const code = params.get('code');
  // Read (and spend) the pending login whatever happens: one authorize trip, one callback.
  const pending = takePendingKakaoLogin();
  if (error) return { to: '/login', alert: error === 'access_denied' ? T.cancelled : T.failed };
  if (!code) return { to: '/login', alert: T.failed };
  // A code we did not ask for (forged link, another tab's trip) is never exchanged: it could sign the student in
  // to someone else's account.
  if (!pending || params.get('state') !== pending.state) return { to: '/login', alert: T.badState };

  let answer: KakaoLoginResponse | undefined;
  try {
    answer = await exchangeKakaoCode(code, pending.redirectUri);
  } catch (err) {
    const status = err instanceof ApiError ? err.status : 0;
    if (status >= 500) return { to: '/login', alert: T.serverError };
    if (status === 400 || status === 401) return { to: '/login', alert: errorMessage(err, T.failed) };
    console.warn('카카오 로그인 처리 중 오류가 발생했습니다.', err);
    return { to: '/' };
  }
  if (!answer?.access || !answer.refresh) return { to: '/login', alert: T.noTokens };

  await signIn({ access: answer.access, refresh: answer.refresh });
  // redirectPath stays stored until the additional info is saved: that screen sends the student on to it.
  if (answer.is_additional_info_provided !== true) return { to: '/mypage/additional' };
  return { to: takeRedirectPath() ?? '/' };
}

// A code is sent at most once: the server signs in with a code once and refuses it after (docs/rules.md "Kakao
// sign-in"). The pending login is spent before the exchange, so a reload of this page or a later mount finds none
// and sends nothing; and StrictMode's two mounts in development share the one exchange, keyed by the query string.
const inFlight = new Map<string, Promise<CallbackOutcome>>();

export function completeKakaoCallback(search: string, signIn: SignIn): Promise<CallbackOutcome> {
  let run = inFlight.get(search);
  if (!run) {
    run = resolveCallback(search, signIn).finally(() => inFlight.delete(search));
    inFlight.set(search, run);
  }
  return run;
}
