// Student verification (issue 16): an operator looks at the student card before a student may join or pay.
//   unsubmitted — a Kakao account that has not finished /mypage/additional (no card yet)
//   pending     — a card waits for an operator (after signup, /mypage/additional, or a new card after a rejection)
//   approved    — may join and pay
//   rejected    — the operator said why (`verification_reason`); a new card makes it pending again
export const VERIFICATION_STATUSES = ['unsubmitted', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The longest reason an operator may give for a rejection (it is shown to the student as written). */
export const REJECTION_REASON_MAX = 200;
