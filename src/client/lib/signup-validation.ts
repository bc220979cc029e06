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

export interface StudentInfo {
  phoneVerified: boolean;
  studentCard: File | null;
}

/**
 * The first problem of the "추가정보" part, or null: a required text left blank, then an unverified phone, then a
 * missing student card. Which texts are required is the caller's (sign-up also asks for the email).
 */
export function studentInfoProblem(required: string[], info: StudentInfo): string | null {
  if (required.some(isBlank)) return SIGNUP_MESSAGES.extra;
  if (!info.phoneVerified) return SIGNUP_MESSAGES.phoneNotVerified;
  if (!info.studentCard) return SIGNUP_MESSAGES.studentCard;
  return null;
}
