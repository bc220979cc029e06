/** The console's 신고 screen. */
export const REPORTS_TEXTS = {
  statusFilter: '신고 상태',
  status: { pending: '처리 대기', confirmed: '경고함', dismissed: '기각함' },
  empty: { pending: '처리를 기다리는 신고가 없습니다.', confirmed: '경고로 처리한 신고가 없습니다.', dismissed: '기각한 신고가 없습니다.' },
  reportNumber: (id: number) => `신고 #${id}`,
  party: '파티',
  reporter: '신고한 학생',
  reported: '신고된 학생',
  warningsSoFar: (n: number) => (n > 0 ? `경고 ${n}회` : '경고 없음'),
  warn: '경고',
  dismiss: '기각',
  working: '처리 중...',
  confirmTitle: (name: string) => `${name} 학생에게 경고를 줄까요?`,
  confirmBody: (warnings: number) =>
    `경고가 1회 늘고(지금 ${warnings}회) 학생에게 경고 알림이 갑니다. 되돌릴 수 없습니다.`,
  confirmWarn: '경고 주기',
  cancel: '취소',
  warned: (name: string) => `${name} 학생에게 경고를 주고 알림을 보냈습니다.`,
  dismissed: (id: number) => `신고 #${id}를 기각했습니다.`,
  failed: '신고를 처리하지 못했습니다.',
} as const;
