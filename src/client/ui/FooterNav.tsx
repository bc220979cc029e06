import type { ComponentType, SVGProps } from 'react';
import { useLocation } from 'wouter';
import { AssistIcon, HomeIcon, MapIcon, MyPageIcon } from './icons';
import { activeTab, type NavTab } from './nav-tabs';
import { NAV_LABELS } from './texts';
import './footer-nav.css';

const TABS: ReadonlyArray<{ tab: NavTab; to: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { tab: 'home', to: '/', Icon: HomeIcon },
  { tab: 'map', to: '/map', Icon: MapIcon },
  { tab: 'assist', to: '/assist', Icon: AssistIcon },
  { tab: 'mypage', to: '/mypage', Icon: MyPageIcon },
];

export function FooterNav() {
  const [location, navigate] = useLocation();
  const current = activeTab(location);
  return (
    <nav className="footer-nav" aria-label="주요 메뉴">
      {TABS.map(({ tab, to, Icon }) => {
        const active = tab === current;
        return (
          <button
            key={tab}
            type="button"
            className={active ? 'footer-nav__item footer-nav__item--active' : 'footer-nav__item'}
            aria-current={active ? 'page' : undefined}
            onClick={() => navigate(to)}
          >
            <Icon />
            <span>{NAV_LABELS[tab]}</span>
          </button>
        );
      })}
    </nav>
  );
}
