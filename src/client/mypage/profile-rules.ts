import { PASSWORD_MIN } from '../../shared/constants';
import type { FieldProblem } from '../ui/use-field-errors';

export const PROFILE_TEXTS = {
  title: '프로필 수정',
  photo: '프로필 사진',
  changePhoto: '사진 변경',
  previewAlt: '프로필 사진 미리보기',
  newPassword: '새 비밀번호',
  newPassword2: '새 비밀번호 확인',
  passwordHelp: '비밀번호를 바꿀 때만 입력하세요. 영문, 숫자, 특수문자를 섞어 8자 이상을 권장합니다.',
  intro: '한 줄 소개',
  introPlaceholder: '예) 보드게임과 산책을 좋아해요!',
  save: '저장',
  saving: '저장 중...',
  extraLink: '추가 정보 설정하기 (학년 · 단과대학 · 성격 · MBTI)',
  passwordShort: '비밀번호는 8자 이상 입력해 주세요.',
  passwordMismatch: '새 비밀번호가 일치하지 않습니다.',
  passwordFailed: (detail: string) => `비밀번호 변경 실패: ${detail}`,
  profileFailed: (detail: string) => `프로필 저장 실패: ${detail}`,
  saved: '저장 완료!',
  failed: '저장 중 오류가 발생했습니다.',
} as const;

export const INTRO_MAX = 150;

export type ProfileField = 'new_password' | 'new_password2';

/** Spec §5: a password is optional here, but one that is entered must be long enough and typed twice alike. */
export function passwordProblems(password: string, password2: string): FieldProblem<ProfileField>[] {
  if (!password && !password2) return [];
  if (password.length < PASSWORD_MIN) return [{ field: 'new_password', text: PROFILE_TEXTS.passwordShort }];
  if (password !== password2) return [{ field: 'new_password2', text: PROFILE_TEXTS.passwordMismatch }];
  return [];
}
