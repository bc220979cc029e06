import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PARTICIPATION } from './msw/fixtures';
import { acceptAlert, expectNoAlert } from './alerts';
import { server } from './msw/server';
import { renderAppInBrowser, signInAs } from './render-app';
import { nextTimerTurn, recordRequests } from './sent-requests';

const STATE = { participationId: 31, partyId: 5 };
const POLICY =
  '결제 후 파티 시작 24시간 전까지 취소하면 보증금 전액이 환불되며, 이후 취소 시 환불되지 않습니다. 파티에 참석해 체크인하면 보증금은 포인트로 돌려드립니다.';

let requests: ReturnType<typeof recordRequests>;

/** The backend of one payment: counts the leave calls the screen sends and records pay bodies. */
function paymentBackend(participation = PARTICIPATION, participationAnswered?: Promise<void>) {
  requests = recordRequests();
  const calls = {
    pay: [] as unknown[],
    get leave() {
      return requests.sent('POST', '/api/detailview/parties/5/leave/');
    },
  };
  server.use(
    http.get('/api/reserve/participation/31/', async () => {
      await participationAnswered;
      return HttpResponse.json(participation);
    }),
    http.post('/api/detailview/parties/5/leave/', () => HttpResponse.json({ status: 'cancelled', refunded: 0 })),
    http.post('/api/reserve/pay/31/', async ({ request }) => {
      calls.pay.push(await request.json());
      return HttpResponse.json({ remaining_points: 9500, amount: 3000 });
    }),
  );
  return calls;
}

async function openPayment(ui = renderAppInBrowser('/payment', STATE)) {
  await screen.findByText('12,500P', { exact: false });
  return ui;
}

