import { isBlank, studentInfoProblems } from '../lib/signup-validation';
import type { FieldProblem } from '../ui/use-field-errors';

export interface AdditionalValues {
  school: string;
  phone: string;
  /** Optional: a Kakao account may already be reachable, and the server keeps the old one when this is blank. */
  email: string;
  phoneVerified: boolean;
  studentCard: File | null;
}

export const ADDITIONAL_TEXTS = {
  title: '추가 정보 입력',
  intro: '카카오로 시작한 계정은 재학생 확인을 위해 학교, 전화번호, 학생증 사진을 한 번만 등록해 주세요.',
  emailOptional: '이메일 (선택)',
  submit: '저장하기',
  saving: '저장 중...',
  failed: '추가 정보 저장에 실패했습니다.',
  success: '추가 정보가 저장되었습니다.',
  done: '추가 정보가 이미 등록되어 있습니다.',
  goHome: '홈으로 가기',
} as const;

/** The form's fields by the server's names, so its field errors (이미 가입된 전화번호입니다.) find them. */
export type AdditionalField = 'school' | 'phone' | 'email' | 'student_card_image';

export const additionalFieldValues = (v: AdditionalValues): Record<AdditionalField, unknown> => ({ ...v, student_card_image: v.studentCard });

/** Everything wrong, with the signup screen's rules and messages (spec §5 "Signup"), or [] when it may be sent. */
export function additionalProblems(v: AdditionalValues): FieldProblem<AdditionalField>[] {
  return studentInfoProblems<AdditionalField>(
    [
      ['school', v.school],
      ['phone', v.phone],
    ],
    v,
  );
}

export function toAdditionalFormData(v: AdditionalValues): FormData {
  const form = new FormData();
  form.append('school', v.school.trim());
  form.append('phone', v.phone.trim());
  if (!isBlank(v.email)) form.append('email', v.email.trim());
  if (v.studentCard) form.append('student_card_image', v.studentCard);
  return form;
}
