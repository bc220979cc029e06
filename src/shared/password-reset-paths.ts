// Password recovery's two student screens (docs/rules.md "Password recovery"): 비밀번호 찾기 (ask for a link) and the
// page a link opens. A module of their own: the app's route table needs the paths on every first load, not the
// recovery's messages (src/shared/password-reset-messages.ts).
export const PASSWORD_FORGOT_PATH = '/password-forgot';
export const PASSWORD_RESET_PATH = '/password-reset';
