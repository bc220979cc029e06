import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PROFILE } from './msw/fixtures';
import { acceptAlert } from './alerts';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';

// Issue 29: a suspended student still reads my page, which says why and until when; a seat is refused with the
// server's words where 참가신청 was tapped.

function suspendedMainPage(suspension: { reason: string; ends_at: string | null } | null) {
  signInAs();
  localStorage.setItem('user', JSON.stringify({ id: 7, username: 'minji_kim', name: '김민지' }));
  server.use(http.get('/api/mypage/main/', () => HttpResponse.json({ ...PROFILE, suspension })));
}

// Next year's date reads with its year whatever day the test runs; the end of 1월 4일 in Seoul is 1월 5일 00:00.
const nextYear = new Date().getFullYear() + 1;

describe('a suspended student', () => {
  it("reads the suspension on my page: the operator's reason and the last day, and what stays open", async () => {
    suspendedMainPage({ reason: '파티 중 폭언', ends_at: `${nextYear}-01-05T00:00:00+09:00` });
    renderApp('/mypage');
    const notice = await screen.findByRole('region', { name: '이용이 정지된 계정이에요' });
    expect(within(notice).getByText('파티 중 폭언')).toBeInTheDocument();
    expect(within(notice).getByText(`${nextYear}년 1월 4일까지`)).toBeInTheDocument();
    expect(notice).toHaveTextContent('정지 중에는 파티 참가 신청, 결제, 대기 신청을 할 수 없어요.');
    // The rest of my page is there as always.
    expect(screen.getByRole('heading', { name: '김민지' })).toBeInTheDocument();
  });

  it('reads a suspension without an end as 기한 없음', async () => {
    suspendedMainPage({ reason: '노쇼 반복', ends_at: null });
    renderApp('/mypage');
    const notice = await screen.findByRole('region', { name: '이용이 정지된 계정이에요' });
    expect(within(notice).getByText('기한 없음')).toBeInTheDocument();
  });

  it('sees no notice once the suspension is over', async () => {
    suspendedMainPage(null);
    renderApp('/mypage');
    expect(await screen.findByRole('heading', { name: '김민지' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '이용이 정지된 계정이에요' })).not.toBeInTheDocument();
  });

  it("is told at 참가신청 why the seat is refused, in the server's words, and stays on the party", async () => {
    signInAs();
    const detail = '이용이 정지된 계정입니다. 사유: 파티 중 폭언 (12월 31일까지)';
    server.use(http.post('/api/reserve/join/5/', () => HttpResponse.json({ detail, code: 'suspended' }, { status: 403 })));
    const ui = renderApp('/partyinfo/5');
    await ui.user.click(await screen.findByRole('button', { name: '참가신청' }));
    await acceptAlert(ui.user, detail);
    expect(ui.currentPath()).toBe('/partyinfo/5');
    expect(screen.getByRole('button', { name: '참가신청' })).toBeEnabled();
  });
});
