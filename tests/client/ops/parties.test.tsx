import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';
import { opsAttendee, signInOperator } from './ops-fixtures';

const SUMMARY = {
  id: 7,
  title: '보드게임 번개',
  start_time: '2026-03-03T10:00:00Z',
  status: 'open',
  phase: 'in_progress',
  place: { id: 1, name: '학생회관' },
  tags: [],
  deposit: 1500,
  max_participants: 8,
  applied_count: 2,
  paid_count: 2,
  checked_in_count: 1,
  no_show_count: 0,
};
beforeEach(signInOperator);

describe('/ops/parties', () => {
  it('lists the parties and opens one with its attendees', async () => {
    server.use(
      http.get('/api/ops/parties/', () => HttpResponse.json([SUMMARY])),
      http.get('/api/ops/parties/7/', () =>
        HttpResponse.json({ ...SUMMARY, description: '보드게임 하실 분', attendees: [opsAttendee(1, '김민지', { checked_in_at: '2026-03-03T09:50:00Z', deposit_state: 'returned' }), opsAttendee(2, '이서준')] }),
      ),
    );
    const ui = renderApp('/ops/parties');
    await ui.user.click(await screen.findByRole('link', { name: '보드게임 번개' }));
    expect(await screen.findByRole('heading', { name: /보드게임 번개/ })).toBeInTheDocument();
    expect(ui.currentPath()).toBe('/ops/parties/7');
    const checkedIn = screen.getByRole('row', { name: /김민지/ });
    expect(within(checkedIn).getByText('반환됨')).toBeInTheDocument();
    expect(within(checkedIn).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /이서준/ })).getByRole('button', { name: '이서준 수동 체크인' })).toBeEnabled();
  });

  it('checks in a student whose phone died and says the deposit went back', async () => {
    let checkedIn = false;
    server.use(
      http.get('/api/ops/parties/7/', () =>
        HttpResponse.json({
          ...SUMMARY,
          description: '',
          attendees: [opsAttendee(2, '이서준', checkedIn ? { checked_in_at: '2026-03-03T10:05:00Z', deposit_state: 'returned' } : {})],
        }),
      ),
      http.post('/api/ops/parties/7/participants/2/check-in/', () => {
        checkedIn = true;
        return HttpResponse.json({ participation_id: 102, user: 2, checked_in_at: '2026-03-03T10:05:00Z', deposit_state: 'returned', checked_in_now: true, returned_points: 1500 });
      }),
    );
    const ui = renderApp('/ops/parties/7');
    await ui.user.click(await screen.findByRole('button', { name: '이서준 수동 체크인' }));
    expect(await screen.findByText('이서준 학생을 체크인하고 보증금 1,500P를 돌려주었습니다.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /이서준/ });
    expect(await within(row).findByText('반환됨')).toBeInTheDocument();
  });

  it("shows the server's reason when a check-in is refused", async () => {
    server.use(
      http.get('/api/ops/parties/7/', () => HttpResponse.json({ ...SUMMARY, description: '', attendees: [opsAttendee(2, '이서준')] })),
      http.post('/api/ops/parties/7/participants/2/check-in/', () => HttpResponse.json({ detail: '체크인 시간이 지났습니다.' }, { status: 409 })),
    );
    const ui = renderApp('/ops/parties/7');
    await ui.user.click(await screen.findByRole('button', { name: '이서준 수동 체크인' }));
    expect(await screen.findByText('체크인 시간이 지났습니다.')).toBeInTheDocument();
  });
});
