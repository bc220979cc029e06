import { Link } from 'wouter';
import { MYPAGE_TEXTS as T } from './mypage-texts';

interface Props {
  onHelp: () => void;
  onLogout: () => void;
  onWithdraw: () => void;
}

export function MyPageMenu({ onHelp, onLogout, onWithdraw }: Props) {
  return (
    <nav className="mypage-menu" aria-label={T.menu}>
      <button type="button" className="mypage-menu__item" onClick={onHelp}>
        {T.help}
        <span aria-hidden="true">›</span>
      </button>
      <Link href="/privacy" className="mypage-menu__item mypage-menu__item--link">
        {T.privacy}
        <span aria-hidden="true">›</span>
      </Link>
      <button type="button" className="mypage-menu__item" onClick={onLogout}>
        {T.logout}
        <span aria-hidden="true">›</span>
      </button>
      <button type="button" className="mypage-menu__item mypage-menu__item--quiet" onClick={onWithdraw}>
        {T.withdraw}
      </button>
    </nav>
  );
}
