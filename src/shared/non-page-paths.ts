/**
 * Paths that are never a page of the app: the API, the sockets, uploads, our art, the local Kakao stand-in and the
 * health checks (the client asks /readyz whether the server is back: state/ServerRecovery.tsx). The
 * server answers them itself (a JSON 404 when nothing matches, never the page shell), the service worker never
 * answers a navigation to them with the cached shell, and the Vite dev server proxies them to the API server.
 * Kakao's redirect target, /oauth/kakao/callback, IS a page (the client finishes the sign-in there), so only the
 * stand-in's part of /oauth is listed.
 */
export const NON_PAGE_PREFIXES = ['/api', '/ws', '/media', '/art', '/oauth/kakao/stand-in', '/healthz', '/readyz'] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Matches a path (query allowed) under one of NON_PAGE_PREFIXES: the prefix itself or anything below it. */
export const NON_PAGE_PATH = new RegExp(`^(?:${NON_PAGE_PREFIXES.map(escape).join('|')})(?:[/?]|$)`);
