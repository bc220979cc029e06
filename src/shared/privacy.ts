import type { ErrorCode } from './errors';

// The 개인정보 처리방침 (issue 29): what the page, the signup form and the console share. No zod here: the
// students' page and form read only types and texts (privacy-contract.ts has the schemas).

/** GET /api/privacy/: the version in effect. */
export interface PrivacyPolicy {
  version: number;
  /** YYYY-MM-DD, campus (Asia/Seoul) date. */
  effective_date: string;
  /** Markdown; drawn without raw HTML. */
  body: string;
}

/** The largest text the console may publish (a policy is a few thousand characters). */
export const PRIVACY_BODY_MAX = 50_000;

/** The multipart field of signup naming the version the student read and agreed to. */
export const PRIVACY_VERSION_FIELD = 'privacy_policy_version';

/** The signup's refusal when the policy changed after the form loaded it: the client reloads it and asks again. */
export const PRIVACY_CHANGED_CODE = 'privacy_policy_changed' satisfies ErrorCode;

export const PRIVACY_MESSAGES = {
  consentMissing: '개인정보 처리방침에 동의해 주세요.',
  changed: '개인정보 처리방침이 바뀌었습니다. 바뀐 내용을 확인하고 다시 동의해 주세요.',
  bodyRequired: '처리방침 내용을 입력해 주세요.',
  bodyTooLong: `처리방침은 ${PRIVACY_BODY_MAX.toLocaleString('ko-KR')}자까지 쓸 수 있습니다.`,
  dateFormat: '시행일은 YYYY-MM-DD 형식의 날짜여야 합니다.',
  datePast: '시행일은 오늘이거나 그 뒤여야 합니다.',
  notFound: '게시된 개인정보 처리방침이 없습니다.',
} as const;
