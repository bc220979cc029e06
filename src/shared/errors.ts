// Error bodies are Django-REST shaped because the client reads them that way (docs/api.md "Errors").
export type ErrorBody =
  | { detail: string; code?: ErrorCode }
  | { non_field_errors: string[] }
  | Record<string, string[]>;

/**
 * Machine-readable reasons beside `detail`, for the few refusals the client answers with a next step rather than a
 * message alone. `additional_info_required` (403 on join/pay): a Kakao account that has not finished
 * /mypage/additional. `verification_*` (403 on join/pay): the student card has not been approved by an operator —
 * still being looked at (`pending`), refused with a reason (`rejected`), or never sent (`required`).
 * `privacy_policy_changed` (409 on signup): the 개인정보 처리방침 the form showed is no longer the one in effect.
 * `suspended` (403 on join, pay and the waitlist): an operator has suspended the account; `detail` gives the reason and
 * the end date.
 */
export type ErrorCode =
  | 'additional_info_required'
  | 'verification_pending'
  | 'verification_rejected'
  | 'verification_required'
  | 'privacy_policy_changed'
  | 'suspended';

/** The one message a person should see for an error body, in the order spec §7 gives. */
export function firstErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.detail === 'string') return b.detail;
  const nfe = b.non_field_errors;
  if (Array.isArray(nfe) && typeof nfe[0] === 'string') return nfe[0];
  for (const value of Object.values(b)) {
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return undefined;
}
