// Texts shared by several screens. Screen-only texts stay in their screen files.
export const APP_NAME = '파티온';

export const NAV_LABELS = {
  home: '홈',
  map: '지도',
  assist: '파티비서',
  mypage: '마이페이지',
} as const;

export const COMMON_TEXTS = {
  notifications: '알림',
  unreadNotifications: (count: number) => `알림 ${count}개 안 읽음`,
  back: '뒤로 가기',
  close: '닫기',
  confirm: '확인',
  loading: '로딩 중...',
  notFound: '페이지를 찾을 수 없습니다.',
  notFoundHint: '주소가 바뀌었거나 없는 페이지예요. 홈에서 다시 찾아보세요.',
  goHome: '홈으로 가기',
  retry: '다시 시도',
} as const;

// Offline (issue 17 §3): data kept from before is marked, and no data is never called "none". The phone offline and
// our server out of reach are told apart (issue 30 §7): only the first is the student's internet to check.
export const OFFLINE_TEXTS = {
  stale: '오프라인 · 마지막으로 본 내용이에요',
  unreachable: '연결되지 않았습니다',
  unreachableHint: '인터넷 연결을 확인하고 다시 시도해 주세요.',
  banner: '오프라인 상태입니다. 인터넷에 연결되면 다시 불러올게요.',
} as const;

export const SERVER_DOWN_TEXTS = {
  stale: '서버 연결 끊김 · 마지막으로 본 내용이에요',
  unreachable: '서버에 연결할 수 없습니다',
  unreachableHint: '휴대폰의 인터넷은 연결되어 있어요. 서버가 다시 응답하면 저절로 불러올게요.',
  banner: '서버가 응답하지 않아요. 다시 연결되면 저절로 불러올게요.',
} as const;

export const LOGIN_MODAL_TEXTS = {
  title: '로그인이 필요한 서비스입니다.',
  body: '신청을 계속하려면 로그인해주세요.',
  kakao: '카카오로 1초 만에 시작하기',
  login: '로그인 / 회원가입',
} as const;

// The join button of home cards and the party detail, and what a failed join says (spec §2, §8).
export const JOIN_TEXTS = {
  pending: '신청 중...',
  // Spec §2/§8: a full party's join button reads 모집마감; it stays, as the state, beside the line's action.
  full: '모집마감',
  // A full party's line (issue 18).
  wait: '대기 신청',
  waiting: (position: number) => `대기 ${position}번째`,
  leaveWait: '대기 취소',
  alreadyJoined: '이미 참가한 파티입니다. 마이페이지에서 확인해 주세요.',
} as const;

// My seat in a party, shown on home and map cards in place of 신청하기 (issue 17 §2), with the hold's time left
// beside 결제 대기 (issue 30 §4).
export const MY_STATE_TEXTS = {
  pending: '결제 대기',
  holdEnded: '결제 시간 종료',
  confirmed: '참가 확정',
} as const;

// The student-card photo picker (signup, additional info, verification).
export const PHOTO_PICK_TEXTS = { choose: '사진 선택', change: '다른 사진 선택', none: '선택한 사진이 없습니다.' } as const;

// The party's calendar file, offered where I hold a seat (the party's page, the assistant's card).
export const CALENDAR_TEXTS = { add: '캘린더에 추가' } as const;
