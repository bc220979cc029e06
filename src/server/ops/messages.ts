import { FREE_CANCEL_HOURS, NO_SHOW_HOURS, STANDBY_OPENS_MINUTES } from '../../shared/constants';

// Korean details of the operator console's routes (dashboard, party edit, manual check-in, places, ledger).
export const OPS_MESSAGES = {
  placeNotFound: '장소를 찾을 수 없습니다.',
  placeMissing: '없는 장소입니다.',
  placeNameTaken: '이미 있는 장소 이름입니다.',
  photoMissing: '장소 사진을 올려 주세요.',
  userNotFound: '회원을 찾을 수 없습니다.',
  partyCancelled: '취소된 파티는 수정할 수 없습니다.',
  partyStarted: '이미 시작한 파티는 수정할 수 없습니다.',
  seatsBelowTaken: (taken: number) => `이미 ${taken}명이 신청해 정원을 ${taken}명보다 줄일 수 없습니다.`,
  depositLocked: '신청한 학생이 있어 보증금을 바꿀 수 없습니다. 파티를 취소하고 새로 만들어 주세요.',
  startInPast: '시작 시간은 지금 이후여야 합니다.',
  startTooClose: `결제한 참가자가 있으면 지금의 시작 시간과 새 시작 시간이 모두 ${FREE_CANCEL_HOURS}시간 넘게 남았을 때만 시간을 바꿀 수 있습니다. 어렵다면 파티를 취소하고 새로 만들어 주세요.`,
  notAttendee: '이 파티의 참가자가 아닙니다.',
  checkInUnpaid: '결제를 마친 참가자만 체크인할 수 있습니다.',
  checkInEarly: `체크인은 파티 시작 ${STANDBY_OPENS_MINUTES}분 전부터 할 수 있습니다.`,
  checkInClosed: `체크인 시간(시작 후 ${NO_SHOW_HOURS}시간)이 지났습니다.`,
  checkInForfeited: '노쇼로 처리되어 보증금이 이미 몰수되었습니다.',
  checkInCancelledParty: '취소된 파티입니다.',
  checkInWithdrawn: '탈퇴한 회원입니다.',
  // Suspension (issue 29).
  userWithdrawn: '탈퇴한 회원입니다.',
  alreadySuspended: '이미 이용이 정지된 계정입니다. 기간이나 사유를 바꾸려면 먼저 정지를 해제해 주세요.',
  notSuspended: '이용이 정지된 계정이 아닙니다.',
  suspendEndInPast: '정지 종료일은 지금 이후여야 합니다.',
} as const;
