import useSWR from 'swr';
import type { Notice } from '../../shared/parties';
import type { ApiError } from './api-error';
import { apiFetch } from './client';

const NOTICE_PATH = '/api/notice/';

/** Spec §5: requested only with an access token; `null` keeps SWR from calling at all. */
export function useNotices(enabled: boolean) {
  return useSWR<Notice[], ApiError>(enabled ? NOTICE_PATH : null, {
    // Spec §8: load errors are only logged (a 401 is shown as the login modal by the screen).
    onError: (error) => console.warn('알림을 불러오지 못했습니다.', error),
  });
}

export function markNoticeRead(id: number): Promise<unknown> {
  return apiFetch(`${NOTICE_PATH}${id}/`, { method: 'PATCH', json: { is_read: true } });
}
