import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import type { Notice } from '../../shared/parties';
import { markNoticeRead, useNotices, useRefreshUnreadCount } from '../api/notices';
import { isLoggedInAtom } from '../state/session-atoms';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { LoadFailed, OfflineMark, useOffline } from '../ui/OfflineState';
import { ScreenPage } from '../ui/ScreenPage';
import { COMMON_TEXTS } from '../ui/texts';
import { NoticeItem } from './NoticeItem';
import './notifications.css';
import { ListSkeleton } from '../ui/ListSkeleton';

const EMPTY_TEXT = '새 알림이 없습니다.';
const LOAD_FAILED = '알림을 불러오지 못했습니다.';
const LOAD_FAILED_HINT = '연결을 확인하고 다시 시도해 주세요.';

export default function NotificationsScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  const { data, error, mutate } = useNotices(loggedIn);
  const refreshUnreadCount = useRefreshUnreadCount();
  // Spec §8: a 401 here means the session is gone, so the screen treats the student as a guest.
  const guest = !loggedIn || error?.status === 401;
  const offline = useOffline(error);

  // A tap opens what the notice is about; marking it read does not hold that up.
  const open = (notice: Notice) => {
    if (notice.link) navigate(notice.link);
    if (notice.is_read) return;
    const markRead = (list: Notice[] | undefined) =>
      (list ?? []).map((item) => (item.id === notice.id ? { ...item, is_read: true } : item));
    // The dot goes away at once; if the server refuses, the list is reloaded from the server's truth.
    void mutate(async (list) => {
      await markNoticeRead(notice.id);
      return markRead(list);
    }, { optimisticData: markRead, rollbackOnError: true, revalidate: false })
      .then(refreshUnreadCount)
      .catch((failure: unknown) => console.warn('알림을 읽음으로 표시하지 못했습니다.', failure));
  };

  return (
    <ScreenPage title={COMMON_TEXTS.notifications} back>
      {guest ? (
        <LoginRequiredModal onClose={() => navigate('/', { replace: true })} />
      ) : data?.length ? (
        <>
          {/* Kept in memory only (never stored): what this session last read, marked as such. */}
          {offline && <OfflineMark />}
          <ul className="plain-list notice-list">
            {data.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} onOpen={open} />
            ))}
          </ul>
        </>
      ) : error || offline ? (
        // Only the server's answer of now may say "no notifications"; a failed or offline load never does.
        <LoadFailed offline={offline} message={LOAD_FAILED} hint={LOAD_FAILED_HINT} retry={() => void mutate()} />
      ) : !data ? (
        <ListSkeleton shape="row" count={5} />
      ) : (
        <p className="status-text">{EMPTY_TEXT}</p>
      )}
    </ScreenPage>
  );
}