describe('/payment', () => {
  // A screen left unpaid at the end of a test sends its leave as it unmounts: let that leave be sent and answered
  // here, so it never reaches the next test's backend.
  afterEach(async () => {
    cleanup();
    await nextTimerTurn();
    await requests?.settled();
  });

  it('shows the amounts, loading text first, then the deposit in p and the points in P', async () => {
    signInAs();
    let answer = () => undefined as void;
    paymentBackend(PARTICIPATION, new Promise<void>((resolve) => (answer = resolve)));
    renderAppInBrowser('/payment', STATE);
    expect(await screen.findByRole('heading', { name: '예약 보증금 결제' })).toBeInTheDocument();
    expect(screen.getAllByText('로딩 중...').length).toBeGreaterThan(0);
    answer();

    // The rows' labels are there while loading too: wait for the amount itself.
    const rows = screen.getByText('보증금');
    await waitFor(() => expect(rows.nextElementSibling).toHaveTextContent('3,000p'));
    expect(screen.getByText('파티 참가비').nextElementSibling).toHaveTextContent('무료');
    expect(screen.getByText('총 결제 금액').nextElementSibling).toHaveTextContent('3,000p');
    const method = screen.getByRole('radio', { name: /포인트 차감/ });
    expect(method).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByText('보유 포인트 12,500P')).toBeInTheDocument();
    expect(screen.getByText(POLICY)).toBeInTheDocument();
  });

  it('keeps 결제하기 disabled until the refund policy is agreed, and alerts if submitted anyway', async () => {
    signInAs();
    const calls = paymentBackend();
    const ui = await openPayment();
    const pay = screen.getByRole('button', { name: '결제하기' });
    expect(pay).toBeDisabled();
    const agree = screen.getByRole('checkbox', { name: '환불 정책에 동의합니다' });
    expect(agree).toHaveAccessibleDescription(POLICY);
    fireEvent.submit(pay.closest('form')!);
    await acceptAlert(ui.user, '환불 정책에 동의해야 결제할 수 있습니다.');
    // The box is marked and focused, with what is missing beside it after the policy it agrees to.
    expect(agree).toBeInvalid();
    expect(agree).toHaveFocus();
    expect(agree).toHaveAccessibleDescription(`${POLICY} 환불 정책에 동의해야 결제할 수 있습니다.`);

    await ui.user.click(agree);
    expect(agree).toBeValid();
    expect(agree).toHaveAccessibleDescription(POLICY);
    expect(pay).toBeEnabled();
    expect(calls.pay).toEqual([]);
  });

  it('pays with points, shows the amount used, and goes to /paymentfinish without leaving', async () => {
    signInAs();
    const calls = paymentBackend();
    const ui = await openPayment();
    await ui.user.click(screen.getByRole('checkbox', { name: '환불 정책에 동의합니다' }));
    await ui.user.click(screen.getByRole('button', { name: '결제하기' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('결제 완료! 사용 포인트: 3,000P');
    expect(calls.pay).toEqual([{ payment_method: 'POINT' }]);
    await ui.user.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await screen.findByRole('heading', { name: '예약이 완료되었습니다' })).toBeInTheDocument();
    expect(ui.currentPath()).toBe('/paymentfinish');
    await nextTimerTurn();
    expect(calls.leave).toBe(0);
  });

  it("alerts the server's reason for a failed payment, or the default text", async () => {
    signInAs();
    paymentBackend();
    server.use(http.post('/api/reserve/pay/31/', () => HttpResponse.json({ detail: '포인트가 부족합니다.' }, { status: 400 })));
    const ui = await openPayment();
    await ui.user.click(screen.getByRole('checkbox', { name: '환불 정책에 동의합니다' }));
    await ui.user.click(screen.getByRole('button', { name: '결제하기' }));
    await acceptAlert(ui.user, '포인트가 부족합니다.');

    server.use(http.post('/api/reserve/pay/31/', () => new HttpResponse(null, { status: 502 })));
    await ui.user.click(await screen.findByRole('button', { name: '결제하기' }));
    await acceptAlert(ui.user, '결제 중 오류가 발생했습니다.');
    // No success modal behind it.
    expectNoAlert();
  });

  it('sends a Kakao account that must finish its details to /mypage/additional, keeping the seat to pay afterwards', async () => {
    signInAs();
    const calls = paymentBackend();
    server.use(
      http.post('/api/reserve/pay/31/', () =>
        HttpResponse.json({ detail: '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.', code: 'additional_info_required' }, { status: 403 }),
      ),
    );
    const ui = await openPayment();
    await ui.user.click(screen.getByRole('checkbox', { name: '환불 정책에 동의합니다' }));
    await ui.user.click(screen.getByRole('button', { name: '결제하기' }));
    await acceptAlert(ui.user, '파티에 참가하려면 학교, 전화번호, 학생증을 먼저 등록해 주세요.');
    await waitFor(() => expect(ui.currentPath()).toBe('/mypage/additional'));
    // Back to the party's page afterwards, where 결제 계속하기 finishes the payment (/payment itself would have lost
    // its reservation); the unpaid seat is not given back meanwhile.
    expect(localStorage.getItem('redirectPath')).toBe('/partyinfo/5');
    expect(await screen.findByRole('heading', { name: '추가 정보 입력' })).toBeInTheDocument();
    await nextTimerTurn();
    expect(calls.leave).toBe(0);
  });

  it('gives the seat back exactly once when the student leaves without paying', async () => {
    signInAs();
    const calls = paymentBackend();
    const ui = await openPayment();
    await ui.user.click(screen.getByRole('button', { name: '홈' }));
    await waitFor(() => expect(calls.leave).toBe(1));
    await nextTimerTurn();
    expect(calls.leave).toBe(1);
  });

  it('does not leave on StrictMode’s pretend unmount, only on the real one', async () => {
    signInAs();
    const calls = paymentBackend();
    const ui = renderAppInBrowser('/payment', STATE, { strict: true });
    await openPayment(ui);
    await nextTimerTurn();
    expect(calls.leave).toBe(0);
    expectNoAlert();
    ui.unmount();
    await waitFor(() => expect(calls.leave).toBe(1));
  });

  it('asks before back leaves with an unpaid hold: 계속 결제하기 keeps the seat and the page, the other choice gives it back and leaves', async () => {
    signInAs();
    const calls = paymentBackend();
    // Arrived from the party's page.
    window.history.pushState(null, '', '/partyinfo/5');
    window.history.pushState(null, '', '/payment');
    const ui = await openPayment();
    // Back (the browser's, or ‹, which goes back in history) takes the page's own entry and asks.
    window.history.back();
    const ask = await screen.findByRole('alertdialog', { name: '결제를 그만둘까요?' });
    await ui.user.click(within(ask).getByRole('button', { name: '계속 결제하기' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(ui.currentPath()).toBe('/payment');
    expect(screen.getByRole('button', { name: '결제하기' })).toBeInTheDocument();
    await nextTimerTurn();
    expect(calls.leave).toBe(0);

    // Asked again at the next back: the page put its entry back.
    await ui.user.click(screen.getByRole('button', { name: '뒤로 가기' }));
    const again = await screen.findByRole('alertdialog', { name: '결제를 그만둘까요?' });
    await ui.user.click(within(again).getByRole('button', { name: '신청 취소하고 나가기' }));
    await waitFor(() => expect(calls.leave).toBe(1));
    await waitFor(() => expect(ui.currentPath()).toBe('/partyinfo/5'));
    await nextTimerTurn();
    expect(calls.leave).toBe(1);
  });

  it('says so when the hold ended while away, and offers the way to the party page', async () => {
    signInAs();
    paymentBackend({ ...PARTICIPATION, status: 'expired' });
    const ui = renderAppInBrowser('/payment', STATE);
    expect(await screen.findByText('결제 가능 시간이 지났거나 취소된 신청입니다. 파티를 다시 신청해 주세요.')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '파티 페이지로 가기' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/partyinfo/5'));
  });

  it('re-reads the hold when the tab comes back: a hold that ended while it was hidden is said, with the way on', async () => {
    signInAs();
    const calls = paymentBackend({ ...PARTICIPATION, hold_expires_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    const ui = await openPayment();
    expect(screen.getByRole('button', { name: '결제하기' })).toBeInTheDocument();

    // The student switches to another app; meanwhile the server ends the hold (its sweep, or a leave elsewhere).
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    server.use(http.get('/api/reserve/participation/31/', () => HttpResponse.json({ ...PARTICIPATION, status: 'expired' })));
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));

    expect(await screen.findByText('결제 가능 시간이 지났거나 취소된 신청입니다. 파티를 다시 신청해 주세요.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '결제하기' })).not.toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '파티 페이지로 가기' }));
    await waitFor(() => expect(ui.currentPath()).toBe('/partyinfo/5'));
    await nextTimerTurn();
    expect(calls.leave).toBe(0);
  });

  it('never cancels a reservation that is already paid', async () => {
    signInAs();
    const calls = paymentBackend({ ...PARTICIPATION, status: 'confirmed' });
    const ui = renderAppInBrowser('/payment', STATE);
    await ui.user.click(await screen.findByRole('button', { name: '파티비서로 가기' }));
    await nextTimerTurn();
    expect(calls.leave).toBe(0);
  });

  it('shows the hold left when the server gives one', async () => {
    signInAs();
    paymentBackend({ ...PARTICIPATION, hold_expires_at: new Date(Date.now() + 14 * 60_000 + 30_000).toISOString() });
    renderAppInBrowser('/payment', STATE);
    expect(await screen.findByRole('status')).toHaveTextContent(/결제 가능 시간 14:(30|29) 남음/);
  });

  it('alerts and goes back when the reservation state is missing', async () => {
    signInAs();
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const ui = renderAppInBrowser('/payment', null);
    await acceptAlert(ui.user, '예약 정보가 없습니다. 다시 시도해주세요.');
    await waitFor(() => expect(ui.currentPath()).toBe('/'));
    expectNoAlert();
  });

  it('uses history.back() when there is somewhere to go back to', async () => {
    signInAs();
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const ui = renderAppInBrowser('/payment', { participationId: 'x' });
    await acceptAlert(ui.user, '예약 정보가 없습니다. 다시 시도해주세요.');
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
  });

  it('asks a guest to log in and loads nothing', async () => {
    let loads = 0;
    server.use(
      http.get('/api/reserve/participation/:id/', () => {
        loads += 1;
        return HttpResponse.json(PARTICIPATION);
      }),
    );
    renderAppInBrowser('/payment', STATE);
    expect(await screen.findByRole('dialog')).toHaveTextContent('로그인이 필요한 서비스입니다.');
    expect(loads).toBe(0);
    expectNoAlert();
  });
});

describe('/paymentfinish', () => {
  it('opened directly, without a payment, goes home', async () => {
    const ui = renderAppInBrowser('/paymentfinish');
    await waitFor(() => expect(ui.currentPath()).toBe('/'));
    expect(screen.queryByRole('heading', { name: '예약이 완료되었습니다' })).not.toBeInTheDocument();
  });

  it('confirms with 확인 to /assist, replacing the finish screen in history', async () => {
    // Reached through a payment (or reloaded there): the payment leaves its mark in history.state.
    const ui = renderAppInBrowser('/paymentfinish', { flowDone: '/paymentfinish' });
    const before = window.history.length;
    expect(await screen.findByRole('heading', { name: '예약이 완료되었습니다' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '뒤로 가기' })).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '확인' }));
    expect(ui.currentPath()).toBe('/assist');
    expect(window.history.length).toBe(before);
  });
});
