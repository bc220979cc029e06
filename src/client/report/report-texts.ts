import type { FieldProblem } from '../ui/use-field-errors';

export const REPORT_TEXTS = {
  title: '회원 신고하기',
  unknownName: '알 수 없는 회원',
  photoAlt: '신고할 회원의 프로필 사진',
  lead: '신고 내용은 운영팀만 확인하며, 신고한 사람은 상대에게 알려지지 않아요.',
  category: '신고 유형',
  categoryPlaceholder: '신고 유형을 선택해 주세요',
  content: '신고 내용',
  contentPlaceholder: '예) 파티 중 다른 참여자에게 반복적으로 불쾌한 농담을 했어요.',
  submit: '신고하기',
  sending: '신고 중...',
  categoryMissing: '신고 유형을 선택해 주세요.',
  contentMissing: '신고 내용을 입력해 주세요.',
  partyMissing: '신고가 발생한 파티 정보가 없습니다.',
  failed: '신고 중 오류가 발생했습니다.',
  done: '신고가 접수되었습니다.',
} as const;

export const CONTENT_MAX = 2000;

type ReportField = 'category' | 'content';

/** Spec §5 "Report", in its order: each problem beside its field, and the same words in the error toast. */
export function reportProblems(category: string, content: string): FieldProblem<ReportField>[] {
  return [
    ...(category ? [] : [{ field: 'category' as const, text: REPORT_TEXTS.categoryMissing }]),
    ...(content.trim() ? [] : [{ field: 'content' as const, text: REPORT_TEXTS.contentMissing }]),
  ];
}
