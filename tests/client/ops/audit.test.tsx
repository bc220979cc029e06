import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../msw/server';
import { renderApp } from '../render-app';

const entry = (id: number, extra: object = {}) => ({
  id,
  operator_id: 1,
  actor: 'ops_demo',
  action: 'party.update',
  action_label: '파티 수정',
  target_type: 'party',
  target_id: 7,
  before: { max_participants: 8 },
  after: { max_participants: 10 },
  created_at: '2026-03-03T10:00:00Z',
  ...extra,
});

beforeEach(() => {
  sessionStorage.setItem('partyon.ops.session', JSON.stringify({ token: 'ops_token', operator: { id: 1, username: 'ops_demo' } }));
});

describe('/ops/audit', () => {
  it('lists what operators did with before → after, and pages back', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/ops/audit/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('before_id') === '5') return HttpResponse.json({ results: [entry(4, { actor: 'token', action: 'points.grant', action_label: '포인트 지급·회수', target_type: 'user', target_id: 3, before: null, after: { amount: 500 } })], next_before_id: null });
        return HttpResponse.json({ results: [entry(5)], next_before_id: 5 });
      }),
    );
    const ui = renderApp('/ops/audit');
    const row = await screen.findByRole('row', { name: /파티 수정/ });
    expect(within(row).getByText('max_participants: 8 → 10')).toBeInTheDocument();
    expect(within(row).getByText('파티 #7')).toBeInTheDocument();
    await ui.user.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await screen.findByRole('row', { name: /포인트 지급·회수/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    expect(asked).toEqual(['', '?before_id=5']);
  });

  it('filters by action and who did it, through the URL', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/ops/audit/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ results: [], next_before_id: null });
      }),
    );
    const ui = renderApp('/ops/audit');
    expect(await screen.findByText('기록이 없습니다.')).toBeInTheDocument();
    await ui.user.selectOptions(screen.getByLabelText('작업'), '학생 인증 반려');
    await ui.user.type(screen.getByLabelText('처리자'), 'token');
    await ui.user.click(screen.getByRole('button', { name: '적용' }));
    await expect.poll(() => ui.currentPath()).toBe('/ops/audit?action=verification.reject&actor=token');
    await expect.poll(() => asked.at(-1)).toBe('?action=verification.reject&actor=token');
  });
});
