// What the operators' audit log records (issue 16). Shared: the console filters by these and names them in Korean.
export const AUDIT_ACTIONS = [
  'place.create',
  'place.update',
  'party.create',
  'party.update',
  'party.cancel',
  'verification.approve',
  'verification.reject',
  'report.resolve',
  'points.grant',
  'participation.check_in',
  'demo.create',
  'operator.create',
  'operator.disable',
  'operator.enable',
  'operator.password',
  'operator.admin',
  'campus.update',
  'campus.map',
  'privacy.publish',
  'password_reset.issue',
  'user.suspend',
  'user.unsuspend',
  'audit.export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGETS = ['place', 'party', 'user', 'report', 'participation', 'operator', 'campus', 'privacy_policy', 'audit_log'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

export const AUDIT_ACTION_LABELS = {
  'place.create': '장소 추가',
  'place.update': '장소 수정',
  'party.create': '파티 생성',
  'party.update': '파티 수정',
  'party.cancel': '파티 취소',
  'verification.approve': '학생 인증 승인',
  'verification.reject': '학생 인증 반려',
  'report.resolve': '신고 처리',
  'points.grant': '포인트 지급·회수',
  'participation.check_in': '수동 체크인',
  'demo.create': '데모 파티 생성',
  'operator.create': '운영자 추가',
  'operator.disable': '운영자 사용 중지',
  'operator.enable': '운영자 다시 사용',
  'operator.password': '운영자 비밀번호 재설정',
  'operator.admin': '운영자 관리 권한 변경',
  'campus.update': '캠퍼스 이름 변경',
  'campus.map': '캠퍼스 지도 교체',
  'privacy.publish': '개인정보 처리방침 게시',
  'password_reset.issue': '비밀번호 재설정 링크 발급',
  'user.suspend': '이용 정지',
  'user.unsuspend': '이용 정지 해제',
  'audit.export': '감사 로그 내보내기',
} as const satisfies Record<AuditAction, string>;

/** What each target is called in the console and the export ("학생 김하늘 (@student1)"). */
export const AUDIT_TARGET_LABELS = {
  place: '장소',
  party: '파티',
  user: '학생',
  report: '신고',
  participation: '참가',
  operator: '운영자',
  campus: '캠퍼스',
  privacy_policy: '개인정보 처리방침',
  audit_log: '감사 로그',
} as const satisfies Record<AuditTarget, string>;
