import type { VerificationStatus } from '../../shared/verification';

interface Who {
  name: string;
  username: string;
}

const who = (s: Who) => `${s.name}(@${s.username})`;

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
  none: '-',
  cardAlt: (s: Who) => `${who(s)} 학생증 사진`,
  cardLoading: '학생증 사진을 불러오는 중...',
  cardFailed: '학생증 사진을 불러오지 못했습니다.',
  noCard: '학생증 사진이 없습니다.',
  cardDeleted: '삭제됨',
  cardDeletedNote: (when: string) => `보관 기간이 지나 ${when}에 학생증 사진을 삭제했습니다. 확인 결과는 남아 있습니다.`,
  approve: '승인',
  approving: '승인 중...',
  reject: '반려',
  rejecting: '반려 중...',
  reasonHelp: (max: number) => `학생에게 그대로 보여집니다. ${max}자까지 쓸 수 있습니다.`,
  reasonCount: (length: number, max: number) => `${length}/${max}`,
  approved: (s: Who) => `${who(s)} 학생을 승인했습니다.`,
  rejected: (s: Who) => `${who(s)} 학생을 반려했습니다.`,
  decideFailed: '처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  keysTitle: '단축키',
  keys: [
    { keys: ['J', '↓'], action: '다음 학생' },
    { keys: ['K', '↑'], action: '이전 학생' },
    { keys: ['A'], action: '승인' },
    { keys: ['R'], action: '반려 사유 입력' },
  ],
  keysNote: '입력 칸에 글을 쓰는 중에는 동작하지 않습니다.',
} as const;
