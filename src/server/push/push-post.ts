import webpush from 'web-push';
import type { PushPayload } from '../../shared/push';
import type { OutboundPolicy } from '../http/outbound-policy';
import { postOutbound } from '../http/outbound-post';
import type { VapidKeys } from '../secrets';

const SEND_TIMEOUT_MS = 10_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Encrypts `payload` for one browser (RFC 8291, aes128gcm), signs the request with the VAPID key (RFC 8292) and posts
 * it to the browser's push service under the outbound policy; answers the push service's status. `topic` (RFC 8030
 * §5.4) lets the push service replace an undelivered push of the same topic: a push sent twice (its sender died before
 * recording it sent) reaches a phone that was off once. `ttlSeconds`: how long the push service keeps it for a phone
 * that is off.
 */
export function postPush(
  opts: { vapid: VapidKeys; outbound: OutboundPolicy },
  target: PushTarget,
  payload: PushPayload,
  push: { topic: string; ttlSeconds: number; signal: AbortSignal },
): Promise<number> {
  const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
    vapidDetails: opts.vapid,
    TTL: push.ttlSeconds,
    topic: push.topic,
    contentEncoding: 'aes128gcm',
  });
  // postOutbound sets the length itself from the body.
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)]));
  return postOutbound(opts.outbound, request.endpoint, { headers, body: request.body as Buffer, timeoutMs: SEND_TIMEOUT_MS, signal: push.signal });
}
