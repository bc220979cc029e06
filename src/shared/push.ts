// Web Push (issue 18 §2): the calls the app makes with a browser's subscription. The zod side is push-contract.ts.

/** GET /api/push/key/: the server's VAPID public key, the `applicationServerKey` a browser subscribes with. */
export interface PushKey {
  public_key: string;
}

/** POST /api/push/subscriptions/: what `PushSubscription.toJSON()` gives (its expirationTime is not kept). */
export interface PushSubscriptionIn {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a push carries, for the service worker to show (src/client/sw-push.js reads it). */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen the notice is about, as the in-app notice's link; null opens the notices. */
  link: string | null;
}
