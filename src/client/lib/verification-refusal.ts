import type { ErrorCode } from '../../shared/errors';

type VerificationCode = Extract<ErrorCode, `verification_${string}`>;
const CODES: readonly VerificationCode[] = ['verification_pending', 'verification_rejected', 'verification_required'];

export interface VerificationRefusal {
  code: VerificationCode;
  /** The server's words: why, and what happens next (with the operator's reason for a rejection). */
  message: string;
}

/** What the screens say should an answer arrive without the server's words. */
const FALLBACK: Record<VerificationCode, string> = {
  verification_pending: '학생증을 확인하고 있습니다. 확인이 끝나면 알림으로 알려 드릴게요.',
  verification_rejected: '학생증이 반려되었습니다. 마이페이지에서 학생증 사진을 다시 보내 주세요.',
  verification_required: '파티에 참가하려면 마이페이지에서 학생증 사진을 먼저 보내 주세요.',
};

/**
 * Join and pay answer 403 `{"detail": "...", "code": "verification_…"}` while an operator has not approved the
 * student card (src/shared/errors.ts). The code decides, never the wording of the message.
 */
export function verificationRefusal(status: number, body: unknown): VerificationRefusal | null {
  if (status !== 403 || !body || typeof body !== 'object') return null;
  const { code, detail } = body as { code?: unknown; detail?: unknown };
  const known = CODES.find((c) => c === code);
  if (!known) return null;
  return { code: known, message: typeof detail === 'string' && detail ? detail : FALLBACK[known] };
}
