import { ApiError } from './api-error';

/**
 * Whether our server is answering, as the app's own requests find it (issue 30 §7). The phone being offline is a
 * different thing, told by the browser (lib/use-online.ts): a failure while the browser believes it is offline
 * says nothing about the server, so it is not counted here.
 *
 * `apiFetch` reports every request: an answer of the server's own clears the mark, and a request that never reached
 * it sets it — no answer at all, a gateway's 502/503/504 (nginx with no instance behind it, or our own 503 while the
 * database is away), or an answer the service worker gave from its cache because the network failed.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === unreachable) return;
  unreachable = next;
  for (const listener of listeners) listener();
}

/** The header the service worker adds to an answer it gives from its cache (vite.config.ts, runtimeCaching). */
export const KEPT_ANSWER_HEADER = 'x-partyon-kept';

// A gateway or our own "service unavailable": the server is there in name only, and trying again later may help.
const OUTAGE_STATUSES = new Set([502, 503, 504]);

/** A failed request the server did not really answer: nothing came back, or a gateway spoke for it. */
export function isOutage(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || OUTAGE_STATUSES.has(error.status));
}

// The paths the service worker answered from its cache: successes to SWR, which never asks for them again by
// itself, so the recovery does (state/ServerRecovery.tsx).
const keptPaths = new Set<string>();

/** The paths answered from the cache since the last call, forgotten as they are handed out. */
export function takeKeptPaths(): string[] {
  const paths = [...keptPaths];
  keptPaths.clear();
  return paths;
}

/** What `apiFetch` learnt from one request to `path`: the server's answer (its status), or none (`null`). */
export function reportReach(status: number | null, kept = false, path?: string) {
  if (kept && path) keptPaths.add(path);
  if (status === null || kept || OUTAGE_STATUSES.has(status)) {
    // Offline, every request fails: that is the phone's doing and is said as such, never blamed on the server.
    if (navigator.onLine) set(true);
    return;
  }
  set(false);
}

export function serverUnreachable(): boolean {
  return unreachable;
}

export function subscribeServerReach(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
