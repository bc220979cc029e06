import type { TokenPair } from '../../shared/auth';
import { STORAGE } from '../../shared/storage-keys';

// Browsers can refuse storage (private mode, quota); the app then behaves as a guest instead of crashing.
function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key) || null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the token lives only until the next request fails */
  }
}

function remove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    /* nothing stored */
  }
}

/** Spec §3: local `access`, then the compat copy `accessToken`, local `token`, session `access`. */
export function getAccessToken(): string | null {
  return (
    read(localStorage, STORAGE.access) ??
    read(localStorage, STORAGE.accessCompat) ??
    read(localStorage, STORAGE.legacyLocalToken) ??
    read(sessionStorage, STORAGE.legacySessionAccess)
  );
}

export function getRefreshToken(): string | null {
  return read(localStorage, STORAGE.refresh);
}

export function storeTokens(tokens: Partial<TokenPair> & { access: string }): void {
  write(STORAGE.access, tokens.access);
  write(STORAGE.accessCompat, tokens.access);
  if (tokens.refresh) write(STORAGE.refresh, tokens.refresh);
}

/**
 * Drops every copy of the session. The read-only fallback keys go too: leaving them would let a dead token
 * come back through the fallback chain on the next request.
 */
export function clearTokens(): void {
  remove(localStorage, STORAGE.access);
  remove(localStorage, STORAGE.refresh);
  remove(localStorage, STORAGE.accessCompat);
  remove(localStorage, STORAGE.legacyLocalToken);
  remove(localStorage, STORAGE.user);
  remove(sessionStorage, STORAGE.legacySessionAccess);
}

/** Keys whose change in another tab means the session changed (a `null` key is `storage.clear()`). */
export const SESSION_KEYS: ReadonlyArray<string | null> = [
  STORAGE.access,
  STORAGE.refresh,
  STORAGE.accessCompat,
  STORAGE.legacyLocalToken,
  STORAGE.user,
  null,
];
