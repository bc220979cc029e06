import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { LeaveQuote, PartyDetail } from '../../src/shared/parties';
import { acceptAlert } from './alerts';
import { MY_PARTY, PARTY_DETAIL, PROFILE } from './msw/fixtures';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';
import { recordRequests } from './sent-requests';

let requests: ReturnType<typeof recordRequests> | null = null;
afterEach(async () => {
  await requests?.settled();
  requests = null;
});

/** The party page's backend with my seat: the quote the server gives, and the leave after which the seat is gone. */
function seatBackend(mine: PartyDetail['my_participation'], quote: LeaveQuote, refunded: number) {
  requests = recordRequests();
  let seated = true;
  server.use(
    http.get('/api/detailview/parties/5/', () => HttpResponse.json({ ...PARTY_DETAIL, start_time: '2099-03-03T10:00:00Z', my_participation: seated ? mine : null, applied_count: seated ? 6 : 5 })),
    http.get('/api/detailview/parties/5/leave/', () => HttpResponse.json(quote)),
    http.post('/api/detailview/parties/5/leave/', () => {
      seated = false;
      return HttpResponse.json({ status: 'cancelled', refunded });
    }),
  );
  return requests;
}

const PAID = { id: 31, status: 'confirmed' as const, hold_expires_at: null };
const quote = (refund: number): LeaveQuote => ({ status: 'confirmed', paid: 3000, refund, refund_until: '2099-03-02T10:00:00Z' });

/** At `path`, taps 참가 취소 and waits for the sheet to say `what`; answers the sheet and the user. */
async function openSheet(path: string, what: string) {
  const ui = renderApp(path);
  await ui.user.click(await screen.findByRole('button', { name: '참가 취소' }));
  const sheet = await screen.findByRole('alertdialog', { name: '참가를 취소할까요?' });
  expect(await within(sheet).findByText(what)).toBeInTheDocument();
  return { ui, sheet };
}

/** Confirms in the sheet and accepts the alert that says what came back. */
async function confirmLeave(ui: { user: Parameters<typeof acceptAlert>[0] }, sheet: HTMLElement) {
  await ui.user.click(within(sheet).getByRole('button', { name: '참가 취소하기' }));
  await acceptAlert(ui.user, '참가를 취소했어요. 3,000P를 돌려드렸어요.');
}

describe('참가 취소 (issue 30 §1)', () => {
  it('says by the server’s numbers that the deposit comes back, leaves, and the page shows the seat gone without a reload', async () => {
    signInAs();
    const sent = seatBackend(PAID, quote(3000), 3000);
    const { ui, sheet } = await openSheet('/partyinfo/5', '지금 취소하면 3,000P 전액 환불');
    await confirmLeave(ui, sheet);
    expect(sent.sent('POST', '/api/detailview/parties/5/leave/')).toBe(1);
    expect(await screen.findByRole('button', { name: '참가신청' })).toBeEnabled();
    expect(screen.getByText('5 / 8명 참여')).toBeInTheDocument();
  });

  it('past the 24-hour mark, says nothing comes back; 그대로 두기 keeps the seat', async () => {
    signInAs();
    const sent = seatBackend(PAID, quote(0), 0);
    const { ui, sheet } = await openSheet('/partyinfo/5', '시작 24시간 전이 지나 환불되지 않아요');
    await ui.user.click(within(sheet).getByRole('button', { name: '그대로 두기' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.sent('POST', '/api/detailview/parties/5/leave/')).toBe(0);
    expect(screen.getByRole('button', { name: '참가 확정' })).toBeDisabled();
  });

  it('is on the assistant’s card too', async () => {
    signInAs();
    const sent = seatBackend(PAID, quote(3000), 3000);
    server.use(http.get('/api/partyassist/myparties/', () => HttpResponse.json([MY_PARTY])));
    const { ui, sheet } = await openSheet('/assist', '지금 취소하면 3,000P 전액 환불');
    await confirmLeave(ui, sheet);
    expect(sent.sent('POST', '/api/detailview/parties/5/leave/')).toBe(1);
  });

  it('offers 결제 계속하기 with the hold’s time left, and says when the hold has ended instead', async () => {
    signInAs();
    seatBackend({ id: 31, status: 'pending', hold_expires_at: new Date(Date.now() + 5 * 60_000 + 30_000).toISOString() }, { status: 'pending', paid: 0, refund: 0, refund_until: '2026-03-02T10:00:00Z' }, 0);
    const ui = renderApp('/partyinfo/5');
    expect(await screen.findByRole('button', { name: '결제 계속하기' })).toBeEnabled();
    expect(screen.getByText(/^결제 대기 05:(30|29)$/)).toBeInTheDocument();
    ui.unmount();

    seatBackend({ id: 31, status: 'pending', hold_expires_at: new Date(Date.now() - 1000).toISOString() }, { status: 'pending', paid: 0, refund: 0, refund_until: '2026-03-02T10:00:00Z' }, 0);
    renderApp('/partyinfo/5');
    expect(await screen.findByText('결제 가능 시간이 끝났어요')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '결제 계속하기' })).not.toBeInTheDocument();
  });
});

