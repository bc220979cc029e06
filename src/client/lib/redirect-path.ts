import type { ErrorCode } from '../../shared/errors';
import { STORAGE } from '../../shared/storage-keys';

/** The screen a student was heading to before signing in, used once (spec §3 "redirectPath"). */
export function takeRedirectPath(): string | null {
  try {
    const path = localStorage.getItem(STORAGE.redirectPath);
    localStorage.removeItem(STORAGE.redirectPath);
    // Only in-app paths: a stored absolute URL must never send a freshly signed-in student off-site.
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

/** Remembers where to come back to after signing in (a private window without storage simply lands on home). */
export function rememberRedirectPath(path: string): void {
  try {
    localStorage.setItem(STORAGE.redirectPath, path);
  } catch {
    /* nothing to do: the student lands on home after signing in */
  }
}

/** Where a Kakao account completes school, phone and student card (spec §2). */
export const ADDITIONAL_INFO_PATH = '/mypage/additional';

/** The server's words for it, in case an answer arrives without them. */
export const ADDITIONAL_INFO_REQUIRED_TEXT = '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.';

/**
 * Join and pay answer 403 `{"detail": "...", "code": "additional_info_required"}` for a Kakao account that has not
 * finished /mypage/additional (src/shared/errors.ts). The code decides, never the wording of the message.
 */
export function needsAdditionalInfo(status: number, body: unknown): boolean {
  return status === 403 && !!body && typeof body === 'object' && (body as { code?: unknown }).code === ('additional_info_required' satisfies ErrorCode);
}
