import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { useUnreadCount } from '../api/notices';
import { isLoggedInAtom } from '../state/session-atoms';
import { BellIcon } from './icons';
import { APP_NAME, COMMON_TEXTS } from './texts';
import './header.css';

// Past two digits the badge would outgrow the bell; the accessible name still says the real number.
const shownCount = (count: number) => (count > 99 ? '99+' : String(count));

export function Header() {
  const [, navigate] = useLocation();
  const unread = useUnreadCount(useAtomValue(isLoggedInAtom));
  return (
    <header className="app-header">
      <span className="app-header__name">{APP_NAME}</span>
      <button
        type="button"
        className="icon-button app-header__bell"
        aria-label={unread > 0 ? COMMON_TEXTS.unreadNotifications(unread) : COMMON_TEXTS.notifications}
        onClick={() => navigate('/notifications')}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="app-header__badge" aria-hidden="true">
            {shownCount(unread)}
          </span>
        )}
      </button>
    </header>
  );
}
