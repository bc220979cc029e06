import { useLocation } from 'wouter';
import { BellIcon } from './icons';
import { APP_NAME, COMMON_TEXTS } from './texts';
import './header.css';

export function Header() {
  const [, navigate] = useLocation();
  return (
    <header className="app-header">
      <span className="app-header__name">{APP_NAME}</span>
      <button
        type="button"
        className="icon-button"
        aria-label={COMMON_TEXTS.notifications}
        onClick={() => navigate('/notifications')}
      >
        <BellIcon />
      </button>
    </header>
  );
}
