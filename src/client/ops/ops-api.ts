import { ApiError } from '../api/api-error';
import { getOpsSession, setOpsSession } from './ops-session';

interface OpsRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  body?: FormData;
  /** Outlives the page (a decision sent as the tab closes, issue 33 §1). */
  keepalive?: boolean;
}

/**
 * The console's calls to /api/ops/ with the operator's session token. Unlike the students' client there is no
 * refresh: an operator session that ended (idle, its absolute end, sign-out elsewhere) answers 401, the session is
 * forgotten and the console shows its sign-in again.
 */
export async function opsFetch<T>(path: string, { method = 'GET', json, body, keepalive }: OpsRequest = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const session = getOpsSession();
  if (session) headers.set('Authorization', `Bearer ${session.token}`);
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: json !== undefined ? JSON.stringify(json) : body, keepalive });
  } catch {
    throw new ApiError(0, null);
  }
  const text = await res.text().catch(() => '');
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (res.status === 401 && session) setOpsSession(null);
  if (!res.ok) throw new ApiError(res.status, parsed);
  return parsed as T;
}

/** SWR's fetcher for the console's screens (their keys are /api/ops/ paths). */
export const opsFetcher = <T,>(path: string) => opsFetch<T>(path);

/**
 * Bytes from /api/ops/ (a student card) as a Blob for an object URL: an <img> cannot send the operator's
 * Authorization header, and the card must never be reachable without it.
 */
export async function opsFetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const session = getOpsSession();
  const headers = new Headers(session ? { Authorization: `Bearer ${session.token}` } : {});
  const res = await fetch(path, { headers, signal }).catch((failure: unknown) => {
    throw signal?.aborted ? failure : new ApiError(0, null);
  });
  if (res.ok) return res.blob();
  if (res.status === 401 && session) setOpsSession(null);
  throw new ApiError(res.status, await res.json().catch(() => null));
}
