export const PRIVACY_TEXTS = {
  title: '개인정보 처리방침',
  meta: (version: number, date: string) => `버전 ${version} · 시행일 ${date}`,
  loadFailed: '개인정보 처리방침을 불러오지 못했습니다.',
  /** The link other screens show (signup's consent item, login, my page). */
  link: '개인정보 처리방침',
  readLink: '개인정보 처리방침 보기',
} as const;
