export const HISTORY_TEXTS = {
  title: '참여이력',
  empty: '참여 이력이 없습니다.',
  loadFailed: '데이터를 불러오지 못했습니다.',
  participants: '참여자 확인 · 신고',
  review: '리뷰 남기기',
  reviewed: '리뷰 완료',
  people: '명',
} as const;

export const REVIEW_TEXTS = {
  title: '파티 리뷰 남기기',
  rows: ['파티 재미', '함께한 참여자', '장소'],
  comment: '자유 후기',
  commentPlaceholder: '파티는 어떠셨나요? 다음 참여자에게 도움이 되는 후기를 남겨 주세요. (선택)',
  submit: '제출하기',
  sending: '제출 중...',
  close: '닫기',
  partyUnknown: '리뷰 대상 파티 정보를 찾을 수 없습니다.',
  loginRequired: '로그인이 필요합니다.',
  ratingsMissing: '별점을 모두 선택해 주세요.',
  ratingMissing: '별점을 선택해 주세요.', // beside one row left without a star
  ratingsRejected: '모든 항목에 별점을 입력해주세요.',
  failedStatus: (status: number) => `리뷰 제출 실패(HTTP ${status})`,
  failed: '리뷰 제출 중 오류가 발생했습니다.',
  done: '리뷰가 제출되었습니다!',
} as const;

export const COMMENT_MAX = 1000;
