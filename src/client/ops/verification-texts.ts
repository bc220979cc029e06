import type { VerificationStatus } from '../../shared/verification';

interface Who {
  name: string;
  username: string;
}

const who = (s: Who) => `${s.name}(@${s.username})`;

/**
 * The reasons an operator picks with 1–6 (issue 33 §1), sent as written: the student reads them. The last is 기타, the
 * operator's own words.
 */
export const REJECT_PRESETS = ['흐림·식별 불가', '이름 불일치', '타 학교', '학생증 아님', '유효기간 지남', '기타'] as const;

export const VERIFICATION_TEXTS = {
  title: '학생증 확인',
  statusFilter: '상태',
  statusLabel: { pending: '확인 대기', rejected: '반려', approved: '승인', unsubmitted: '미제출' } satisfies Record<VerificationStatus, string>,
  queue: (status: string, count: number) => `${status} ${count}명`,
  empty: { pending: '확인을 기다리는 학생증이 없습니다.', other: '해당하는 학생이 없습니다.', search: (q: string) => `'${q}'에 해당하는 학생이 없습니다.` },
  search: '학생 검색',
  searchHint: '이름·학교·전화번호',
  searchSubmit: '검색',
  waiting: (count: number) => `대기 ${count}건`,
  oldestWaiting: (ago: string) => `가장 오래 기다린 카드 ${ago}`,
  decidedToday: (count: number) => `오늘 처리 ${count}건`,
  more: '더 보기',
  loadingMore: '불러오는 중...',
  position: (at: number, of: number) => `${at} / ${of}`,
  previous: '이전 학생',
  next: '다음 학생',
  name: '이름',
  username: '아이디',
  school: '학교',
  phone: '전화번호',
  email: '이메일',
  sentAt: '학생증 보낸 시각',
  decidedAt: '처리 시각',
  reason: '반려 사유',
  presetsLegend: '반려 사유 고르기',
  otherReason: '기타 사유',
  presetRequired: '반려 사유를 골라 주세요.',
  presetsHelp: '숫자 키 1~6으로 고르고 Enter로 반려합니다. 기타는 Ctrl+Enter로 보냅니다. Esc는 닫기.',
  rejectOpen: '반려...',
  cancelReject: '닫기',
  none: '-',
  cardAlt: (s: Who) => `${who(s)} 학생증 사진`,
  cardLoading: '학생증 사진을 불러오는 중...',
  cardFailed: '학생증 사진을 불러오지 못했습니다.',
  noCard: '학생증 사진이 없습니다.',
  cardDeleted: '삭제됨',
  cardDeletedNote: (when: string) => `보관 기간이 지나 ${when}에 학생증 사진을 삭제했습니다. 확인 결과는 남아 있습니다.`,
  approve: '승인',
  reject: '반려',
  rejecting: '반려 중...',
  reasonHelp: (max: number) => `학생에게 그대로 보여집니다. ${max}자까지 쓸 수 있습니다.`,
  reasonCount: (length: number, max: number) => `${length}/${max}`,
  approved: (s: Who) => `${who(s)} 학생을 승인했습니다.`,
  approvePending: (s: Who, left: number) => `${s.name} 승인 · 되돌리기 (${left}초)`,
  undo: '되돌리기',
  undone: (s: Who) => `${who(s)} 학생의 승인을 되돌렸습니다.`,
  rejected: (s: Who) => `${who(s)} 학생을 반려했습니다.`,
  decideFailed: '처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  keysTitle: '단축키',
  keys: [
    { keys: ['J', '↓'], action: '다음 학생' },
    { keys: ['K', '↑'], action: '이전 학생' },
    { keys: ['A'], action: '승인' },
    { keys: ['U', 'Ctrl+Z'], action: '승인 되돌리기 (5초 안에)' },
    { keys: ['R'], action: '반려 사유 고르기' },
    { keys: ['1~6'], action: '사유 선택' },
    { keys: ['+', '-', '0'], action: '사진 확대 · 축소 · 원래대로' },
    { keys: ['[', ']'], action: '사진 회전' },
  ],
  zoomIn: '확대',
  zoomOut: '축소',
  zoomReset: '원래대로',
  rotateLeft: '왼쪽으로 회전',
  rotateRight: '오른쪽으로 회전',
  viewerTools: '사진 보기',
  viewerFrame: '학생증 사진 보기 영역',
  currentCard: '지금 학생증',
  previousCard: '이전 학생증',
  previousSentAt: (when: string) => `제출 ${when}`,
  previousDecision: (when: string, reason: string | null) => `${when} 반려${reason ? ` · ${reason}` : ''}`,
  previousCardAlt: (s: Who) => `${who(s)} 이전 학생증 사진`,
  keysNote: '입력 칸에 글을 쓰는 중에는 동작하지 않습니다.',
} as const;
