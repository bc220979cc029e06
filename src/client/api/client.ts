import type { TokenPair } from '../../shared/auth';
import { dispatchAuthError } from '../lib/auth-events';
import { IDEMPOTENCY_HEADER } from '../../shared/idempotency';
import { ApiError } from './api-error';
import { takeEarlyRead } from './early-reads';
import { answerIsPending, answerWasLost, KEYED_ATTEMPTS, keyedRetryDelay, newIdempotencyKey } from './idempotency-key';
import { KEPT_ANSWER_HEADER, reportReach } from './server-reach';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './token-store';

export interface ApiRequest extends Omit<RequestInit, 'body'> {
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as is (multipart uploads); the browser sets the boundary header. */
  body?: FormData | null;
  /**
   * A student action that must happen once (join, pay, leave, vote, the line): sent with an Idempotency-Key made for
   * this call, and sent again with the same key when the answer is lost (502/503/504, the network), so the student
   * ends with the server's real answer.
   */
  idempotent?: boolean;
}

const API_BASE = (import.meta.env.VITE_API_BASE ?? '').replace(/\/+$/, '');
const REFRESH_PATH = '/api/signup/auth/refresh/';
// Login, signup and Kakao answer 401 for bad credentials; that is never an expired session.
const CREDENTIAL_PATHS = '/api/signup/auth/';

/** Where a path of our server is: beside the page, or at VITE_API_BASE when the API lives elsewhere. */
export const toUrl = (path: string) => (/^https?:\/\//i.test(path) ? path : `${API_BASE}${path}`);

/** A GET with nothing of its own (no headers, signal or fetch options): what SWR asks. */
const isPlainRead = (init: ApiRequest) => Object.keys(init).length === 0 || (Object.keys(init).length === 1 && init.method === 'GET');

async function send(path: string, init: ApiRequest, token: string | null): Promise<Response> {
  const { json, body, headers: given, idempotent: _idempotent, ...rest } = init;
  const headers = new Headers(given);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let payload: BodyInit | null | undefined = body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(json);
  }
  // A plain read the page's loader already asked for with this token (early-reads.ts); only where the API is
  // beside the page, as the loader asks it.
  const early = isPlainRead(init) && toUrl(path) === path ? takeEarlyRead(path, token) : null;
  if (early) return reached(() => early, path);
  return reached(() => fetch(toUrl(path), { ...rest, headers, body: payload }), path);
}

/** Every request tells server-reach.ts whether the server answered it (issue 30 §7). */
async function reached(request: () => Promise<Response>, path: string): Promise<Response> {
  let res: Response;
  try {
    res = await request();
  } catch (error) {
    // Given up by the page itself, not refused by the network: says nothing about the server.
    if (!(error instanceof DOMException && error.name === 'AbortError')) reportReach(null);
    throw new ApiError(0, null);
  }
  reportReach(res.status, res.headers.has(KEPT_ANSWER_HEADER), path);
  return res;
}

async function readBody(res: Response): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    // The connection dropped mid-answer: a network failure like any other, so every caller (and SWR's error
    // type) sees an ApiError.
    throw new ApiError(0, null);
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type RefreshOutcome = { token: string } | { failed: 'rejected' | 'unreachable' };

async function runRefresh(): Promise<RefreshOutcome> {
  const refresh = getRefreshToken();
  if (!refresh) return { failed: 'rejected' };
  let res: Response;
  try {
    res = await reached(() =>
      fetch(toUrl(REFRESH_PATH), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh }),
      }),
      REFRESH_PATH,
    );
  } catch {
    return { failed: 'unreachable' };
  }
  // A server that is down says nothing about the refresh token; logging people out for it would be wrong.
  if (res.status >= 500) return { failed: 'unreachable' };
  const body = (res.ok ? await readBody(res) : undefined) as Partial<TokenPair> | undefined;
  if (!body || typeof body.access !== 'string' || !body.access) return { failed: 'rejected' };
  storeTokens({ access: body.access, refresh: body.refresh });
  return { token: body.access };
}

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/** Every 401 of the moment waits on the same refresh, so refresh tokens (rotated on use) are spent once. */
function refreshOnce(): Promise<RefreshOutcome> {
  refreshInFlight ??= runRefresh()
    .then((outcome) => {
      if ('failed' in outcome && outcome.failed === 'rejected') {
        clearTokens();
        dispatchAuthError(401);
      }
      return outcome;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

async function tokenAfter401(sentWith: string | null): Promise<string | null> {
  const current = getAccessToken();
  // A refresh finished while this request was in flight: its new token is already good, no second refresh.
  if (current && current !== sentWith && !refreshInFlight) return current;
  const outcome = await refreshOnce();
  if ('token' in outcome) return outcome.token;
  if (outcome.failed === 'unreachable') throw new ApiError(0, null);
  return null;
}

/** One request and its answer read whole: a refresh and one retry on a 401. */
async function exchange(path: string, init: ApiRequest): Promise<{ res: Response; body: unknown }> {
  const sentWith = getAccessToken();
  let res = await send(path, init, sentWith);
  if (res.status === 401 && !path.startsWith(CREDENTIAL_PATHS)) {
    const token = await tokenAfter401(sentWith);
    if (token) res = await send(path, init, token);
  }
  return { res, body: await readBody(res) };
}

/** An idempotent call: one key for every attempt, sent again while the answer is lost or still coming, a few times at most. */
async function keyedExchange(path: string, init: ApiRequest): Promise<{ res: Response; body: unknown }> {
  const headers = new Headers(init.headers);
  headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
  const keyed = { ...init, headers };
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await exchange(path, keyed);
      const unanswered = answerWasLost(answer.res.status) || answerIsPending(answer.res.status, answer.body);
      if (!unanswered || attempt >= KEYED_ATTEMPTS) return answer;
    } catch (error) {
      // Given up by the page itself (navigated away): not lost, not to be sent again.
      if (!(error instanceof ApiError) || error.status !== 0 || init.signal?.aborted || attempt >= KEYED_ATTEMPTS) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, keyedRetryDelay(attempt)));
  }
}

/**
 * The one way the app talks to the API (docs/architecture.md): Bearer token, one refresh per 401, one retry; an
 * idempotent call also resends a lost answer's request with its key.
 */
export async function apiFetch<T = unknown>(path: string, init: ApiRequest = {}): Promise<T> {
  const { res, body } = init.idempotent ? await keyedExchange(path, init) : await exchange(path, init);
  if (res.status === 403) dispatchAuthError(403);
  if (!res.ok) throw new ApiError(res.status, body);
  return body as T;
}

/** SWR's fetcher: keys are API paths. */
export const fetcher = <T>(path: string): Promise<T> => apiFetch<T>(path);
