// Password recovery (docs/rules.md "Password recovery"): a one-time link, issued by an operator or sent to the signup
// email, opens /password-reset?token=… where the student sets a new password.

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

export const PASSWORD_RESET_MESSAGES = {
  // One message for a link that is unknown, spent, replaced by a newer one, expired or of a closed account: the answer
  // tells a guesser nothing, and the student's next step is the same.
  linkInvalid: '비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 새 링크를 받아 주세요.',
  changed: '비밀번호를 바꿨습니다. 새 비밀번호로 로그인해 주세요.',
  // The same words whether or not an account has this email (the answer must not tell who signed up).
  sent: `입력한 이메일로 가입한 계정이 있으면 비밀번호 재설정 링크를 보냈습니다. 메일함을 확인해 주세요. 링크는 ${PASSWORD_RESET_TTL_MINUTES}분 동안 한 번만 쓸 수 있습니다.`,
  noEmail: '이메일로 비밀번호를 찾을 수 없습니다. 운영자에게 문의해 주세요.',
  withdrawn: '탈퇴한 회원입니다.',
} as const;
