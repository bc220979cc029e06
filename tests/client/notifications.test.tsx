import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';

describe('/notifications as a guest', () => {
  it('shows the login-required modal instead of the list and makes no call', async () => {
    let calls = 0;
    server.use(
      http.get('/api/notice/', () => {
        calls += 1;
        return HttpResponse.json([]);
      }),
    );
    renderApp('/notifications');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('로그인이 필요한 서비스입니다.')).toBeInTheDocument();
    expect(within(dialog).getByText('신청을 계속하려면 로그인해주세요.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '카카오로 1초 만에 시작하기' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '로그인 / 회원가입' })).toBeInTheDocument();
    expect(screen.queryByText('새 알림이 없습니다.')).not.toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('goes home when the modal is closed', async () => {
    const ui = renderApp('/notifications');
    await ui.user.click(await screen.findByRole('button', { name: '닫기' }));
    expect(ui.currentPath()).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape too', async () => {
    const ui = renderApp('/notifications');
    await screen.findByRole('dialog');
    await ui.user.keyboard('{Escape}');
    expect(ui.currentPath()).toBe('/');
  });
});

describe('/notifications when signed in', () => {
  const notices = [
    { id: 1, message: '파티 신청이 완료되었습니다.', created_at: '2025-05-03T10:30:00Z', is_read: false, link: null },
    { id: 2, message: '예약금이 반환되었습니다.', created_at: '2025-05-01T09:00:00Z', is_read: true, link: null },
  ];

  it('lists the messages and marks an unread one read when tapped, only once', async () => {
    signInAs();
    const patched: Array<{ id: string; body: unknown }> = [];
    server.use(
      http.get('/api/notice/', () => HttpResponse.json(notices)),
      http.patch('/api/notice/:id/', async ({ params, request }) => {
        patched.push({ id: String(params.id), body: await request.json() });
        return HttpResponse.json({ ...notices[0], is_read: true });
      }),
    );
    const ui = renderApp('/notifications');

    expect(await screen.findByRole('heading', { name: '알림' })).toBeInTheDocument();
    const unread = await screen.findByRole('button', { name: /파티 신청이 완료되었습니다/ });
    expect(unread).toHaveTextContent('읽지 않음');
    const read = screen.getByRole('button', { name: /예약금이 반환되었습니다/ });
    expect(read).not.toHaveTextContent('읽지 않음');

    await ui.user.click(read);
    await ui.user.click(unread);
    await waitFor(() => expect(screen.getByRole('button', { name: /파티 신청이 완료되었습니다/ })).not.toHaveTextContent('읽지 않음'));
    await ui.user.click(screen.getByRole('button', { name: /파티 신청이 완료되었습니다/ }));
    expect(patched).toEqual([{ id: '1', body: { is_read: true } }]);
  });

  it('never says there is nothing new when the list could not be read: it says so and retries', async () => {
    signInAs();
    let calls = 0;
    server.use(
      http.get('/api/notice/', () => {
        calls += 1;
        return calls === 1 ? new HttpResponse(null, { status: 500 }) : HttpResponse.json([]);
      }),
    );
    const ui = renderApp('/notifications');
    expect(await screen.findByText('알림을 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.queryByText('새 알림이 없습니다.')).not.toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('새 알림이 없습니다.')).toBeInTheDocument();
  });

  it('says there is nothing new when the list is empty', async () => {
    signInAs();
    renderApp('/notifications');
    expect(await screen.findByText('새 알림이 없습니다.')).toBeInTheDocument();
  });

  it('treats a 401 from the list as signed out', async () => {
    signInAs('dead', '');
    localStorage.removeItem('refresh');
    server.use(http.get('/api/notice/', () => HttpResponse.json({ detail: 'expired' }, { status: 401 })));
    renderApp('/notifications');
    expect(await screen.findByRole('dialog')).toHaveTextContent('로그인이 필요한 서비스입니다.');
  });
});

describe('/notifications while loading', () => {
  it('says 로딩 중... until the list arrives', async () => {
    signInAs();
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/notice/', async () => {
        await answered;
        return HttpResponse.json([]);
      }),
    );
    renderApp('/notifications');
    expect(await screen.findByText('로딩 중...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('새 알림이 없습니다.')).toBeInTheDocument();
  });
});
