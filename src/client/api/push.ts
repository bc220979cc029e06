import type { PushKey, PushSubscriptionIn } from '../../shared/push';
import { apiFetch } from './client';
import { getAccessToken } from './token-store';

const SUBSCRIPTIONS_PATH = '/api/push/subscriptions/';

export const fetchPushKey = () => apiFetch<PushKey>('/api/push/key/');

export const savePushSubscription = (subscription: PushSubscriptionIn) => apiFetch(SUBSCRIPTIONS_PATH, { method: 'POST', json: subscription });

/**
 * Forgets this browser's subscription on the server. `token` is taken before a logout clears it, and the call goes
 * around apiFetch: an expired token here must not refresh, nor ask a student who is leaving to log in again.
 */
export function deletePushSubscription(endpoint: string, token = getAccessToken()): Promise<unknown> {
  if (!token) return Promise.resolve();
  return fetch(SUBSCRIPTIONS_PATH, {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ endpoint }),
    // Sent even when the page is being left (logout navigates at once).
    keepalive: true,
  }).catch(() => undefined);
}
