import { seoulDateTime } from './campus-date';

// How the audit log's before/after values read in words, for the console and the CSV export alike: one entry per
// field any action records (audit.ts's callers on the server). A field missing here still shows, under its own
// name, so a new action is readable before its labels are added — add them here, in one place.

type Kind = 'text' | 'points' | 'time' | 'count' | 'people' | 'flag' | 'status' | 'list' | 'image' | 'number' | 'filters';

interface FieldWords {
  label: string;
  kind?: Kind;
}

const AUDIT_FIELDS: Record<string, FieldWords> = {
  status: { label: '상태', kind: 'status' },
  reason: { label: '사유' },
  points: { label: '포인트', kind: 'points' },
  deposit: { label: '보증금', kind: 'points' },
  refunded_points: { label: '환불한 포인트', kind: 'points' },
  cancelled: { label: '취소된 참가', kind: 'people' },
  title: { label: '제목' },
  description: { label: '설명' },
  name: { label: '이름' },
  place_id: { label: '장소 번호' },
  start_time: { label: '시작', kind: 'time' },
  max_participants: { label: '정원', kind: 'people' },
  tags: { label: '태그', kind: 'list' },
  x_norm: { label: '지도 가로 위치', kind: 'number' },
  y_norm: { label: '지도 세로 위치', kind: 'number' },
  photo: { label: '사진', kind: 'image' },
  map: { label: '지도 그림', kind: 'image' },
  school: { label: '학교' },
  campus_name: { label: '캠퍼스' },
  card_submitted_at: { label: '학생증 제출', kind: 'time' },
  warned_user: { label: '경고받은 학생 번호' },
  checked_in_at: { label: '체크인', kind: 'time' },
  deposit_state: { label: '보증금 상태', kind: 'status' },
  username: { label: '아이디' },
  disabled_at: { label: '사용 중지', kind: 'time' },
  is_admin: { label: '관리 권한', kind: 'flag' },
  revoked_sessions: { label: '끝낸 로그인 세션', kind: 'count' },
  version: { label: '판' },
  effective_date: { label: '시행일' },
  length: { label: '글자 수', kind: 'count' },
  expires_at: { label: '만료', kind: 'time' },
  suspended: { label: '이용 정지', kind: 'flag' },
  ends_at: { label: '정지 끝', kind: 'time' },
  refund_in_full: { label: '보증금 전액 환불', kind: 'flag' },
  released: { label: '내놓은 자리', kind: 'count' },
  waitlist_left: { label: '떠난 대기열 (파티 번호)', kind: 'list' },
  filters: { label: '조건', kind: 'filters' },
  rows: { label: '행 수', kind: 'count' },
};

/** The values `status`-like fields take (a report's, a verification's, a party's, a deposit's), in Korean. */
const STATUS_WORDS: Record<string, string> = {
  pending: '대기',
  approved: '승인',
  rejected: '반려',
  unsubmitted: '미제출',
  confirmed: '확인',
  dismissed: '기각',
  open: '모집 중',
  cancelled: '취소',
  none: '없음',
  held: '보관 중',
  returned: '반환됨',
  refunded: '환불됨',
  forfeited: '몰수됨',
};

/** The export's filters (audit.export's `filters`) by the names the console gives them. */
const FILTER_WORDS: Record<string, string> = {
  action: '작업',
  target_type: '대상',
  target_id: '대상 번호',
  operator_id: '운영자 번호',
  actor: '처리자',
  from: '부터',
  to: '까지',
  after: '이후',
  before: '이전',
};

const NONE = '없음';
// A field the action recorded on one side only: not "none", just not written down.
const UNRECORDED = '–';

function formatValue(kind: Kind, value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (kind === 'points' && typeof value === 'number') return `${value.toLocaleString('ko-KR')}P`;
  if (kind === 'people' && typeof value === 'number') return `${value.toLocaleString('ko-KR')}명`;
  if (kind === 'count' && typeof value === 'number') return `${value.toLocaleString('ko-KR')}`;
  if (kind === 'time' && typeof value === 'string') return seoulDateTime(new Date(value)) || value;
  if (kind === 'flag' && typeof value === 'boolean') return value ? '예' : '아니요';
  if (kind === 'status' && typeof value === 'string') return STATUS_WORDS[value] ?? value;
  if (kind === 'image') return '있음';
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : NONE;
  if (kind === 'filters' && typeof value === 'object') {
    const set = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== null);
    return set.length ? set.map(([k, v]) => `${FILTER_WORDS[k] ?? k} ${String(v)}`).join(', ') : '전체';
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One changed field in words: "상태: 대기 → 승인", or "제목: 새 파티" for a value the action set from nothing. */
export interface AuditChangeLine {
  field: string;
  label: string;
  text: string;
}

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The fields an action changed, before → after, in the order it recorded them. */
export function describeAuditChange(before: unknown, after: unknown): AuditChangeLine[] {
  const was = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields.map((field) => {
    const words = AUDIT_FIELDS[field] ?? { label: field };
    const say = (value: unknown) => formatValue(words.kind ?? 'text', value);
    // A picture swapped for another: the two addresses say nothing to a reader.
    if (words.kind === 'image' && was[field] && now[field]) return { field, label: words.label, text: `${words.label}: 새 그림으로 바뀜` };
    const text = field in was ? `${say(was[field])} → ${field in now ? say(now[field]) : UNRECORDED}` : say(now[field]);
    return { field, label: words.label, text: `${words.label}: ${text}` };
  });
}
