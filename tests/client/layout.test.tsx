import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

const TABS = ['홈', '지도', '파티비서', '마이페이지'];

async function activeTabs() {
  await screen.findByRole('navigation', { name: '주요 메뉴' });
  return TABS.filter((name) => screen.getByRole('button', { name }).getAttribute('aria-current') === 'page');
}

describe('footer navigation', () => {
  it.each([
    ['/', '홈'],
    ['/home', '홈'],
    ['/map', '지도'],
    ['/assist', '파티비서'],
    ['/balancewait/3', '파티비서'],
    ['/mypage', '마이페이지'],
    ['/mypage/history', '마이페이지'],
  ])('on %s highlights %s only', async (path, tab) => {
    renderApp(path);
    expect(await activeTabs()).toEqual([tab]);
  });

  it('highlights nothing on a screen outside the four tabs', async () => {
    renderApp('/partyinfo/5');
    expect(await activeTabs()).toEqual([]);
  });

  it('moves between tabs', async () => {
    const ui = renderApp('/');
    await ui.user.click(await screen.findByRole('button', { name: '지도' }));
    expect(ui.currentPath()).toBe('/map');
    await ui.user.click(screen.getByRole('button', { name: '마이페이지' }));
    expect(ui.currentPath()).toBe('/mypage');
    await ui.user.click(screen.getByRole('button', { name: '파티비서' }));
    expect(ui.currentPath()).toBe('/assist');
    await ui.user.click(screen.getByRole('button', { name: '홈' }));
    expect(ui.currentPath()).toBe('/');
  });
});

describe('header', () => {
  it('shows the app name and opens notifications from the bell', async () => {
    const ui = renderApp('/');
    expect(await screen.findByText('파티온')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '알림' }));
    expect(ui.currentPath()).toBe('/notifications');
  });
});

describe('routes', () => {
  it.each([
    ['/mypage/edit', '프로필 수정'],
    ['/report/9', '회원 신고하기'],
  ])('%s opens its titled screen', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('shows a not-found page for an unknown path', async () => {
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: '페이지를 찾을 수 없습니다.' })).toBeInTheDocument();
  });

  it('keeps sign-in screens free of the header and footer', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: '로그인' });
    expect(screen.queryByRole('navigation', { name: '주요 메뉴' })).not.toBeInTheDocument();
  });
});
