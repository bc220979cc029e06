import { useSyncExternalStore } from 'react';
import { STORAGE } from '../../shared/storage-keys';

/**
 * The console's sign-in, apart from the student's: its token lives in sessionStorage under its own key, so closing
 * the tab ends it (operator sessions are short on the server too), and a student signed in on the same browser
 * keeps their own tokens untouched.
 */
export interface OpsSession {
  token: string;
  operator: { id: number; username: string };
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; session: OpsSession | null } = { raw: null, session: null };

function readRaw(): string | null {
  try {
    return sessionStorage.getItem(STORAGE.opsSession);
  } catch {
    return null;
  }
}

export function getOpsSession(): OpsSession | null {
  const raw = readRaw();
  if (raw === cached.raw) return cached.session;
  let session: OpsSession | null = null;
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<OpsSession>) : null;
    if (parsed && typeof parsed.token === 'string' && parsed.operator) session = parsed as OpsSession;
  } catch {
    session = null;
  }
  cached = { raw, session };
  return session;
}

export function setOpsSession(session: OpsSession | null): void {
  try {
    if (session) sessionStorage.setItem(STORAGE.opsSession, JSON.stringify(session));
    else sessionStorage.removeItem(STORAGE.opsSession);
  } catch {
    /* storage refused (private mode): the console asks to sign in again */
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpsSession(): OpsSession | null {
  return useSyncExternalStore(subscribe, getOpsSession, () => null);
}
