import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app';

describe('login-required modal', () => {
  it('moves focus into the dialog', async () => {
    renderApp('/notifications');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('keeps Tab inside the dialog', async () => {
    const ui = renderApp('/notifications');
    await screen.findByRole('dialog');
    await ui.user.tab({ shift: true });
    expect(screen.getByRole('button', { name: '로그인 / 회원가입' })).toHaveFocus();
    await ui.user.tab();
    expect(screen.getByRole('button', { name: '닫기' })).toHaveFocus();
  });

  it('remembers the screen and starts Kakao sign-in', async () => {
    const ui = renderApp('/notifications');
    await ui.user.click(await screen.findByRole('button', { name: '카카오로 1초 만에 시작하기' }));
    expect(localStorage.getItem('redirectPath')).toBe('/notifications');
    expect(ui.currentPath()).toBe('/kakao-login');
  });

  it('offers the username login', async () => {
    const ui = renderApp('/notifications');
    await ui.user.click(await screen.findByRole('button', { name: '로그인 / 회원가입' }));
    expect(ui.currentPath()).toBe('/login');
  });
});
