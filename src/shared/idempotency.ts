// The Idempotency-Key of a student action (docs/api.md "Idempotency-Key"): the client makes one per tap and sends it
// with every retry of that tap; the server answers a retry with the first answer instead of acting twice.

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that is a stored one given again, not a new run of the action. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key is 1–255 visible ASCII characters (a UUID is 36). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long an answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key는 1~255자의 영문, 숫자, 기호로 보내 주세요.',
  keyReused: '같은 Idempotency-Key로 다른 요청을 보낼 수 없습니다. 새 요청에는 새 키를 사용해 주세요.',
  inProgress: '같은 요청을 처리하고 있습니다. 잠시 후 다시 시도해 주세요.',
} as const;
