import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw/server';
import { renderApp } from './render-app';

describe('/privacy', () => {
  it('shows a guest the 개인정보 처리방침 in effect as Markdown, its version and date, never its raw HTML', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: '개인정보 처리방침' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '파티온 개인정보 처리방침' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '1. 모으는 개인정보' })).toBeInTheDocument();
    expect(screen.getByText('버전 3 · 시행일 2026-03-01')).toBeInTheDocument();
    expect(screen.getByText('회원가입').tagName).toBe('STRONG');
    // An operator's HTML is dropped, not drawn, and a javascript: link leads nowhere.
    expect(document.querySelector('.privacy script, .privacy b')).toBeNull();
    expect(screen.queryByText('굵은 HTML')).not.toBeInTheDocument();
    expect(screen.getByText('나쁜 링크').getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('says it could not load the policy and tries again', async () => {
    let fail = true;
    server.use(http.get('/api/privacy/', () => (fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ version: 1, effective_date: '2026-03-02', body: '다시 불러온 방침' }))));
    const { user } = renderApp('/privacy');
    expect(await screen.findByText('개인정보 처리방침을 불러오지 못했습니다.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('다시 불러온 방침')).toBeInTheDocument();
  });

  it('is linked from the login screen', async () => {
    const ui = renderApp('/login');
    await ui.user.click(await screen.findByRole('link', { name: '개인정보 처리방침' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/privacy'));
  });

  it('is linked from my page, whose help says iOS pushes only to the app added to the home screen', async () => {
    localStorage.setItem('access', 'access-token');
    localStorage.setItem('refresh', 'refresh-token');
    const ui = renderApp('/mypage');
    const menu = await screen.findByRole('navigation', { name: '마이페이지 메뉴' });
    await ui.user.click(within(menu).getByRole('button', { name: '도움말' }));
    const help = await screen.findByRole('dialog', { name: '도움말' });
    expect(within(help).getByText('아이폰 알림')).toBeInTheDocument();
    expect(within(help).getByText(/홈 화면에 추가.*홈 화면의 파티온 앱에서 알림을 켜야 푸시 알림을 받을 수 있어요/)).toBeInTheDocument();
    await ui.user.click(within(help).getByRole('button', { name: '확인' }));
    await ui.user.click(within(menu).getByRole('link', { name: '개인정보 처리방침' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/privacy'));
  });
});
