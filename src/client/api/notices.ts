import useSWR, { useSWRConfig } from 'swr';
import type { Notice, NoticeReadAll, NoticeUnreadCount } from '../../shared/parties';
import type { ApiError } from './api-error';
import { apiFetch } from './client';

export const NOTICE_PATH = '/api/notice/';
export const UNREAD_COUNT_PATH = '/api/notice/unread-count/';

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

/** 모두 읽음: one call marks every notice of mine read on the server (calling it twice changes nothing more). */
export function markAllNoticesRead(): Promise<NoticeReadAll> {
  return apiFetch<NoticeReadAll>(`${NOTICE_PATH}read-all/`, { method: 'POST' });
}

/** The bell's number, for a signed-in student only: a count from the server, not the list, since the header is on every page. */
export function useUnreadCount() {
  const { data } = useSWR<NoticeUnreadCount, ApiError>(UNREAD_COUNT_PATH, {
    onError: (error) => console.warn('읽지 않은 알림 수를 불러오지 못했습니다.', error),
  });
  return data?.count ?? 0;
}

/** After a notice is read, the bell asks again. */
export function useRefreshUnreadCount() {
  const { mutate } = useSWRConfig();
  // A refresh that cannot run (the screen and its cache already gone) changes nothing the student could see.
  return () => void mutate(UNREAD_COUNT_PATH).catch(() => undefined);
}
