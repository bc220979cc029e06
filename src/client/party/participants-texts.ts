// Texts of the participants list (spec §2 "Participants", §5, §8).
export const PARTICIPANTS_TEXTS = {
  title: '참여자 목록',
  loading: '참가자 정보를 불러오는 중...',
  loadFailed: '참가자 정보를 불러오지 못했습니다.',
  noPartyId: '파티 ID가 없습니다.',
  empty: '아직 확정된 참여자가 없습니다.',
  noIntro: '자기소개가 없습니다.',
  ready: '준비 완료',
  report: '신고하기',
  cannotReport: '신고 불가',
  selfReport: '자기 자신은 신고할 수 없습니다.',
  back: '뒤로 가기',
  me: '나',
} as const;
