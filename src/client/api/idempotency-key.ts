import { IDEMPOTENCY_MESSAGES } from '../../shared/idempotency';

// One key per student action (docs/api.md "Idempotency-Key"): made when the student taps, sent again with every
// retry of that tap, so the server acts once and answers each retry with its first answer.

/** A random UUID (v4). crypto.randomUUID exists only on secure pages; a phone on the campus LAN over http has just getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// An answer lost on the way (the proxy's 502/504, an instance gone 503, the network) says nothing about whether the
// action happened; the same key asked again finds out. A couple of times, soon: the student is waiting on the tap.
const LOST_STATUSES = new Set([502, 503, 504]);
export const KEYED_ATTEMPTS = 3;

export const answerWasLost = (status: number) => status === 0 || LOST_STATUSES.has(status);

/**
 * The server's 409 for a key whose first request still runs (or ran on an instance that died a moment ago, until its
 * database connection is gone): no answer yet either, so it is asked again like a lost one. Told apart from the
 * action's own 409s ("이미 참가한 파티입니다") by its words.
 */
export const answerIsPending = (status: number, body: unknown) =>
  status === 409 && (body as { detail?: unknown } | null)?.detail === IDEMPOTENCY_MESSAGES.inProgress;

/** The wait before the `attempt`-th resend (1 for the first): about 0.3 s, then 0.9 s, a little random. */
export function keyedRetryDelay(attempt: number): number {
  return Math.round(300 * 3 ** (attempt - 1) * (0.75 + Math.random() * 0.5));
}
