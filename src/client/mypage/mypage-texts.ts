import { NO_SHOW_HOURS, WELCOME_POINTS } from '../../shared/constants';
import { formatPoints } from '../lib/format-points';

// Texts of /mypage. The spec fixes only a few of them (logout, 회원 탈퇴, the tooltips' subjects); the rest say
// plainly what the server does (README "Product rules").
export const MYPAGE_TEXTS = {
  title: '마이페이지',
  noIntro: '아직 한 줄 소개가 없어요.',
  noTags: '추가 정보를 입력하고 나를 소개해 보세요',
  editProfile: '프로필 수정',
  photoAlt: '프로필 사진',
  points: '포인트',
  pointsInfo: '포인트 안내',
  pointsTip: `가입하면 환영 포인트 ${formatPoints(WELCOME_POINTS)}를 드려요. 파티를 신청할 때 보증금을 포인트로 결제하고, 파티 로비에서 참석 체크인을 하면 보증금을 포인트로 돌려받아요.`,
  participation: '참여 횟수',
  participationHint: '참여이력 보기',
  warnings: '경고',
  warningsInfo: '경고 안내',
  warningsTip: `노쇼(시작 ${NO_SHOW_HOURS}시간 후까지 체크인하지 않음) 또는 신고가 운영팀에서 확인되면 경고가 1회 부여되고 알림으로 알려 드려요.`,
  times: '회',
  help: '도움말',
  logout: '로그아웃',
  privacy: '개인정보 처리방침',
  withdraw: '회원 탈퇴',
  menu: '마이페이지 메뉴',
} as const;

export const HELP_TEXTS = {
  title: '도움말',
  items: [
    ['파티 신청', '홈이나 지도에서 마음에 드는 파티를 골라 참가신청을 누르고, 15분 안에 보증금을 포인트로 결제하면 예약이 확정돼요.'],
    ['취소와 환불', '파티 시작 24시간 전까지 취소하면 보증금을 전액 돌려받아요. 그 이후에는 환불되지 않아요.'],
    ['참석 체크인', '파티 시작 30분 전부터 파티비서에서 로비에 들어가 대기하면 참석 체크인이 되고, 보증금이 포인트로 돌아와요.'],
    ['리뷰와 신고', '참여이력에서 다녀온 파티에 리뷰를 남기거나, 함께한 참여자를 확인하고 신고할 수 있어요.'],
    ['경고', '노쇼나 신고가 확인되면 경고가 부여돼요. 서로 배려하는 파티를 만들어 주세요.'],
    // iOS delivers Web Push only to a web app added to the home screen (Safari 16.4+), never to a Safari tab.
    ['아이폰 알림', '아이폰·아이패드에서는 Safari의 공유 버튼 → 홈 화면에 추가로 파티온을 추가하고, 홈 화면의 파티온 앱에서 알림을 켜야 푸시 알림을 받을 수 있어요. Safari 탭에서는 푸시 알림이 오지 않아요.'],
  ],
} as const;

export const WITHDRAW_TEXTS = {
  title: '정말 탈퇴하시겠어요?',
  effects: [
    '참가 예정인 파티 신청은 모두 취소되고, 결제한 보증금은 환불 처리돼요.',
    '이름, 연락처, 학교, 프로필 사진, 학생증 사진과 추가 정보가 바로 삭제돼요.',
    '남긴 리뷰와 신고는 누가 썼는지 알 수 없게 익명으로 남아요.',
    '탈퇴한 계정은 되돌릴 수 없어요.',
  ],
  password: '비밀번호',
  passwordHelp: '본인 확인을 위해 비밀번호를 입력해 주세요. 카카오로 가입한 계정은 비워 두세요.',
  confirm: '탈퇴하기',
  pending: '탈퇴 처리 중...',
  cancel: '취소',
  failed: '회원 탈퇴 중 오류가 발생했습니다.',
} as const;

// Student verification (issue 16): where the card stands, in the words of README "Product rules".
export const VERIFICATION_TEXTS = {
  approved: '인증됨',
  approvedLabel: '학생 인증 완료',
  pendingTitle: '학생증 확인 중이에요',
  pendingBody: '운영자가 학생증을 확인하고 있어요. 확인이 끝나면 알림으로 알려 드릴게요. 그동안 파티를 둘러볼 수 있어요.',
  rejectedTitle: '학생증이 반려되었어요',
  reason: '사유',
  rejectedBody: '아래에서 학생증 사진을 다시 보내 주시면 운영자가 다시 확인해요.',
  unsubmittedTitle: '학생 인증이 필요해요',
  unsubmittedBody: '파티에 참가하려면 학생증 사진을 보내 주세요. 운영자가 확인한 뒤 참가할 수 있어요.',
  additionalBody: '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.',
  additionalLink: '추가 정보 입력하기',
  resend: '학생증 다시 보내기',
  send: '학생증 보내기',
  sending: '보내는 중...',
  failed: '학생증을 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const;

/** My page's notice while an operator's suspension is in force (issue 29). */
export const SUSPENSION_NOTICE_TEXTS = {
  title: '이용이 정지된 계정이에요',
  reason: '사유',
  until: '기간',
  body: '정지 중에는 파티 참가 신청, 결제, 대기 신청을 할 수 없어요. 마이페이지, 참가 내역, 알림은 그대로 볼 수 있어요.',
} as const;
