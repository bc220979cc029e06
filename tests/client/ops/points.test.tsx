import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

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
  suspension: null,
  suspension_suggested: false,
  ...extra,
});
const entry = (id: number, kind: string, amount: number, balance: number, reason: string, party: number | null = null) => ({
  id,
  kind,
  amount,
  reason,
  party,
  balance_after: balance,
  created_at: `2026-03-0${Math.min(id, 9)}T03:00:00Z`,
});

beforeEach(() => {
  sessionStorage.setItem('partyon.ops.session', JSON.stringify({ token: 'ops_token', operator: { id: 1, username: 'ops_demo' } }));
});

describe('/ops/users', () => {
  it('searches students by name, username or phone, keeps the query in the URL, and opens one', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/ops/users/', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q') ?? '';
        asked.push(q);
        return HttpResponse.json(q ? [student(), student({ id: 4, username: 'minjae', name: '김민재', points: 0, verification_status: 'pending', withdrawn: true })] : []);
      }),
      http.get('/api/ops/users/3/ledger/', () => HttpResponse.json({ user: student(), results: [], next_before_id: null })),
    );
    const ui = renderApp('/ops/users');
    expect(await screen.findByText('찾는 학생이 없습니다.')).toBeInTheDocument();
    await ui.user.type(screen.getByRole('searchbox', { name: '학생 검색' }), '김민');
    await ui.user.click(screen.getByRole('button', { name: '검색' }));
    await expect.poll(() => ui.currentPath()).toBe(`/ops/users?q=${encodeURIComponent('김민')}`);
    expect(await screen.findByRole('heading', { name: '"김민" 검색 결과 2명' })).toBeInTheDocument();
    const kim = screen.getByRole('row', { name: /김민지/ });
    expect(within(kim).getByText('10,500P')).toBeInTheDocument();
    expect(within(kim).getByText('인증됨')).toBeInTheDocument();
    expect(within(kim).getByText('010-1234-5678')).toBeInTheDocument();
    const gone = screen.getByRole('row', { name: /김민재/ });
    expect(within(gone).getByText('확인 대기')).toBeInTheDocument();
    expect(within(gone).getByText('탈퇴')).toBeInTheDocument();
    expect(asked).toEqual(['', '김민']);

    await ui.user.click(within(kim).getByRole('link', { name: '김민지 @minji' }));
    expect(await screen.findByRole('heading', { name: /김민지/, level: 1 })).toBeInTheDocument();
    expect(ui.currentPath()).toBe('/ops/users/3');
  });

  it('runs the search in the URL again after a reload, with the field filled', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/ops/users/', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json([student()]);
      }),
    );
    renderApp(`/ops/users?q=${encodeURIComponent('010-1234')}`);
    expect(await screen.findByRole('heading', { name: '"010-1234" 검색 결과 1명' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: '학생 검색' })).toHaveValue('010-1234');
    expect(asked).toEqual(['010-1234']);
  });
});

