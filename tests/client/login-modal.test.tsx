import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderAppInBrowser } from './render-app';

describe('login-required modal', () => {
  it('moves focus into the dialog', async () => {
    renderApp('/notifications');
    const dialog = await screen.findByRole('dialog');
    // A native dialog shown with showModal() (the page behind is inert in a browser).
    expect(dialog).toBeInstanceOf(HTMLDialogElement);
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const ui = renderApp('/partyinfo/5');
    const join = await screen.findByRole('button', { name: '참가신청' });
    await ui.user.click(join);
    expect(await screen.findByRole('dialog')).toHaveFocus();
    await ui.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(join).toHaveFocus();
  });

  it('gives focus back after its ✕ too', async () => {
    const ui = renderApp('/partyinfo/5');
    const join = await screen.findByRole('button', { name: '참가신청' });
    await ui.user.click(join);
    await ui.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(join).toHaveFocus();
  });

  it('stays open under StrictMode, whose replayed effect closes the dialog and opens it again', async () => {
    // `close` comes a task after a closing, when the dialog is already open again: it must not dismiss it.
    let closes = 0;
    const count = () => (closes += 1);
    document.addEventListener('close', count, true);
    try {
      renderAppInBrowser('/notifications', null, { strict: true });
      const dialog = await screen.findByRole('dialog');
      await waitFor(() => expect(closes).toBeGreaterThan(0));
      expect(dialog).toHaveAttribute('open');
      expect(screen.getByRole('dialog')).toBe(dialog);
    } finally {
      document.removeEventListener('close', count, true);
    }
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
