import { useLocation } from 'wouter';
import { BellIcon } from './icons';
import { COMMON_TEXTS } from './texts';

// Past two digits the badge would outgrow the bell; the accessible name still says the real number.
const shownCount = (count: number) => (count > 99 ? '99+' : String(count));

/** The header's bell, opening /notifications; with a badge when some notices are unread. */
export function BellButton({ unread = 0 }: { unread?: number }) {
  const [, navigate] = useLocation();
  return (
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
  );
}
