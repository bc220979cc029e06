import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';
import { recordRequests } from '../sent-requests';
import { opsAttendee, opsPartyDetail, signInOperator } from './ops-fixtures';

const PARTY = opsPartyDetail({
  applied_count: 3,
  paid_count: 2,
  attendees: [opsAttendee(1, '김민지'), opsAttendee(2, '이서준'), opsAttendee(3, '박하늘', { status: 'pending', paid_amount: null, deposit_state: 'none' })],
});

beforeEach(signInOperator);

describe('파티 취소', () => {
  it('asks first, saying who is affected and what comes back; Escape leaves the party as it was', async () => {
    server.use(http.get('/api/ops/parties/7/', () => HttpResponse.json(PARTY)));
    const requests = recordRequests();
    const ui = renderApp('/ops/parties/7');
    const opener = await screen.findByRole('button', { name: '파티 취소' });
    await ui.user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: '이 파티를 취소할까요?' });
    expect(dialog).toHaveFocus();
    expect(dialog).toHaveAccessibleDescription(/신청한 학생 3명\(결제 2명\)의 참가가 모두 취소되고/);
    expect(dialog).toHaveTextContent('맡아 둔 보증금 3,000P는 2명에게 모두 포인트로 돌려줍니다.');
    await ui.user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await ui.user.click(opener);
    await ui.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '그대로 두기' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests.sent('POST', '/api/ops/parties/7/cancel/')).toBe(0);
  });

  it('cancels, then says how many seats ended and how many points went back, with no way to edit or cancel again', async () => {
    let cancelled = false;
    server.use(
      http.get('/api/ops/parties/7/', () =>
        HttpResponse.json(cancelled ? { ...PARTY, status: 'cancelled', phase: 'cancelled', applied_count: 0, paid_count: 0, attendees: [] } : PARTY),
      ),
      http.post('/api/ops/parties/7/cancel/', () => {
        cancelled = true;
        return HttpResponse.json({ cancelled: 3, refunded_points: 3000 });
      }),
    );
    const ui = renderApp('/ops/parties/7');
    await ui.user.click(await screen.findByRole('button', { name: '파티 취소' }));
    await ui.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '파티 취소하기' }));
    const outcome = await screen.findByText('파티를 취소했습니다. 참가 3건을 취소하고 보증금 3,000P를 돌려주었습니다.');
    expect(outcome).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('취소된 파티는 수정할 수 없습니다.')).toBeInTheDocument();
    expect(outcome).toHaveFocus();
    expect(screen.queryByRole('button', { name: '파티 취소' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '수정' })).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s reason when the cancel fails', async () => {
    server.use(
      http.get('/api/ops/parties/7/', () => HttpResponse.json({ ...PARTY, applied_count: 0, paid_count: 0, attendees: [] })),
      http.post('/api/ops/parties/7/cancel/', () => HttpResponse.json({ detail: '서비스를 잠시 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.' }, { status: 503 })),
    );
    const ui = renderApp('/ops/parties/7');
    await ui.user.click(await screen.findByRole('button', { name: '파티 취소' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('신청한 학생이 없습니다.');
    await ui.user.click(within(dialog).getByRole('button', { name: '파티 취소하기' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('서비스를 잠시 사용할 수 없습니다.')); // the (empty) alert line is there before its words
    expect(within(dialog).getByRole('button', { name: '파티 취소하기' })).toBeEnabled();
  });
});
