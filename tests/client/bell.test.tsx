import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../src/shared/parties';
import { server } from './msw/server';
import { renderApp, renderAppInBrowser, signInAs } from './render-app';

const NOTICES: Notice[] = [
  { id: 1, message: "'보드게임 번개' 참가 신청이 접수되었습니다.", created_at: '2030-05-03T10:30:00Z', is_read: false, link: '/partyinfo/5', party_id: 5, party_title: '보드게임 번개' },
  { id: 2, message: '학생증 확인이 끝났습니다.', created_at: '2030-05-02T10:30:00Z', is_read: false, link: '/mypage', party_id: null, party_title: null },
  { id: 3, message: '예약금이 반환되었습니다.', created_at: '2030-05-01T09:00:00Z', is_read: false, link: null, party_id: null, party_title: null },
];

/** A server whose count follows what has been marked read. */
function noticeBackend() {
  const read = new Set<number>();
  server.use(
    http.get('/api/notice/', () => HttpResponse.json(NOTICES.map((n) => ({ ...n, is_read: read.has(n.id) })))),
    http.get('/api/notice/unread-count/', () => HttpResponse.json({ count: NOTICES.length - read.size })),
    http.patch('/api/notice/:id/', ({ params }) => {
      read.add(Number(params.id));
      return HttpResponse.json({ ...NOTICES.find((n) => n.id === Number(params.id)), is_read: true });
    }),
  );
}

describe('the bell', () => {
  it('has no count for a guest, and asks nothing', async () => {
    let asked = 0;
    server.use(
      http.get('/api/notice/unread-count/', () => {
        asked += 1;
        return HttpResponse.json({ count: 5 });
      }),
    );
    renderApp('/');
    await screen.findByRole('heading', { name: '게스트님을 위한 추천 파티' });
    expect(screen.getByRole('button', { name: '알림' })).not.toHaveTextContent(/\d/);
    expect(asked).toBe(0);
  });

  it('shows how many notices are unread, by number and by name', async () => {
    signInAs();
    noticeBackend();
    renderApp('/');
    const bell = await screen.findByRole('button', { name: '알림 3개 안 읽음' });
    expect(bell).toHaveTextContent('3');
  });

  it('opens the party a notice is about, and the bell counts one fewer afterwards', async () => {
    signInAs();
    noticeBackend();
    const ui = renderAppInBrowser('/');
    await ui.user.click(await screen.findByRole('button', { name: '알림 3개 안 읽음' }));
    await ui.user.click(await screen.findByRole('button', { name: /보드게임 번개/ }));
    await waitFor(() => expect(ui.currentPath()).toBe('/partyinfo/5'));

    act(() => {
      window.history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('button', { name: '알림 2개 안 읽음' })).toHaveTextContent('2');
  });

  it('opens my page for a card decision, and stays on the list for a notice about nothing in particular', async () => {
    signInAs();
    noticeBackend();
    const ui = renderAppInBrowser('/notifications');
    await ui.user.click(await screen.findByRole('button', { name: /예약금이 반환되었습니다/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /예약금이 반환되었습니다/ })).not.toHaveTextContent('읽지 않음'));
    expect(ui.currentPath()).toBe('/notifications');
    await ui.user.click(screen.getByRole('button', { name: /학생증 확인이 끝났습니다/ }));
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage'));
  });
});
