import { STORAGE } from '../../shared/storage-keys';
import type { KakaoConfig } from '../../shared/auth';

const KAKAO_CALLBACK_PATH = '/oauth/kakao/callback';
// sessionStorage, not local: the round trip to Kakao stays in this tab, and another tab must not accept it.
const PENDING_KEY = 'kakaoLogin';

/** What /kakao-login leaves for the callback: the anti-forgery state and the exact redirect_uri sent to Kakao. */
interface PendingKakaoLogin {
  state: string;
  redirectUri: string;
}

// Screens that lead into signing in are no place to come back to afterwards.
const NOT_A_DESTINATION = ['/login', '/signup', '/kakao-login', KAKAO_CALLBACK_PATH];

/**
 * Spec §3: redirectPath is stored before social sign-in. The login-required modal already stored one; otherwise
 * the page the student came from (same origin only), else home.
 */
export function ensureRedirectPath(): void {
  try {
    if (localStorage.getItem(STORAGE.redirectPath)) return;
    let path = '/';
    if (document.referrer) {
      const from = new URL(document.referrer);
      if (from.origin === window.location.origin && !NOT_A_DESTINATION.includes(from.pathname)) {
        path = `${from.pathname}${from.search}`;
      }
    }
    localStorage.setItem(STORAGE.redirectPath, path);
  } catch {
    /* without storage the student lands on home after signing in */
  }
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Kakao's authorize address with the four parameters; remembers the state and redirect_uri for the callback. */
export function buildAuthorizeUrl(config: KakaoConfig): string {
  // A half-configured server must fail here, with the alert, not at Kakao with a page the student cannot read.
  if (!config?.authorize_url || !config.client_id) throw new Error('Kakao config is incomplete');
  const redirectUri = config.redirect_uri ?? `${window.location.origin}${KAKAO_CALLBACK_PATH}`;
  const state = randomState();
  const pending: PendingKakaoLogin = { state, redirectUri };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(config.authorize_url, window.location.origin);
  url.searchParams.set('client_id', config.client_id);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  return url.toString();
}

/** The pending login, used once: a state that could be replayed would protect nothing. */
export function takePendingKakaoLogin(): PendingKakaoLogin | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingKakaoLogin>;
    if (typeof value.state !== 'string' || typeof value.redirectUri !== 'string') return null;
    return { state: value.state, redirectUri: value.redirectUri };
  } catch {
    return null;
  }
}

/**
 * A full page load to Kakao (a SPA route cannot reach another site). `replace` so that Back from Kakao's page
 * returns to the screen before /kakao-login instead of bouncing off /kakao-login straight back to Kakao.
 * A function of its own so tests can observe it: jsdom cannot navigate.
 */
export function leaveForKakao(url: string): void {
  window.location.replace(url);
}