describe('/ops/users/:id', () => {
  /** A ledger of 3 pages of 2 rows each, newest first, growing by one row per grant or take-back it is sent. */
  function ledgerServer() {
    const state = { balance: 10_500, rows: [entry(6, 'operator_grant', 500, 10_500, '이벤트 당첨'), entry(5, 'deposit_returned', 1000, 10_000, '보드게임 번개', 7), entry(4, 'deposit_paid', -1000, 9_000, '보드게임 번개', 7), entry(3, 'deposit_forfeited', 0, 10_000, '영화 모임', 8), entry(2, 'refund', 500, 10_000, '취소된 파티', 9), entry(1, 'welcome', 10_000, 10_000, '가입 환영 포인트')], asked: [] as string[], posted: [] as unknown[] };
    server.use(
      http.get('/api/ops/users/3/ledger/', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before_id');
        state.asked.push(before ?? 'first');
        const older = before ? state.rows.filter((r) => r.id < Number(before)) : state.rows;
        const page = older.slice(0, 2);
        return HttpResponse.json({ user: student({ points: state.balance }), results: page, next_before_id: older.length > 2 ? page[1].id : null });
      }),
      http.post('/api/ops/users/3/points/', async ({ request }) => {
        const body = (await request.json()) as { amount: number; reason: string };
        state.posted.push(body);
        state.balance += body.amount;
        state.rows.unshift(entry(state.rows[0].id + 1, 'operator_grant', body.amount, state.balance, body.reason));
        return HttpResponse.json({ user: 3, points: state.balance });
      }),
    );
    return state;
  }

  it('shows the balance and pages through the ledger newest first, each kind in Korean', async () => {
    const state = ledgerServer();
    const ui = renderApp('/ops/users/3');
    expect(await screen.findByText('10,500P', { selector: 'dd' })).toBeInTheDocument();
    const newest = screen.getByRole('row', { name: /운영자 지급·회수/ });
    expect(within(newest).getByText('+500P')).toBeInTheDocument();
    expect(within(newest).getByText('이벤트 당첨')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /보증금 반환/ })).getByRole('link', { name: '보드게임 번개' })).toHaveAttribute('href', '/ops/parties/7');

    await ui.user.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByRole('row', { name: /보증금 결제/ })).toHaveTextContent('-1,000P');
    expect(screen.getByRole('row', { name: /보증금 몰수 \(노쇼\)/ })).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByRole('row', { name: /가입 환영/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /환불/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    const kinds = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(kinds).toEqual(['운영자 지급·회수', '보증금 반환', '보증금 결제', '보증금 몰수 (노쇼)', '환불', '가입 환영']);
    expect(state.asked).toEqual(['first', '5', '3']);
  });

  it('grants points with a reason, says so, clears the form and shows the new row first', async () => {
    const state = ledgerServer();
    const ui = renderApp('/ops/users/3');
    await ui.user.type(await screen.findByLabelText('포인트'), '500');
    await ui.user.type(screen.getByLabelText('사유'), '축제 이벤트 당첨');
    expect(screen.getByRole('radio', { name: '지급' })).toBeChecked();
    await ui.user.click(screen.getByRole('button', { name: '지급하기' }));
    expect(await screen.findByRole('status')).toHaveTextContent('김민지 학생에게 500P를 지급했습니다. 잔액 11,000P');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(state.posted).toEqual([{ amount: 500, reason: '축제 이벤트 당첨' }]);
    expect(await screen.findByText('11,000P', { selector: 'dd' })).toBeInTheDocument();
    const first = screen.getAllByRole('row')[1];
    expect(first).toHaveTextContent('축제 이벤트 당첨');
    expect(screen.getByLabelText('포인트')).toHaveValue('');
    expect(screen.getByLabelText('사유')).toHaveValue('');
  });

  it('takes points back only after a confirm, sending a negative amount', async () => {
    const state = ledgerServer();
    const ui = renderApp('/ops/users/3');
    await ui.user.click(await screen.findByRole('radio', { name: '회수' }));
    await ui.user.type(screen.getByLabelText('포인트'), '1,500');
    await ui.user.type(screen.getByLabelText('사유'), '중복 지급 회수');
    await ui.user.click(screen.getByRole('button', { name: '회수하기' }));
    let dialog = await screen.findByRole('alertdialog', { name: '김민지 학생의 포인트 1,500P를 회수할까요?' });
    expect(dialog).toHaveTextContent('잔액이 10,500P에서 9,000P로 줄어듭니다.');
    await ui.user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(state.posted).toEqual([]);
    expect(screen.getByLabelText('포인트')).toHaveValue('1,500');

    await ui.user.click(screen.getByRole('button', { name: '회수하기' }));
    dialog = await screen.findByRole('alertdialog');
    await ui.user.click(within(dialog).getByRole('button', { name: '회수하기' }));
    expect(await screen.findByRole('status')).toHaveTextContent('김민지 학생의 포인트 1,500P를 회수했습니다. 잔액 9,000P');
    expect(state.posted).toEqual([{ amount: -1500, reason: '중복 지급 회수' }]);
    expect(screen.getByRole('radio', { name: '지급' })).toBeChecked();
  });

  it('says what is wrong beside each field, before sending and when the server refuses, keeping what was typed', async () => {
    const state = ledgerServer();
    server.use(
      http.post('/api/ops/users/3/points/', async ({ request }) => {
        state.posted.push(await request.json());
        return HttpResponse.json({ amount: ['포인트는 0 아래로 내려갈 수 없습니다.'] }, { status: 400 });
      }),
    );
    const ui = renderApp('/ops/users/3');
    const amount = await screen.findByLabelText('포인트');
    await ui.user.click(screen.getByRole('button', { name: '지급하기' }));
    expect(amount).toHaveAccessibleDescription(/포인트를 1 이상의 정수로 입력해 주세요./);
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveFocus();
    expect(screen.getByLabelText('사유')).toHaveAccessibleDescription(/사유를 입력해 주세요./);

    await ui.user.type(amount, '-5');
    await ui.user.type(screen.getByLabelText('사유'), '회수');
    await ui.user.click(screen.getByRole('button', { name: '지급하기' }));
    expect(amount).toHaveAccessibleDescription(/포인트를 1 이상의 정수로 입력해 주세요./);
    expect(screen.getByLabelText('사유')).not.toHaveAttribute('aria-invalid');

    await ui.user.click(screen.getByRole('radio', { name: '회수' }));
    await ui.user.clear(amount);
    await ui.user.type(amount, '20000');
    await ui.user.click(screen.getByRole('button', { name: '회수하기' }));
    expect(amount).toHaveAccessibleDescription(/잔액\(10,500P\)보다 많이 회수할 수 없습니다./);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(state.posted).toEqual([]);

    // The balance on screen may be old: the server has the last word, said beside the amount.
    await ui.user.clear(amount);
    await ui.user.type(amount, '10000');
    await ui.user.click(screen.getByRole('button', { name: '회수하기' }));
    await ui.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '회수하기' }));
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount).toHaveAccessibleDescription(/포인트는 0 아래로 내려갈 수 없습니다./);
    expect(amount).toHaveValue('10000');
    expect(screen.getByLabelText('사유')).toHaveValue('회수');
    expect(state.posted).toEqual([{ amount: -10000, reason: '회수' }]);
  });
});
