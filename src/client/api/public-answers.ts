/**
 * The answers that are the same for everyone and may outlive a page (issue 17 §3): the home and map lists (and their tags), a
 * party's page and the campus (its names and map art). The service worker keeps the last of each (network first, vite.config.ts) so they open offline;
 * every other student answer is kept in memory only. Matched against a path or a whole URL (the worker's routes).
 */
export const PUBLIC_API_ANSWER = /\/api\/(?:homemap\/(?:home|tags)|detailview\/parties(?:\/\d+)?|campus)\/(?:\?.*)?$/;

/** A student's own answers in SWR's memory: dropped when the session ends (the console's, under /api/ops/, are not). */
export const isPrivateAnswer = (key: unknown): boolean =>
  typeof key === 'string' && key.startsWith('/api/') && !key.startsWith('/api/ops/') && !PUBLIC_API_ANSWER.test(key);
