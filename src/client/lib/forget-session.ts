/**
 * What a session's end clears in this browser besides its tokens: the worker's kept answers and, with `dropPush`, this
 * browser's push subscription (named to the server with the ended session's token, read before it went; the browser
 * drops it even without one). Both are loaded only when a session ends, so neither is part of the first screen's code
 * (bench/bundle.ts: what `/` loads before it runs).
 */
export function forgetSessionInBrowser(endedToken: string | null, dropPush: boolean): void {
  void import('./service-worker').then((m) => m.clearRuntimeCaches()).catch(() => undefined);
  if (dropPush) void import('./web-push').then((m) => m.disablePush(endedToken)).catch(() => undefined);
}
