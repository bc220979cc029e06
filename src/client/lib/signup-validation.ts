import { API_MESSAGES } from '../../shared/api-messages';
import type { FieldProblem } from '../ui/use-field-errors';

/**
 * The sign-up rules that /signup and /mypage/additional (a Kakao account completing its details) share: the same
 * messages, and the same checks of school, phone and student card in spec §5's order.
 */
export const SIGNUP_MESSAGES = {
  basic: '기본정보를 모두 입력해 주세요.',
  passwordShort: '비밀번호는 8자 이상이어야 합니다.',
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  extra: '추가정보를 모두 입력해 주세요.',
  phoneNotVerified: '전화번호 인증을 완료해 주세요.',
  studentCard: '학생증 사진을 업로드해 주세요.',
  consent: '개인정보 처리방침에 동의해 주세요.',
  phoneMissing: '전화번호를 입력해 주세요.',
  failed: '회원가입에 실패했습니다.',
  success: '회원가입이 완료되었습니다. 로그인해 주세요.',
} as const;

export const isBlank = (value: string) => value.trim() === '';

/**
 * Every required text left blank, as a problem of its own field: beside it the server's word for a missing field
 * (필수 항목입니다.), and `summary` — spec §5 names the group, e.g. 기본정보를 모두 입력해 주세요. — as the form's one line
 * (never an alert: ui/use-form-errors.ts).
 */
export function blankProblems<F extends string>(required: [F, string][], summary: string): FieldProblem<F>[] {
  return required.filter(([, value]) => isBlank(value)).map(([field]) => ({ field, text: API_MESSAGES.required, summary }));
}

export interface StudentInfo {
  phone: string;
  phoneVerified: boolean;
  studentCard: File | null;
}

type StudentInfoField = 'phone' | 'student_card_image';

/**
 * The problems of the "추가정보" part, first first: a required text left blank, then an unverified phone, then a
 * missing student card. Which texts are required is the caller's (sign-up also asks for the email).
 */
export function studentInfoProblems<F extends string>(required: [F, string][], info: StudentInfo): FieldProblem<F | StudentInfoField>[] {
  const problems: FieldProblem<F | StudentInfoField>[] = blankProblems(required, SIGNUP_MESSAGES.extra);
  if (!isBlank(info.phone) && !info.phoneVerified) problems.push({ field: 'phone', text: SIGNUP_MESSAGES.phoneNotVerified });
  if (!info.studentCard) problems.push({ field: 'student_card_image', text: SIGNUP_MESSAGES.studentCard });
  return problems;
}
