export type NavTab = 'home' | 'map' | 'assist' | 'mypage';

/** Spec §2: /home and the lobby (/balancewait) light up a tab too; other screens light none. */
export function activeTab(path: string): NavTab | null {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/' || clean === '/home') return 'home';
  if (clean === '/map') return 'map';
  if (clean === '/assist' || clean === '/balancewait' || clean.startsWith('/balancewait/')) return 'assist';
  if (clean === '/mypage' || clean.startsWith('/mypage/')) return 'mypage';
  return null;
}

/** Sign-in screens take the whole phone; the header and footer would only lead away mid-form. */
export function showsChrome(path: string): boolean {
  return !['/login', '/signup', '/kakao-login', '/oauth/kakao/callback'].includes(path.replace(/\/+$/, ''));
}
