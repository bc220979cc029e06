// The audit log screen's words (/ops/audit). The field names of a change are the shared ones (shared/audit-fields.ts),
// which the CSV export uses too.
export const AUDIT_TEXTS = {
  targetId: '대상 번호',
  targetIdHint: '예: 10',
  from: '기간 시작',
  to: '기간 끝',
  fromAfterTo: '끝 날짜가 시작 날짜보다 앞입니다.',
  download: 'CSV 다운로드',
  downloading: '내려받는 중...',
  downloaded: (name: string) => `${name} 파일을 내려받았습니다.`,
  downloadFailed: 'CSV를 내려받지 못했습니다.',
  token: '공용 토큰 (CLI)',
  gone: '삭제·탈퇴됨',
  details: '자세히',
  before: '변경 전',
  after: '변경 후',
  noChange: '–',
} as const;
