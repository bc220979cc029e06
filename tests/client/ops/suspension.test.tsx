import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

// Issue 29: the suspension panel on a student's console page, and the marks beside a student in the list.

type Suspension = { id: number; reason: string; ends_at: string | null; refund_in_full: boolean; actor: string; created_at: string };
const student = (extra: object = {}) => ({
  id: 3,
  username: 'minji',
  name: '김민지',
  phone: '01012345678',
  school: '한빛대학교',
  points: 10_500,
  verification_status: 'approved',
  withdrawn: false,
  created_at: '2026-03-01T01:00:00Z',
  warnings: 0,
  warnings_since_suspension: 0,
  suspension: null as Suspension | null,
  suspension_suggested: false,
  ...extra,
});
const nextYear = new Date().getFullYear() + 1;

beforeEach(() => {
  sessionStorage.setItem('partyon.ops.session', JSON.stringify({ token: 'ops_token', operator: { id: 1, username: 'ops_demo' } }));
});

/** The student's page, answering with the suspension as it stands, suspended and lifted through the routes. */
function studentServer(start: object = {}) {
  const state = { user: student(start), posted: [] as unknown[], lifted: 0, refuse: null as Record<string, string[]> | null };
  server.use(
    http.get('/api/ops/users/3/ledger/', () => HttpResponse.json({ user: state.user, results: [], next_before_id: null })),
    http.post('/api/ops/users/3/suspension/', async ({ request }) => {
      const body = (await request.json()) as { reason: string; ends_at: string | null; refund_in_full: boolean };
      state.posted.push(body);
      if (state.refuse) return HttpResponse.json(state.refuse, { status: 400 });
      const suspension = { id: 1, reason: body.reason, ends_at: body.ends_at, refund_in_full: body.refund_in_full, actor: 'ops_demo', created_at: '2026-03-02T01:00:00Z' };
      state.user = { ...state.user, suspension, suspension_suggested: false, warnings_since_suspension: 0 };
      return HttpResponse.json({ suspension, released: [{ party: 7, participation: 9, refunded: 2000 }], waitlist_left: [] }, { status: 201 });
    }),
    http.delete('/api/ops/users/3/suspension/', () => {
      state.lifted += 1;
      state.user = { ...state.user, suspension: null };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

describe('/ops/users/:id suspension', () => {
  it('suspends after a confirm, until the end of the chosen day in Seoul, and shows the suspension in force', async () => {
    const state = studentServer();
    const ui = renderApp('/ops/users/3');
    const panel = await screen.findByRole('region', { name: '이용 정지' });
    await ui.user.type(within(panel).getByLabelText('정지 사유'), '파티 중 폭언');
    fireEvent.change(within(panel).getByLabelText('종료일'), { target: { value: `${nextYear}-01-04` } });
    await ui.user.click(within(panel).getByRole('checkbox', { name: '예정된 파티의 보증금을 모두 환불' }));
    await ui.user.click(within(panel).getByRole('button', { name: '이용 정지' }));
    const confirm = await screen.findByRole('alertdialog', { name: '김민지 학생의 이용을 정지할까요?' });
    expect(state.posted).toEqual([]);
    await ui.user.click(within(confirm).getByRole('button', { name: '이용 정지' }));

    expect(await within(panel).findByText('이용 정지 중')).toBeInTheDocument();
    expect(state.posted).toEqual([{ reason: '파티 중 폭언', ends_at: `${nextYear}-01-04T15:00:00.000Z`, refund_in_full: true }]);
    expect(panel).toHaveTextContent('김민지 학생의 이용을 정지했습니다. 참가 1건을 취소하고 2,000P를 환불했습니다.');
    expect(within(panel).getByText('파티 중 폭언')).toBeInTheDocument();
    expect(within(panel).getByText(`${nextYear}년 1월 4일까지`)).toBeInTheDocument();
    expect(within(panel).getByText('보증금 전액 환불')).toBeInTheDocument();
  });

  it('checks the reason and the end date before sending, and puts the server’s words beside the field', async () => {
    const state = studentServer();
    const ui = renderApp('/ops/users/3');
    const panel = await screen.findByRole('region', { name: '이용 정지' });
    await ui.user.click(within(panel).getByRole('button', { name: '이용 정지' }));
    expect(within(panel).getByLabelText('정지 사유')).toHaveAccessibleDescription(expect.stringContaining('정지 사유를 입력해 주세요.'));
    expect(within(panel).getByLabelText('정지 사유')).toHaveFocus();
    expect(within(panel).getByLabelText('종료일')).toHaveAccessibleDescription(expect.stringContaining('종료일을 선택해 주세요.'));

    await ui.user.type(within(panel).getByLabelText('정지 사유'), '노쇼');
    fireEvent.change(within(panel).getByLabelText('종료일'), { target: { value: '2000-01-01' } });
    await ui.user.click(within(panel).getByRole('button', { name: '이용 정지' }));
    expect(within(panel).getByLabelText('종료일')).toHaveAccessibleDescription(expect.stringContaining('종료일은 오늘이나 그 뒤여야 합니다.'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    // No end at all; the server refuses (its clock is the judge) and says why beside the field.
    state.refuse = { reason: ['정지 사유는 200자까지 쓸 수 있습니다.'] };
    await ui.user.click(within(panel).getByRole('radio', { name: '기한 없음 (해제할 때까지)' }));
    expect(within(panel).queryByLabelText('종료일')).not.toBeInTheDocument();
    await ui.user.click(within(panel).getByRole('button', { name: '이용 정지' }));
    await ui.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '이용 정지' }));
    expect(await within(panel).findByText('정지 사유는 200자까지 쓸 수 있습니다.')).toBeInTheDocument();
    expect(state.posted).toEqual([{ reason: '노쇼', ends_at: null, refund_in_full: false }]);
    expect(within(panel).getByLabelText('정지 사유')).toHaveValue('노쇼');
  });

  it('lifts the suspension in force after a confirm, and the form comes back', async () => {
    const suspension = { id: 1, reason: '노쇼 반복', ends_at: null, refund_in_full: false, actor: 'ops_demo', created_at: '2026-03-02T01:00:00Z' };
    const state = studentServer({ suspension, warnings: 3, warnings_since_suspension: 0 });
    const ui = renderApp('/ops/users/3');
    const panel = await screen.findByRole('region', { name: '이용 정지' });
    expect(within(panel).getByText('기한 없음')).toBeInTheDocument();
    expect(within(panel).getByText('경고 3회 (지난 정지 이후 0회)')).toBeInTheDocument();
    await ui.user.click(within(panel).getByRole('button', { name: '정지 해제' }));
    const confirm = await screen.findByRole('alertdialog', { name: '김민지 학생의 이용 정지를 해제할까요?' });
    await ui.user.click(within(confirm).getByRole('button', { name: '정지 해제' }));
    expect(await within(panel).findByLabelText('정지 사유')).toBeInTheDocument();
    expect(panel).toHaveTextContent('김민지 학생의 이용 정지를 해제했습니다.');
    expect(state.lifted).toBe(1);
  });

  it('suggests a suspension at three warnings, on the page and beside the student in the list', async () => {
    studentServer({ warnings: 3, warnings_since_suspension: 3, suspension_suggested: true });
    server.use(http.get('/api/ops/users/', () => HttpResponse.json([student({ warnings: 3, warnings_since_suspension: 3, suspension_suggested: true }), student({ id: 4, name: '이준호', username: 'junho', suspension: { id: 2, reason: '노쇼', ends_at: null, refund_in_full: false, actor: 'token', created_at: '2026-03-02T01:00:00Z' } })])));
    const ui = renderApp('/ops/users');
    expect(within(await screen.findByRole('row', { name: /김민지/ })).getByText('정지 검토 (경고 3회)')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /이준호/ })).getByText('정지 중')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('link', { name: '김민지 @minji' }));
    const panel = await screen.findByRole('region', { name: '이용 정지' });
    expect(within(panel).getByText('경고가 3회 이상 쌓였습니다. 이용 정지를 검토해 주세요.')).toBeInTheDocument();
  });

  it('has nothing to offer for a withdrawn account', async () => {
    studentServer({ withdrawn: true });
    renderApp('/ops/users/3');
    expect(await screen.findByRole('heading', { name: /김민지/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '이용 정지' })).not.toBeInTheDocument();
  });
});
