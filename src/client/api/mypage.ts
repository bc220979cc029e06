import useSWR from 'swr';
import type { MyPageMain, StudentCardSent, WithdrawResult } from '../../shared/mypage';
import type { ApiError } from './api-error';
import { apiFetch } from './client';
import { MYPAGE_MAIN_PATH } from './read-paths';

/** My page data; `null` (a guest) makes no call at all. */
export function useMyPageMain(enabled: boolean) {
  return useSWR<MyPageMain, ApiError>(enabled ? MYPAGE_MAIN_PATH : null, {
    // Spec §8: my page errors other than 401 are only logged.
    onError: (error) => console.warn('마이페이지를 불러오지 못했습니다.', error),
  });
}

/** Accounts made through Kakao have no password: they send none and the server does not ask for one. */
export function withdrawAccount(password: string): Promise<WithdrawResult> {
  return apiFetch<WithdrawResult>('/api/mypage/withdraw/', { method: 'POST', json: password ? { password } : {} });
}

/** POST /api/mypage/student-card/ (multipart): a new card after a rejection; it waits for an operator again. */
export function sendStudentCard(card: File): Promise<StudentCardSent> {
  const form = new FormData();
  form.append('student_card_image', card);
  return apiFetch<StudentCardSent>('/api/mypage/student-card/', { method: 'POST', body: form });
}
