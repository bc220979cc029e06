// The global event of spec §8: raised when the session can no longer be trusted (refresh failed) or a call was
// refused (403). Screens and the session store listen for it instead of importing the fetch client's internals.
const AUTH_ERROR_EVENT = 'authError';

export interface AuthErrorDetail {
  status: number;
}

export function dispatchAuthError(status: number): void {
  window.dispatchEvent(new CustomEvent<AuthErrorDetail>(AUTH_ERROR_EVENT, { detail: { status } }));
}

export function onAuthError(listener: (detail: AuthErrorDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<AuthErrorDetail>).detail ?? { status: 0 });
  window.addEventListener(AUTH_ERROR_EVENT, handler);
  return () => window.removeEventListener(AUTH_ERROR_EVENT, handler);
}
