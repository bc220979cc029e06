import { z } from 'zod';
import type { PushKey, PushSubscriptionIn } from './push';

// The zod side of the push calls (push.ts), for the server's route schemas and the OpenAPI document.

const BAD_SUBSCRIPTION = '알림 구독 정보가 올바르지 않습니다.';
export const PUSH_ENDPOINT_REFUSED = '알림을 보낼 수 없는 주소입니다. 푸시 서비스의 https 주소(443 포트)만 받습니다.';
export const PUSH_SUBSCRIPTION_TAKEN = '이 알림 구독은 다른 계정에 등록되어 있습니다. 이 브라우저에서 알림을 다시 켜 주세요.';
// A P-256 public key is 65 bytes (87 base64url characters), an auth secret 16 (22); a little slack for padding.
const base64url = (max: number) => z.string({ error: BAD_SUBSCRIPTION }).regex(/^[A-Za-z0-9_-]+=*$/, BAD_SUBSCRIPTION).min(16, BAD_SUBSCRIPTION).max(max, BAD_SUBSCRIPTION);

/**
 * The push service's address, as a URL; which ones the server posts to (https, port 443, a public address) is its
 * outbound policy's call (src/server/http/outbound-policy.ts), which answers PUSH_ENDPOINT_REFUSED.
 */
const pushEndpoint = z
  .string({ error: BAD_SUBSCRIPTION })
  .max(2048, BAD_SUBSCRIPTION)
  .refine((raw) => URL.canParse(raw) && ['https:', 'http:'].includes(new URL(raw).protocol), BAD_SUBSCRIPTION);

export const pushKey = z.object({ public_key: z.string() }).meta({ id: 'PushKey' }) satisfies z.ZodType<PushKey>;

export const pushSubscriptionIn = z
  .object({ endpoint: pushEndpoint, keys: z.object({ p256dh: base64url(100), auth: base64url(40) }, { error: BAD_SUBSCRIPTION }) })
  .meta({ id: 'PushSubscriptionIn' }) satisfies z.ZodType<PushSubscriptionIn>;

export const pushUnsubscribe = z.object({ endpoint: z.string({ error: BAD_SUBSCRIPTION }).max(2048, BAD_SUBSCRIPTION) }).meta({ id: 'PushUnsubscribe' });
