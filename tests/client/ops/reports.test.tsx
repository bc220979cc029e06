import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

const report = (id: number, extra: object = {}) => ({
  id,
  party: 7,
  reporter: 1,
  reported_user: 2,
  category: 'UNPLEASANT',
  category_label: '파티 중 불쾌감 조성',
  content: '계속 무례한 말을 했어요',
  status: 'pending',
  created_at: '2026-03-03T11:30:00Z',
  party_detail: { id: 7, title: '보드게임 번개', start_time: '2026-03-03T10:00:00Z' },
  reporter_detail: { id: 1, username: 'minji', name: '김민지' },
  reported_user_detail: { id: 2, username: 'seojun', name: '이서준', warnings: 1 },
  ...extra,
});

beforeEach(() => {
  sessionStorage.setItem('partyon.ops.session', JSON.stringify({ token: 'ops_token', operator: { id: 1, username: 'ops_demo' } }));
});

/** A pending list that empties once `resolved` says so, and the statuses the screen asked for. */
function reportsServer(resolve: (action: string) => Response | Promise<Response>) {
  const state = { asked: [] as string[], bodies: [] as unknown[], resolved: false };
  server.use(
    http.get('/api/ops/reports/', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status') ?? '';
      state.asked.push(status);
      return HttpResponse.json({ results: status === 'pending' && !state.resolved ? [report(12)] : [], next_after_id: null });
    }),
    http.post('/api/ops/reports/12/resolve/', async ({ request }) => {
      const body = (await request.json()) as { action: string };
      state.bodies.push(body);
      return resolve(body.action);
    }),
  );
  return state;
}

describe('/ops/reports', () => {
  it('shows each report with its party and both students, and filters by status through the URL', async () => {
    const state = reportsServer(() => HttpResponse.json({}));
    server.use(http.get('/api/ops/dashboard/', () => HttpResponse.json({ day: '2026-03-03', today: [], upcoming: [], pending_verifications: 0, pending_reports: 1 })));
    const ui = renderApp('/ops');
    await ui.user.click(await screen.findByRole('link', { name: '신고' }));
    const card = await screen.findByRole('article', { name: /파티 중 불쾌감 조성/ });
    expect(within(card).getByText('계속 무례한 말을 했어요')).toBeInTheDocument();
    expect(within(card).getByText('신고 #12')).toBeInTheDocument();
    expect(within(card).getByText('2026년 3월 3일 20:30')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '보드게임 번개' })).toHaveAttribute('href', '/ops/parties/7');
    expect(within(card).getByText('3월 3일 오후 7:00')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '김민지 @minji' })).toHaveAttribute('href', '/ops/users/1');
    expect(within(card).getByRole('link', { name: '이서준 @seojun' })).toHaveAttribute('href', '/ops/users/2');
    expect(within(card).getByText('경고 1회')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '경고' })).toBeEnabled();
    expect(screen.getByRole('link', { name: '처리 대기' })).toHaveAttribute('aria-current', 'page');

    await ui.user.click(screen.getByRole('link', { name: '기각함' }));
    expect(await screen.findByText('기각한 신고가 없습니다.')).toBeInTheDocument();
    expect(ui.currentPath()).toBe('/ops/reports?status=dismissed');
    expect(state.asked).toEqual(['pending', 'dismissed']);
  });

  it('lists a resolved report without actions', async () => {
    server.use(http.get('/api/ops/reports/', () => HttpResponse.json({ results: [report(9, { status: 'confirmed' })], next_after_id: null })));
    renderApp('/ops/reports?status=confirmed');
    const card = await screen.findByRole('article', { name: /신고 #9/ });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '경고함' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks before a warning, which notifies the student, then says so and takes the report off the list', async () => {
    const state = reportsServer(() => {
      state.resolved = true;
      return HttpResponse.json({ id: 12, status: 'confirmed' });
    });
    const ui = renderApp('/ops/reports');
    const card = await screen.findByRole('article', { name: /신고 #12/ });
    await ui.user.click(within(card).getByRole('button', { name: '경고' }));
    let dialog = await screen.findByRole('alertdialog', { name: '이서준 학생에게 경고를 줄까요?' });
    expect(dialog).toHaveTextContent('경고가 1회 늘고(지금 1회) 학생에게 경고 알림이 갑니다.');
    await ui.user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(state.bodies).toEqual([]);

    await ui.user.click(within(card).getByRole('button', { name: '경고' }));
    dialog = await screen.findByRole('alertdialog');
    await ui.user.click(within(dialog).getByRole('button', { name: '경고 주기' }));
    expect(await screen.findByRole('status')).toHaveTextContent('이서준 학생에게 경고를 주고 알림을 보냈습니다.');
    expect(await screen.findByText('처리를 기다리는 신고가 없습니다.')).toBeInTheDocument();
    expect(state.bodies).toEqual([{ action: 'warn' }]);
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('dismisses without a confirm step', async () => {
    const state = reportsServer(() => {
      state.resolved = true;
      return HttpResponse.json({ id: 12, status: 'dismissed' });
    });
    const ui = renderApp('/ops/reports');
    await ui.user.click(within(await screen.findByRole('article', { name: /신고 #12/ })).getByRole('button', { name: '기각' }));
    expect(await screen.findByRole('status')).toHaveTextContent('신고 #12를 기각했습니다.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(state.bodies).toEqual([{ action: 'dismiss' }]);
    expect(await screen.findByText('처리를 기다리는 신고가 없습니다.')).toBeInTheDocument();
  });

  it('shows why when another operator resolved it first (409) and reloads the list', async () => {
    const state = reportsServer(() => {
      state.resolved = true;
      return HttpResponse.json({ detail: '이미 처리된 신고입니다.' }, { status: 409 });
    });
    const ui = renderApp('/ops/reports');
    await ui.user.click(within(await screen.findByRole('article', { name: /신고 #12/ })).getByRole('button', { name: '기각' }));
    expect(await screen.findByRole('status')).toHaveTextContent('이미 처리된 신고입니다.');
    expect(await screen.findByText('처리를 기다리는 신고가 없습니다.')).toBeInTheDocument();
    expect(state.asked).toEqual(['pending', 'pending']);
  });

  it('keeps the report when the server fails, with the reason, ready to try again', async () => {
    const state = reportsServer(() => HttpResponse.json({ detail: '잠시 후 다시 시도해 주세요.' }, { status: 503 }));
    const ui = renderApp('/ops/reports');
    const card = await screen.findByRole('article', { name: /신고 #12/ });
    await ui.user.click(within(card).getByRole('button', { name: '기각' }));
    expect(await screen.findByRole('status')).toHaveTextContent('잠시 후 다시 시도해 주세요.');
    expect(within(card).getByRole('button', { name: '기각' })).toBeEnabled();
    expect(state.asked).toEqual(['pending']);
  });

  it('pages a long list oldest first: 더 보기 asks for the reports after the last one shown', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/ops/reports/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('after_id') === '12') return HttpResponse.json({ results: [report(13, { content: '두 번째 쪽의 신고' })], next_after_id: null });
        return HttpResponse.json({ results: [report(12)], next_after_id: 12 });
      }),
    );
    const ui = renderApp('/ops/reports');
    expect(await screen.findByText('신고 #12')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByText('두 번째 쪽의 신고')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => within(a).getByText(/^신고 #/).textContent)).toEqual(['신고 #12', '신고 #13']);
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?status=pending', '?status=pending&after_id=12']);
  });
});
