import { PASSWORD_MIN } from '../../shared/constants';
import { PASSWORD_RESET_MESSAGES as RM, PASSWORD_RESET_TTL_MINUTES } from '../../shared/password-reset-messages';
import type { FieldProblem } from '../ui/use-field-errors';

/** 비밀번호 찾기 (/password-forgot) and the page a reset link opens (/password-reset?token=…). */
export const RESET_TEXTS = {
  forgotLink: '비밀번호 찾기',
  forgotTitle: '비밀번호 찾기',
  forgotLead: `가입할 때 입력한 이메일로 비밀번호 재설정 링크를 보내 드립니다. 링크는 ${PASSWORD_RESET_TTL_MINUTES}분 동안 한 번만 쓸 수 있습니다.`,
  askOperator: RM.noEmail,
  askOperatorHow: '운영자가 본인 확인 후 비밀번호 재설정 링크를 만들어 드립니다.',
  email: '가입한 이메일',
  emailRequired: '이메일을 입력해 주세요.',
  send: '재설정 링크 받기',
  sending: '보내는 중...',
  sendFailed: '재설정 링크를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
  optionsFailed: '비밀번호 찾기를 불러오지 못했습니다.',
  retry: '다시 시도',
  backToLogin: '로그인으로 돌아가기',
  resetTitle: '새 비밀번호 설정',
  resetLead: '새 비밀번호를 정하면 로그인된 모든 기기에서 로그아웃됩니다.',
  newPassword: '새 비밀번호',
  newPassword2: '새 비밀번호 확인',
  passwordHelp: '영문, 숫자, 특수문자를 섞어 8자 이상을 권장합니다.',
  passwordShort: '비밀번호는 8자 이상 입력해 주세요.',
  passwordMismatch: '새 비밀번호가 일치하지 않습니다.',
  save: '비밀번호 바꾸기',
  saving: '바꾸는 중...',
  saveFailed: '비밀번호를 바꾸지 못했습니다. 잠시 후 다시 시도해 주세요.',
  linkInvalid: RM.linkInvalid,
  newLink: '새 링크 받기',
} as const;

export type ResetField = 'new_password' | 'new_password2';

/** Spec §5's password rules (as on /mypage/edit): at least 8 characters, typed twice alike. */
export function resetProblems(password: string, password2: string): FieldProblem<ResetField>[] {
  if (password.length < PASSWORD_MIN) return [{ field: 'new_password', text: RESET_TEXTS.passwordShort }];
  if (password !== password2) return [{ field: 'new_password2', text: RESET_TEXTS.passwordMismatch }];
  return [];
}