describe('a student whose card is not approved yet (issue 30 §4)', () => {
  it('sees why on home before tapping, and a join button that explains instead of joining', async () => {
    signInAs();
    requests = recordRequests();
    server.use(
      http.get('/api/mypage/main/', () => HttpResponse.json({ ...PROFILE, verification_status: 'pending' })),
      http.get('/api/homemap/home/', () =>
        HttpResponse.json([{ id: 5, title: '보드게임 번개', place_photo: null, place_name: '학생회관', start_time: '2099-01-01T10:00:00Z', applied_count: 1, max_participants: 6, tags: [] }]),
      ),
    );
    const ui = renderApp('/');
    const banner = await screen.findByRole('region', { name: '학생증 확인 중' });
    expect(banner).toHaveTextContent('확인이 끝나면 알림으로 알려 드리고');
    await ui.user.click(await screen.findByRole('button', { name: '학생증 확인 중' }));
    expect(await screen.findByRole('alertdialog', { name: '학생증 확인 중이에요' })).toBeInTheDocument();
    expect(requests.sent('POST', '/api/reserve/join/5/')).toBe(0);
  });

  it('rejected: home’s banner says 학생증 반려됨 with the operator’s reason, and 신청하기 takes them to my page instead of joining', async () => {
    signInAs();
    requests = recordRequests();
    const reason = '학생증 사진이 흐려 이름을 읽을 수 없습니다';
    server.use(
      http.get('/api/mypage/main/', () => HttpResponse.json({ ...PROFILE, verification_status: 'rejected', verification_reason: reason })),
      http.get('/api/homemap/home/', () =>
        HttpResponse.json([{ id: 5, title: '보드게임 번개', place_photo: null, place_name: '학생회관', start_time: '2099-01-01T10:00:00Z', applied_count: 1, max_participants: 6, tags: [] }]),
      ),
    );
    const ui = renderApp('/');
    const banner = await screen.findByRole('region', { name: '학생증 반려됨' });
    expect(banner).toHaveTextContent(`학생증이 반려되었어요 (사유: ${reason}). 마이페이지에서 학생증 사진을 다시 보내 주세요.`);
    expect(within(banner).getByRole('link', { name: '마이페이지에서 확인하기' })).toHaveAttribute('href', '/mypage');
    expect(screen.queryByRole('button', { name: '신청하기' })).not.toBeInTheDocument();

    await ui.user.click(await screen.findByRole('button', { name: '학생증 반려됨' }));
    const refusal = await screen.findByRole('alertdialog', { name: '학생증이 반려되었어요' });
    expect(refusal).toHaveTextContent(reason);
    await ui.user.click(within(refusal).getByRole('button', { name: '마이페이지에서 학생증 보내기' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage'));
    expect(requests.sent('POST', '/api/reserve/join/5/')).toBe(0);
  });
});
