import { PASSWORD_RESET_TTL_MINUTES } from '../../shared/password-reset-messages';

/** The console's 비밀번호 재설정 panel on a student's page. */
export const RESET_PANEL_TEXTS = {
  title: '비밀번호 재설정',
  lead: `비밀번호를 잊은 학생에게 본인 확인 후 전달할 1회용 링크를 만듭니다. 링크는 ${PASSWORD_RESET_TTL_MINUTES}분 동안 한 번만 쓸 수 있고, 새 링크를 만들면 이전 링크는 더 이상 쓸 수 없습니다. 학생이 새 비밀번호를 정하면 로그인된 모든 기기에서 로그아웃됩니다.`,
  issue: '재설정 링크 만들기',
  issueAgain: '새 재설정 링크 만들기',
  issuing: '만드는 중...',
  withdrawn: '탈퇴한 학생의 비밀번호는 재설정할 수 없습니다.',
  link: '재설정 링크',
  linkHelp: '이 화면을 벗어나면 다시 볼 수 없습니다. 학생에게만 전달해 주세요.',
  copy: '링크 복사',
  copied: '링크를 복사했습니다.',
  copyFailed: '복사하지 못했습니다. 링크를 직접 선택해 복사해 주세요.',
  expires: (when: string) => `${when}까지 쓸 수 있습니다.`,
  failed: '재설정 링크를 만들지 못했습니다.',
} as const;
