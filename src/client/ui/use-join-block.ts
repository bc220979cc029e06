import { useAtomValue } from 'jotai';
import { useMyPageMain } from '../api/mypage';
import type { VerificationRefusal } from '../lib/verification-refusal';
import { isLoggedInAtom } from '../state/session-atoms';

// What a join button says in place of acting, and why, for a student an operator has not approved yet.
export const JOIN_BLOCK_TEXTS = {
  verification_pending: { label: '학생증 확인 중', body: '학생증을 확인하고 있어요. 확인이 끝나면 알림으로 알려 드리고, 그때부터 파티에 신청할 수 있어요.' },
  verification_rejected: { label: '학생증 반려됨', body: '학생증이 반려되었어요. 마이페이지에서 학생증 사진을 다시 보내 주세요.' },
  verification_required: { label: '학생증 확인 필요', body: '파티에 신청하려면 마이페이지에서 학생증 사진을 먼저 보내 주세요.' },
} as const;

/**
 * Why this student cannot join yet (issue 30 §4), known before any tap: a card waiting for an operator, refused (with
 * the operator's reason), or never sent. Null for an approved student, a guest, and a Kakao account that has not
 * finished /mypage/additional (joining takes that one to the form, which also takes the card). The server refuses
 * all the same; this only lets the buttons say so instead of acting.
 */
export function useJoinBlock(): VerificationRefusal | null {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const { data: main } = useMyPageMain(loggedIn);
  if (!loggedIn || !main) return null;
  const status = main.verification_status;
  if (status === 'pending') return { code: 'verification_pending', message: JOIN_BLOCK_TEXTS.verification_pending.body };
  if (status === 'rejected') {
    const reason = main.verification_reason;
    const message = reason ? `학생증이 반려되었어요 (사유: ${reason}). 마이페이지에서 학생증 사진을 다시 보내 주세요.` : JOIN_BLOCK_TEXTS.verification_rejected.body;
    return { code: 'verification_rejected', message };
  }
  if (status === 'unsubmitted' && main.is_additional_info_provided) return { code: 'verification_required', message: JOIN_BLOCK_TEXTS.verification_required.body };
  return null;
}
