import { COLLEGES, GRADES, MBTI_AXES, PERSONALITIES, type MbtiParts } from '../../shared/extra-options';

export const WIZARD_TEXTS = {
  title: '추가 정보 설정',
  progress: '진행 단계',
  mbtiStep: 'MBTI를 선택해 주세요',
  mbtiHint: '네 가지를 모두 고르면 자동으로 저장돼요.',
  saving: '저장 중...',
  retry: '다시 시도',
  failed: '저장 중 오류가 발생했습니다.',
  done: '프로필 세팅 완료!',
  doneHint: '이제 파티에서 나를 더 잘 소개할 수 있어요.',
} as const;

export type ListField = 'grade' | 'college' | 'personality';

/** Steps 1-3 of spec §4 "Extra wizard": one list each, from the shared option lists the server accepts. */
export const LIST_STEPS: ReadonlyArray<{ field: ListField; heading: string; options: readonly string[] }> = [
  { field: 'grade', heading: '학년을 선택해 주세요', options: GRADES },
  { field: 'college', heading: '단과대학을 선택해 주세요', options: COLLEGES },
  { field: 'personality', heading: '나를 가장 잘 표현하는 성격은?', options: PERSONALITIES },
];

export const STEP_COUNT = LIST_STEPS.length + 1;

export type MbtiAxis = keyof typeof MBTI_AXES;

export const MBTI_ROWS: ReadonlyArray<{ axis: MbtiAxis; label: string; names: readonly [string, string] }> = [
  { axis: 'i_e', label: '에너지 방향', names: ['내향', '외향'] },
  { axis: 'n_s', label: '인식 방식', names: ['직관', '감각'] },
  { axis: 'f_t', label: '판단 기준', names: ['감정', '사고'] },
  { axis: 'p_j', label: '생활 양식', names: ['인식', '판단'] },
];

export interface WizardChoice {
  grade: string | null;
  college: string | null;
  personality: string | null;
  mbti: MbtiParts;
}

export const EMPTY_CHOICE: WizardChoice = {
  grade: null,
  college: null,
  personality: null,
  mbti: { i_e: null, n_s: null, f_t: null, p_j: null },
};

export const mbtiComplete = (mbti: MbtiParts) => MBTI_ROWS.every(({ axis }) => !!mbti[axis]);
