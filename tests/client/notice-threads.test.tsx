import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../src/shared/parties';
import { server } from './msw/server';
import { renderAppInBrowser, signInAs } from './render-app';

const party = (id: number, title: string) => ({ party_id: id, party_title: title, link: `/partyinfo/${id}` });
// Newest first, as the server sends them: two parties' news interleaved, and a card decision about no party.
const NOTICES: Notice[] = [
  { id: 6, message: "'보드게임 번개' 대기실이 열렸어요.", created_at: '2030-05-04T10:00:00Z', is_read: false, ...party(5, '보드게임 번개') },
  { id: 5, message: "'치킨 모임' 파티가 취소되었습니다.", created_at: '2030-05-03T12:00:00Z', is_read: false, ...party(8, '치킨 모임') },
  { id: 4, message: "'보드게임 번개' 파티가 1시간 뒤 시작됩니다.", created_at: '2030-05-03T09:00:00Z', is_read: false, ...party(5, '보드게임 번개') },
  { id: 3, message: '학생증 확인이 끝났습니다.', created_at: '2030-05-02T10:30:00Z', is_read: false, link: '/mypage', party_id: null, party_title: null },
  { id: 2, message: "'보드게임 번개' 결제가 완료되었습니다.", created_at: '2030-05-01T09:10:00Z', is_read: true, ...party(5, '보드게임 번개') },
  { id: 1, message: "'보드게임 번개' 참가 신청이 접수되었습니다.", created_at: '2030-05-01T09:00:00Z', is_read: true, ...party(5, '보드게임 번개') },
];

/** A notice button's message, without its 읽지 않음 mark and its time. */
const messageOf = (button: HTMLElement) => button.querySelector('.notice__message')?.textContent;

/** A server that keeps what was marked read; counts the calls that marked it. */
function noticeBackend() {
  const read = new Set(NOTICES.filter((n) => n.is_read).map((n) => n.id));
  const calls = { patched: [] as number[], readAll: 0 };
  server.use(
    http.get('/api/notice/', () => HttpResponse.json(NOTICES.map((n) => ({ ...n, is_read: read.has(n.id) })))),
    http.get('/api/notice/unread-count/', () => HttpResponse.json({ count: NOTICES.length - read.size })),
    http.patch('/api/notice/:id/', ({ params }) => {
      calls.patched.push(Number(params.id));
      read.add(Number(params.id));
      return HttpResponse.json({ ...NOTICES.find((n) => n.id === Number(params.id)), is_read: true });
    }),
    http.post('/api/notice/read-all/', () => {
      calls.readAll += 1;
      const marked = NOTICES.length - read.size;
      for (const n of NOTICES) read.add(n.id);
      return HttpResponse.json({ marked });
    }),
  );
  return calls;
}

describe('the notification list', () => {
  it("reads one party's news as one thread, newest first, with a count; the earlier notices open on demand", async () => {
    signInAs();
    noticeBackend();
    const ui = renderAppInBrowser('/notifications');
    const list = await screen.findByRole('heading', { name: /보드게임 번개/ });
    expect(list).toHaveTextContent('보드게임 번개 알림 4개 · 안 읽음 2');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    // Threads in the order of their newest notice; the card decision stands alone, with no heading.
    expect(headings).toEqual(['보드게임 번개 알림 4개 · 안 읽음 2', '치킨 모임 알림 1개 · 안 읽음 1']);
    const items = screen.getAllByRole('button', { name: /'|학생증/ }).map(messageOf);
    expect(items).toEqual(NOTICES.filter((n) => [6, 5, 3].includes(n.id)).map((n) => n.message));

    const thread = screen.getByRole('list', { name: /보드게임 번개/ });
    expect(within(thread).getAllByRole('button')).toHaveLength(1);
    await ui.user.click(screen.getByRole('button', { name: '이전 알림 3개 보기' }));
    const earlier = screen.getAllByRole('list', { name: /보드게임 번개/ });
    expect(earlier).toHaveLength(2);
    expect(within(earlier[1]).getAllByRole('button').map(messageOf)).toEqual(NOTICES.filter((n) => [4, 2, 1].includes(n.id)).map((n) => n.message));
    await ui.user.click(screen.getByRole('button', { name: '이전 알림 접기' }));
    expect(screen.getAllByRole('list', { name: /보드게임 번개/ })).toHaveLength(1);
  });

  it("opening a thread's notice reads the whole thread, and the bell follows", async () => {
    signInAs();
    const calls = noticeBackend();
    const ui = renderAppInBrowser('/notifications');
    expect(await screen.findByRole('button', { name: '알림 4개 안 읽음' })).toBeInTheDocument();
    await ui.user.click(await screen.findByRole('button', { name: /대기실이 열렸어요/ }));
    await waitFor(() => expect(ui.currentPath()).toBe('/partyinfo/5'));
    await waitFor(() => expect(calls.patched.sort()).toEqual([4, 6]));
    expect(await screen.findByRole('button', { name: '알림 2개 안 읽음' })).toBeInTheDocument();
  });

  it('모두 읽음 marks everything read with one call, says so, and the bell goes quiet', async () => {
    signInAs();
    const calls = noticeBackend();
    const ui = renderAppInBrowser('/notifications');
    await ui.user.click(await screen.findByRole('button', { name: '모두 읽음' }));
    expect(await screen.findByRole('status')).toHaveTextContent('모든 알림을 읽음으로 표시했어요.');
    expect(calls).toEqual({ patched: [], readAll: 1 });
    for (const b of screen.getAllByRole('button', { name: /'|학생증/ })) expect(b).not.toHaveTextContent('읽지 않음');
    expect(screen.queryByRole('button', { name: '모두 읽음' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '알림' })).not.toHaveTextContent(/\d/);
    expect(ui.currentPath()).toBe('/notifications');
  });

  it('keeps the dots and says so when 모두 읽음 fails', async () => {
    signInAs();
    noticeBackend();
    server.use(http.post('/api/notice/read-all/', () => HttpResponse.json({ detail: '잠시 후 다시 시도해 주세요.' }, { status: 503 })));
    const ui = renderAppInBrowser('/notifications');
    await ui.user.click(await screen.findByRole('button', { name: '모두 읽음' }));
    expect(await screen.findByRole('status')).toHaveTextContent('읽음으로 표시하지 못했습니다. 다시 시도해 주세요.');
    expect(screen.getByRole('button', { name: /대기실이 열렸어요/ })).toHaveTextContent('읽지 않음');
    expect(screen.getByRole('button', { name: '모두 읽음' })).toBeInTheDocument();
  });
});
