import { suspensionUntil } from '../../shared/suspension';

// Korean error details of the parties, join, pay and leave flows.
export const PARTY_MESSAGES = {
  notFound: '파티를 찾을 수 없습니다.',
  badId: '잘못된 파티 번호입니다.',
  cancelled: '취소된 파티입니다.',
  started: '이미 시작된 파티입니다.',
  full: '모집이 마감되었습니다.',
  alreadyJoined: '이미 참가한 파티입니다.',
  participationNotFound: '참가 신청 정보를 찾을 수 없습니다.',
  holdExpired: '결제 가능 시간(15분)이 지나 신청이 취소되었습니다. 다시 신청해 주세요.',
  notPayable: '결제할 수 없는 신청입니다.',
  insufficientPoints: '포인트가 부족합니다.',
  nothingToLeave: '참가 신청 내역이 없습니다.',
  // The waitlist of a full party (issue 18).
  waitlistNotFull: '아직 자리가 있습니다. 대기 신청 대신 바로 참가 신청해 주세요.',
  waitlistAlready: '이미 대기 신청한 파티입니다.',
  waitlistNone: '대기 신청 내역이 없습니다.',
  leaveAfterStart: '이미 시작된 파티는 취소할 수 없습니다.',
  additionalInfoRequired: '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.',
  // Student verification (issue 16): why the student may not join yet, and what happens next.
  verificationPending: '학생증을 확인하고 있습니다. 운영자 확인이 끝나면 알림으로 알려 드리며, 그 뒤에 파티에 참가할 수 있습니다.',
  verificationRejected: (reason: string) => `학생증이 반려되었습니다 (사유: ${reason}). 마이페이지에서 학생증 사진을 다시 보내 주세요.`,
  verificationRequired: '파티에 참가하려면 마이페이지에서 학생증 사진을 먼저 보내 주세요.',
  // Suspension (issue 29): joining, the waitlist and paying are refused while it lasts, with the operator's reason.
  suspended: (reason: string, endsAt: Date | null, now: Date) => `이용이 정지된 계정입니다. 사유: ${reason} (${suspensionUntil(endsAt, now)})`,
} as const;
