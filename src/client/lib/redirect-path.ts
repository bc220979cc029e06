import { STORAGE } from '../../shared/storage-keys';

/** The screen a student was heading to before signing in, used once (spec §3 "redirectPath"). */
export function takeRedirectPath(): string | null {
  try {
    const path = localStorage.getItem(STORAGE.redirectPath);
    localStorage.removeItem(STORAGE.redirectPath);
    // Only in-app paths: a stored absolute URL must never send a freshly signed-in student off-site.
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

/** Remembers where to come back to after signing in (a private window without storage simply lands on home). */
export function rememberRedirectPath(path: string): void {
  try {
    localStorage.setItem(STORAGE.redirectPath, path);
  } catch {
    /* nothing to do: the student lands on home after signing in */
  }
}
